import http from 'node:http';
import type { Client, FormattedExecutionResult } from 'graphql-ws';
import { ObjectId } from 'mongodb';
import WebSocket from 'ws';
import { revokeApiKey } from '../../src/domain/auth/auth.admin';
import { tokenHash } from '../../src/domain/auth/auth.secrets';
import { gatewaySchema } from '../../src/resolvers/gateway-schema';
import { FCE_EVENT_RECORDED, fceTopic, MAX_UNREAD_EVENTS, pubSub, subscriberCount } from '../../src/resolvers/fce-pubsub';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { connect as connectTo, FCE_SUBSCRIPTION as SUBSCRIPTION, importFceVoucher, subscribe, within } from '../support/fce-live';

/**
 * The fceEventRecorded subscription over WebSocket (graphql-ws on /graphql): delivered to the account that recorded
 * the event, whether through REST or GraphQL, and to no other; keys checked at connection and before each delivery;
 * the scope checked by the resolver; the HTTP limits applied to subscription documents; sockets closed on stop.
 */

const SCOPES = ['invoices:read', 'invoices:write'] as const;
/** Stands for a connection_init message carrying a valid key. */
const INIT = 'connection_init with a key';

let gw: TestGateway;
let number = 0;
const clients: Client[] = [];

beforeAll(async () => {
  gw = await startTestGateway({ SUBSCRIPTION_MAX_CONNECTIONS_PER_ACCOUNT: '3' });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.dispose()));
});
afterAll(async () => {
  await gw?.stop();
});

/** The topic id of an account's FCE events on a gateway (each gateway delivers from its own change feed). */
const topic = (accountId: string, gateway: TestGateway = gw) => fceTopic(gateway.store.events, accountId);

/** Waits (bounded) until the server has `count` subscribers on a topic id (see `topic`). */
async function subscribers(topicId: string, count: number): Promise<void> {
  await within(
    (async () => {
      while (subscriberCount(FCE_EVENT_RECORDED, topicId) !== count) await new Promise((resolve) => setTimeout(resolve, 5));
    })(),
    `${count} subscriber(s) of ${topicId}`,
  );
}

/** Imports one FCE voucher (type 201) for the key's account; answers its id. */
const fceVoucher = (key: string) => importFceVoucher(gw, key, ++number);

/** A connection to the suite's gateway. */
const connect = (connectionParams?: Record<string, unknown>) => connectTo(gw, clients, connectionParams);

const viaRest = (key: string, id: string, body: unknown) => gw.rest('POST', `/fce/events/${id}/`, { key, body });
const viaGraphQL = (key: string, id: string, eventType: string) =>
  gw.gql('mutation R($id: ID!, $t: String!) { recordFceEvent(id: $id, eventType: $t) { id } }', { id, t: eventType }, { key });

