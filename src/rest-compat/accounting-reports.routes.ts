import type { RestInput, RestRoute, QueryParameter } from './route';
import { askedNote, askedSchema, pageSizeParameter, type PagingSpec } from './paging';
import { QueryReader } from './query';
import { DEFAULT_LINES } from '../domain/accounting/reports/params';
import { MAX_PAGE_SIZE } from '../domain/pagination';

/**
 * The accounting reports (`/accounting/reports`, all GET, scope accounting:read), each the stored document of its
 * GraphQL query with the fields renamed to the REST API's words. The documents share their selections (built from
 * the constants below), so they are not static documents for codegen.
 */

type Schema = Record<string, unknown>;

const money = { type: 'number' };
const day = { type: 'string', format: 'date' };
const object = (properties: Record<string, Schema>, nullable: string[] = []): Schema => ({
  type: 'object',
  properties,
  required: Object.keys(properties).filter((name) => !nullable.includes(name)),
});
const nullableString = { type: ['string', 'null'] };
const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'revenue', 'expense'];
const accountProperties = {
  code: { examples: ['1.1.1.01.001'], type: 'string' },
  name: { examples: ['Caja en pesos'], type: 'string' },
  account_type: { type: 'string', enum: ACCOUNT_TYPES },
  level: { examples: [5], type: 'integer', minimum: 1, maximum: 5 },
  is_detail: { type: 'boolean' },
};
const ACCOUNT_FIELDS = 'code name account_type: accountType level is_detail: isDetail';

const statementRow = object({
  ...accountProperties,
  amount: { examples: [12100.5], ...money, description: 'In the account’s nature (a contra account’s is negative).' },
});
const section = object({ total: { ...money, examples: [121000] }, items: { type: 'array', items: statementRow } });
const SECTION_FIELDS = `total items { ${ACCOUNT_FIELDS} amount }`;

const lineProperties = {
  entry_id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string', description: 'The journal entry of the line.' },
  date: { ...day, examples: ['2025-03-14'] },
  number: { examples: [152], type: 'integer', description: 'The entry’s number within its fiscal year.' },
  fiscal_year: { examples: [2025], type: ['integer', 'null'] },
  status: { type: 'string', enum: ['posted', 'reversed'] },
  entry_description: { examples: ['Pago a Papelera del Plata SA'], type: 'string' },
  reference_type: { ...nullableString, examples: ['expense'] },
  reference_id: { ...nullableString, examples: ['6650a1c2e4b0d5a7c8e9f012'] },
  line_index: { examples: [0], type: 'integer', minimum: 0 },
  account_code: { examples: ['1.1.1.01.001'], type: 'string' },
  account_name: { ...nullableString, examples: ['Caja en pesos'] },
  description: { ...nullableString, examples: ['Servicio de internet de marzo'] },
  debit: { ...money, examples: [21000] },
  credit: { ...money, examples: [21000] },
  balance: { examples: [125430.75], ...money, description: 'The account’s balance after the line, in its nature.' },
};
const runningLine = object(lineProperties, ['fiscal_year', 'reference_type', 'reference_id', 'account_name', 'description']);
const LINE_FIELDS = `entry_id: entryId date number fiscal_year: fiscalYear status entry_description: entryDescription
  reference_type: referenceType reference_id: referenceId line_index: lineIndex account_code: accountCode
  account_name: accountName description debit credit balance`;
const ledgerSection = object({
  ...accountProperties,
  opening_balance: { examples: [924300.75], ...money, description: 'Before the period, in the account’s nature.' },
  total_debit: { ...money, examples: [121000] },
  total_credit: { ...money, examples: [121000] },
  closing_balance: { ...money, examples: [1254300.75] },
  lines: { type: 'array', items: runningLine },
});
const SECTION_OF_LEDGER = `${ACCOUNT_FIELDS} opening_balance: openingBalance total_debit: totalDebit total_credit: totalCredit
  closing_balance: closingBalance lines { ${LINE_FIELDS} }`;

