import { createSupplySchema, SUPPLY_STATUSES, updateSupplySchema } from '../domain/supplies/schema';
import { BULK_ERRORS, crudRoutes } from './crud';

/** The record as the legacy API names it: aliases give snake_case and `_id`. */
const RECORD = /* GraphQL */ `
  fragment SupplyRecord on Supply {
    _id: id
    name
    default_amount: defaultAmount
    description
    unit
    unit_price: unitPrice
    status
    supplier_id: supplierId
    stock
    created_at: createdAt
    updated_at: updatedAt
  }
`;

const ORDER_FIELDS: Record<string, string> = { name: 'name', created_at: 'createdAt', updated_at: 'updatedAt' };

export const { routes: SUPPLY_ROUTES, components } = crudRoutes({
  base: '/supplies',
  label: 'supply',
  plural: 'supplies',
  read: 'supplies:read',
  write: 'supplies:write',
  idName: '_id',
  documents: {
    list: /* GraphQL */ `
      query RestListSupplies($filter: SupplyFilter, $orderBy: SupplyOrderBy, $first: Int, $offset: Int) {
        supplies(filter: $filter, orderBy: $orderBy, first: $first, offset: $offset) { totalCount nodes { ...SupplyRecord } }
      }
      ${RECORD}`,
    get: /* GraphQL */ `
      query RestGetSupply($id: ID!) { supply(id: $id) { ...SupplyRecord } }
      ${RECORD}`,
    create: /* GraphQL */ `
      mutation RestCreateSupply($input: CreateSupplyInput!) { createSupply(input: $input) { ...SupplyRecord } }
      ${RECORD}`,
    update: /* GraphQL */ `
      mutation RestUpdateSupply($id: ID!, $input: UpdateSupplyInput!) { updateSupply(id: $id, input: $input) { ...SupplyRecord } }
      ${RECORD}`,
    remove: /* GraphQL */ `mutation RestDeleteSupply($id: ID!) { deleteSupply(id: $id) }`,
    createMany: /* GraphQL */ `
      mutation RestCreateSupplies($inputs: [SupplyCreateItem!]!, $allOrNone: Boolean!) {
        createSupplies(inputs: $inputs, allOrNone: $allOrNone) { count items { ...SupplyRecord } errors { ...BulkErrors } }
      }
      ${RECORD}
      ${BULK_ERRORS}`,
    updateMany: /* GraphQL */ `
      mutation RestUpdateSupplies($inputs: [SupplyUpdateItem!]!, $allOrNone: Boolean!) {
        updateSupplies(inputs: $inputs, allOrNone: $allOrNone) { count items { ...SupplyRecord } errors { ...BulkErrors } }
      }
      ${RECORD}
      ${BULK_ERRORS}`,
    removeMany: /* GraphQL */ `
      mutation RestDeleteSupplies($ids: [ID!]!, $allOrNone: Boolean!) {
        deleteSupplies(ids: $ids, allOrNone: $allOrNone) { count items { id deleted } errors { ...BulkErrors } }
      }
      ${BULK_ERRORS}`,
  },
  toRecord: (record) => record,
  listVariables(params) {
    const sortBy = params.oneOf('sort_by', Object.keys(ORDER_FIELDS), 'name');
    const sortOrder = params.oneOf('sort_order', ['asc', 'desc'] as const, 'asc');
    return {
      filter: { status: params.string('status'), supplierId: params.string('supplier_id'), search: params.string('search') },
      orderBy: { field: ORDER_FIELDS[sortBy], direction: sortOrder },
    };
  },
  listParameters: [
    { name: 'status', description: 'Only supplies with this status.', schema: { type: 'string', enum: [...SUPPLY_STATUSES] } },
    { name: 'supplier_id', description: 'Only supplies of this supplier.', schema: { type: 'string' } },
    { name: 'search', description: 'Text in the name or description (case-insensitive).', schema: { type: 'string' } },
    { name: 'sort_by', description: 'name (default), created_at or updated_at.', schema: { type: 'string', enum: Object.keys(ORDER_FIELDS) } },
    { name: 'sort_order', description: 'asc (default) or desc.', schema: { type: 'string', enum: ['asc', 'desc'] } },
  ],
  recordComponent: 'Supply',
  createSchema: createSupplySchema,
  updateSchema: updateSupplySchema,
});

/** OpenAPI components the supply routes refer to. */
export const SUPPLY_COMPONENTS: Record<string, Record<string, unknown>> = {
  ...components,
  Supply: {
    type: 'object',
    properties: {
      _id: { type: 'string' },
      name: { type: 'string' },
      default_amount: { type: 'number' },
      description: { type: ['string', 'null'] },
      unit: { type: ['string', 'null'] },
      unit_price: { type: ['number', 'null'] },
      status: { type: 'string', enum: [...SUPPLY_STATUSES] },
      supplier_id: { type: ['string', 'null'] },
      stock: { type: 'number' },
      created_at: { type: 'string', format: 'date-time' },
      updated_at: { type: 'string', format: 'date-time' },
    },
    required: ['_id', 'name', 'default_amount', 'status', 'stock', 'created_at', 'updated_at'],
  },
};