describe('fceEventRecorded', () => {
  it('delivers an event recorded through REST and one recorded through GraphQL to a subscriber of the account', async () => {
    const { accountId, key } = await gw.account([...SCOPES]);
    const id = await fceVoucher(key);
    const live = subscribe(connect({ 'x-api-key': key }).client);
    await subscribers(topic(accountId), 1);

    const rest = await viaRest(key, id, { event_type: 'accepted', payload: { via: 'rest' } });
    expect(rest.status).toBe(201);
    const first = await live.take('the event recorded through REST');
    const stored = await gw.store.collection('fce_events').findOne({ fce_invoice_id: new ObjectId(id) });
    const recordedAt = (stored!.recorded_at as Date).toISOString();
    expect(first).toEqual({
      next: {
        data: {
          fceEventRecorded: {
            id: expect.any(String),
            fceInvoiceId: id,
            eventType: 'accepted',
            payload: { via: 'rest' },
            recordedBy: rest.body.data.recorded_by,
            recordedAt,
            fceInvoice: { id, fceStatus: 'accepted', numeroComprobante: number, lastEventAt: recordedAt },
          },
        },
      },
    });

    const mutation = await viaGraphQL(key, id, 'transferred_sircreb');
    expect(mutation.body.errors).toBeUndefined();
    const second = (await live.take('the event recorded through GraphQL')) as { next: FormattedExecutionResult<any, unknown> };
    expect(second.next.data.fceEventRecorded).toMatchObject({ id: mutation.body.data.recordFceEvent.id, eventType: 'transferred_sircreb' });
    expect(second.next.data.fceEventRecorded.fceInvoice.fceStatus).toBe('transferred_sircreb');
  });

  it('accepts the key as apiKey too, and never hands an account another account’s events', async () => {
    const a = await gw.account([...SCOPES]);
    const b = await gw.account([...SCOPES]);
    const ofA = subscribe(connect({ apiKey: a.key }).client);
    const ofB = subscribe(connect({ 'x-api-key': b.key }).client);
    await subscribers(topic(a.accountId), 1);
    await subscribers(topic(b.accountId), 1);

    const voucherOfA = await fceVoucher(a.key);
    expect((await viaRest(a.key, voucherOfA, { event_type: 'rejected' })).status).toBe(201);
    const seenByA = (await ofA.take('A’s event')) as { next: FormattedExecutionResult<any, unknown> };
    expect(seenByA.next.data.fceEventRecorded.fceInvoiceId).toBe(voucherOfA);

    // Events reach each socket in the order they were recorded: B's first message is B's own later event.
    const voucherOfB = await fceVoucher(b.key);
    expect((await viaRest(b.key, voucherOfB, { event_type: 'accepted' })).status).toBe(201);
    const seenByB = (await ofB.take('B’s event')) as { next: FormattedExecutionResult<any, unknown> };
    expect(seenByB.next.data.fceEventRecorded.fceInvoiceId).toBe(voucherOfB);
  });

  it.each([
    ['no key', undefined],
    ['an empty key', { 'x-api-key': '' }],
    ['an unknown key', { 'x-api-key': 'sk_thisKeyWasNeverIssuedByTheGatewayAtAll0123456789' }],
    ['two different keys', { 'x-api-key': 'sk_one', apiKey: 'sk_two' }],
  ])('refuses a connection with %s: closed with 4401', async (_name, params) => {
    const { closed } = connect(params);
    expect((await within(closed, 'the refusal')).code).toBe(4401);
  });

  it('refuses a revoked key at connection, and ends the deliveries of a key revoked while connected (4401)', async () => {
    const { accountId, key } = await gw.account([...SCOPES]);
    const doomed = await gw.store.collection('api_keys').findOne({ key_hash: tokenHash(key) });
    const { client, closed } = connect({ 'x-api-key': key });
    const live = subscribe(client);
    await subscribers(topic(accountId), 1);
    const id = await fceVoucher(key);
    await revokeApiKey(gw.store, (doomed!._id as { toHexString(): string }).toHexString());
    const writer = await gw.key(accountId, [...SCOPES]);
    expect((await viaRest(writer, id, { event_type: 'accepted' })).status).toBe(201);
    expect((await within(closed, 'the close after revocation')).code).toBe(4401);
    expect(await live.take('the end of the subscription')).not.toHaveProperty('next');

    const again = connect({ 'x-api-key': key });
    expect((await within(again.closed, 'the refusal of the revoked key')).code).toBe(4401);
  });

  it('answers FORBIDDEN to a key without invoices:read, and subscribes nothing', async () => {
    const { accountId, key } = await gw.account(['suppliers:read', 'invoices:write']);
    const refused = await subscribe(connect({ 'x-api-key': key }).client).take('the refusal');
    expect(refused).toEqual({ next: { errors: [expect.objectContaining({ extensions: { code: 'FORBIDDEN' } })] } });
    expect(subscriberCount(FCE_EVENT_RECORDED, topic(accountId))).toBe(0);
  });

  it.each([
    [
      'a fragment fan-out',
      `subscription Bomb { fceEventRecorded { ...F0 } } ${Array.from({ length: 20 }, (_, i) => (i === 19 ? `fragment F${i} on FceEvent { fceInvoice { events { nodes { id } } } }` : `fragment F${i} on FceEvent { ...F${i + 1} ...F${i + 1} }`)).join(' ')}`,
      'QUERY_TOO_COMPLEX',
    ],
    ['too many aliases', `subscription { fceEventRecorded { ${Array.from({ length: 40 }, (_, i) => `a${i}: id`).join(' ')} } }`, 'QUERY_TOO_COMPLEX'],
    [
      'too deep',
      'subscription { fceEventRecorded { fceInvoice { events { nodes { fceInvoice { events { nodes { fceInvoice { events { nodes { fceInvoice { id } } } } } } } } } } } }',
      'QUERY_TOO_COMPLEX',
    ],
    ['too many tokens', `subscription { fceEventRecorded { ${'id '.repeat(6000)} } }`, 'QUERY_TOO_COMPLEX'],
    ['a syntax error', 'subscription { fceEventRecorded { id }', 'GRAPHQL_PARSE_FAILED'],
    ['an unknown field', 'subscription { fceEventRecorded { nope } }', 'GRAPHQL_VALIDATION_FAILED'],
    ['a query', '{ fceThreshold { value } }', 'BAD_REQUEST'],
  ])('refuses %s with a code, before anything runs', async (_name, query, code) => {
    const { accountId, key } = await gw.account([...SCOPES]);
    const refused = (await subscribe(connect({ 'x-api-key': key }).client, query).take('the refusal')) as { error: Array<{ extensions: { code: string } }> };
    expect(refused.error.map((error) => error.extensions.code)).toContain(code);
    expect(subscriberCount(FCE_EVENT_RECORDED, topic(accountId))).toBe(0);
  });

  it('refuses a subscription sent over HTTP with 400, not an execution', async () => {
    const { key } = await gw.account([...SCOPES]);
    const res = await gw.gql(SUBSCRIPTION, {}, { key });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('BAD_REQUEST');
  });

  it('closes one connection too many of an account with 4429; the others keep working', async () => {
    const { accountId, key } = await gw.account([...SCOPES]);
    const open = [1, 2, 3].map(() => subscribe(connect({ 'x-api-key': key }).client));
    await subscribers(topic(accountId), 3);
    const extra = connect({ 'x-api-key': key });
    expect((await within(extra.closed, 'the refusal of the fourth connection')).code).toBe(4429);
    const id = await fceVoucher(key);
    expect((await viaRest(key, id, { event_type: 'accepted' })).status).toBe(201);
    for (const live of open) expect(await live.take('the event on each open connection')).toHaveProperty('next.data.fceEventRecorded.fceInvoiceId', id);
  });

  it('refuses an eleventh operation at once on one connection with TOO_MANY_OPERATIONS; the ten keep running', async () => {
    const { accountId, key } = await gw.account([...SCOPES]);
    const { client } = connect({ 'x-api-key': key });
    const running = Array.from({ length: 10 }, () => subscribe(client));
    await subscribers(topic(accountId), 10);
    const refused = (await subscribe(client).take('the refusal')) as { error: Array<{ extensions: { code: string } }> };
    expect(refused.error.map((error) => error.extensions.code)).toEqual(['TOO_MANY_OPERATIONS']);
    const id = await fceVoucher(key);
    expect((await viaRest(key, id, { event_type: 'accepted' })).status).toBe(201);
    for (const live of running) expect(await live.take('the event on each operation')).toHaveProperty('next.data.fceEventRecorded.fceInvoiceId', id);
  });

  it('closes a connection sending a message over the size limit (1009)', async () => {
    const { key } = await gw.account([...SCOPES]);
    const { client, closed } = connect({ 'x-api-key': key });
    subscribe(client, `subscription { fceEventRecorded { id } } # ${'x'.repeat(70_000)}`);
    expect((await within(closed, 'the close')).code).toBe(1009);
  });

  it.each([
    ['a message that is not JSON', [INIT, 'not json'], 4400],
    ['an unknown message type', [INIT, JSON.stringify({ type: 'hack', payload: {} })], 4400],
    ['a subscribe without a query', [INIT, JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 42 } })], 4400],
    ['a subscribe before connection_init', [JSON.stringify({ id: '1', type: 'subscribe', payload: { query: SUBSCRIPTION } })], 4401],
  ])('closes a socket sending %s with its code, and keeps serving', async (_name, messages, code) => {
    const { key } = await gw.account([...SCOPES]);
    const socket = new WebSocket(`${gw.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
    const closed = new Promise<number>((resolve) => socket.once('close', (closeCode) => resolve(closeCode)));
    await within(new Promise((resolve) => socket.once('open', resolve)), 'the socket to open');
    for (const message of messages) socket.send(message === INIT ? JSON.stringify({ type: 'connection_init', payload: { 'x-api-key': key } }) : message);
    expect(await within(closed, 'the close')).toBe(code);
    expect((await gw.http('GET', '/healthz')).status).toBe(200);
  });

  it.each([
    ['another path (answered as plain HTTP)', '/healthz', 'graphql-transport-ws', 200],
    ['no graphql-transport-ws subprotocol', '/graphql', undefined, 4406],
  ])('refuses a WebSocket on %s', async (_name, path, protocol, code) => {
    const socket = new WebSocket(`${gw.url.replace(/^http/, 'ws')}${path}`, protocol);
    socket.on('error', () => undefined);
    const refused = new Promise<number>((resolve) => {
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.once('close', (closeCode) => resolve(closeCode));
    });
    expect(await within(refused, 'the refusal')).toBe(code);
  });

  it('answers a request asking for another upgrade (h2c, as curl --http2 sends) as plain HTTP, body included', async () => {
    const body = JSON.stringify({ query: '{ __typename }' });
    const answer = await within(
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const request = http.request(`${gw.url}/graphql`, {
          method: 'POST',
          headers: { connection: 'Upgrade, HTTP2-Settings', upgrade: 'h2c', 'http2-settings': 'AAMAAABkAAQCAAAAAAIAAAAA', 'content-type': 'application/json' },
        });
        request.once('error', reject);
        request.once('response', (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (text += chunk));
          res.once('end', () => resolve({ status: res.statusCode ?? 0, text }));
        });
        request.end(body);
      }),
      'the answer',
    );
    expect({ status: answer.status, body: JSON.parse(answer.text) }).toEqual({ status: 200, body: { data: { __typename: 'Query' } } });
  });

  it('the schema’s subscriptions are exactly those this suite and import-progress.test.ts cover', async () => {
    expect(Object.keys((await gatewaySchema()).getSubscriptionType()?.getFields() ?? {}).sort()).toEqual(['fceEventRecorded', 'voucherImportProgress']);
  });
});

describe('a gateway at its connection limit, then stopped', () => {
  it('refuses one connection too many at the handshake (503), then closes the open sockets (1001) and returns', async () => {
    const own = await startTestGateway({ SUBSCRIPTION_MAX_CONNECTIONS: '1' });
    let stopped = false;
    try {
      const { accountId, key } = await own.account([...SCOPES]);
      const { client, closed } = connectTo(own, clients, { 'x-api-key': key });
      client.subscribe({ query: SUBSCRIPTION }, { next: () => undefined, error: () => undefined, complete: () => undefined });
      await subscribers(topic(accountId, own), 1);
      const extra = new WebSocket(`${own.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
      extra.on('error', () => undefined);
      const status = new Promise<number>((resolve) => extra.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
      expect(await within(status, 'the refusal at the handshake')).toBe(503);
      await within(own.stop(), 'the gateway to stop');
      stopped = true;
      expect((await within(closed, 'the socket to close')).code).toBe(1001);
      expect(subscriberCount(FCE_EVENT_RECORDED, topic(accountId, own))).toBe(0);
    } finally {
      if (!stopped) await own.stop();
    }
  });
});

describe('a subscriber that stops reading', () => {
  it(`is ended with SUBSCRIBER_TOO_SLOW once more than ${MAX_UNREAD_EVENTS} events wait for it, and stops listening`, async () => {
    const accountId = new ObjectId().toHexString();
    const events = pubSub.subscribe(FCE_EVENT_RECORDED, accountId)[Symbol.asyncIterator]();
    // The first read starts the subscription; everything published after it waits unread.
    const first = events.next();
    await subscribers(accountId, 1);
    for (let i = 0; i <= MAX_UNREAD_EVENTS + 1; i++) pubSub.publish(FCE_EVENT_RECORDED, accountId, { n: i });
    expect(await first).toEqual({ value: { n: 0 }, done: false });
    expect(subscriberCount(FCE_EVENT_RECORDED, accountId)).toBe(0);
    let failure: unknown;
    let read = 0;
    try {
      while (!(await events.next()).done) read++;
    } catch (error) {
      failure = error;
    }
    expect(read).toBeLessThanOrEqual(MAX_UNREAD_EVENTS);
    expect(failure).toMatchObject({ code: 'SUBSCRIBER_TOO_SLOW' });
  });
});
