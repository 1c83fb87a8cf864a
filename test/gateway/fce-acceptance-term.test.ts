import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import { loadConfig } from '../../src/config';
import { TACIT_RECORDER } from '../../src/domain/fce/events';
import { type RunningGateway, startGateway } from '../../src/gateway';
import { createLogger } from '../../src/logger';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * The acceptance term over HTTP, with three gateway processes on one store. Ley 27.440 art. 6: an FCE neither
 * accepted nor rejected within the term stands accepted (tacitly); art. 8: rejection only within the term. For an
 * invoice issued on 2025-12-01 the term is 21 días corridos (Res. SPyMEEyEC 219/2025, 2025-11-01 → 2026-10-31): its
 * last day is 2025-12-22 and it stands accepted from 2025-12-23 00:00 in Argentina (03:00 UTC).
 */

const G2_HEADER = readFileSync(join(__dirname, '..', 'fixtures', 'issued-vouchers', 'synthetic-g2-emitidos-2025-12.csv'), 'utf8').split('\n')[0];
const LAST_DAY_NOON = new Date('2025-12-22T15:00:00Z');
const TERM_END = new Date('2025-12-23T03:00:00Z');

let gw: TestGateway;
let key: string;
let number = 0;
/** Two more gateway processes on the same database, each with its own driver client, and the clock all three read. */
const clock = { now: LAST_DAY_NOON };
const others: Array<{ gateway: RunningGateway; client: MongoClient }> = [];

