import { EXPENSE } from '../domain/expenses/expenses.declaration';
import { JOURNAL_ENTRY } from '../domain/accounting/journal-declaration';
import { ValidationError } from '../domain/errors';
import { declaredRoutes } from './declared.routes';
import { bodyToInput } from './naming';
import { bodyObject } from './query';
import type { RestRoute } from './route';

/**
 * Posting purchases to the journal: the accounts it uses, an expense's and a received invoice's purchase entry, and
 * an expense made from a received invoice. The records answered are the declared ones (their components come with
 * their own routes).
 */
const journal = declaredRoutes(JOURNAL_ENTRY).record;
const expense = declaredRoutes(EXPENSE).record;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const SETTINGS_FIELDS = `expense vat_credit: vatCredit vat_credit_by_rate: vatCreditByRate { rate account_code: accountCode }
  iva_perceptions: ivaPerceptions iibb_perceptions: iibbPerceptions ganancias_perceptions: gananciasPerceptions
  other_taxes_as: otherTaxesAs suppliers_payable: suppliersPayable payment_methods: paymentMethods { method account_code: accountCode }`;

const code = { type: 'string', minLength: 1, maxLength: 20, description: 'A ledger account code (active, detail).' };
const rateAccount = {
  type: 'object',
  properties: { rate: { type: 'number', enum: [0, 2.5, 5, 10.5, 21, 27] }, account_code: { ...code, examples: ['1.1.1.01.001'] } },
  required: ['rate', 'account_code'],
  additionalProperties: false,
};
const methodAccount = {
  type: 'object',
  properties: { method: { examples: ['bank_transfer'], type: 'string', minLength: 1, maxLength: 50 }, account_code: { ...code, examples: ['1.1.1.01.001'] } },
  required: ['method', 'account_code'],
  additionalProperties: false,
};
const SETTINGS_PROPERTIES = {
  expense: { examples: ['5.2.1.01.003'], ...code, description: 'Net of an expense, and of a received invoice posted without an account.' },
  vat_credit: { examples: ['1.1.4.01.001'], ...code, description: 'IVA crédito fiscal (rates without an account of their own).' },
  vat_credit_by_rate: { type: 'array', items: rateAccount, maxItems: 6 },
  iva_perceptions: { ...code, examples: ['1.1.4.01.003'] },
  iibb_perceptions: { ...code, examples: ['1.1.4.01.005'] },
  ganancias_perceptions: { ...code, examples: ['1.1.4.01.004'] },
  other_taxes_as: { type: 'string', enum: ['iva', 'iibb', 'ganancias'], description: "The tax a received invoice's other taxes are booked as." },
  suppliers_payable: { examples: ['2.1.1.01.001'], ...code, description: 'Proveedores.' },
  payment_methods: { type: 'array', items: methodAccount, maxItems: 50 },
};
const SETTINGS_SCHEMA = { type: 'object', properties: SETTINGS_PROPERTIES, required: Object.keys(SETTINGS_PROPERTIES) };
const nullable = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'null' }] });

const GET_SETTINGS: RestRoute = {
  method: 'get',
  path: '/accounting/posting-accounts/',
  summary: "The ledger accounts purchase entries are posted to (the default chart's codes unless changed)",
  scope: 'accounting:read',
  document: `query RestPostingAccounts { postingAccounts { ${SETTINGS_FIELDS} } }`,
  variables: () => ({}),
  respond: (data) => ({ status: 200, data: data.postingAccounts }),
  responseSchema: SETTINGS_SCHEMA,
  successStatus: 200,
};

const PUT_SETTINGS: RestRoute = {
  method: 'put',
  path: '/accounting/posting-accounts/',
  summary:
    'Change the posting accounts: fields left out keep their values, null restores the default, a list replaces the whole list; every account named must be in the chart, active and a detail account (400 otherwise, nothing changes)',
  scope: 'accounting:write',
  document: `mutation RestUpdatePostingAccounts($input: PostingAccountsInput!) { updatePostingAccounts(input: $input) { ${SETTINGS_FIELDS} } }`,
  variables: ({ body }) => ({ input: bodyToInput(bodyObject(body)) }),
  respond: (data) => ({ status: 200, data: data.updatePostingAccounts, extra: { message: 'Posting accounts updated.' } }),
  requestBody: {
    type: 'object',
    properties: Object.fromEntries(Object.entries(SETTINGS_PROPERTIES).map(([name, schema]) => [name, nullable(schema)])),
    additionalProperties: false,
  },
  responseSchema: SETTINGS_SCHEMA,
  responseExtra: { message: { examples: ['Posting accounts updated.'], type: 'string' } },
  successStatus: 200,
};

