import {
  createExpenseSchema,
  EXPENSE_STATUSES,
  IVA_IDS,
  MAX_IVA_ITEMS,
  PAYMENT_METHODS,
  RECURRING_PERIODS,
  TAX_RATES,
  updateExpenseSchema,
} from '../domain/expenses/schema';
import { BULK_ERRORS, crudRoutes } from './crud';
import { bodyToInput } from './naming';
import type { RestRoute } from './route';

/** The record as the legacy API names it: aliases give snake_case, `_id`, and AFIP's Id/BaseImp/Importe. */
const RECORD = /* GraphQL */ `
  fragment ExpenseRecord on Expense {
    _id: id
    amount
    description
    tax_rate: taxRate
    category
    date
    iva_items: ivaItems { Id: id BaseImp: baseImp Importe: importe }
    supplier_id: supplierId
    recurring
    recurring_period: recurringPeriod
    payment_method: paymentMethod
    receipt_number: receiptNumber
    notes
    status
    approved_at: approvedAt
    paid_at: paidAt
    refunded_at: refundedAt
    cancelled_at: cancelledAt
    created_at: createdAt
    updated_at: updatedAt
  }
`;

type Row = Record<string, unknown>;

/** Read-only fields of the record beyond the common ones (a PUT body may be a whole record as GET returned it). */
const READ_ONLY = ['approved_at', 'paid_at', 'refunded_at', 'cancelled_at'];

/** AFIP's names of a VAT line's fields → the GraphQL input's. */
const IVA_KEYS: Record<string, string> = { Id: 'id', BaseImp: 'baseImp', Importe: 'importe' };
/** A REST key that happens to be a GraphQL name (e.g. lower-case `id`) is not accepted: it travels under this suffix and is reported as unknown. */
const FOREIGN = '__rest';

function ivaLine(line: unknown): unknown {
  if (line === null || typeof line !== 'object' || Array.isArray(line)) return line;
  return Object.fromEntries(
    Object.entries(line).map(([key, value]) => [IVA_KEYS[key] ?? (Object.values(IVA_KEYS).includes(key) ? `${key}${FOREIGN}` : key), value]),
  );
}

/** GraphQL error paths of VAT lines → AFIP names (`ivaItems.0.id` → `iva_items.0.Id`). */
const PATH_RENAMES: Record<string, string> = {
  Id: 'Id',
  baseImp: 'BaseImp',
  importe: 'Importe',
  ...Object.fromEntries(Object.values(IVA_KEYS).map((key) => [`${key}${FOREIGN}`, key])),
  ...Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`ivaItems.${index}.id`, `iva_items.${index}.Id`])),
};

const ORDER_FIELDS: Record<string, string> = { date: 'date', amount: 'amount', created_at: 'createdAt', updated_at: 'updatedAt' };

const crud = crudRoutes({
  base: '/expenses',
  label: 'expense',
  plural: 'expenses',
  read: 'expenses:read',
  write: 'expenses:write',
  idName: '_id',
  documents: {
    list: /* GraphQL */ `
      query RestListExpenses($filter: ExpenseFilter, $orderBy: ExpenseOrderBy, $first: Int, $offset: Int) {
        expenses(filter: $filter, orderBy: $orderBy, first: $first, offset: $offset) { totalCount nodes { ...ExpenseRecord } }
      }
      ${RECORD}`,
    get: /* GraphQL */ `
      query RestGetExpense($id: ID!) { expense(id: $id) { ...ExpenseRecord } }
      ${RECORD}`,
    create: /* GraphQL */ `
      mutation RestCreateExpense($input: CreateExpenseInput!) { createExpense(input: $input) { ...ExpenseRecord } }
      ${RECORD}`,
    update: /* GraphQL */ `
      mutation RestUpdateExpense($id: ID!, $input: UpdateExpenseInput!) { updateExpense(id: $id, input: $input) { ...ExpenseRecord } }
      ${RECORD}`,
    remove: /* GraphQL */ `mutation RestDeleteExpense($id: ID!) { deleteExpense(id: $id) }`,
    createMany: /* GraphQL */ `
      mutation RestCreateExpenses($inputs: [ExpenseCreateItem!]!, $allOrNone: Boolean!) {
        createExpenses(inputs: $inputs, allOrNone: $allOrNone) { count items { ...ExpenseRecord } errors { ...BulkErrors } }
      }
      ${RECORD}
      ${BULK_ERRORS}`,
    updateMany: /* GraphQL */ `
      mutation RestUpdateExpenses($inputs: [ExpenseUpdateItem!]!, $allOrNone: Boolean!) {
        updateExpenses(inputs: $inputs, allOrNone: $allOrNone) { count items { ...ExpenseRecord } errors { ...BulkErrors } }
      }
      ${RECORD}
      ${BULK_ERRORS}`,
    removeMany: /* GraphQL */ `
      mutation RestDeleteExpenses($ids: [ID!]!, $allOrNone: Boolean!) {
        deleteExpenses(ids: $ids, allOrNone: $allOrNone) { count items { id deleted } errors { ...BulkErrors } }
      }
      ${BULK_ERRORS}`,
  },
  toRecord: (record) => record,
  toInput(fields) {
    const { iva_items: lines, ...rest } = fields;
    for (const key of READ_ONLY) delete rest[key];
    const input = bodyToInput(rest) as Row;
    if (lines !== undefined) input.ivaItems = Array.isArray(lines) ? lines.map(ivaLine) : lines;
    return input;
  },
  listVariables(params) {
    const sortBy = params.oneOf('sort_by', Object.keys(ORDER_FIELDS), 'date');
    const sortOrder = params.oneOf('sort_order', ['asc', 'desc'] as const, 'desc');
    const recurring = params.oneOf('recurring', ['true', 'false', ''] as const, '');
    return {
      filter: {
        status: params.string('status'),
        category: params.string('category'),
        supplierId: params.string('supplier_id'),
        dateFrom: params.string('date_from'),
        dateTo: params.string('date_to'),
        recurring: recurring === '' ? undefined : recurring === 'true',
        search: params.string('search'),
      },
      orderBy: { field: ORDER_FIELDS[sortBy], direction: sortOrder },
    };
  },
  listParameters: [
    { name: 'status', description: 'Only expenses with this status.', schema: { type: 'string', enum: [...EXPENSE_STATUSES] } },
    { name: 'category', description: 'Only expenses of this category (exact).', schema: { type: 'string' } },
    { name: 'supplier_id', description: 'Only expenses of this supplier.', schema: { type: 'string' } },
    { name: 'date_from', description: 'Dated on or after this day (YYYY-MM-DD).', schema: { type: 'string', format: 'date' } },
    { name: 'date_to', description: 'Dated on or before this day (YYYY-MM-DD).', schema: { type: 'string', format: 'date' } },
    { name: 'recurring', description: 'true or false.', schema: { type: 'string', enum: ['true', 'false'] } },
    { name: 'search', description: 'Text in the description (case-insensitive, literal).', schema: { type: 'string' } },
    { name: 'sort_by', description: 'date (default), amount, created_at or updated_at.', schema: { type: 'string', enum: Object.keys(ORDER_FIELDS) } },
    { name: 'sort_order', description: 'asc or desc (default).', schema: { type: 'string', enum: ['asc', 'desc'] } },
  ],
  pathRenames: PATH_RENAMES,
  recordComponent: 'Expense',
  createSchema: createExpenseSchema,
  updateSchema: updateExpenseSchema,
});

