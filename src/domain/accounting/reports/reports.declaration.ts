import { day, flag, money, oneOf, ref, text, whole, int } from '../../declare/field';
import { arg, declareOperation, type OperationArg } from '../../declare/operation';
import { declareShape, listOf, nested } from '../../declare/shape';
import { MAX_PAGE_SIZE } from '../../pagination';
import type { LedgerAccountDocument } from '../../stored';
import { ACCOUNT_TYPES, MAX_LEVEL } from '../account-declaration';
import type { BalanceRow, balances } from '../chart';
import { JOURNAL_ENTRY } from '../journal-declaration';
import { DEFAULT_CASH_ACCOUNT, type CashFlow } from './cash-flow';
import type { LedgerPage, LedgerSection } from './ledgers';
import type { BookLine } from './lines';
import { DEFAULT_LINES } from './params';
import type { Section } from './reports.statements';
import type { TrialBalance } from './trial-balance';

/**
 * The accounting reports (Query fields, and the REST routes `/accounting/reports/...`, all scope accounting:read)
 * and the chart's balances (`/accounting/accounts/balances/`):
 * their arguments and result shapes, declared once. Amounts are integer centavos in the domain's results and pesos
 * in both answers; the REST names are the contract's.
 */

const ID_EXAMPLE = '6650a1c2e4b0d5a7c8e9f012';
const CURSOR_EXAMPLE = 'eyJvZmZzZXQiOjUwfQ';
type OfAccount = { account: LedgerAccountDocument };

/** The account a report row is about (read from the row's account). */
const ACCOUNT_FIELDS = {
  code: text(50, { example: '1.1.1.01.001', read: (row: OfAccount) => row.account.code }),
  name: text(200, { example: 'Caja en pesos', read: (row: OfAccount) => row.account.name }),
  accountType: oneOf(ACCOUNT_TYPES, 'LedgerAccountType', { read: (row: OfAccount) => row.account.account_type }),
  level: int(1, MAX_LEVEL, { example: 5, read: (row: OfAccount) => row.account.level }),
  isDetail: flag({ read: (row: OfAccount) => row.account.is_detail }),
};

const figure = (example: number, description?: string) => money(0, { example, description });
const FROM = day({ example: '2025-03-01' });
const TO = day({ example: '2025-03-31' });
const LEVEL = whole({ example: 5 });
type OfPeriod = { period: { from: string; to: string; level: number } };
const PERIOD_FIELDS = {
  from: day({ example: '2025-03-01', read: (report: OfPeriod) => report.period.from }),
  to: day({ example: '2025-03-31', read: (report: OfPeriod) => report.period.to }),
  level: whole({ example: 5, read: (report: OfPeriod) => report.period.level }),
};

const TRIAL_BALANCE_TOTALS = declareShape({
  type: 'TrialBalanceTotals',
  description: 'The trial balance’s totals over the lowest listed accounts (each posting counted once).',
  fields: {
    openingDebit: figure(1124300.75),
    openingCredit: figure(200000),
    debit: figure(21000),
    credit: figure(21000),
    closingDebit: figure(1604300.75),
    closingCredit: figure(350000),
  },
});

const TRIAL_BALANCE_ROW = declareShape({
  type: 'TrialBalanceRow',
  description: 'One account of the trial balance (Balance de Sumas y Saldos); a parent’s figures include its descendants’.',
  fields: {
    ...ACCOUNT_FIELDS,
    openingDebit: figure(1124300.75, 'Debit balance before the period (saldo inicial deudor).'),
    openingCredit: figure(200000, 'Credit balance before the period (saldo inicial acreedor).'),
    debit: figure(21000, 'Debits posted in the period (sumas del Debe).'),
    credit: figure(21000, 'Credits posted in the period (sumas del Haber).'),
    closingDebit: figure(1604300.75, 'Debit balance at the end of the period (saldo deudor).'),
    closingCredit: figure(350000, 'Credit balance at the end of the period (saldo acreedor).'),
    balance: figure(125430.75, 'The closing balance in the account’s nature (negative when on the other side).'),
  },
});

