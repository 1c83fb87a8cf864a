import { LEDGER_ACCOUNT } from '../domain/accounting/account-declaration';
import { JOURNAL_ENTRY } from '../domain/accounting/journal-declaration';
import { declaredRoutes } from './declared.routes';
import { onlyFields, QueryReader } from './query';
import type { RestRoute } from './route';

const accounts = declaredRoutes(LEDGER_ACCOUNT, 'ledger accounts');
const journal = declaredRoutes(JOURNAL_ENTRY, 'journal entries');

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const SEED: RestRoute = {
  method: 'post',
  path: '/accounting/accounts/seed/',
  summary: 'Load the default chart of accounts (all or nothing); a chart that has accounts is left alone and answers seeded 0 with a message',
  scope: 'accounting:write',
  document: /* GraphQL */ `mutation RestSeedLedgerAccounts { seedLedgerAccounts { seeded message } }`,
  variables: () => ({}),
  respond(data) {
    const { seeded, message } = data.seedLedgerAccounts as { seeded: number; message: string };
    return { status: 200, data: { seeded }, extra: { seeded, message } };
  },
  responseSchema: { type: 'object', properties: { seeded: { examples: [6], type: 'integer', minimum: 0 } }, required: ['seeded'] },
  responseExtra: {
    seeded: { examples: [86], type: 'integer', minimum: 0 },
    message: { examples: ['Loaded the default chart of accounts (86 accounts).'], type: 'string' },
  },
  successStatus: 200,
};

const balanceRow = {
  type: 'object',
  properties: {
    code: { examples: ['1.1.1.01.001'], type: 'string' },
    name: { examples: ['Caja en pesos'], type: 'string' },
    account_type: { type: 'string', enum: ['asset', 'liability', 'equity', 'revenue', 'expense'] },
    level: { examples: [5], type: 'integer' },
    is_detail: { type: 'boolean' },
    debit: { examples: [21000], type: 'number' },
    credit: { examples: [21000], type: 'number' },
    balance: { examples: [125430.75], type: 'number', description: 'debit − credit for asset and expense accounts, credit − debit otherwise.' },
  },
  required: ['code', 'name', 'account_type', 'level', 'is_detail', 'debit', 'credit', 'balance'],
};

const balanceQuery = (query: Record<string, unknown>) => {
  const params = new QueryReader(query);
  const variables = { asOf: params.string('as_of'), level: params.whole('level') };
  params.done();
  return variables;
};

const BALANCES: RestRoute = {
  method: 'get',
  path: '/accounting/accounts/balances/',
  summary: 'Posted balances of every account down to a level as of the end of a day, rolled up from detail accounts to their parents',
  scope: 'accounting:read',
  document: /* GraphQL */ `
    query RestLedgerBalances($asOf: String, $level: Int) {
      ledgerBalances(asOf: $asOf, level: $level) {
        as_of: asOf
        level
        total_debit: totalDebit
        total_credit: totalCredit
        items { code name account_type: accountType level is_detail: isDetail debit credit balance }
      }
    }`,
  variables: ({ query }) => balanceQuery(query),
  respond: (data) => ({ status: 200, data: data.ledgerBalances }),
  pathRenames: { asOf: 'as_of' },
  parameters: [
    { name: 'as_of', description: 'YYYY-MM-DD: entries dated up to this day count (default: today in Argentina).', schema: { type: 'string', format: 'date' } },
    { name: 'level', description: 'List accounts down to this level, 1 to 5 (default 5).', schema: { type: 'integer', minimum: 1, maximum: 5 } },
  ],
  responseSchema: {
    type: 'object',
    properties: {
      as_of: { examples: ['2025-03-14'], type: 'string', format: 'date' },
      level: { examples: [5], type: 'integer' },
      total_debit: { examples: [121000], type: 'number' },
      total_credit: { examples: [121000], type: 'number' },
      items: { type: 'array', items: balanceRow },
    },
    required: ['as_of', 'level', 'total_debit', 'total_credit', 'items'],
  },
  successStatus: 200,
};

const POST: RestRoute = {
  method: 'post',
  path: '/accounting/journal/{id}/post/',
  summary: 'Post a draft entry: numbered within its fiscal year, balances moved (409 INVALID_TRANSITION if not a draft, PERIOD_CLOSED in a closed year)',
  scope: 'accounting:write',
  // Spreads the declared record fragment (built from the declaration, so not a static document for codegen).
  document: `mutation RestPostJournalEntry($id: ID!) { postJournalEntry(id: $id) { ...JournalEntryRecord } } ${journal.record.fragment}`,
  variables: ({ params }) => ({ id: params.id }),
  respond: (data) => ({
    status: 200,
    data: journal.record.toRecord(data.postJournalEntry as Record<string, unknown>),
    extra: { message: 'Journal entry posted.' },
  }),
  responseSchema: ref('JournalEntry'),
  responseExtra: { message: { examples: ['Journal entry posted.'], type: 'string' } },
  successStatus: 200,
};

const REVERSE: RestRoute = {
  method: 'post',
  path: '/accounting/journal/{id}/reverse/',
  summary: 'Reverse a posted entry: posts its counter-entry (optional body date, YYYY-MM-DD, default today) and links both; answers the counter-entry',
  scope: 'accounting:write',
  document: `mutation RestReverseJournalEntry($id: ID!, $date: String) { reverseJournalEntry(id: $id, date: $date) { ...JournalEntryRecord } } ${journal.record.fragment}`,
  variables({ params, body }) {
    const { date } = onlyFields(body, ['date'], 'a reversal');
    return { id: params.id, date };
  },
  respond: (data) => ({
    status: 200,
    data: journal.record.toRecord(data.reverseJournalEntry as Record<string, unknown>),
    extra: { message: 'Journal entry reversed: its counter-entry is posted.' },
  }),
  requestBody: { type: 'object', properties: { date: { examples: ['2025-03-14'], type: ['string', 'null'], format: 'date' } }, additionalProperties: false },
  responseSchema: ref('JournalEntry'),
  responseExtra: { message: { examples: ['Journal entry reversed: its counter-entry is posted.'], type: 'string' } },
  successStatus: 200,
};

/** Fixed paths (list, seed, balances) before the `{id}` ones. */
export const ACCOUNTING_ROUTES: RestRoute[] = [
  accounts.routes[0],
  SEED,
  BALANCES,
  ...accounts.routes.slice(1),
  journal.routes[0],
  ...journal.routes.slice(1),
  POST,
  REVERSE,
];

export const ACCOUNTING_COMPONENTS: Record<string, Record<string, unknown>> = { ...accounts.components, ...journal.components };