beforeAll(async () => {
  gw = await startTestGateway();
  gw.clock.now = LAST_DAY_NOON;
  ({ key } = await gw.account(['invoices:read', 'invoices:write']));
  const uri = (gw.store.client as unknown as { s: { url: string } }).s.url;
  for (let i = 0; i < 2; i++) {
    const client = await new MongoClient(uri).connect();
    const config = loadConfig({
      PORT: '0',
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '0',
      SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    const gateway = await startGateway({
      config,
      log: createLogger('silent'),
      now: () => clock.now,
      connection: { client, uri, kind: 'external' as never, close: () => client.close() },
      dbName: gw.store.db.databaseName,
    });
    others.push({ gateway, client });
  }
});
afterAll(async () => {
  // A gateway given its connection leaves it open: each driver client is closed here.
  for (const { gateway, client } of others) {
    await gateway.stop();
    await client.close();
  }
  await gw?.stop();
});

const setClock = (now: Date) => {
  gw.clock.now = now;
  clock.now = now;
};

/** Imports one FCE invoice issued on 2025-12-01; answers its id. */
async function invoice(): Promise<string> {
  const n = ++number;
  const row = `2025-12-01;201;79;${n};${n};75481234500011;80;30715551248;CLIENTE FCE S.A.;1,00;PES;6000000,00;0,00;0,00;0,00;1260000,00;7260000,00`;
  const form = new FormData();
  form.append('file', new File([`${G2_HEADER}\n${row}\n`], `fce-term-${n}.csv`));
  expect((await gw.rest('POST', '/issued_vouchers/upload-csv/', { key, body: form })).body.data?.rows_imported).toBe(1);
  return ((await gw.store.collection('issued_vouchers').findOne({ sale_point: 79, voucher_number: n }))!._id as ObjectId).toHexString();
}

/** POST an event through gateway process `via` (0: the test gateway, 1 and 2: the others). */
async function post(id: string, body: unknown, via = 0) {
  if (via === 0) return gw.rest('POST', `/fce/events/${id}/`, { key, body });
  const response = await fetch(`${others[via - 1].gateway.url}/api/v1/fce/events/${id}/`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const log = (id: string) =>
  gw.store
    .collection('fce_events')
    .find({ fce_invoice_id: new ObjectId(id) })
    .sort({ seq: 1 })
    .toArray();
const stored = async (id: string) => gw.store.collection('issued_vouchers').findOne({ _id: new ObjectId(id) });

describe('within the term', () => {
  it('the buyer may still reject on its last day', async () => {
    setClock(LAST_DAY_NOON);
    const id = await invoice();
    expect((await post(id, { event_type: 'rejected', payload: { motivo: 'precio' } })).status).toBe(201);
    expect(await stored(id)).toMatchObject({ fce_status: 'rejected', fce_events: 1 });
  });
});

describe('after the term', () => {
  it('reads as accepted from the term’s end, in the list and the log, without writing anything', async () => {
    setClock(LAST_DAY_NOON);
    const id = await invoice();
    setClock(TERM_END);
    const accepted = await gw.rest('GET', '/fce/issued/?status=accepted&per_page=100', { key });
    expect(accepted.body.data.items).toContainEqual(expect.objectContaining({ id, fce_status: 'accepted', last_event_at: '2025-12-23T00:00:00.000' }));
    const pending = await gw.rest('GET', '/fce/issued/?status=pending&per_page=100', { key });
    expect(pending.body.data.items.map((item: { id: string }) => item.id)).not.toContain(id);
    const events = await gw.rest('GET', `/fce/events/${id}/`, { key });
    expect(events.body.data.items).toEqual([
      {
        fce_invoice_id: id,
        event_type: 'accepted',
        payload: { acceptance: 'tacit', term_days: 21, last_day: '2025-12-22', term_source: expect.stringContaining('219/2025') },
        recorded_by: TACIT_RECORDER,
        recorded_at: '2025-12-23T00:00:00.000',
      },
    ]);
    // Reads never write: the store still holds the invoice as pending with an empty log.
    expect(await stored(id)).toMatchObject({ fce_status: 'pending', fce_events: 0 });
    expect(await log(id)).toEqual([]);
  });

  it('refuses rejection and acceptance with 409 FCE_ACCEPTANCE_TERM_EXPIRED, and the refused write records the tacit acceptance', async () => {
    setClock(LAST_DAY_NOON);
    const id = await invoice();
    setClock(new Date('2026-01-10T15:00:00Z'));
    for (const eventType of ['rejected', 'accepted']) {
      const res = await post(id, { event_type: eventType });
      expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 409, code: 'FCE_ACCEPTANCE_TERM_EXPIRED' });
    }
    const written = await log(id);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      _id: new ObjectId(id),
      event_type: 'accepted',
      seq: 1,
      recorded_by: TACIT_RECORDER,
      recorded_at: TERM_END,
      payload: { acceptance: 'tacit', term_days: 21 },
    });
    expect(await stored(id)).toMatchObject({ fce_status: 'accepted', fce_events: 1, last_event_at: TERM_END });
    // An accepted invoice is then paid in full (cancelación total), after which nothing follows.
    expect((await post(id, { event_type: 'paid_in_full', payload: { forma: 'transferencia' } })).status).toBe(201);
    expect((await post(id, { event_type: 'transferred_sircreb' })).body.error?.code).toBe('INVALID_FCE_TRANSITION');
    expect((await log(id)).map((event) => event.event_type)).toEqual(['accepted', 'paid_in_full']);
    const listed = await gw.rest('GET', '/fce/issued/?status=paid_in_full&per_page=100', { key });
    expect(listed.body.data.items.map((item: { id: string }) => item.id)).toContain(id);
  });

  it('records the tacit acceptance once when three gateway processes write at the same time', async () => {
    setClock(LAST_DAY_NOON);
    const ids = [await invoice(), await invoice(), await invoice()];
    setClock(new Date('2026-02-01T15:00:00Z'));
    for (const id of ids) {
      const results = await Promise.all([
        post(id, { event_type: 'paid_in_full' }, 0),
        post(id, { event_type: 'transferred_sircreb' }, 1),
        post(id, { event_type: 'rejected' }, 2),
        post(id, { event_type: 'paid_in_full' }, 2),
        post(id, { event_type: 'transferred_sircreb' }, 0),
      ]);
      // The rejection comes too late; of the two kinds an accepted invoice allows, one is recorded and the other
      // is judged against it (final).
      expect(results[2].body.error?.code).toBe('FCE_ACCEPTANCE_TERM_EXPIRED');
      expect(results.filter((res) => res.status === 201)).toHaveLength(1);
      for (const res of results) expect([201, 409]).toContain(res.status);
      const written = await log(id);
      expect(written.map((event) => [event.seq, event.event_type, event.recorded_by === TACIT_RECORDER])).toEqual([
        [1, 'accepted', true],
        [2, expect.stringMatching(/^(paid_in_full|transferred_sircreb)$/), false],
      ]);
      expect(await stored(id)).toMatchObject({ fce_events: 2, fce_status: written[1].event_type });
    }
  });
});