const TRIAL_BALANCE_RESULT = declareShape({
  type: 'TrialBalance',
  description: 'Balance de Sumas y Saldos: opening balance, the period’s debits and credits, and closing balance of every account.',
  fields: {
    from: day({ example: '2025-03-01', description: 'YYYY-MM-DD, first day of the period.', read: (report: TrialBalance) => report.period.from }),
    to: day({ example: '2025-03-31', description: 'YYYY-MM-DD, last day of the period.', read: (report: TrialBalance) => report.period.to }),
    level: PERIOD_FIELDS.level,
    items: listOf(TRIAL_BALANCE_ROW, {
      description: 'In code order; accounts without figures only with includeZero.',
      read: (report: TrialBalance) => report.rows,
    }),
    totals: nested(TRIAL_BALANCE_TOTALS),
    balanced: flag({ description: 'Debits equal credits, and debit balances equal credit balances (opening and closing).' }),
  },
});

const STATEMENT_ROW = declareShape({
  type: 'StatementRow',
  description: 'One account of a statement with its amount in the account’s nature (a contra account’s is negative).',
  fields: { ...ACCOUNT_FIELDS, amount: money(0, { example: 12100.5, restDescription: 'In the account’s nature (a contra account’s is negative).' }) },
});

const STATEMENT_SECTION = declareShape({
  type: 'StatementSection',
  description: 'The accounts of one type and their total (the type’s level-1 accounts’).',
  fields: {
    total: figure(121000),
    items: listOf(STATEMENT_ROW, { description: 'In code order, down to the report’s level.', read: (section: Section) => section.rows }),
  },
});

const INCOME_STATEMENT_RESULT = declareShape({
  type: 'IncomeStatement',
  description: 'Estado de Resultados: the period’s revenue and expenses, grouped by the chart’s headings, and the result.',
  fields: {
    ...PERIOD_FIELDS,
    revenue: nested(STATEMENT_SECTION, { description: 'Revenue accounts: credits − debits of the period.' }),
    expenses: nested(STATEMENT_SECTION, { description: 'Expense accounts: debits − credits of the period.' }),
    result: figure(1250000, 'Revenue − expenses: a profit when positive (Resultado del ejercicio).'),
  },
});

const BALANCE_SHEET_RESULT = declareShape({
  type: 'BalanceSheet',
  description: 'Estado de Situación Patrimonial at the end of a day; assets = liabilities + equity + unclosed result is checked.',
  fields: {
    asOf: day({ example: '2025-03-14', description: 'YYYY-MM-DD: entries dated up to this day count.' }),
    level: LEVEL,
    assets: nested(STATEMENT_SECTION),
    liabilities: nested(STATEMENT_SECTION),
    equity: nested(STATEMENT_SECTION),
    unclosedResult: figure(0, 'Revenue − expenses not yet closed into equity (the result before the fiscal close).'),
    liabilitiesAndEquity: figure(18500000, 'Liabilities + equity + the unclosed result.'),
    difference: figure(0, 'Assets − (liabilities + equity + unclosed result): 0 in a book that balances.'),
    balanced: flag(),
  },
});

const nullableText = (example: string, description?: string) => text(200, { nullable: true, example, description });
const ENTRY_STATUSES = ['posted', 'reversed'];