const PERIOD: QueryParameter[] = [
  { name: 'from', description: 'YYYY-MM-DD, first day of the period (default: 1 January of `to`’s year).', schema: day },
  { name: 'to', description: 'YYYY-MM-DD, last day of the period (default: today in Argentina).', schema: day },
];
const LEVEL: QueryParameter = {
  name: 'level',
  description: 'List accounts down to this level, 1 to 5 (default 5); parents roll up their descendants.',
  schema: { type: 'integer', minimum: 1, maximum: 5 },
};
const INCLUDE_ZERO: QueryParameter = { name: 'include_zero', description: 'List accounts without figures too (default false).', schema: { type: 'boolean' } };
/** The reports' cursor pages: `limit` lines (or entries) a page. */
const PAGING: PagingSpec = { size: 'limit', fallback: DEFAULT_LINES, max: MAX_PAGE_SIZE };
/** What a report's page says of its size: the lines served a page, and what was asked when it was more. */
function pageNote(query: Record<string, unknown>): Record<string, number> {
  const read = new QueryReader(query).pageSize(PAGING.size, PAGING.fallback, PAGING.max);
  return { limit: read.size, ...askedNote(PAGING, read) };
}
const PAGE: QueryParameter[] = [
  pageSizeParameter(PAGING, 'Lines per page'),
  { name: 'cursor', description: 'The next_cursor of the previous page.', schema: { type: 'string' } },
];
const RENAMES = { includeZero: 'include_zero', first: 'limit', after: 'cursor', accountCode: 'account_code', cashAccount: 'cash_account' };

/** Reads the named query parameters (`from`, `to`, `level`, `include_zero`, `limit`, `cursor`, …) into variables. */
function reader(names: string[]) {
  return ({ query }: RestInput) => {
    const params = new QueryReader(query);
    const variables: Record<string, unknown> = {};
    for (const name of names) {
      if (name === 'level') variables.level = params.whole('level');
      else if (name === 'include_zero') variables.includeZero = params.flag('include_zero');
      else if (name === 'limit') variables.first = params.pageSize('limit', PAGING.fallback, PAGING.max).size;
      else if (name === 'cursor') variables.after = params.string('cursor');
      else if (name === 'cash_account') variables.cashAccount = params.string('cash_account');
      else variables[name] = params.string(name);
    }
    params.done();
    return variables;
  };
}

function report(
  path: string,
  summary: string,
  field: string,
  document: string,
  parameters: QueryParameter[],
  responseSchema: Schema,
  variables: RestRoute['variables'],
): RestRoute {
  const paged = parameters.some((parameter) => parameter.name === PAGING.size);
  return {
    method: 'get',
    path: `/accounting/reports/${path}`,
    summary,
    scope: 'accounting:read',
    document,
    variables,
    respond: (data, { query }) => ({
      status: 200,
      data: {
        ...(data[field] as Record<string, unknown>),
        ...(paged ? pageNote(query) : {}),
      },
    }),
    pathRenames: RENAMES,
    parameters,
    responseSchema,
    successStatus: 200,
  };
}

const totalsProperties = {
  opening_debit: { ...money, examples: [1124300.75] },
  opening_credit: { ...money, examples: [200000] },
  debit: { ...money, examples: [21000] },
  credit: { ...money, examples: [21000] },
  closing_debit: { ...money, examples: [1604300.75] },
  closing_credit: { ...money, examples: [350000] },
};
const TOTALS_FIELDS = 'opening_debit: openingDebit opening_credit: openingCredit debit credit closing_debit: closingDebit closing_credit: closingCredit';

const TRIAL_BALANCE = report(
  'trial-balance/',
  'Balance de Sumas y Saldos: per account, the balance before the period, its debits and credits, and the closing balance (debit or credit side); totals over the lowest listed accounts balance',
  'trialBalance',
  `
    query RestTrialBalance($from: String, $to: String, $level: Int, $includeZero: Boolean) {
      trialBalance(from: $from, to: $to, level: $level, includeZero: $includeZero) {
        from
        to
        level
        items { ${ACCOUNT_FIELDS} ${TOTALS_FIELDS} balance }
        totals { ${TOTALS_FIELDS} }
        balanced
      }
    }`,
  [...PERIOD, LEVEL, INCLUDE_ZERO],
  object({
    from: { ...day, examples: ['2025-03-01'] },
    to: { ...day, examples: ['2025-03-31'] },
    level: { examples: [5], type: 'integer' },
    items: { type: 'array', items: object({ ...accountProperties, ...totalsProperties, balance: { ...money, examples: [125430.75] } }) },
    totals: object(totalsProperties),
    balanced: { type: 'boolean' },
  }),
  reader(['from', 'to', 'level', 'include_zero']),
);

