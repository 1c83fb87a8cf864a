import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ObjectId } from 'mongodb';
import { SCOPES } from '../../src/domain/auth/scopes';
import { refreshDailyTotals, STATS_SOURCES } from '../../src/domain/stats/daily-totals';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * The dashboard's daily totals follow every write of their sources — single and bulk, REST and GraphQL, imports and
 * state moves — so that after any sequence of writes they equal the totals rebuilt from the documents; a rolled-back
 * write leaves them as they were.
 */
let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.stop();
});

const stored = (accountId: string) =>
  gw.store
    .collection('stats_daily_totals')
    .find({ account_id: new ObjectId(accountId) }, { projection: { _id: 0 } })
    .sort({ source: 1, day: 1 })
    .toArray();

/** The totals as kept by the writes must be the totals recomputed from the documents. */
async function expectTotalsRebuilt(accountId: string): Promise<unknown[]> {
  const kept = await stored(accountId);
  for (const source of STATS_SOURCES) await refreshDailyTotals(gw.store.db, source, new ObjectId(accountId));
  expect(kept).toEqual(await stored(accountId));
  return kept;
}

const DASHBOARD = 'query ($p: String) { statsDashboard(period: $p) { current { expenses { count total byStatus { status count total } } } } }';

it('expenses: create, bulk create, update moving the day and the status, GraphQL update, delete and bulk delete', async () => {
  const { accountId, key } = await gw.account([...SCOPES]);
  const made = async (body: Record<string, unknown>) => {
    const res = await gw.rest('POST', '/expenses/', { key, body: { tax_rate: 21, ...body } });
    expect(res.status).toBe(201);
    return res.body.data._id as string;
  };
  const luz = await made({ description: 'Luz', amount: 100, date: '2026-10-01' });
  const gas = await made({ description: 'Gas', amount: 50, date: '2026-10-31' });
  const bulk = await gw.rest('POST', '/expenses/bulk/create/', {
    key,
    body: {
      items: [
        { description: 'Agua', amount: 10, tax_rate: 21, date: '2026-10-15' },
        { description: 'Internet', amount: 20, tax_rate: 21, date: '2026-09-30' },
      ],
    },
  });
  expect(bulk.status).toBe(201);
  const [agua, internet] = bulk.body.data.items.map((item: { _id: string }) => item._id);
  const month = async () => (await gw.gql(DASHBOARD, { p: '2026-10' }, { key })).body.data.statsDashboard.current.expenses;
  expect(await month()).toEqual({ count: 3, total: 160, byStatus: [{ status: 'pending', count: 3, total: 160 }] });

  // Gas moves to November; Luz is approved; Internet moves into October.
  expect((await gw.rest('PUT', `/expenses/${gas}/`, { key, body: { date: '2026-11-02' } })).status).toBe(200);
  const approved = await gw.gql('mutation ($id: ID!) { updateExpense(id: $id, input: { status: approved }) { id } }', { id: luz }, { key });
  expect(approved.body.errors).toBeUndefined();
  expect((await gw.rest('PUT', '/expenses/bulk/update/', { key, body: { items: [{ _id: internet, date: '2026-10-02' }] } })).status).toBe(200);
  expect(await month()).toEqual({
    count: 3,
    total: 130,
    byStatus: [
      { status: 'approved', count: 1, total: 100 },
      { status: 'pending', count: 2, total: 30 },
    ],
  });
  await expectTotalsRebuilt(accountId);

  expect((await gw.rest('DELETE', `/expenses/${agua}/`, { key })).status).toBe(200);
  expect((await gw.rest('POST', '/expenses/bulk/delete/', { key, body: { ids: [internet] } })).status).toBe(200);
  expect(await month()).toEqual({ count: 1, total: 100, byStatus: [{ status: 'approved', count: 1, total: 100 }] });
  await expectTotalsRebuilt(accountId);
});