/** A posted journal line where it stands in the book (the account's lines, and the ledgers' running lines). */
export const LEDGER_LINE = declareShape({
  type: 'LedgerLine',
  description: 'A posted journal line where it stands in the book.',
  fields: {
    entryId: ref('journal_entries', 'journal entry', { description: 'The journal entry of the line.', example: ID_EXAMPLE }),
    date: day({ example: '2025-03-14' }),
    number: whole({ example: 152, description: 'The entry’s number within its fiscal year.' }),
    fiscalYear: whole({ example: 2025, nullable: true }),
    status: text(20, { values: ENTRY_STATUSES, description: 'posted, or reversed (its counter-entry is in the book too).' }),
    entryDescription: text(500, { example: 'Pago a Papelera del Plata SA', description: 'The entry’s description.' }),
    referenceType: nullableText('expense'),
    referenceId: nullableText(ID_EXAMPLE),
    lineIndex: int(0, Number.POSITIVE_INFINITY, {
      example: 0,
      description: 'The line’s position in its entry (0-based).',
      read: (line: BookLine) => line.line,
    }),
    accountCode: text(50, { example: '1.1.1.01.001' }),
    accountName: nullableText('Caja en pesos'),
    description: nullableText('Servicio de internet de marzo', 'The line’s own description.'),
    debit: figure(21000),
    credit: figure(21000),
  },
});

const RUNNING_LINE = declareShape({
  type: 'LedgerRunningLine',
  description: 'A ledger line with the account’s balance after it, in the account’s nature.',
  extends: LEDGER_LINE,
  fields: { balance: money(0, { example: 125430.75, restDescription: 'The account’s balance after the line, in its nature.' }) },
});

const LEDGER_SECTION = declareShape({
  type: 'LedgerSection',
  description: 'One account of a ledger (Mayor): its figures over the period and the page’s lines.',
  fields: {
    ...ACCOUNT_FIELDS,
    openingBalance: money(0, {
      example: 924300.75,
      description: 'Balance before the period, in the account’s nature.',
      restDescription: 'Before the period, in the account’s nature.',
    }),
    totalDebit: figure(121000, 'Debits of the whole period.'),
    totalCredit: figure(121000, 'Credits of the whole period.'),
    closingBalance: figure(1254300.75, 'Balance at the end of the period, in the account’s nature.'),
    lines: listOf(RUNNING_LINE, { description: 'This page’s lines in book order (day, entry number, line).' }),
  },
});

const ACCOUNT_LEDGER_RESULT = declareShape({
  type: 'AccountLedger',
  description: 'Mayor of one account (a heading account’s: its descendants’ lines), a page at a time.',
  fields: {
    from: FROM,
    to: TO,
    account: nested(LEDGER_SECTION, { read: (page: LedgerPage<LedgerSection>) => page.items }),
    nextCursor: nullableText(CURSOR_EXAMPLE, 'Pass as `after` for the next page; null on the last.'),
  },
});

const GENERAL_LEDGER_RESULT = declareShape({
  type: 'GeneralLedger',
  description: 'Libro Mayor: every account with posted lines in the period, a page of lines at a time.',
  fields: {
    from: FROM,
    to: TO,
    accounts: listOf(LEDGER_SECTION, {
      description: 'In code order; a page may end inside an account and the next go on there.',
      read: (page: LedgerPage<LedgerSection[]>) => page.items,
    }),
    nextCursor: nullableText(CURSOR_EXAMPLE),
  },
});

/** What the daily journal's REST answer selects of a journal line (the GraphQL type is the resource's). */
const JOURNAL_LINE_VIEW = declareShape({
  type: 'JournalLine',
  fields: {
    accountCode: text(50, { example: '1.1.1.01.001' }),
    accountName: nullableText('Caja en pesos'),
    debit: money(0, { example: 21000, nullable: true }),
    credit: money(0, { example: 21000, nullable: true }),
    description: nullableText('Servicio de internet de marzo'),
  },
});

