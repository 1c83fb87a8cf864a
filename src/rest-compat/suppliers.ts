import { createSupplierSchema, SUPPLIER_STATUSES, CONDICIONES_IVA, updateSupplierSchema } from '../domain/suppliers/schema';
import { ValidationError } from '../domain/errors';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../domain/pagination';
import { bodyToInput, restPath } from './naming';
import { restBodySchema } from './openapi-schemas';
import { bodyObject, QueryReader } from './query';
import type {
  RestCreateSupplierMutation,
  RestCreateSuppliersMutation,
  RestDeleteSupplierMutation,
  RestDeleteSuppliersMutation,
  RestGetSupplierQuery,
  RestListSuppliersQuery,
  RestUpdateSupplierMutation,
  RestUpdateSuppliersMutation,
  SupplierRecordFragment,
} from './generated/operations';
import type { RestInput, RestRoute } from './route';

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

const BULK_ERRORS = /* GraphQL */ `
  fragment BulkErrors on BulkItemError {
    index
    code
    message
    details { path message }
  }
`;

type Row = Record<string, unknown>;
type BulkErrors = RestCreateSuppliersMutation['createSuppliers']['errors'];

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

const READ_ONLY = ['_id', 'id', 'account_id', 'created_at', 'updated_at'];
/** A legacy string address travels as `address.text`; its errors are the `address` field's. */
const ADDRESS_RENAME = { 'address.text': 'address' };

/** A REST supplier body as GraphQL input: read-only fields dropped (PUT may send a whole record back). */
function supplierInput(body: unknown, keepId = false): Row {
  const fields = { ...bodyObject(body, 'supplier') };
  const id = fields._id ?? fields.id;
  for (const key of READ_ONLY) delete fields[key];
  const input = bodyToInput(fields) as Row;
  if (typeof input.address === 'string') input.address = { text: input.address };
  return keepId ? { id, ...input } : input;
}

function bulkItems(input: RestInput, key: 'items' | 'ids'): { list: unknown[]; allOrNone: boolean } {
  const body = bodyObject(input.body);
  const list = body[key];
  if (!Array.isArray(list)) throw new ValidationError(`${key} must be an array`, [{ path: key, message: 'must be an array' }]);
  const allOrNone = body.all_or_none ?? true;
  if (typeof allOrNone !== 'boolean') throw new ValidationError('all_or_none must be true or false', [{ path: 'all_or_none', message: 'must be a boolean' }]);
  return { list, allOrNone };
}

function restErrors(errors: BulkErrors): BulkErrors {
  return errors.map((error) => ({ ...error, details: error.details.map((detail) => ({ ...detail, path: restPath(detail.path) })) }));
}

const ORDER_FIELDS: Record<string, string> = { name: 'name', created_at: 'createdAt', updated_at: 'updatedAt' };

/** The list route's query string: paging, filters and order, every malformed parameter reported at once. */
function listParams(query: Record<string, unknown>) {
  const params = new QueryReader(query);
  const page = params.int('page', 1, 1, 1_000_000);
  const limit = params.int('limit', DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE);
  const sortBy = params.oneOf('sort_by', Object.keys(ORDER_FIELDS), 'created_at');
  const sortOrder = params.oneOf('sort_order', ['asc', 'desc'] as const, 'desc');
  const filter = {
    status: params.string('status'),
    category: params.string('category'),
    tag: params.string('tag'),
    search: params.string('search'),
    createdFrom: params.date('created_from', false),
    createdTo: params.date('created_to', true),
  };
  params.done();
  return { page, limit, filter, orderBy: { field: ORDER_FIELDS[sortBy], direction: sortOrder } };
}

const record = { $ref: '#/components/schemas/Supplier' };
const bulkErrorSchema = { $ref: '#/components/schemas/BulkItemError' };

