import { ObjectId } from 'mongodb';
import { planStore } from '../support/plans';

/**
 * The statistics dashboard reads one month of each source through an index: its aggregations start with these
 * filters (the account and the month's window, or the whole account for the stock value). Asked of the server with
 * explain.
 */
const { winningStages } = planStore('stats-plans');

const account = new ObjectId();
const month = { $gte: new Date('2026-03-01T03:00:00Z'), $lt: new Date('2026-04-01T03:00:00Z') };

it.each([
  ["a month's received invoices", 'received_invoices', { account_id: account, issue_date: month }],
  ["a month's pending received invoices", 'received_invoices', { account_id: account, issue_date: month, status: 'pending' }],
  ["a month's expenses", 'expenses', { account_id: account, date: { $gte: '2026-03-01', $lt: '2026-04-01' } }],
  ["a month's issued vouchers", 'issued_vouchers', { account_id: account, issue_date: month }],
  ["a month's issued FCE vouchers", 'issued_vouchers', { account_id: account, issue_date: month, voucher_type: { $in: [201, 206, 211] } }],
  ["the account's products", 'products', { account_id: account }],
  ["the account's supplies", 'supplies', { account_id: account }],
])('%s are read through an index', async (_name, collection, filter) => {
  const plan = await winningStages(collection, filter);
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
});

const days = { $gte: new Date('2026-03-01T03:00:00Z'), $lt: new Date('2026-03-08T03:00:00Z') };

it.each([
  ['all of it', { account_id: account }],
  ['a range of days', { account_id: account, at: days }],
  ['one resource type', { account_id: account, resource_type: 'suppliers' }],
  ['one resource type in a range of days', { account_id: account, resource_type: 'suppliers', at: days }],
  ['one action', { account_id: account, action: 'posted' }],
  ['one resource type and one action', { account_id: account, resource_type: 'expenses', action: 'posted' }],
])("a page of the account's activity, newest first (%s), is read in index order", async (_name, filter) => {
  const plan = await winningStages('activity', filter, { at: -1, _id: -1 });
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
  expect(plan).not.toContain('SORT');
});

const year = { $gte: new Date('2026-01-01T03:00:00Z'), $lt: new Date('2027-01-01T03:00:00Z') };

it.each([
  ['purchases', 'received_invoices', { account_id: account, issue_date: year }],
  ["one supplier's purchases", 'received_invoices', { account_id: account, issue_date: year, supplier_cuit: '30712345671' }],
  ['purchases in one status', 'received_invoices', { account_id: account, issue_date: year, status: 'linked' }],
  ['expenses', 'expenses', { account_id: account, date: { $gte: '2026-01-01', $lte: '2026-12-31' } }],
  [
    "one supplier's expenses of one category",
    'expenses',
    { account_id: account, date: { $gte: '2026-01-01', $lte: '2026-12-31' }, supplier_id: account, category: 'x' },
  ],
  ['sales', 'issued_vouchers', { account_id: account, issue_date: year }],
  ["one customer's sales", 'issued_vouchers', { account_id: account, issue_date: year, receiver_doc: '20123456786' }],
])('a transaction series of %s reads its range through an index', async (_name, collection, filter) => {
  const plan = await winningStages(collection, filter);
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
});

it.each([
  [
    "the dashboard's two months of daily totals",
    { account_id: account, source: { $in: ['received_invoices', 'expenses', 'issued_vouchers'] }, day: { $gte: '2026-02-01', $lt: '2026-04-01' } },
  ],
  ["a series' daily totals", { account_id: account, source: 'expenses', day: { $gte: '2026-01-01', $lte: '2026-12-31' } }],
  [
    "a series' daily totals but its unsettled days",
    { account_id: account, source: 'expenses', day: { $gte: '2026-01-01', $lte: '2026-12-31', $nin: ['2026-03-02'] } },
  ],
])('%s are read through an index', async (_name, filter) => {
  const plan = await winningStages('stats_daily_totals', filter);
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
});

const importId = new ObjectId();

it.each([
  ["the account's marked days (a recount asks)", { account_id: account, source: { $in: ['received_invoices', 'expenses', 'issued_vouchers'] } }],
  [
    "a read's unsettled days and months of its range (every read of the totals asks)",
    { account_id: account, source: 'expenses', day: { $gte: '2026-02', $lte: '2026-03-31' } },
  ],
  [
    "a week's marks and its months', in the recount's transaction",
    { account_id: account, source: 'received_invoices', day: { $in: ['2026-03-01', '2026-03-02', '2026-03'] } },
  ],
  ["an import's own months, let go", { account_id: account, source: 'received_invoices', writer: importId }],
  ["another import's months left behind (a re-upload asks once)", { account_id: account, source: 'received_invoices', writer: { $nin: [null, importId] } }],
])('%s are read through an index', async (_name, filter) => {
  const plan = await winningStages('stats_pending_days', filter);
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
});
