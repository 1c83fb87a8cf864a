import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ObjectId } from 'mongodb';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * The FCE lifecycle log and the issued FCE list over HTTP: events on issued FCE vouchers only, the lifecycle's
 * refusals, racing events never lost, the last 50 newest first, and the list filtered by the denormalised status.
 */

const G2_HEADER = readFileSync(join(__dirname, '..', 'fixtures', 'issued-vouchers', 'synthetic-g2-emitidos-2025-12.csv'), 'utf8').split('\n')[0];
const SCOPES = ['invoices:read', 'invoices:write'] as const;

let gw: TestGateway;
let key: string;
let keyB: string;
let number = 0;

beforeAll(async () => {
  gw = await startTestGateway();
  // Within the 21-day acceptance term (Res. SPyMEEyEC 480/2024) of the vouchers issued on 2025-12-01 and 2025-12-02.
  gw.clock.now = new Date('2025-12-05T15:00:00Z');
  ({ key } = await gw.account([...SCOPES]));
  ({ key: keyB } = await gw.account([...SCOPES]));
});
afterAll(async () => {
  await gw?.stop();
});

/** Imports one voucher of `type` for the key's account; answers its id. */
async function voucher(type: number, as = key, day = '2025-12-01'): Promise<string> {
  const n = ++number;
  const row = `${day};${type};77;${n};${n};75481234500011;80;30715551248;CLIENTE FCE S.A.;1,00;PES;6000000,00;0,00;0,00;0,00;1260000,00;7260000,00`;
  const form = new FormData();
  form.append('file', new File([`${G2_HEADER}\n${row}\n`], `fce-${n}.csv`));
  const res = await gw.rest('POST', '/issued_vouchers/upload-csv/', { key: as, body: form });
  expect(res.body.data?.rows_imported).toBe(1);
  const doc = await gw.store.collection('issued_vouchers').findOne({ sale_point: 77, voucher_number: n });
  return (doc!._id as ObjectId).toHexString();
}

const post = (id: string, body: unknown, as = key) => gw.rest('POST', `/fce/events/${id}/`, { key: as, body });
const events = (id: string, as = key) => gw.rest('GET', `/fce/events/${id}/`, { key: as });

describe('FCE events', () => {
  it('records an event with who and when, and the voucher shows it as its status', async () => {
    const id = await voucher(201);
    const res = await post(id, { event_type: 'rejected', payload: { motivo: 'precio', detalle: { codigo: 3 } } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ fce_invoice_id: id, event_type: 'rejected', payload: { motivo: 'precio', detalle: { codigo: 3 } } });
    expect(res.body.data.recorded_by).toMatch(/^api_key:/);
    expect(typeof res.body.data.recorded_at).toBe('string');
    const stored = await gw.store.collection('issued_vouchers').findOne({ _id: new ObjectId(id) });
    expect(stored).toMatchObject({ fce_status: 'rejected', fce_events: 1 });
    expect((await events(id)).body.data.items).toHaveLength(1);
  });

  it('refuses a move the lifecycle forbids with 409 INVALID_FCE_TRANSITION, recording nothing', async () => {
    const id = await voucher(206);
    expect((await post(id, { event_type: 'transferred_sircreb' })).status).toBe(409);
    expect((await post(id, { event_type: 'accepted' })).status).toBe(201);
    for (const eventType of ['accepted', 'rejected', 'anulled']) {
      const res = await post(id, { event_type: eventType });
      expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 409, code: 'INVALID_FCE_TRANSITION' });
    }
    expect((await post(id, { event_type: 'transferred_sircreb' })).status).toBe(201);
    expect((await events(id)).body.data.items.map((e: { event_type: string }) => e.event_type)).toEqual(['transferred_sircreb', 'accepted']);
  });

  it('answers 404 for a non-FCE voucher, another account’s FCE voucher and malformed ids', async () => {
    const ordinary = await voucher(1);
    const ofB = await voucher(211, keyB);
    for (const id of [ordinary, ofB, 'nope', new ObjectId().toHexString(), '%24where']) {
      expect((await post(id, { event_type: 'accepted' })).status).toBe(404);
      expect((await events(id)).status).toBe(404);
    }
    expect(await gw.store.collection('fce_events').countDocuments({ fce_invoice_id: new ObjectId(ofB) })).toBe(0);
  });

  it.each([
    [{}],
    [{ event_type: 'paid' }],
    [{ event_type: 'accepted', payload: { $set: { fce_status: 'x' } } }],
    [{ event_type: 'accepted', payload: { 'a.b': 1 } }],
    [{ event_type: 'accepted', payload: { text: 'x'.repeat(5000) } }],
    [{ event_type: 'accepted', payload: [1, 2] }],
    [{ event_type: ['accepted'] }],
  ])('refuses body %# with 400, recording nothing', async (body) => {
    const id = await voucher(201);
    const res = await post(id, body);
    expect(res.status).toBe(400);
    expect(await gw.store.collection('fce_events').countDocuments({ fce_invoice_id: new ObjectId(id) })).toBe(0);
  });

  it('keeps both of two racing events: one wins, the other is judged against it', async () => {
    const id = await voucher(201);
    const results = await Promise.all([post(id, { event_type: 'rejected' }), post(id, { event_type: 'rejected' }), post(id, { event_type: 'accepted' })]);
    const statuses = results.map((res) => res.status).sort();
    // pending allows one of accepted / rejected; after it only a different kind (rejected → nothing here) may follow.
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(2);
    const stored = await gw.store.collection('issued_vouchers').findOne({ _id: new ObjectId(id) });
    const log = await gw.store
      .collection('fce_events')
      .find({ fce_invoice_id: new ObjectId(id) })
      .toArray();
    expect(log).toHaveLength(1);
    expect(stored!.fce_status).toBe(log[0].event_type);

    // A chain whose every step is allowed: all recorded, in order, none lost.
    const chain = await voucher(201);
    const [first] = await Promise.all([post(chain, { event_type: 'rejected' })]);
    expect(first.status).toBe(201);
    const racing = await Promise.all(Array.from({ length: 5 }, () => post(chain, { event_type: 'anulled' })));
    expect(racing.filter((res) => res.status === 201)).toHaveLength(1);
    expect(await gw.store.collection('fce_events').countDocuments({ fce_invoice_id: new ObjectId(chain) })).toBe(2);
    expect((await gw.store.collection('issued_vouchers').findOne({ _id: new ObjectId(chain) }))!.fce_events).toBe(2);
  });

  it('lists the last 50 events, newest first', async () => {
    const id = await voucher(201);
    const db = gw.store.collection('issued_vouchers');
    const doc = (await db.findOne({ _id: new ObjectId(id) }))!;
    // 60 events stored directly (the lifecycle allows at most three through the API).
    await gw.store.collection('fce_events').insertMany(
      Array.from({ length: 60 }, (_, i) => ({
        account_id: doc.account_id,
        fce_invoice_id: doc._id,
        event_type: 'accepted',
        payload: { i },
        recorded_by: 'seed',
        recorded_at: new Date(Date.UTC(2026, 0, 1, 0, i)),
        seq: i + 1,
      })),
    );
    const items = (await events(id)).body.data.items;
    expect(items).toHaveLength(50);
    expect(items.map((item: { payload: { i: number } }) => item.payload.i)).toEqual(Array.from({ length: 50 }, (_, i) => 59 - i));
  });
});

