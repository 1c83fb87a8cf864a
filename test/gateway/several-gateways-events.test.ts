import type { Client } from 'graphql-ws';
import { FCE_EVENT_RECORDED, fceTopic, subscriberCount } from '../../src/resolvers/fce-pubsub';
import { connect, importFceVoucher, type Message, subscribe, within } from '../support/fce-live';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * FCE events with three gateways over one store, as a deployment behind a load balancer runs them: whichever gateway
 * records an event, a subscriber connected to any gateway receives it once, in the order the events were recorded
 * (each gateway reads them from the store's change stream); a race between gateways leaves one event, which every
 * subscriber receives once. The figures are the ones a single gateway gives (see fce-subscription.test.ts).
 */

const SCOPES = ['invoices:read', 'invoices:write'];

let gateways: TestGateway[];
const clients: Client[] = [];
let number = 0;

beforeAll(async () => {
  const first = await startTestGateway();
  gateways = [first, await startTestGateway({}, undefined, { sameStoreAs: first }), await startTestGateway({}, undefined, { sameStoreAs: first })];
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.dispose()));
});
afterAll(async () => {
  // The first gateway owns the database: it stops last.
  for (const gw of [...(gateways ?? [])].reverse()) await gw.stop();
});

/** The gateway the i-th request goes to, round-robin. */
const nth = (i: number) => gateways[i % gateways.length];

/** One subscriber of the account on each gateway, each in place before this resolves. */
async function subscriberOnEach(accountId: string, key: string) {
  const live = gateways.map((gw) => subscribe(connect(gw, clients, { 'x-api-key': key }).client));
  await within(
    (async () => {
      while (gateways.some((gw) => subscriberCount(FCE_EVENT_RECORDED, fceTopic(gw.store.events, accountId)) !== 1)) {
        await new Promise((resolve) => setImmediate(resolve));
      }
    })(),
    'a subscriber on each gateway',
  );
  return live;
}

const eventOf = (message: Message) => {
  if (!('next' in message)) throw new Error(`expected an event, got ${JSON.stringify(message)}`);
  return message.next.data?.fceEventRecorded as { id: string; eventType: string; fceInvoiceId: string };
};

const record = (gw: TestGateway, key: string, id: string, eventType: string) => gw.rest('POST', `/fce/events/${id}/`, { key, body: { event_type: eventType } });

describe('three gateways over one store', () => {
  it('a subscriber on any gateway receives every event recorded through any gateway, once and in order', async () => {
    const { accountId, key } = await gateways[0].account(SCOPES as never);
    const vouchers: string[] = [];
    for (let i = 0; i < 4; i++) vouchers.push(await importFceVoucher(nth(i), key, ++number));
    const live = await subscriberOnEach(accountId, key);

    // Six events, round-robin over the gateways, alternating REST and GraphQL, each a move the law allows.
    const steps: Array<[number, string]> = [
      [0, 'accepted'],
      [1, 'rejected'],
      [0, 'transferred_sircreb'],
      [1, 'anulled'],
      [2, 'accepted'],
      [2, 'paid_in_full'],
    ];
    for (const [i, [voucher, eventType]] of steps.entries()) {
      const gw = nth(i);
      if (i % 2 === 0) {
        const res = await record(gw, key, vouchers[voucher], eventType);
        expect([res.status, eventType]).toEqual([201, eventType]);
      } else {
        const res = await gw.gql(
          'mutation R($id: ID!, $t: String!) { recordFceEvent(id: $id, eventType: $t) { id } }',
          { id: vouchers[voucher], t: eventType },
          { key },
        );
        expect(res.body.errors).toBeUndefined();
      }
    }
    for (const [g, subscriber] of live.entries()) {
      const received = [];
      for (let n = 0; n < steps.length; n++) received.push(eventOf(await subscriber.take(`event ${n + 1} on gateway ${g}`)));
      // Each step is a different voucher and move: the pair names the event.
      expect(received.map((event) => [event.fceInvoiceId, event.eventType])).toEqual(steps.map(([voucher, eventType]) => [vouchers[voucher], eventType]));
      expect(new Set(received.map((event) => event.id)).size).toBe(steps.length);
    }
    // A refused move is not delivered, and nothing came twice: the next event is the next message on every gateway.
    expect((await record(gateways[2], key, vouchers[0], 'paid_in_full')).status).toBe(409);
    expect((await record(gateways[2], key, vouchers[3], 'paid_in_full')).status).toBe(201);
    for (const [g, subscriber] of live.entries()) {
      const next = eventOf(await subscriber.take(`the last event on gateway ${g}`));
      expect([next.fceInvoiceId, next.eventType]).toEqual([vouchers[3], 'paid_in_full']);
      expect(subscriber.pending()).toBe(0);
    }
  });

  it('accepting and rejecting one voucher at once through different gateways leaves one event, delivered once everywhere', async () => {
    const { accountId, key } = await gateways[0].account(SCOPES as never);
    const voucher = await importFceVoucher(gateways[0], key, ++number);
    const live = await subscriberOnEach(accountId, key);
    const racing = await Promise.all(
      ['accepted', 'rejected', 'accepted', 'rejected', 'accepted', 'rejected'].map((eventType, i) => record(nth(i), key, voucher, eventType)),
    );
    const won = racing.filter((res) => res.status === 201);
    expect(won).toHaveLength(1);
    for (const res of racing.filter((answer) => answer.status !== 201)) {
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('INVALID_FCE_TRANSITION');
    }
    const winner = won[0].body.data;
    const stored = await gateways[1].store.collection('fce_events').find({}).toArray();
    expect(stored.filter((event) => String(event.fce_invoice_id) === voucher)).toHaveLength(1);
    // A later event shows that the race delivered exactly one event before it, on every gateway.
    const next = winner.event_type === 'accepted' ? 'transferred_sircreb' : 'anulled';
    expect((await record(nth(1), key, voucher, next)).status).toBe(201);
    for (const [g, subscriber] of live.entries()) {
      expect(eventOf(await subscriber.take(`the race's event on gateway ${g}`)).eventType).toBe(winner.event_type);
      expect(eventOf(await subscriber.take(`the next event on gateway ${g}`)).eventType).toBe(next);
      expect(subscriber.pending()).toBe(0);
    }
  });
});
