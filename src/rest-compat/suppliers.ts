import { CONDICIONES_IVA, createSupplierSchema, SUPPLIER_STATUSES, updateSupplierSchema } from '../domain/suppliers/schema';
import { BULK_ERRORS, crudRoutes } from './crud';
import type { SupplierRecordFragment } from './generated/operations';
import { bodyToInput } from './naming';

/** The record as the legacy API names it: aliases give snake_case and `_id`. */
const RECORD = /* GraphQL */ `
  fragment SupplierRecord on Supplier {
    _id: id
    name
    email
    phone
    tax_id: taxId
    contact_name: contactName
    address { text street city state postal_code: postalCode country }
    fiscal_info: fiscalInfo { condicion_iva: condicionIva }
    category
    tags
    notes
    status
    created_at: createdAt
    updated_at: updatedAt
  }
`;

type Row = Record<string, unknown>;

/** The legacy address is a string or an object of its parts. */
function restRecord(record: SupplierRecordFragment): Row {
  const { address } = record;
  let legacy: unknown = null;
  if (address?.text) legacy = address.text;
  else if (address) {
    const parts = Object.fromEntries(Object.entries(address).filter(([key, value]) => key !== 'text' && value !== null));
    legacy = Object.keys(parts).length ? parts : null;
  }
  return { ...record, address: legacy };
}

const ORDER_FIELDS: Record<string, string> = { name: 'name', created_at: 'createdAt', updated_at: 'updatedAt' };

export const { routes: SUPPLIER_ROUTES, components } = crudRoutes({
  base: '/suppliers',
  label: 'supplier',
  plural: 'suppliers',
  read: 'suppliers:read',
  write: 'suppliers:write',
  idName: '_id',
  documents: {
    list: /* GraphQL */ `
      query RestListSuppliers($filter: SupplierFilter, $orderBy: SupplierOrderBy, $first: Int, $offset: Int) {
        suppliers(filter: $filter, orderBy: $orderBy, first: $first, offset: $offset) { totalCount nodes { ...SupplierRecord } }
      }
      ${RECORD}`,
    get: /* GraphQL */ `
      query RestGetSupplier($id: ID!) { supplier(id: $id) { ...SupplierRecord } }
      ${RECORD}`,
    create: /* GraphQL */ `
      mutation RestCreateSupplier($input: CreateSupplierInput!) { createSupplier(input: $input) { ...SupplierRecord } }
      ${RECORD}`,
    update: /* GraphQL */ `
      mutation RestUpdateSupplier($id: ID!, $input: UpdateSupplierInput!) { updateSupplier(id: $id, input: $input) { ...SupplierRecord } }
      ${RECORD}`,
    remove: /* GraphQL */ `mutation RestDeleteSupplier($id: ID!) { deleteSupplier(id: $id) }`,
    createMany: /* GraphQL */ `
      mutation RestCreateSuppliers($inputs: [SupplierCreateItem!]!, $allOrNone: Boolean!) {
        createSuppliers(inputs: $inputs, allOrNone: $allOrNone) { count items { ...SupplierRecord } errors { ...BulkErrors } }
      }
      ${RECORD}
      ${BULK_ERRORS}`,
    updateMany: /* GraphQL */ `
      mutation RestUpdateSuppliers($inputs: [SupplierUpdateItem!]!, $allOrNone: Boolean!) {
        updateSuppliers(inputs: $inputs, allOrNone: $allOrNone) { count items { ...SupplierRecord } errors { ...BulkErrors } }
      }
      ${RECORD}
      ${BULK_ERRORS}`,
    removeMany: /* GraphQL */ `
      mutation RestDeleteSuppliers($ids: [ID!]!, $allOrNone: Boolean!) {
        deleteSuppliers(ids: $ids, allOrNone: $allOrNone) { count items { id deleted } errors { ...BulkErrors } }
      }
      ${BULK_ERRORS}`,
  },
  toRecord: (record) => restRecord(record as SupplierRecordFragment),
  toInput(fields) {
    const input = bodyToInput(fields) as Row;
    if (typeof input.address === 'string') input.address = { text: input.address };
    return input;
  },
  listVariables(params) {
    const sortBy = params.oneOf('sort_by', Object.keys(ORDER_FIELDS), 'created_at');
    const sortOrder = params.oneOf('sort_order', ['asc', 'desc'] as const, 'desc');
    return {
      filter: {
        status: params.string('status'),
        category: params.string('category'),
        tag: params.string('tag'),
        search: params.string('search'),
        createdFrom: params.date('created_from', false),
        createdTo: params.date('created_to', true),
      },
      orderBy: { field: ORDER_FIELDS[sortBy], direction: sortOrder },
    };
  },
  listParameters: [
    { name: 'status', description: 'Only suppliers with this status.', schema: { type: 'string', enum: [...SUPPLIER_STATUSES] } },
    { name: 'category', description: 'Only suppliers of this category.', schema: { type: 'string' } },
    { name: 'tag', description: 'Only suppliers carrying this tag.', schema: { type: 'string' } },
    { name: 'search', description: 'Text in the name, tax_id or email (case-insensitive).', schema: { type: 'string' } },
    { name: 'created_from', description: 'Created on or after (YYYY-MM-DD or ISO date-time).', schema: { type: 'string' } },
    { name: 'created_to', description: 'Created on or before (YYYY-MM-DD or ISO date-time).', schema: { type: 'string' } },
    { name: 'sort_by', description: 'name, created_at (default) or updated_at.', schema: { type: 'string', enum: Object.keys(ORDER_FIELDS) } },
    { name: 'sort_order', description: 'asc or desc (default).', schema: { type: 'string', enum: ['asc', 'desc'] } },
  ],
  /** A legacy string address travels as `address.text`; its errors are the `address` field's. */
  pathRenames: { 'address.text': 'address' },
  recordComponent: 'Supplier',
  createSchema: createSupplierSchema,
  updateSchema: updateSupplierSchema,
});

/** OpenAPI components the supplier routes refer to. */
export const SUPPLIER_COMPONENTS: Record<string, Record<string, unknown>> = {
  ...components,
  Supplier: {
    type: 'object',
    properties: {
      _id: { type: 'string' },
      name: { type: 'string' },
      email: { type: ['string', 'null'] },
      phone: { type: ['string', 'null'] },
      tax_id: { type: ['string', 'null'] },
      contact_name: { type: ['string', 'null'] },
      address: {
        anyOf: [
          { type: 'string' },
          { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' }, state: { type: 'string' }, postal_code: { type: 'string' }, country: { type: 'string' } } },
          { type: 'null' },
        ],
      },
      fiscal_info: {
        anyOf: [{ type: 'object', properties: { condicion_iva: { type: ['string', 'null'], enum: [...CONDICIONES_IVA, null] } } }, { type: 'null' }],
      },
      category: { type: ['string', 'null'] },
      tags: { type: 'array', items: { type: 'string' } },
      notes: { type: ['string', 'null'] },
      status: { type: 'string', enum: [...SUPPLIER_STATUSES] },
      created_at: { type: 'string', format: 'date-time' },
      updated_at: { type: 'string', format: 'date-time' },
    },
    required: ['_id', 'name', 'tags', 'status', 'created_at', 'updated_at'],
  },
};