describe('GraphQL', () => {
  it('shows an issued voucher’s FCE status and events, null for a voucher that is not FCE', async () => {
    const fce = await voucher(201);
    const ordinary = await voucher(6);
    expect((await post(fce, { event_type: 'accepted', payload: { nota: 'ok' } })).status).toBe(201);
    const document = `query Q($id: ID!) {
      issuedVoucher(id: $id) { id fce { fceStatus lastEventAt events { totalCount nodes { eventType payload recordedBy } } } }
    }`;
    const res = await gw.gql(document, { id: fce }, { key });
    expect(res.body.data.issuedVoucher.fce).toMatchObject({
      fceStatus: 'accepted',
      lastEventAt: expect.any(String),
      events: { totalCount: 1, nodes: [{ eventType: 'accepted', payload: { nota: 'ok' }, recordedBy: expect.stringMatching(/^api_key:/) }] },
    });
    expect((await gw.gql(document, { id: ordinary }, { key })).body.data.issuedVoucher.fce).toBeNull();
  });
});

describe('issued FCE list', () => {
  it('lists only FCE vouchers of the account with their status, filtered by status, in pages of at most 100', async () => {
    const { key: own } = await gw.account([...SCOPES]);
    const accepted = await voucher(201, own, '2025-12-02');
    const pending = await voucher(213, own, '2025-12-01');
    await voucher(1, own);
    await voucher(201, keyB);
    expect((await post(accepted, { event_type: 'accepted' }, own)).status).toBe(201);

    const all = await gw.rest('GET', '/fce/issued/?per_page=100', { key: own });
    expect(all.body.data).toMatchObject({ total: 2, page: 1, per_page: 100 });
    expect(all.body.data.items.map((item: { id: string }) => item.id)).toEqual([accepted, pending]);
    expect(all.body.data.items[1]).toEqual({
      id: pending,
      tipo_comprobante: 213,
      numero_comprobante: expect.any(Number),
      importe_total: 7260000,
      cae: '75481234500011',
      fce_status: 'pending',
      last_event_at: null,
    });
    expect(all.body.data.items[0]).toMatchObject({ fce_status: 'accepted', last_event_at: expect.any(String) });

    const onlyPending = await gw.rest('GET', '/fce/issued/?status=pending', { key: own });
    expect(onlyPending.body.data.items.map((item: { id: string }) => item.id)).toEqual([pending]);
    expect(onlyPending.body.data.total).toBe(1);

    const clamped = await gw.rest('GET', '/fce/issued/?per_page=500', { key: own });
    expect({ ...clamped.body.data, items: clamped.body.data.items.length }).toEqual({ items: 2, total: 2, page: 1, per_page: 100, per_page_requested: 500 });
    for (const query of ['per_page=x', 'per_page=0', 'page=0', 'status=paid', 'status=pending&status=accepted'])
      expect((await gw.rest('GET', `/fce/issued/?${query}`, { key: own })).status).toBe(400);
    // Bracketed names are plain names here (no operator parsing): ignored, never an operator.
    expect((await gw.rest('GET', '/fce/issued/?status[$ne]=x', { key: own })).body.data.total).toBe(2);
  });
});
