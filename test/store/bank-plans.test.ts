import { ObjectId } from 'mongodb';
import { planStore } from '../support/plans';

/**
 * Bank reconciliation reads through indexes: statements newest first, a statement's movements in file order or its
 * open ones by date, a movement's dedup key, a journal line's match, and the posted lines of a bank account in a date
 * range (the candidates of auto-match). Asked of the server with explain.
 */
const { winningStages } = planStore('bank-plans');

const account = new ObjectId();
const statement = new ObjectId();

it.each([
  ['statements newest first', 'bank_statements', { account_id: account }, { created_at: -1, _id: -1 }],
  [
    "one bank's statements newest first",
    'bank_statements',
    { account_id: account, ledger_account_code: '1.1.02' },
    { ledger_account_code: 1, created_at: -1, _id: -1 },
  ],
  ["a statement's movements in file order", 'bank_statement_lines', { account_id: account, statement_id: statement }, { line: 1, _id: 1 }],
  [
    "a statement's open movements by date",
    'bank_statement_lines',
    { account_id: account, statement_id: statement, status: 'open' },
    { status: 1, date: 1, _id: 1 },
  ],
])('%s come from an index, without sorting in memory', async (_name, collection, filter, sort) => {
  const plan = await winningStages(collection, filter, sort);
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
  expect(plan).not.toContain('SORT');
});

it.each([
  ['movements by dedup key', 'bank_statement_lines', { account_id: account, ledger_account_code: '1.1.02', dedup_key: { $in: ['a', 'b'] } }],
  ['the matches of journal entries', 'bank_matches', { account_id: account, entry_id: { $in: [new ObjectId()] } }],
  ['the matches of a movement', 'bank_matches', { account_id: account, statement_line_id: new ObjectId() }],
  [
    'posted lines of a bank account in a range',
    'journal_entries',
    { account_id: account, 'lines.account_code': '1.1.02', date: { $gte: '2026-07-01', $lte: '2026-07-31' } },
  ],
])('%s use an index', async (_name, collection, filter) => {
  const plan = await winningStages(collection, filter);
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
});