export const SUPPLIER_ROUTES: RestRoute[] = [
  {
    method: 'get',
    path: '/suppliers/list/',
    summary: 'List suppliers (filters, pages of at most 100)',
    scope: 'suppliers:read',
    document: /* GraphQL */ `
      query RestListSuppliers($filter: SupplierFilter, $orderBy: SupplierOrderBy, $first: Int, $offset: Int) {
        suppliers(filter: $filter, orderBy: $orderBy, first: $first, offset: $offset) {
          totalCount
          nodes { ...SupplierRecord }
        }
      }
      ${RECORD}`,
    variables({ query }) {
      const { page, limit, ...rest } = listParams(query);
      return { ...rest, first: limit, offset: (page - 1) * limit };
    },
    respond(data, { query }) {
      const { page, limit } = listParams(query);
      const connection = (data as RestListSuppliersQuery).suppliers;
      return {
        status: 200,
        data: { items: connection.nodes.map(restRecord), total: connection.totalCount, page, limit, pages: Math.ceil(connection.totalCount / limit) },
      };
    },
    pathRenames: { filter: '', first: 'limit', offset: 'page' },
    parameters: [
      { name: 'page', description: 'Page number, from 1.', schema: { type: 'integer', minimum: 1, default: 1 } },
      { name: 'limit', description: `Page size, 1 to ${MAX_PAGE_SIZE}.`, schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE } },
      { name: 'status', description: 'Only suppliers with this status.', schema: { type: 'string', enum: [...SUPPLIER_STATUSES] } },
      { name: 'category', description: 'Only suppliers of this category.', schema: { type: 'string' } },
      { name: 'tag', description: 'Only suppliers carrying this tag.', schema: { type: 'string' } },
      { name: 'search', description: 'Text in the name, tax_id or email (case-insensitive).', schema: { type: 'string' } },
      { name: 'created_from', description: 'Created on or after (YYYY-MM-DD or ISO date-time).', schema: { type: 'string' } },
      { name: 'created_to', description: 'Created on or before (YYYY-MM-DD or ISO date-time).', schema: { type: 'string' } },
      { name: 'sort_by', description: 'name, created_at (default) or updated_at.', schema: { type: 'string', enum: Object.keys(ORDER_FIELDS) } },
      { name: 'sort_order', description: 'asc or desc (default).', schema: { type: 'string', enum: ['asc', 'desc'] } },
    ],
    responseSchema: {
      type: 'object',
      properties: {
        items: { type: 'array', items: record },
        total: { type: 'integer' },
        page: { type: 'integer' },
        limit: { type: 'integer' },
        pages: { type: 'integer' },
      },
      required: ['items', 'total', 'page', 'limit', 'pages'],
    },
    successStatus: 200,
  },
  {
    method: 'post',
    path: '/suppliers/bulk/create/',
    summary: 'Create up to 500 suppliers',
    scope: 'suppliers:write',
    document: /* GraphQL */ `
      mutation RestCreateSuppliers($inputs: [SupplierCreateItem!]!, $allOrNone: Boolean!) {
        createSuppliers(inputs: $inputs, allOrNone: $allOrNone) { count items { ...SupplierRecord } errors { ...BulkErrors } }
      }
      ${RECORD}
      ${BULK_ERRORS}`,
    variables(input) {
      const { list, allOrNone } = bulkItems(input, 'items');
      return { inputs: list.map((item) => supplierInput(item)), allOrNone };
    },
    respond(data) {
      const result = (data as RestCreateSuppliersMutation).createSuppliers;
      return { status: 201, data: { created: result.count, items: result.items.map(restRecord), errors: restErrors(result.errors) } };
    },
    pathRenames: { inputs: 'items', ...ADDRESS_RENAME },
    requestBody: { $ref: '#/components/schemas/SupplierBulkCreate' },
    responseSchema: { $ref: '#/components/schemas/SupplierBulkResult' },
    successStatus: 201,
  },
  {
    method: 'put',
    path: '/suppliers/bulk/update/',
    summary: 'Partially update up to 500 suppliers (each item carries its _id)',
    scope: 'suppliers:write',
    document: /* GraphQL */ `
      mutation RestUpdateSuppliers($inputs: [SupplierUpdateItem!]!, $allOrNone: Boolean!) {
        updateSuppliers(inputs: $inputs, allOrNone: $allOrNone) { count items { ...SupplierRecord } errors { ...BulkErrors } }
      }
      ${RECORD}
      ${BULK_ERRORS}`,
    variables(input) {
      const { list, allOrNone } = bulkItems(input, 'items');
      return { inputs: list.map((item) => supplierInput(item, true)), allOrNone };
    },
    respond(data) {
      const result = (data as RestUpdateSuppliersMutation).updateSuppliers;
      return { status: 200, data: { updated: result.count, items: result.items.map(restRecord), errors: restErrors(result.errors) } };
    },
    pathRenames: { inputs: 'items', id: '_id', ...ADDRESS_RENAME },
    requestBody: { $ref: '#/components/schemas/SupplierBulkUpdate' },
    responseSchema: { $ref: '#/components/schemas/SupplierBulkResult' },
    successStatus: 200,
  },
  {
    method: 'post',
    path: '/suppliers/bulk/delete/',
    summary: 'Delete up to 500 suppliers',
    scope: 'suppliers:write',
    document: /* GraphQL */ `
      mutation RestDeleteSuppliers($ids: [ID!]!, $allOrNone: Boolean!) {
        deleteSuppliers(ids: $ids, allOrNone: $allOrNone) { count items { _id: id deleted } errors { ...BulkErrors } }
      }
      ${BULK_ERRORS}`,
    variables(input) {
      const { list, allOrNone } = bulkItems(input, 'ids');
      return { ids: list, allOrNone };
    },
    respond(data) {
      const result = (data as RestDeleteSuppliersMutation).deleteSuppliers;
      return { status: 200, data: { deleted: result.count, items: result.items, errors: restErrors(result.errors) } };
    },
    requestBody: {
      type: 'object',
      properties: { ids: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 500 }, all_or_none: { type: 'boolean', default: true } },
      required: ['ids'],
    },
    responseSchema: {
      type: 'object',
      properties: {
        deleted: { type: 'integer' },
        items: { type: 'array', items: { $ref: '#/components/schemas/Deleted' } },
        errors: { type: 'array', items: bulkErrorSchema },
      },
    },
    successStatus: 200,
  },
  {
    method: 'get',
    path: '/suppliers/{id}/',
    summary: 'Get one supplier',
    scope: 'suppliers:read',
    document: /* GraphQL */ `
      query RestGetSupplier($id: ID!) { supplier(id: $id) { ...SupplierRecord } }
      ${RECORD}`,
    variables: ({ params }) => ({ id: params.id }),
    respond: (data) => ({ status: 200, data: restRecord((data as RestGetSupplierQuery).supplier) }),
    responseSchema: record,
    successStatus: 200,
  },
  {
    method: 'post',
    path: '/suppliers/',
    summary: 'Create a supplier',
    scope: 'suppliers:write',
    document: /* GraphQL */ `
      mutation RestCreateSupplier($input: CreateSupplierInput!) { createSupplier(input: $input) { ...SupplierRecord } }
      ${RECORD}`,
    variables: ({ body }) => ({ input: supplierInput(body) }),
    respond: (data) => ({ status: 201, data: restRecord((data as RestCreateSupplierMutation).createSupplier) }),
    pathRenames: { input: '', ...ADDRESS_RENAME },
    requestBody: restBodySchema(createSupplierSchema),
    responseSchema: record,
    successStatus: 201,
  },
  {
    method: 'put',
    path: '/suppliers/{id}/',
    summary: 'Update a supplier (fields left out keep their values; read-only fields are ignored)',
    scope: 'suppliers:write',
    document: /* GraphQL */ `
      mutation RestUpdateSupplier($id: ID!, $input: UpdateSupplierInput!) { updateSupplier(id: $id, input: $input) { ...SupplierRecord } }
      ${RECORD}`,
    variables: ({ params, body }) => ({ id: params.id, input: supplierInput(body) }),
    respond: (data) => ({ status: 200, data: restRecord((data as RestUpdateSupplierMutation).updateSupplier) }),
    pathRenames: { input: '', ...ADDRESS_RENAME },
    requestBody: restBodySchema(updateSupplierSchema),
    responseSchema: record,
    successStatus: 200,
  },
  {
    method: 'delete',
    path: '/suppliers/{id}/',
    summary: 'Delete a supplier',
    scope: 'suppliers:write',
    document: /* GraphQL */ `mutation RestDeleteSupplier($id: ID!) { deleteSupplier(id: $id) }`,
    variables: ({ params }) => ({ id: params.id }),
    respond: (data) => ({ status: 200, data: { _id: (data as RestDeleteSupplierMutation).deleteSupplier, deleted: true } }),
    responseSchema: { $ref: '#/components/schemas/Deleted' },
    successStatus: 200,
  },
];