it('a rolled-back bulk write leaves the totals as they were', async () => {
  const { accountId, key } = await gw.account([...SCOPES]);
  await gw.rest('POST', '/expenses/', { key, body: { description: 'Base', amount: 10, tax_rate: 21, date: '2026-10-05' } });
  const before = await stored(accountId);
  const res = await gw.rest('POST', '/expenses/bulk/create/', {
    key,
    body: {
      items: [
        { description: 'Vale', amount: 10, tax_rate: 21, date: '2026-10-05' },
        { description: 'No vale', amount: 10, tax_rate: 21, date: '2026-10-05', supplier_id: new ObjectId().toHexString() },
      ],
    },
  });
  expect(res.body.success).toBe(false);
  expect(await stored(accountId)).toEqual(before);
});

it('received invoices: an import, an ignored invoice and a deleted one', async () => {
  const { accountId, key } = await gw.account([...SCOPES]);
  const form = new FormData();
  const content = readFileSync(join(__dirname, '..', 'fixtures', 'received-invoices', 'synthetic-g2-recibidos-2025-12.csv'));
  form.append('file', new Blob([new Uint8Array(content)]), 'recibidos.csv');
  const uploaded = await fetch(`${gw.url}/api/v1/received_invoices/upload-csv/`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
  expect(uploaded.status).toBe(200);
  const invoices = await gw.store
    .collection('received_invoices')
    .find({ account_id: new ObjectId(accountId) })
    .toArray();
  expect(invoices.length).toBeGreaterThan(2);
  const kept = await expectTotalsRebuilt(accountId);
  expect(kept.length).toBeGreaterThan(0);

  expect((await gw.rest('POST', `/received_invoices/${invoices[0]._id.toHexString()}/ignore/`, { key })).status).toBe(200);
  expect((await gw.rest('DELETE', `/received_invoices/${invoices[1]._id.toHexString()}/`, { key })).status).toBe(200);
  await expectTotalsRebuilt(accountId);
  const activity = await gw.store
    .collection('activity')
    .find({ account_id: new ObjectId(accountId) })
    .sort({ at: -1, _id: -1 })
    .toArray();
  expect(activity.map((entry) => entry.action)).toEqual(['deleted', 'ignored', 'imported']);
});

it('expense moves and posting: the totals follow, and the activity names each step', async () => {
  const { accountId, key } = await gw.account([...SCOPES]);
  expect((await gw.rest('POST', '/accounting/accounts/seed/', { key })).status).toBe(200);
  const made = await gw.rest('POST', '/expenses/', {
    key,
    body: { description: 'Papelería', amount: 121, tax_rate: 21, date: '2026-10-03', iva_items: [{ Id: 5, BaseImp: 100, Importe: 21 }] },
  });
  expect(made.status).toBe(201);
  const id = made.body.data._id;
  const approved = await gw.gql('mutation ($id: ID!) { approveExpense(id: $id) { status } }', { id }, { key });
  expect(approved.body.data.approveExpense.status).toBe('approved');
  const before = await gw.gql('query { statsDashboard(period: "2026-10") { current { vat { credit } expenses { byStatus { status count } } } } }', {}, { key });
  expect(before.body.data.statsDashboard.current).toEqual({ vat: { credit: 0 }, expenses: { byStatus: [{ status: 'approved', count: 1 }] } });
  expect((await gw.rest('POST', `/expenses/${id}/post/`, { key })).status).toBe(200);
  const after = await gw.gql('query { statsDashboard(period: "2026-10") { current { vat { credit } } } }', {}, { key });
  // Posted, its IVA items count as crédito fiscal.
  expect(after.body.data.statsDashboard.current.vat.credit).toBe(21);
  await expectTotalsRebuilt(accountId);
  const summaries = (
    await gw.store
      .collection('activity')
      .find({ account_id: new ObjectId(accountId), resource_type: 'expenses' })
      .sort({ at: -1, _id: -1 })
      .toArray()
  ).map((entry) => `${entry.action}: ${entry.summary}`);
  expect(summaries).toEqual([
    expect.stringMatching(/^posted: expense «Papelería» \(\$ 121,00\) posted: asiento \d+\/2026$/),
    'updated: expense «Papelería» ($ 121,00) updated: → approved',
    'created: expense «Papelería» ($ 121,00) created',
  ]);
});
