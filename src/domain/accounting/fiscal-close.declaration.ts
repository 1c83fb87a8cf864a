import { flag, instant, money, oneOf, ref, text, whole } from '../declare/field';
import { arg, declareOperation } from '../declare/operation';
import { declareShape, listOf } from '../declare/shape';
import { RESULT_ACCOUNT_CODE, type ClosingLine, type FiscalYearSummary, type YearFigures } from './fiscal-close';

/**
 * The fiscal close (`/accounting/fiscal-close/...`): the account's fiscal years, what closing one would post, and
 * the close itself, with their result shapes. Amounts are integer centavos in the domain and pesos in the answers.
 */

const BLOCKER_CODES = ['FISCAL_YEAR_CLOSED', 'YEAR_NOT_ENDED', 'DRAFT_ENTRIES', 'EARLIER_YEAR_OPEN', 'RESULT_ACCOUNT_UNAVAILABLE', 'ACCOUNT_NOT_POSTABLE'];

const FISCAL_YEAR = declareShape({
  type: 'FiscalYear',
  description: 'A fiscal year of the account (the calendar year).',
  component: true,
  fields: {
    year: whole({ example: 2025 }),
    status: oneOf(['open', 'closed'], 'FiscalYearStatus', { typeDescription: 'open → closed (by the fiscal close; takes no more postings).' }),
    revenue: money(0, {
      example: 2095000,
      description: 'Revenue accounts: credits − debits over the year (for a closed year, at its close).',
      restDescription: 'Revenue accounts: credits − debits over the year (a closed year: at its close).',
      read: (year: FiscalYearSummary) => year.revenueCents,
    }),
    expenses: money(0, {
      example: 845000,
      description: 'Expense accounts: debits − credits over the year.',
      read: (year: FiscalYearSummary) => year.expensesCents,
    }),
    result: money(0, {
      example: 1250000,
      description: 'revenue − expenses: a profit above zero, a loss below.',
      restDescription: 'revenue − expenses (a loss is negative).',
      read: (year: FiscalYearSummary) => year.resultCents,
    }),
    closedAt: instant({ nullable: true, example: '2025-03-14T10:32:05.120' }),
    closingEntryId: ref('journal_entries', 'journal entry', {
      nullable: true,
      example: '6650a1c2e4b0d5a7c8e9f012',
      description: 'The posted closing entry (none when no result account moved).',
    }),
  },
});

const CLOSING_LINE = declareShape({
  type: 'FiscalClosingLine',
  description: 'One line of the closing entry.',
  fields: {
    accountCode: text(50, { example: '1.1.1.01.001', read: (line: ClosingLine) => line.account_code }),
    accountName: text(200, { example: 'Caja en pesos', read: (line: ClosingLine) => line.account_name }),
    debit: money(0, { example: 21000, read: (line: ClosingLine) => line.debit_cents }),
    credit: money(0, { example: 21000, read: (line: ClosingLine) => line.credit_cents }),
  },
});

const BLOCKER = declareShape({
  type: 'FiscalCloseBlocker',
  description: 'What stands in the way of closing a year (stable codes).',
  fields: {
    code: text(40, { values: BLOCKER_CODES, description: `${BLOCKER_CODES.slice(0, -1).join(', ')} or ${BLOCKER_CODES.at(-1)}.` }),
    message: text(500, { example: '3 journal entries are still drafts: post or delete them first' }),
  },
});

const CALCULATION = declareShape({
  type: 'FiscalYearCalculation',
  description: "A year's close, computed (before) or as done (after).",
  component: true,
  extends: FISCAL_YEAR,
  fields: {
    resultAccountCode: text(50, {
      example: '3.1.3.01.001',
      description: 'The equity account that receives the result (Resultado del ejercicio).',
      restDescription: 'The equity account that receives the result (3.3.1.01.002 Resultado del ejercicio).',
      read: () => RESULT_ACCOUNT_CODE,
    }),
    lines: listOf(CLOSING_LINE, {
      description: 'The closing entry: every result account with a balance zeroed against the result account.',
      restDescription: 'The closing entry: each result account with a balance zeroed, the difference to the result account.',
    }),
    blockers: listOf(BLOCKER, { description: 'Empty when the year can be closed.' }),
    canClose: flag({ read: (figures: YearFigures) => figures.status === 'open' && figures.blockers.length === 0 }),
  },
});

const BASE = '/accounting/fiscal-close';
/** The `{year}` of a path: its range is the operation's check (1900 to 9999). */
const YEAR = arg.int(1900, 9999, { required: true, rest: { in: 'path' } });

export const FISCAL_YEARS = declareOperation({
  name: 'fiscalYears',
  description: 'The account’s fiscal years with postings or a close, newest first.',
  scope: 'accounting:read',
  args: { status: arg.oneOf(['open', 'closed'], 'FiscalYearStatus', { rest: { description: 'open or closed.' } }) },
  result: FISCAL_YEAR,
  list: true,
  rest: {
    method: 'get',
    path: `${BASE}/years/`,
    summary: 'The fiscal years with postings or a close, newest first: open or closed, revenue, expenses and result (optional status filter)',
  },
});

export const FISCAL_YEAR_CALCULATION = declareOperation({
  name: 'fiscalYearCalculation',
  description: 'What closing the year would post and what blocks it (changes nothing).',
  scope: 'accounting:read',
  args: { year: YEAR },
  result: CALCULATION,
  rest: {
    method: 'get',
    path: `${BASE}/calculate/{year}/`,
    summary: 'What closing the year would post (revenue, expenses, result, the closing entry’s lines) and what blocks it; changes nothing',
  },
});

export const CLOSE_FISCAL_YEAR = declareOperation({
  name: 'closeFiscalYear',
  kind: 'mutation',
  description:
    'Posts the closing entry (revenue and expense accounts zeroed against the result account) and closes the year, in one transaction (409 FISCAL_YEAR_CLOSED, CLOSE_BLOCKED).',
  scope: 'accounting:write',
  args: { year: YEAR },
  result: CALCULATION,
  rest: {
    method: 'post',
    path: `${BASE}/close/{year}/`,
    summary:
      'Close the year: posts the closing entry (result accounts zeroed against 3.3.1.01.002) and locks the year, in one transaction (409 FISCAL_YEAR_CLOSED, CLOSE_BLOCKED); no body',
    message: 'Fiscal year closed.',
    body: 'a close',
  },
});

export const FISCAL_CLOSE_OPERATIONS = [FISCAL_YEARS, FISCAL_YEAR_CALCULATION, CLOSE_FISCAL_YEAR];