const INCOME_STATEMENT = report(
  'income-statement/',
  'Estado de Resultados: the period’s revenue (credits − debits) and expenses (debits − credits) by the chart’s headings down to a level, and the result',
  'incomeStatement',
  `
    query RestIncomeStatement($from: String, $to: String, $level: Int, $includeZero: Boolean) {
      incomeStatement(from: $from, to: $to, level: $level, includeZero: $includeZero) {
        from
        to
        level
        revenue { ${SECTION_FIELDS} }
        expenses { ${SECTION_FIELDS} }
        result
      }
    }`,
  [...PERIOD, LEVEL, INCLUDE_ZERO],
  object({
    from: { ...day, examples: ['2025-03-01'] },
    to: { ...day, examples: ['2025-03-31'] },
    level: { examples: [5], type: 'integer' },
    revenue: section,
    expenses: section,
    result: { ...money, examples: [1250000] },
  }),
  reader(['from', 'to', 'level', 'include_zero']),
);

const BALANCE_SHEET = report(
  'balance-sheet/',
  'Estado de Situación Patrimonial at the end of `to`: assets, liabilities and equity down to a level, the result not yet closed, and the check assets = liabilities + equity + result',
  'balanceSheet',
  `
    query RestBalanceSheet($to: String, $level: Int, $includeZero: Boolean) {
      balanceSheet(to: $to, level: $level, includeZero: $includeZero) {
        as_of: asOf
        level
        assets { ${SECTION_FIELDS} }
        liabilities { ${SECTION_FIELDS} }
        equity { ${SECTION_FIELDS} }
        unclosed_result: unclosedResult
        liabilities_and_equity: liabilitiesAndEquity
        difference
        balanced
      }
    }`,
  [{ name: 'to', description: 'YYYY-MM-DD: the day the balances are taken at (default: today in Argentina).', schema: day }, LEVEL, INCLUDE_ZERO],
  object({
    as_of: { ...day, examples: ['2025-03-14'] },
    level: { examples: [5], type: 'integer' },
    assets: section,
    liabilities: section,
    equity: section,
    unclosed_result: { ...money, examples: [0] },
    liabilities_and_equity: { ...money, examples: [18500000] },
    difference: { ...money, examples: [0] },
    balanced: { type: 'boolean' },
  }),
  reader(['to', 'level', 'include_zero']),
);

const GENERAL_LEDGER = report(
  'general-ledger/',
  'Libro Mayor: every account with posted lines in the period in code order, with opening balance, lines with running balance and closing balance; `limit` lines a page, next_cursor for the next',
  'generalLedger',
  `
    query RestGeneralLedger($from: String, $to: String, $first: Int, $after: String) {
      generalLedger(from: $from, to: $to, first: $first, after: $after) {
        from
        to
        accounts { ${SECTION_OF_LEDGER} }
        next_cursor: nextCursor
      }
    }`,
  [...PERIOD, ...PAGE],
  object(
    {
      from: { ...day, examples: ['2025-03-01'] },
      to: { ...day, examples: ['2025-03-31'] },
      accounts: { type: 'array', items: ledgerSection },
      next_cursor: { ...nullableString, examples: ['eyJvZmZzZXQiOjUwfQ'] },
      limit: { examples: [50], type: 'integer' },
      ...askedSchema(PAGING),
    },
    ['limit_requested'],
  ),
  reader(['from', 'to', 'limit', 'cursor']),
);

const ACCOUNT_LEDGER: RestRoute = report(
  'account-ledger/{account_code}/',
  'Mayor of one account (of a heading account: its descendants’ lines) with running balance; `limit` lines a page (404 for an unknown code)',
  'accountLedger',
  `
    query RestAccountLedger($accountCode: String!, $from: String, $to: String, $first: Int, $after: String) {
      accountLedger(accountCode: $accountCode, from: $from, to: $to, first: $first, after: $after) {
        from
        to
        account { ${SECTION_OF_LEDGER} }
        next_cursor: nextCursor
      }
    }`,
  [...PERIOD, ...PAGE],
  object(
    {
      from: { ...day, examples: ['2025-03-01'] },
      to: { ...day, examples: ['2025-03-31'] },
      account: ledgerSection,
      next_cursor: { ...nullableString, examples: ['eyJvZmZzZXQiOjUwfQ'] },
      limit: { examples: [50], type: 'integer' },
      ...askedSchema(PAGING),
    },
    ['limit_requested'],
  ),
  (input) => ({ ...reader(['from', 'to', 'limit', 'cursor'])(input), accountCode: input.params.account_code }),
);