/** What the daily journal's REST answer selects of a journal entry (a record of the journal entries resource). */
const JOURNAL_ENTRY_VIEW = declareShape({
  type: 'JournalEntry',
  record: JOURNAL_ENTRY,
  fields: {
    id: ref('journal_entries', 'journal entry', { rest: '_id', example: ID_EXAMPLE }),
    number: whole({ example: 152 }),
    fiscalYear: whole({ example: 2025 }),
    date: day({ example: '2025-03-14' }),
    description: text(500, { example: 'Servicio de internet de marzo' }),
    status: text(20, { values: ENTRY_STATUSES }),
    referenceType: nullableText('expense'),
    referenceId: nullableText(ID_EXAMPLE),
    totalDebit: figure(121000),
    totalCredit: figure(121000),
    lines: listOf(JOURNAL_LINE_VIEW),
  },
});

const DAILY_JOURNAL_RESULT = declareShape({
  type: 'DailyJournal',
  description: 'Libro Diario of one day: its posted entries in number order.',
  fields: {
    date: day({ example: '2025-03-14' }),
    totalDebit: figure(121000, 'Everything debited that day (all pages).'),
    totalCredit: figure(121000),
    entries: listOf(JOURNAL_ENTRY_VIEW),
    nextCursor: nullableText(CURSOR_EXAMPLE),
  },
});

const CASH_FLOW_ACTIVITY = declareShape({
  type: 'CashFlowActivity',
  description: 'The cash moved by one activity, by counterpart account (rolled up to the report’s level).',
  fields: {
    total: figure(121000, 'Net cash in (positive) or out (negative).'),
    items: listOf(STATEMENT_ROW, {
      description: 'Counterpart accounts; amount: cash in (positive) or out (negative).',
      read: (activity: Section) => activity.rows,
    }),
  },
});

const CASH_FLOW_RESULT = declareShape({
  type: 'CashFlow',
  description: 'Estado de Flujo de Efectivo (direct method) of the cash and bank accounts under one heading.',
  fields: {
    ...PERIOD_FIELDS,
    cashAccount: text(50, {
      example: '1.1.1.01.001',
      description: 'The heading (or account) whose postable accounts are the cash.',
      read: (report: CashFlow) => report.cashAccount.code,
    }),
    openingCash: figure(515000),
    inflows: figure(2450000, 'Debits to the cash accounts in the period (transfers between them included).'),
    outflows: figure(2120000, 'Credits to the cash accounts in the period.'),
    netChange: figure(330000),
    closingCash: figure(845000),
    operating: nested(CASH_FLOW_ACTIVITY, {
      description: 'Customers, suppliers, salaries, taxes, revenue and expenses.',
      read: (report: CashFlow) => report.activities.operating,
    }),
    investing: nested(CASH_FLOW_ACTIVITY, {
      description: 'Non-current assets (bienes de uso, intangibles).',
      read: (report: CashFlow) => report.activities.investing,
    }),
    financing: nested(CASH_FLOW_ACTIVITY, { description: 'Bank and financial debts, equity.', read: (report: CashFlow) => report.activities.financing }),
    balanced: flag({ description: 'Opening + net change = closing, and the activities add up to the net change.' }),
  },
});

const READ = 'accounting:read';
const BASE = '/accounting/reports';

const PERIOD_ARGS = {
  from: arg.day({
    description: 'YYYY-MM-DD, first day (default: 1 January of `to`’s year).',
    rest: { description: 'YYYY-MM-DD, first day of the period (default: 1 January of `to`’s year).' },
  }),
  to: arg.day({
    description: 'YYYY-MM-DD, last day (default: today in Argentina).',
    rest: { description: 'YYYY-MM-DD, last day of the period (default: today in Argentina).' },
  }),
};
const LEVEL_ARGS = {
  level: arg.int(1, MAX_LEVEL, { description: 'List accounts down to this level, 1 to 5 (default 5); parents roll up their descendants.' }),
  includeZero: arg.flag({ description: 'List accounts without figures too (default false).' }),
};
/** A page of `limit` lines (GraphQL `first`) after `cursor` (GraphQL `after`). */
const pageArgs = (what: string): { first: OperationArg<number>; after: OperationArg<string> } => ({
  first: arg.int(1, MAX_PAGE_SIZE, {
    description: `${what}, 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_LINES}).`,
    rest: { name: 'limit', pageSize: { fallback: DEFAULT_LINES, max: MAX_PAGE_SIZE, what } },
  }),
  after: arg.text(200, {
    description: 'The nextCursor of the previous page.',
    rest: { name: 'cursor', description: 'The next_cursor of the previous page.' },
  }),
});

