import { LEDGER_ACCOUNT } from '../domain/accounting/account-declaration';
import { JOURNAL_ENTRY } from '../domain/accounting/journal-declaration';
import { LEDGER_BALANCES } from '../domain/accounting/reports/reports.declaration';
import { declaredRoutes } from './declared.routes';
import { operationRoute } from './operation.routes';
import { onlyFields } from './query';
import type { RestRoute } from './route';

const accounts = declaredRoutes(LEDGER_ACCOUNT);
const journal = declaredRoutes(JOURNAL_ENTRY);

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
export const LEDGER_ACCOUNT_ROUTES: RestRoute[] = [accounts.routes[0], SEED, operationRoute(LEDGER_BALANCES), ...accounts.routes.slice(1)];

export const JOURNAL_ENTRY_ROUTES: RestRoute[] = [...journal.routes, POST, REVERSE];
