/**
 * Helpers for the expense tests: GraphQL documents and small request wrappers. The REST ↔ GraphQL naming of the
 * contract (snake_case, `_id`, AFIP's Id/BaseImp/Importe) is written out here independently of src/rest-compat.
 */
import type { HttpResult, TestGateway } from '../../support/gateway';

export type Row = Record<string, any>;

export const EXPENSE_FIELDS = `
  id amount description taxRate category date
  ivaItems { id baseImp importe }
  supplierId vendor receiptUrl recurring recurringPeriod paymentMethod receiptNumber notes tags status
  approvedAt paidAt refundedAt cancelledAt journalEntryId receivedInvoiceId createdAt updatedAt
`;

const BULK_ERRORS = 'errors { index code message details { path message } }';

export const EQ = {
  get: `query($id: ID!) { expense(id: $id) { ${EXPENSE_FIELDS} } }`,
  list: `query($filter: ExpenseFilter, $orderBy: ExpenseOrderBy, $first: Int, $offset: Int) {
    expenses(filter: $filter, orderBy: $orderBy, first: $first, offset: $offset) { totalCount totalAmount nodes { ${EXPENSE_FIELDS} } }
  }`,
  create: `mutation($input: CreateExpenseInput!) { createExpense(input: $input) { ${EXPENSE_FIELDS} } }`,
  update: `mutation($id: ID!, $input: UpdateExpenseInput!) { updateExpense(id: $id, input: $input) { ${EXPENSE_FIELDS} } }`,
  delete: `mutation($id: ID!) { deleteExpense(id: $id) }`,
  bulkCreate: `mutation($inputs: [ExpenseCreateItem!]!, $allOrNone: Boolean!) {
    createExpenses(inputs: $inputs, allOrNone: $allOrNone) { count items { ${EXPENSE_FIELDS} } ${BULK_ERRORS} }
  }`,
  bulkUpdate: `mutation($inputs: [ExpenseUpdateItem!]!, $allOrNone: Boolean!) {
    updateExpenses(inputs: $inputs, allOrNone: $allOrNone) { count items { ${EXPENSE_FIELDS} } ${BULK_ERRORS} }
  }`,
  bulkDelete: `mutation($ids: [ID!]!, $allOrNone: Boolean!) {
    deleteExpenses(ids: $ids, allOrNone: $allOrNone) { count items { id deleted } ${BULK_ERRORS} }
  }`,
  move: (mutation: string) => `mutation($id: ID!) { ${mutation}(id: $id) { ${EXPENSE_FIELDS} } }`,
};

/** A minimal valid expense, REST names. */
export const restExpense = (fields: Row = {}): Row => ({
  amount: 100,
  description: 'Internet',
  tax_rate: 21,
  category: 'Servicios',
  date: '2025-03-01',
  ...fields,
});
/** The same, GraphQL names. */
export const gqlExpense = (fields: Row = {}): Row => ({
  amount: 100,
  description: 'Internet',
  taxRate: 21,
  category: 'Servicios',
  date: '2025-03-01',
  ...fields,
});

export const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const INSTANTS = ['approvedAt', 'paidAt', 'refundedAt', 'cancelledAt', 'createdAt', 'updatedAt'];

/** A GraphQL DateTimeISO (UTC) as REST writes it: Argentine wall-clock time (UTC−3) without a zone. */
export const restDateTime = (value: string | null): string | null =>
  value === null ? null : new Date(new Date(value).getTime() - 3 * 3600_000).toISOString().replace(/Z$/, '');

/** A GraphQL Expense as the REST record must show it. */
export function expenseToRest(expense: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(expense)) {
    if (key === 'id') out._id = value;
    else if (INSTANTS.includes(key)) out[snake(key)] = restDateTime(value);
    else if (key === 'ivaItems') out.iva_items = (value as Row[]).map((line) => ({ Id: line.id, BaseImp: line.baseImp, Importe: line.importe }));
    else out[snake(key)] = value;
  }
  return out;
}

const AFIP: Record<string, string> = { Id: 'id', BaseImp: 'baseImp', Importe: 'importe' };

/** A REST body → the GraphQL input carrying the same values. */
export function restToGql(body: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === 'iva_items')
      out.ivaItems = Array.isArray(value) ? value.map((line: Row) => Object.fromEntries(Object.entries(line).map(([k, v]) => [AFIP[k] ?? k, v]))) : value;
    else out[key.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase())] = value;
  }
  return out;
}

/** An error as comparable across surfaces: code and the set of REST-named paths. */
export function gqlError(res: HttpResult): { code: string; paths: string[] } {
  const error = res.body.errors?.[0];
  return { code: error?.extensions?.code, paths: ((error?.extensions?.details ?? []) as Row[]).map((d) => d.path).sort() };
}
export function restError(res: HttpResult): { code: string; paths: string[] } {
  return { code: res.body.error?.code, paths: ((res.body.error?.details ?? []) as Row[]).map((d) => d.path).sort() };
}

export async function createRest(gw: TestGateway, key: string, fields: Row = {}): Promise<Row> {
  const res = await gw.rest('POST', '/expenses/', { key, body: restExpense(fields) });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function createGql(gw: TestGateway, key: string, fields: Row = {}): Promise<Row> {
  const res = await gw.gql(EQ.create, { input: gqlExpense(fields) }, { key });
  if (res.body.errors) throw new Error(`create failed: ${JSON.stringify(res.body.errors)}`);
  return res.body.data.createExpense;
}