const money = (description: string) => ({ type: 'number', description });

/** A VAT line as REST writes and reads it. */
const IVA_ITEM = {
  type: 'object',
  properties: {
    Id: { type: 'integer', enum: IVA_IDS, description: 'AFIP aliquot id: 3 = 0 %, 4 = 10.5 %, 5 = 21 %, 6 = 27 %, 8 = 5 %, 9 = 2.5 %.' },
    BaseImp: { ...money('Taxable base, ≥ 0.'), minimum: 0 },
    Importe: { ...money("The tax: BaseImp × the aliquot's rate, within 0.01."), minimum: 0 },
  },
  required: ['Id', 'BaseImp', 'Importe'],
  additionalProperties: false,
};
const IVA_ITEMS_BODY = { anyOf: [{ type: 'array', items: IVA_ITEM, maxItems: MAX_IVA_ITEMS }, { type: 'null' }] };

/** The generated body schemas name VAT lines in GraphQL terms; REST bodies use AFIP's. */
function withAfipLines(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(withAfipLines);
  if (!node || typeof node !== 'object') return;
  const object = node as Row;
  const properties = object.properties as Row | undefined;
  if (properties && 'iva_items' in properties) properties.iva_items = IVA_ITEMS_BODY;
  for (const value of Object.values(object)) withAfipLines(value);
}
for (const route of crud.routes) if (route.requestBody) withAfipLines(route.requestBody);
withAfipLines(crud.components);

export const EXPENSE_ROUTES: RestRoute[] = crud.routes;

/** OpenAPI components the expense routes refer to. */
export const EXPENSE_COMPONENTS: Record<string, Record<string, unknown>> = {
  ...crud.components,
  Expense: {
    type: 'object',
    properties: {
      _id: { type: 'string' },
      amount: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1e12 },
      description: { type: 'string' },
      tax_rate: { type: 'number', enum: [...TAX_RATES] },
      category: { type: 'string' },
      date: { type: 'string', format: 'date' },
      iva_items: { type: 'array', items: IVA_ITEM },
      supplier_id: { type: ['string', 'null'] },
      recurring: { type: 'boolean' },
      recurring_period: { type: ['string', 'null'], enum: [...RECURRING_PERIODS, null] },
      payment_method: { type: ['string', 'null'], enum: [...PAYMENT_METHODS, null] },
      receipt_number: { type: ['string', 'null'] },
      notes: { type: ['string', 'null'] },
      status: {
        type: 'string',
        enum: [...EXPENSE_STATUSES],
        description: 'pending → approved → paid → refunded; pending or approved → cancelled. PUT with another status performs the move (409 INVALID_TRANSITION otherwise).',
      },
      approved_at: { type: ['string', 'null'], format: 'date-time' },
      paid_at: { type: ['string', 'null'], format: 'date-time' },
      refunded_at: { type: ['string', 'null'], format: 'date-time' },
      cancelled_at: { type: ['string', 'null'], format: 'date-time' },
      created_at: { type: 'string', format: 'date-time' },
      updated_at: { type: 'string', format: 'date-time' },
    },
    required: ['_id', 'amount', 'description', 'tax_rate', 'category', 'date', 'iva_items', 'recurring', 'status', 'created_at', 'updated_at'],
  },
};