export const TRIAL_BALANCE = declareOperation({
  name: 'trialBalance',
  description: 'Balance de Sumas y Saldos of a period (posted entries; reversed ones and their reversals both count).',
  scope: READ,
  args: { ...PERIOD_ARGS, ...LEVEL_ARGS },
  result: TRIAL_BALANCE_RESULT,
  rest: {
    method: 'get',
    path: `${BASE}/trial-balance/`,
    summary:
      'Balance de Sumas y Saldos: per account, the balance before the period, its debits and credits, and the closing balance (debit or credit side); totals over the lowest listed accounts balance',
  },
});

export const INCOME_STATEMENT = declareOperation({
  name: 'incomeStatement',
  description: 'Estado de Resultados of a period.',
  scope: READ,
  args: { ...PERIOD_ARGS, ...LEVEL_ARGS },
  result: INCOME_STATEMENT_RESULT,
  rest: {
    method: 'get',
    path: `${BASE}/income-statement/`,
    summary:
      'Estado de Resultados: the period’s revenue (credits − debits) and expenses (debits − credits) by the chart’s headings down to a level, and the result',
  },
});

export const BALANCE_SHEET = declareOperation({
  name: 'balanceSheet',
  description: 'Estado de Situación Patrimonial at the end of `to`.',
  scope: READ,
  args: {
    to: arg.day({
      description: PERIOD_ARGS.to.description,
      rest: { description: 'YYYY-MM-DD: the day the balances are taken at (default: today in Argentina).' },
    }),
    ...LEVEL_ARGS,
  },
  result: BALANCE_SHEET_RESULT,
  rest: {
    method: 'get',
    path: `${BASE}/balance-sheet/`,
    summary:
      'Estado de Situación Patrimonial at the end of `to`: assets, liabilities and equity down to a level, the result not yet closed, and the check assets = liabilities + equity + result',
  },
});

export const GENERAL_LEDGER = declareOperation({
  name: 'generalLedger',
  description: 'Libro Mayor of a period: every account with posted lines, with running balances, a page at a time.',
  scope: READ,
  args: { ...PERIOD_ARGS, ...pageArgs('Lines per page') },
  result: GENERAL_LEDGER_RESULT,
  rest: {
    method: 'get',
    path: `${BASE}/general-ledger/`,
    summary:
      'Libro Mayor: every account with posted lines in the period in code order, with opening balance, lines with running balance and closing balance; `limit` lines a page, next_cursor for the next',
  },
});

export const ACCOUNT_LEDGER = declareOperation({
  name: 'accountLedger',
  description: 'Mayor of one account with its running balance, a page at a time (404 for an unknown code).',
  scope: READ,
  args: { accountCode: arg.text(200, { required: true, rest: { in: 'path' } }), ...PERIOD_ARGS, ...pageArgs('Lines per page') },
  result: ACCOUNT_LEDGER_RESULT,
  rest: {
    method: 'get',
    path: `${BASE}/account-ledger/{account_code}/`,
    summary: 'Mayor of one account (of a heading account: its descendants’ lines) with running balance; `limit` lines a page (404 for an unknown code)',
  },
});

export const DAILY_JOURNAL = declareOperation({
  name: 'dailyJournal',
  description: 'Libro Diario of one day: its posted entries in number order, a page at a time.',
  scope: READ,
  args: { date: arg.day({ required: true, description: 'YYYY-MM-DD.', rest: { in: 'path' } }), ...pageArgs('Entries per page') },
  result: DAILY_JOURNAL_RESULT,
  rest: {
    method: 'get',
    path: `${BASE}/daily-journal/{date}/`,
    summary: 'Libro Diario of one day (YYYY-MM-DD): its posted entries in number order with their lines, and the day’s totals; `limit` entries a page',
  },
});