const journalLine = object(
  {
    account_code: { examples: ['1.1.1.01.001'], type: 'string' },
    account_name: { ...nullableString, examples: ['Caja en pesos'] },
    debit: { examples: [21000], type: ['number', 'null'] },
    credit: { examples: [21000], type: ['number', 'null'] },
    description: { ...nullableString, examples: ['Servicio de internet de marzo'] },
  },
  ['account_name', 'debit', 'credit', 'description'],
);
const journalEntry = object(
  {
    _id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string' },
    number: { examples: [152], type: 'integer' },
    fiscal_year: { examples: [2025], type: 'integer' },
    date: { ...day, examples: ['2025-03-14'] },
    description: { examples: ['Servicio de internet de marzo'], type: 'string' },
    status: { type: 'string', enum: ['posted', 'reversed'] },
    reference_type: { ...nullableString, examples: ['expense'] },
    reference_id: { ...nullableString, examples: ['6650a1c2e4b0d5a7c8e9f012'] },
    total_debit: { ...money, examples: [121000] },
    total_credit: { ...money, examples: [121000] },
    lines: { type: 'array', items: journalLine },
  },
  ['reference_type', 'reference_id'],
);

const DAILY_JOURNAL: RestRoute = report(
  'daily-journal/{date}/',
  'Libro Diario of one day (YYYY-MM-DD): its posted entries in number order with their lines, and the day’s totals; `limit` entries a page',
  'dailyJournal',
  `
    query RestDailyJournal($date: String!, $first: Int, $after: String) {
      dailyJournal(date: $date, first: $first, after: $after) {
        date
        total_debit: totalDebit
        total_credit: totalCredit
        entries {
          _id: id
          number
          fiscal_year: fiscalYear
          date
          description
          status
          reference_type: referenceType
          reference_id: referenceId
          total_debit: totalDebit
          total_credit: totalCredit
          lines { account_code: accountCode account_name: accountName debit credit description }
        }
        next_cursor: nextCursor
      }
    }`,
  [pageSizeParameter(PAGING, 'Entries per page'), { name: 'cursor', description: 'The next_cursor of the previous page.', schema: { type: 'string' } }],
  object(
    {
      date: { ...day, examples: ['2025-03-14'] },
      total_debit: { ...money, examples: [121000] },
      total_credit: { ...money, examples: [121000] },
      entries: { type: 'array', items: journalEntry },
      next_cursor: { ...nullableString, examples: ['eyJvZmZzZXQiOjUwfQ'] },
      limit: { examples: [50], type: 'integer' },
      ...askedSchema(PAGING),
    },
    ['limit_requested'],
  ),
  (input) => ({ ...reader(['limit', 'cursor'])(input), date: input.params.date }),
);

const activity = object({ total: { ...money, examples: [121000] }, items: { type: 'array', items: statementRow } });
const CASH_FLOW = report(
  'cash-flow/',
  'Estado de Flujo de Efectivo, direct method: opening and closing cash of the cash and bank accounts, and the period’s movements by counterpart account in operating, investing and financing activities',
  'cashFlow',
  `
    query RestCashFlow($from: String, $to: String, $level: Int, $includeZero: Boolean, $cashAccount: String) {
      cashFlow(from: $from, to: $to, level: $level, includeZero: $includeZero, cashAccount: $cashAccount) {
        from
        to
        level
        cash_account: cashAccount
        opening_cash: openingCash
        inflows
        outflows
        net_change: netChange
        closing_cash: closingCash
        operating { ${SECTION_FIELDS} }
        investing { ${SECTION_FIELDS} }
        financing { ${SECTION_FIELDS} }
        balanced
      }
    }`,
  [
    ...PERIOD,
    LEVEL,
    INCLUDE_ZERO,
    {
      name: 'cash_account',
      description: 'The heading (or account) whose postable accounts are the cash and banks (default 1.1.1, Caja y Bancos of the default chart).',
      schema: { type: 'string' },
    },
  ],
  object({
    from: { ...day, examples: ['2025-03-01'] },
    to: { ...day, examples: ['2025-03-31'] },
    level: { examples: [5], type: 'integer' },
    cash_account: { examples: ['1.1.1.01.001'], type: 'string' },
    opening_cash: { ...money, examples: [515000] },
    inflows: { ...money, examples: [2450000] },
    outflows: { ...money, examples: [2120000] },
    net_change: { ...money, examples: [330000] },
    closing_cash: { ...money, examples: [845000] },
    operating: activity,
    investing: activity,
    financing: activity,
    balanced: { type: 'boolean' },
  }),
  reader(['from', 'to', 'level', 'include_zero', 'cash_account']),
);

export const ACCOUNTING_REPORT_ROUTES: RestRoute[] = [TRIAL_BALANCE, INCOME_STATEMENT, BALANCE_SHEET, GENERAL_LEDGER, ACCOUNT_LEDGER, DAILY_JOURNAL, CASH_FLOW];