/** A body of only the named optional string fields (an absent body is an empty one). */
function optionalStrings(body: unknown, names: string[]): Record<string, string | null> {
  const input = body === undefined || body === null ? {} : bodyObject(body);
  const problems = Object.entries(input).flatMap(([key, value]) => {
    if (!names.includes(key)) return [{ path: key, message: 'unknown field' }];
    return value === null || typeof value === 'string' ? [] : [{ path: key, message: 'must be a string' }];
  });
  if (problems.length) throw new ValidationError(`invalid input: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`, problems);
  return Object.fromEntries(names.map((name) => [name, (input[name] as string | null | undefined) ?? null]));
}

const POST_EXPENSE: RestRoute = {
  method: 'post',
  path: '/expenses/{id}/post/',
  summary:
    'Post the purchase entry of an approved or paid expense and link both ways; answers the posted journal entry (409 ALREADY_POSTED the second time, EXPENSE_NOT_APPROVED for other statuses, ACCOUNT_NOT_POSTABLE or PERIOD_CLOSED when the journal refuses)',
  scope: 'accounting:write',
  document: `mutation RestPostExpense($id: ID!) { postExpense(id: $id) { ...JournalEntryRecord } } ${journal.fragment}`,
  variables: ({ params, body }) => {
    optionalStrings(body, []);
    return { id: params.id };
  },
  respond: (data) => ({
    status: 200,
    data: journal.toRecord(data.postExpense as Record<string, unknown>),
    extra: { message: 'Expense posted.' },
  }),
  responseSchema: ref('JournalEntry'),
  responseExtra: { message: { examples: ['Expense posted.'], type: 'string' } },
  successStatus: 200,
};

const POST_INVOICE: RestRoute = {
  method: 'post',
  path: '/received_invoices/{id}/post/',
  summary:
    'Post the purchase entry of a received invoice (optional `account_code` of the net, default the expense posting account; optional `date`, default the issue day) and link it: status linked. Foreign-currency vouchers post in pesos at their exchange rate; credit notes reverse the sides. 409 ALREADY_POSTED the second time, INVOICE_HAS_EXPENSE when an expense was made from it',
  scope: 'accounting:write',
  document: `mutation RestPostReceivedInvoice($id: ID!, $accountCode: String, $date: String) {
    postReceivedInvoice(id: $id, accountCode: $accountCode, date: $date) { ...JournalEntryRecord }
  } ${journal.fragment}`,
  variables: ({ params, body }) => {
    const { account_code, date } = optionalStrings(body, ['account_code', 'date']);
    return { id: params.id, accountCode: account_code, date };
  },
  respond: (data) => ({
    status: 200,
    data: journal.toRecord(data.postReceivedInvoice as Record<string, unknown>),
    extra: { message: 'Received invoice posted.' },
  }),
  pathRenames: { accountCode: 'account_code' },
  requestBody: {
    type: 'object',
    properties: {
      account_code: { examples: ['1.1.1.01.001'], type: ['string', 'null'], maxLength: 20 },
      date: { examples: ['2025-03-14'], type: ['string', 'null'], format: 'date' },
    },
    additionalProperties: false,
  },
  responseSchema: ref('JournalEntry'),
  responseExtra: { message: { examples: ['Received invoice posted.'], type: 'string' } },
  successStatus: 200,
};

const CREATE_EXPENSE: RestRoute = {
  method: 'post',
  path: '/received_invoices/{id}/create-expense/',
  summary:
    'Create a pending expense from a received invoice (total in pesos, VAT lines, supplier by CUIT, issue day) and link both ways; answers the expense (409 NOT_AN_EXPENSE for a credit note, ALREADY_POSTED or INVOICE_HAS_EXPENSE when already booked)',
  scope: 'expenses:write',
  document: `mutation RestCreateExpenseFromReceivedInvoice($id: ID!) { createExpenseFromReceivedInvoice(id: $id) { ...ExpenseRecord } } ${expense.fragment}`,
  variables: ({ params, body }) => {
    optionalStrings(body, []);
    return { id: params.id };
  },
  respond: (data) => ({
    status: 201,
    data: expense.toRecord(data.createExpenseFromReceivedInvoice as Record<string, unknown>),
    extra: { message: 'Expense created from the received invoice.' },
  }),
  responseSchema: ref('Expense'),
  responseExtra: { message: { examples: ['Expense created from the received invoice.'], type: 'string' } },
  successStatus: 201,
};

export const POSTING_ROUTES: RestRoute[] = [GET_SETTINGS, PUT_SETTINGS, POST_EXPENSE, POST_INVOICE, CREATE_EXPENSE];