/** A bulk update item: the update body plus the `_id` it applies to. */
function withId(schema: Record<string, unknown>): Record<string, unknown> {
  return {
    ...schema,
    properties: { _id: { type: 'string' }, ...(schema.properties as Record<string, unknown>) },
    required: ['_id', ...((schema.required as string[] | undefined) ?? [])],
  };
}

/** OpenAPI components the supplier routes refer to. */
export const SUPPLIER_COMPONENTS: Record<string, Record<string, unknown>> = {
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
  SupplierBulkCreate: {
    type: 'object',
    properties: { items: { type: 'array', items: restBodySchema(createSupplierSchema), minItems: 1, maxItems: 500 }, all_or_none: { type: 'boolean', default: true } },
    required: ['items'],
  },
  SupplierBulkUpdate: {
    type: 'object',
    properties: {
      items: {
        type: 'array',
        minItems: 1,
        maxItems: 500,
        items: withId(restBodySchema(updateSupplierSchema)),
      },
      all_or_none: { type: 'boolean', default: true },
    },
    required: ['items'],
  },
  SupplierBulkResult: {
    type: 'object',
    properties: {
      created: { type: 'integer' },
      updated: { type: 'integer' },
      items: { type: 'array', items: { $ref: '#/components/schemas/Supplier' } },
      errors: { type: 'array', items: bulkErrorSchema },
    },
  },
};
