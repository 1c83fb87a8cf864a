import { ObjectId } from 'mongodb';
import { OWN_DAY_ORDER } from '../../src/domain/accounting/fiscal-calendar/account-days';
import { DEADLINE_ORDER, deadlineFilter, type DeadlineFilter } from '../../src/domain/accounting/fiscal-calendar/deadlines';
import { planStore } from '../support/plans';

/**
 * The fiscal calendar's and the fiscal close's queries are served by indexes (asked of the server with explain):
 * every filter combination of the deadline list and the upcoming window in due order without an in-memory sort,
 * and each query of the close (the daily totals it adds up, the drafts it counts, the earlier years it seeks).
 */
const { winningStages } = planStore('fiscal-plans');

const account = new ObjectId();
const TODAY = '2027-02-20';

const filters: Array<[string, DeadlineFilter]> = [
  ['no filter', {}],
  ['year', { year: 2027 }],
  ['year and month', { year: 2027, month: 3 }],
  ['month alone', { month: 3 }],
  ['status pending', { status: 'pending' }],
  ['status overdue', { status: 'overdue' }],
  ['status completed', { status: 'completed' }],
  ['tax', { tax: 'iva' }],
  ['everything', { year: 2027, month: 2, status: 'overdue', tax: 'suss' }],
];

it.each(filters)('the deadline list (%s) reads the due-day index in due order, without sorting in memory', async (_name, filter) => {
  const plan = await winningStages('fiscal_deadlines', { ...deadlineFilter(filter, TODAY), account_id: account }, DEADLINE_ORDER);
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
  expect(plan).not.toContain('SORT');
});

it('upcoming reads the due-day index in due order', async () => {
  const plan = await winningStages(
    'fiscal_deadlines',
    { account_id: account, status: 'pending', due_date: { $gte: TODAY, $lte: '2027-03-22' } },
    DEADLINE_ORDER,
  );
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('SORT');
});

it.each([
  ['all of them', { account_id: account }],
  ['a year', { account_id: account, date: { $gte: '2026-01-01', $lte: '2026-12-31' } }],
])("the account's own non-working days (%s) read the date index in date order", async (_name, filter) => {
  const plan = await winningStages('fiscal_non_working_days', filter, OWN_DAY_ORDER);
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('SORT');
});

it.each([
  ['seed: the deadlines of a year', 'fiscal_deadlines', { account_id: account, year: 2027 }],
  ['a change of own days: the pending deadlines of a year', 'fiscal_deadlines', { account_id: account, year: 2026, status: 'pending' }],
  [
    'close: daily totals of the result accounts in the year',
    'ledger_daily_totals',
    { account_id: account, account_code: { $in: ['4.1', '5.1'] }, day: { $gte: '2025-01-01', $lte: '2025-12-31' } },
  ],
  ['years: daily totals of the result accounts', 'ledger_daily_totals', { account_id: account, account_code: { $in: ['4.1', '5.1'] } }],
  ['close: drafts dated in the year', 'journal_entries', { account_id: account, status: 'draft', date: { $gte: '2025-01-01', $lte: '2025-12-31' } }],
  ['close and years: the fiscal years of the account', 'fiscal_years', { account_id: account }],
  ['posting: a closed year at or after the entry’s', 'fiscal_years', { account_id: account, year: { $gte: 2025 }, status: 'closed' }],
  ['close: the result accounts of the chart', 'ledger_accounts', { account_id: account, account_type: { $in: ['revenue', 'expense'] } }],
])('%s uses an index', async (_name, collection, filter) => {
  const plan = await winningStages(collection, filter);
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
});

it('close: the latest posting day before a year is one index seek backwards, without sorting in memory', async () => {
  const plan = await winningStages('ledger_daily_totals', { account_id: account, day: { $lt: '2025-01-01' } }, { day: -1 });
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('SORT');
});
