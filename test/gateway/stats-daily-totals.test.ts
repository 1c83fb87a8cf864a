import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ObjectId } from 'mongodb';
import { createAccount, createApiKey } from '../../src/domain/auth/auth.admin';
import { SCOPES } from '../../src/domain/auth/scopes';
import { argentineDayOf } from '../../src/domain/stats/argentine-time';
import { refreshDailyTotals, STATS_SOURCES } from '../../src/domain/stats/daily-totals';
import { ABANDONED_AFTER_MS, ImportMarks, recountPendingDays } from '../../src/domain/stats/pending-days';
import { sweepPendingDays } from '../../src/domain/stats/sweep';
import type { ReceivedInvoiceDocument } from '../../src/store/received-invoices.store';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { storeWrites } from '../support/store-writes';

/**
 * The dashboard's daily totals follow every write of their sources — single and bulk, REST and GraphQL, imports and
 * state moves — so that after any sequence of writes they equal the totals rebuilt from the documents; a rolled-back
 * write leaves them as they were.
 */
let gw: TestGateway;
beforeAll(async () => {
  // No periodic sweep: the tests recount (as the sweep would) where they mean to.
  gw = await startTestGateway({ STATS_SWEEP_SECONDS: '0' });
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

const upload = (key: string, fixture: string, name = 'recibidos.csv') => {
  const form = new FormData();
  const content = readFileSync(join(__dirname, '..', 'fixtures', 'received-invoices', fixture));
  form.append('file', new Blob([new Uint8Array(content)]), name);
  return fetch(`${gw.url}/api/v1/received_invoices/upload-csv/`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
};
const PURCHASES = 'query ($p: String) { statsDashboard(period: $p) { current { purchases { count total } } } }';
const pendingDays = (accountId: string) => gw.store.collection('stats_pending_days').countDocuments({ account_id: new ObjectId(accountId) });

it('received invoices: an import (its days read from the documents until it recounts them after answering), an ignored invoice and a deleted one', async () => {
  const { accountId, key } = await gw.account([...SCOPES]);
  const uploaded = await upload(key, 'synthetic-g2-recibidos-2025-12.csv');
  expect(uploaded.status).toBe(200);
  const invoices = await gw.store
    .collection('received_invoices')
    .find({ account_id: new ObjectId(accountId) })
    .toArray();
  expect(invoices.length).toBeGreaterThan(2);
  // The dashboard right after the import counts every imported voucher, whether or not its days are recounted yet.
  const purchases = (await gw.gql(PURCHASES, { p: '2025-12' }, { key })).body.data.statsDashboard.current.purchases;
  expect(purchases.count).toBe(invoices.filter((invoice) => invoice.issue_date.toISOString() >= '2025-12-01T03:00').length);
  expect(purchases.count).toBeGreaterThan(0);
  await gw.store.idle();
  expect(await pendingDays(accountId)).toBe(0);
  const kept = await expectTotalsRebuilt(accountId);
  expect(kept.length).toBeGreaterThan(0);

  // The same file again stores nothing: no day is left marked, and the totals are unchanged.
  expect((await upload(key, 'synthetic-g2-recibidos-2025-12.csv')).status).toBe(200);
  expect(await pendingDays(accountId)).toBe(0);
  expect(await stored(accountId)).toEqual(kept);

  expect((await gw.rest('POST', `/received_invoices/${invoices[0]._id.toHexString()}/ignore/`, { key })).status).toBe(200);
  expect((await gw.rest('DELETE', `/received_invoices/${invoices[1]._id.toHexString()}/`, { key })).status).toBe(200);
  await expectTotalsRebuilt(accountId);
  const activity = await gw.store
    .collection('activity')
    .find({ account_id: new ObjectId(accountId) })
    .sort({ at: -1, _id: -1 })
    .toArray();
  expect(activity.map((entry) => entry.action)).toEqual(['deleted', 'ignored', 'imported', 'imported']);
});

/** Runs `read` and answers what it answered, failing if it wrote anything to the store. */
async function writingNothing<T>(read: () => Promise<T>): Promise<T> {
  const before = await storeWrites(gw.store);
  const answer = await read();
  expect(await storeWrites(gw.store)).toBe(before);
  return answer;
}

it('a read while days are pending answers what their recount stores, and writes nothing; writers recount', async () => {
  const { accountId, key } = await gw.account([...SCOPES]);
  expect((await upload(key, 'synthetic-g2-recibidos-2025-12.csv')).status).toBe(200);
  await gw.store.idle();
  const account = new ObjectId(accountId);
  const purchases = async () => (await gw.gql(PURCHASES, { p: '2025-12' }, { key })).body.data.statsDashboard.current.purchases;
  const series = async (day: string) => {
    const res = await gw.rest('POST', '/stats/transactions/', { key, body: { measure: 'purchases', from: '2025-11-20', to: day, interval: 'day' } });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const before = await purchases();
  // A voucher stored as an import stores it: its month marked as being written, nothing recounted yet.
  const invoices = gw.store.collection<ReceivedInvoiceDocument>('received_invoices');
  const model = await invoices.findOne({ account_id: account, voucher_class: 'invoice', currency: 'ARS' });
  const added = { ...model!, _id: new ObjectId(), voucher_number: 99_999_999 };
  const day = argentineDayOf(added.issue_date);
  const onDay = () => invoices.countDocuments({ account_id: account, issue_date: added.issue_date });
  const marks = new ImportMarks(gw.store, account, 'received_invoices', new ObjectId());
  await marks.writing([day]);
  await invoices.insertOne(added);
  marks.wrote([day]);
  // While the import writes on the month, a read counts what it has stored so far, from the documents.
  const grown = { count: before.count + 1, total: before.total + added.total_amount_cents / 100 };
  expect(await writingNothing(purchases)).toEqual(grown);
  const counted = await writingNothing(() => series(day));
  expect(counted.buckets.find((bucket: { start: string }) => bucket.start === day).count).toBe(await onDay());
  expect(await pendingDays(accountId)).toBe(1);
  await marks.finish();
  // Its day is marked changed: reads still answer from the documents, and leave the mark.
  expect(await writingNothing(purchases)).toEqual(grown);
  expect(await writingNothing(() => series(day))).toEqual(counted);
  expect(await pendingDays(accountId)).toBe(1);
  // The recount (the import's own, after it answers) stores what the reads answered.
  await recountPendingDays(gw.store, account, ['received_invoices']);
  expect(await pendingDays(accountId)).toBe(0);
  expect(await writingNothing(purchases)).toEqual(grown);
  expect(await writingNothing(() => series(day))).toEqual(counted);
  await expectTotalsRebuilt(accountId);

  // A writer that died: reads count its month from the documents at once; the sweep recounts it only past the bound.
  const died = new ImportMarks(gw.store, account, 'received_invoices', new ObjectId(), () => new Date(Date.now() - ABANDONED_AFTER_MS + 60_000));
  await died.writing([day]);
  await invoices.updateOne({ _id: added._id }, { $set: { total_amount_cents: added.total_amount_cents + 100 } });
  const raised = { ...grown, total: grown.total + 1 };
  expect(await writingNothing(purchases)).toEqual(raised);
  expect(await sweepPendingDays(gw.store, new ObjectId())).toBe(true);
  expect(await pendingDays(accountId)).toBe(1);
  await gw.store.collection('stats_pending_days').updateOne({ account_id: account }, { $set: { since: new Date(Date.now() - ABANDONED_AFTER_MS - 1000) } });
  expect(await writingNothing(purchases)).toEqual(raised);
  expect(await sweepPendingDays(gw.store, new ObjectId())).toBe(true);
  expect(await pendingDays(accountId)).toBe(0);
  expect(await writingNothing(purchases)).toEqual(raised);
  await expectTotalsRebuilt(accountId);

  // A deletion an import left marked (its process stopped before recounting): the series reads it at once.
  const deleting = new ImportMarks(gw.store, account, 'received_invoices', new ObjectId());
  await deleting.writing([day]);
  await invoices.deleteOne({ _id: added._id });
  deleting.wrote([day]);
  await deleting.finish();
  const shrunk = await writingNothing(() => series(day));
  expect(shrunk.buckets.find((bucket: { start: string }) => bucket.start === day).count).toBe(await onDay());
  expect(shrunk.count).toBe(counted.count - 1);
  expect(await writingNothing(purchases)).toEqual(before);
  expect(await sweepPendingDays(gw.store, new ObjectId())).toBe(true);
  expect(await pendingDays(accountId)).toBe(0);
  expect(await writingNothing(() => series(day))).toEqual(shrunk);
  await expectTotalsRebuilt(accountId);
  // With nothing marked, a sweep only reads.
  expect(await writingNothing(() => sweepPendingDays(gw.store, new ObjectId()))).toBe(false);
});

it('one gateway sweeps at a time: a sweep finds the lease of a running one and leaves the marks to it', async () => {
  const { accountId } = await gw.account([...SCOPES]);
  const account = new ObjectId(accountId);
  const marks = new ImportMarks(gw.store, account, 'expenses', new ObjectId());
  marks.wrote(['2026-10-01']);
  await marks.finish();
  const holder = new ObjectId();
  const sweeps = gw.store.collection<{ _id: string; holder: ObjectId; until: Date }>('sweeps');
  await sweeps.updateOne({ _id: 'stats-pending-days' }, { $set: { holder, until: new Date(Date.now() + 60_000) } }, { upsert: true });
  expect(await sweepPendingDays(gw.store, new ObjectId())).toBe(false);
  expect(await pendingDays(accountId)).toBe(1);
  // Its holder stopped: once the lease ends, the next sweep takes it, recounts, and lets it go.
  await sweeps.updateOne({ _id: 'stats-pending-days' }, { $set: { until: new Date(Date.now() - 1) } });
  expect(await sweepPendingDays(gw.store, new ObjectId())).toBe(true);
  expect(await pendingDays(accountId)).toBe(0);
  expect((await sweeps.findOne({ _id: 'stats-pending-days' }))!.until.getTime()).toBe(0);
});

it("a recount leaves a day changed by one import alone while another writes on its month, and touches only its own account's and source's marks; reads count both", async () => {
  const { accountId, key } = await gw.account([...SCOPES]);
  const other = await gw.account([...SCOPES]);
  expect((await upload(key, 'synthetic-g2-recibidos-2025-12.csv')).status).toBe(200);
  expect((await upload(other.key, 'synthetic-g2-recibidos-2025-12.csv')).status).toBe(200);
  await gw.store.idle();
  const account = new ObjectId(accountId);
  const purchases = async (month: string) => (await gw.gql(PURCHASES, { p: month }, { key })).body.data.statsDashboard.current.purchases;
  const before = await purchases('2025-12');
  const invoices = gw.store.collection<ReceivedInvoiceDocument>('received_invoices');
  const model = await invoices.findOne({ account_id: account, voucher_class: 'invoice', currency: 'ARS' });
  const day = argentineDayOf(model!.issue_date);
  const store = (doc: ReceivedInvoiceDocument) => invoices.insertOne({ ...doc, _id: new ObjectId() });

  // One import stored a voucher on the day and finished; another is writing on the same month.
  const first = new ImportMarks(gw.store, account, 'received_invoices', new ObjectId());
  await first.writing([undefined, day]);
  await store({ ...model!, voucher_number: 99_999_001 });
  first.wrote([undefined, day]);
  await first.finish();
  const second = new ImportMarks(gw.store, account, 'received_invoices', new ObjectId());
  await second.writing([day]);
  // Marks of another account, and of this account's sales, that this account's purchase recount must leave alone.
  const foreign = new ImportMarks(gw.store, new ObjectId(other.accountId), 'received_invoices', new ObjectId());
  await foreign.writing(['2025-12-02']);
  foreign.wrote(['2025-12-02']);
  await foreign.finish();
  const sales = new ImportMarks(gw.store, account, 'issued_vouchers', new ObjectId());
  await sales.writing(['2025-11-30']);
  sales.wrote(['2025-11-30']);
  await sales.finish();
  const marksOf = (filter: Record<string, unknown>) => gw.store.collection('stats_pending_days').countDocuments(filter);
  const grown = { count: before.count + 1, total: before.total + model!.total_amount_cents / 100 };

  await recountPendingDays(gw.store, account, ['received_invoices']);
  // The changed day and the writer's month stay marked; the other account's and the sales' marks are untouched.
  expect(await marksOf({ account_id: account, source: 'received_invoices' })).toBe(2);
  expect(await marksOf({ account_id: new ObjectId(other.accountId) })).toBe(1);
  expect(await marksOf({ account_id: account, source: 'issued_vouchers' })).toBe(1);
  expect(await writingNothing(() => purchases('2025-12'))).toEqual(grown);
  // Every source of the account: the sales' day is recounted, the busy month still left alone.
  await recountPendingDays(gw.store, account, STATS_SOURCES);
  expect(await marksOf({ account_id: account, source: 'issued_vouchers' })).toBe(0);
  expect(await marksOf({ account_id: account, source: 'received_invoices' })).toBe(2);

  // The second import stores nothing and lets go: the next recount settles the first one's voucher.
  await second.finish();
  await recountPendingDays(gw.store, account, STATS_SOURCES);
  expect(await marksOf({ account_id: account })).toBe(0);
  expect(await marksOf({ account_id: new ObjectId(other.accountId) })).toBe(1);
  expect(await writingNothing(() => purchases('2025-12'))).toEqual(grown);
  await expectTotalsRebuilt(accountId);
});

it('an import with nobody reading: its days are recounted after it answers', async () => {
  const { accountId, key } = await gw.account([...SCOPES]);
  expect((await upload(key, 'synthetic-g2-recibidos-2025-12.csv')).status).toBe(200);
  await gw.store.idle();
  expect(await pendingDays(accountId)).toBe(0);
  expect((await expectTotalsRebuilt(accountId)).length).toBeGreaterThan(0);
});

it('imports racing dashboard reads, a state move and each other: the totals end equal to the documents', async () => {
  // The receiver of both exports.
  const accountId = (await createAccount(gw.store, { name: 'Receptor', cuit: '20026773548' })).toHexString();
  const { key } = await createApiKey(gw.store, { accountId, scopes: [...SCOPES] });
  expect((await upload(key, 'anon-g3-recibidos-2025-11.csv')).status).toBe(200);
  const [first] = await gw.store
    .collection('received_invoices')
    .find({ account_id: new ObjectId(accountId) })
    .toArray();
  const reads = async () => {
    for (let i = 0; i < 8; i++) expect((await gw.gql(PURCHASES, { p: '2025-12' }, { key })).body.errors).toBeUndefined();
  };
  const answers = await Promise.all([
    upload(key, 'anon-g3-recibidos-2025-12.csv'),
    upload(key, 'anon-g3-recibidos-2025-11.csv'),
    upload(key, 'anon-g3-recibidos-2025-12.csv'),
    gw.rest('POST', `/received_invoices/${first._id.toHexString()}/ignore/`, { key }),
    reads(),
    reads(),
  ]);
  expect(answers.slice(0, 4).map((answer) => (answer as { status: number }).status)).toEqual([200, 200, 200, 200]);
  await gw.store.idle();
  expect(await pendingDays(accountId)).toBe(0);
  await expectTotalsRebuilt(accountId);
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