export const CASH_FLOW = declareOperation({
  name: 'cashFlow',
  description: 'Estado de Flujo de Efectivo (direct method) of a period.',
  scope: READ,
  args: {
    ...PERIOD_ARGS,
    ...LEVEL_ARGS,
    cashAccount: arg.text(200, {
      description: `The heading (or account) whose postable accounts are the cash and banks (default ${DEFAULT_CASH_ACCOUNT}, Caja y Bancos).`,
      rest: {
        description: `The heading (or account) whose postable accounts are the cash and banks (default ${DEFAULT_CASH_ACCOUNT}, Caja y Bancos of the default chart).`,
      },
    }),
  },
  result: CASH_FLOW_RESULT,
  rest: {
    method: 'get',
    path: `${BASE}/cash-flow/`,
    summary:
      'Estado de Flujo de Efectivo, direct method: opening and closing cash of the cash and bank accounts, and the period’s movements by counterpart account in operating, investing and financing activities',
  },
});

/** One account's posted figures up to a day (the chart's balances). */
const BALANCE_ROW = declareShape({
  type: 'LedgerBalanceRow',
  description: "One account's posted figures up to a day; a parent's include its descendants'.",
  fields: {
    ...ACCOUNT_FIELDS,
    debit: money(0, { example: 21000, description: 'Sum of the posted debits.', read: (row: BalanceRow) => row.debitCents }),
    credit: money(0, { example: 21000, description: 'Sum of the posted credits.', read: (row: BalanceRow) => row.creditCents }),
    balance: money(0, {
      example: 125430.75,
      description: 'In the account’s nature: debit − credit for asset and expense accounts, credit − debit otherwise.',
      restDescription: 'debit − credit for asset and expense accounts, credit − debit otherwise.',
      read: (row: BalanceRow) => row.balanceCents,
    }),
  },
});

type Balances = Awaited<ReturnType<typeof balances>>;

const BALANCES_RESULT = declareShape({
  type: 'LedgerBalances',
  description: 'Balances of the chart as of the end of a day.',
  fields: {
    asOf: day({ example: '2025-03-14', description: 'YYYY-MM-DD: entries dated up to this day count.' }),
    level: whole({ example: 5, description: 'Accounts down to this level are listed.' }),
    totalDebit: money(0, { example: 121000, description: 'All posted debits (they equal the credits).', read: (result: Balances) => result.totalDebitCents }),
    totalCredit: money(0, { example: 121000, read: (result: Balances) => result.totalCreditCents }),
    items: listOf(BALANCE_ROW, { description: 'In code order.', read: (result: Balances) => result.rows }),
  },
});

export const LEDGER_BALANCES = declareOperation({
  name: 'ledgerBalances',
  description: 'Posted balances of the chart as of the end of a day, rolled up from detail accounts to their parents.',
  scope: READ,
  args: {
    asOf: arg.day({
      description: 'YYYY-MM-DD (default: today in Argentina).',
      rest: { description: 'YYYY-MM-DD: entries dated up to this day count (default: today in Argentina).' },
    }),
    level: arg.int(1, MAX_LEVEL, { description: 'List accounts down to this level, 1 to 5 (default 5).' }),
  },
  result: BALANCES_RESULT,
  rest: {
    method: 'get',
    path: '/accounting/accounts/balances/',
    summary: 'Posted balances of every account down to a level as of the end of a day, rolled up from detail accounts to their parents',
  },
});

/** The reports in the order of their routes. */
export const ACCOUNTING_REPORTS = [TRIAL_BALANCE, INCOME_STATEMENT, BALANCE_SHEET, GENERAL_LEDGER, ACCOUNT_LEDGER, DAILY_JOURNAL, CASH_FLOW];
