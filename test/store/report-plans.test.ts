import { ObjectId } from 'mongodb';
import { POSTED } from '../../src/domain/accounting/reports/lines';
import { planStore } from '../support/plans';

/**
 * The reports' reads are served by indexes: the line-based ones (ledgers, daily journal) walk an index in book
 * order, so a page costs its own lines and never sorts in memory; the totals-based ones and the running balances
 * scan the daily totals by index. Asked of the server with explain on the equivalent find (an aggregation's first
 * `$match` is planned the same way).
 */
const { winningStages } = planStore('report-plans');

const account = new ObjectId();
const BOOK_ORDER = { date: 1, number: 1 };

it.each([
  [
    'a ledger page: an account’s posted lines within the period',
    { account_id: account, 'lines.account_code': '1.1.1.01.001', status: POSTED, date: { $gte: '2026-01-01', $lte: '2026-12-31' } },
  ],
  [
    'the next page: the rest of the cursor’s day',
    { account_id: account, 'lines.account_code': '1.1.1.01.001', status: POSTED, date: '2026-03-01', number: { $gte: 7 } },
  ],
  [
    'the next page: the days after the cursor’s',
    { account_id: account, 'lines.account_code': '1.1.1.01.001', status: POSTED, date: { $gt: '2026-03-01', $lte: '2026-12-31' } },
  ],
  ['a daily journal page', { account_id: account, date: '2026-03-01', status: POSTED, number: { $gt: 20 } }],
])('%s is read in book order from an index (no sort, no collection scan)', async (_name, filter) => {
  const plan = await winningStages('journal_entries', filter, BOOK_ORDER);
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('SORT');
  expect(plan).not.toContain('COLLSCAN');
});

it.each([
  ['totals-based reports: the daily totals before the period', 'ledger_daily_totals', { account_id: account, day: { $lt: '2026-01-01' } }],
  ['totals-based reports: the daily totals of the period', 'ledger_daily_totals', { account_id: account, day: { $gte: '2026-01-01', $lte: '2026-12-31' } }],
  ['a running balance: an account’s totals before a day', 'ledger_daily_totals', { account_id: account, ancestors: '1.1.1', day: { $lt: '2026-03-01' } }],
  [
    'a section of the totals (an account and its descendants)',
    'ledger_daily_totals',
    { account_id: account, ancestors: { $in: ['1.1.1'] }, day: { $lte: '2026-12-31' } },
  ],
  ['a day’s totals', 'ledger_daily_totals', { account_id: account, day: '2026-03-01' }],
  [
    'cash flow: the entries that moved cash in the period',
    'journal_entries',
    { account_id: account, 'lines.account_code': { $in: ['1.1.1.01.001', '1.1.1.02.001'] }, date: { $gte: '2026-01-01', $lte: '2026-12-31' }, status: POSTED },
  ],
  ['the postable accounts under a heading', 'ledger_accounts', { account_id: account, path: '1.1.1', is_detail: true }],
])('%s uses an index', async (_name, collection, filter) => {
  const plan = await winningStages(collection, filter);
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
});
