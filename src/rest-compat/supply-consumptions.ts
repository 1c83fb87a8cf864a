import { createSupplyConsumptionSchema, SUPPLY_CONSUMPTION_STATUSES } from '../domain/supply-consumptions/schema';
import { crudRoutes } from './crud';
import type { RestRoute } from './route';

/** The record as the legacy API names it: aliases give snake_case and `_id`. */
const RECORD = /* GraphQL */ `
  fragment SupplyConsumptionRecord on SupplyConsumption {
    _id: id
    date
    status
    items { supply_id: supplyId supply_name: supplyName unit quantity unit_cost: unitCost subtotal }
    total_cost: totalCost
    customer_id: customerId
    notes
    created_by: createdById
    reverted_at: revertedAt
    reverted_by: revertedById
    created_at: createdAt
    updated_at: updatedAt
  }
`;

/** List, get, create and delete (no update, no bulk: a consumption is corrected by deleting or reverting it). */
const crud = crudRoutes({
  base: '/supply-consumptions',
  label: 'supply consumption',
  plural: 'supply consumptions',
  read: 'supplies:read',
  write: 'supplies:write',
  idName: '_id',
  documents: {
    list: /* GraphQL */ `
      query RestListSupplyConsumptions($filter: SupplyConsumptionFilter, $first: Int, $offset: Int) {
        supplyConsumptions(filter: $filter, first: $first, offset: $offset) { totalCount nodes { ...SupplyConsumptionRecord } }
      }
      ${RECORD}`,
    get: /* GraphQL */ `
      query RestGetSupplyConsumption($id: ID!) { supplyConsumption(id: $id) { ...SupplyConsumptionRecord } }
      ${RECORD}`,
    create: /* GraphQL */ `
      mutation RestCreateSupplyConsumption($input: CreateSupplyConsumptionInput!) { createSupplyConsumption(input: $input) { ...SupplyConsumptionRecord } }
      ${RECORD}`,
    remove: /* GraphQL */ `mutation RestDeleteSupplyConsumption($id: ID!) { deleteSupplyConsumption(id: $id) }`,
  },
  toRecord: (record) => record,
  listVariables(params) {
    return {
      filter: {
        status: params.string('status'),
        dateFrom: params.string('date_from'),
        dateTo: params.string('date_to'),
        supplyId: params.string('supply_id'),
        customerId: params.string('customer_id'),
      },
    };
  },
  listParameters: [
    { name: 'status', description: 'confirmed or reverted.', schema: { type: 'string', enum: [...SUPPLY_CONSUMPTION_STATUSES] } },
    { name: 'date_from', description: 'Consumed on or after this day (YYYY-MM-DD).', schema: { type: 'string' } },
    { name: 'date_to', description: 'Consumed on or before this day (YYYY-MM-DD).', schema: { type: 'string' } },
    { name: 'supply_id', description: 'Only consumptions with an item of this supply.', schema: { type: 'string' } },
    { name: 'customer_id', description: 'Only consumptions for this customer.', schema: { type: 'string' } },
  ],
  recordComponent: 'SupplyConsumption',
  createSchema: createSupplyConsumptionSchema,
});

const REVERT: RestRoute = {
  method: 'post',
  path: '/supply-consumptions/{id}/revert',
  summary: 'Revert a confirmed supply consumption, giving its stock back (web-panel session only: an API key gets 403 SESSION_REQUIRED)',
  scope: 'supplies:write',
  document: /* GraphQL */ `
    mutation RestRevertSupplyConsumption($id: ID!) {
      revertSupplyConsumption(id: $id) { _id: id status reverted_at: revertedAt reverted_by: revertedById total_cost: totalCost }
    }`,
  variables: ({ params }) => ({ id: params.id }),
  respond: (data) => ({
    status: 200,
    data: data.revertSupplyConsumption,
    extra: { message: 'Supply consumption reverted: the stock of its supplies was restored.' },
  }),
  responseSchema: {
    type: 'object',
    properties: {
      _id: { type: 'string' },
      status: { const: 'reverted' },
      reverted_at: { type: 'string', format: 'date-time' },
      reverted_by: { type: ['string', 'null'] },
      total_cost: { type: 'number' },
    },
    required: ['_id', 'status', 'reverted_at', 'reverted_by', 'total_cost'],
  },
  responseExtra: { message: { type: 'string' } },
  successStatus: 200,
};

/** Fixed paths (list, revert) before the `{id}` ones. */
export const SUPPLY_CONSUMPTION_ROUTES: RestRoute[] = [crud.routes[0], REVERT, ...crud.routes.slice(1)];

export const SUPPLY_CONSUMPTION_COMPONENTS: Record<string, Record<string, unknown>> = {
  ...crud.components,
  SupplyConsumption: {
    type: 'object',
    properties: {
      _id: { type: 'string' },
      date: { type: 'string', format: 'date' },
      status: { type: 'string', enum: [...SUPPLY_CONSUMPTION_STATUSES] },
      items: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            supply_id: { type: 'string' },
            supply_name: { type: 'string' },
            unit: { type: ['string', 'null'] },
            quantity: { type: 'number' },
            unit_cost: { type: 'number' },
            subtotal: { type: 'number' },
          },
          required: ['supply_id', 'supply_name', 'unit', 'quantity', 'unit_cost', 'subtotal'],
        },
      },
      total_cost: { type: 'number' },
      customer_id: { type: ['string', 'null'] },
      notes: { type: ['string', 'null'] },
      created_by: { type: ['string', 'null'] },
      reverted_at: { type: ['string', 'null'], format: 'date-time' },
      reverted_by: { type: ['string', 'null'] },
      created_at: { type: 'string', format: 'date-time' },
      updated_at: { type: 'string', format: 'date-time' },
    },
    required: ['_id', 'date', 'status', 'items', 'total_cost', 'created_by', 'created_at', 'updated_at'],
  },
};
