import { ObjectId } from 'mongodb';
import { planStore } from '../support/plans';

/**
 * The hand-written ledger queries (outside the declared lists) are served by indexes: the first `$match` of each
 * aggregation and each lookup scans an index, never the collection, and the balances' account list needs no
 * in-memory sort. Asked of the server with explain on the equivalent find.
 */
const { winningStages } = planStore('ledger-plans');

const account = new ObjectId();

it.each([
  ['balances: daily totals up to a day', 'ledger_daily_totals', { account_id: account, day: { $lte: '2026-12-31' } }],
  ['an account balance: daily totals under some codes', 'ledger_daily_totals', { account_id: account, ancestors: { $in: ['1', '1.1'] } }],
  ['posting: the daily total of an account and day', 'ledger_daily_totals', { account_id: account, account_code: '1.1', day: '2026-01-01' }],
  ['accounts by code', 'ledger_accounts', { account_id: account, code: { $in: ['1', '2'] } }],
  ['children of accounts', 'ledger_accounts', { account_id: account, parent_code: { $in: ['1', '2'] } }],
  ['lines on an account (in use)', 'journal_entries', { account_id: account, 'lines.account_code': '1.1' }],
  ['a closed fiscal year', 'fiscal_years', { account_id: account, year: 2026, status: 'closed' }],
])('%s uses an index', async (_name, collection, filter) => {
  const plan = await winningStages(collection, filter);
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
});

it('the balances list accounts down to a level in code order without sorting in memory', async () => {
  const plan = await winningStages('ledger_accounts', { account_id: account, level: { $lte: 3 } }, { code: 1 });
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('SORT');
});
