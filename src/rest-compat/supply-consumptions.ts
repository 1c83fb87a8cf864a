import { createSupplyConsumptionSchema, SUPPLY_CONSUMPTION_STATUSES } from '../domain/supply-consumptions/schema';
import { crudRoutes } from './crud';
import { bodyToInput, withRestDateTimes } from './naming';
import { restBodySchema } from './openapi-schemas';
import type { RestRoute } from './route';

const DATE_TIMES = ['created_at', 'updated_at', 'reverted_at'] as const;
const DATE_TIME = 'Argentine time (UTC−3), ISO 8601 without a zone.';

/** The create body in the contract's names: the day is `consumption_date` (`date` is read too). */
function withConsumptionDate(schema: Record<string, unknown>): Record<string, unknown> {
  const { date, ...properties } = schema.properties as Record<string, unknown>;
  return { ...schema, properties: { consumption_date: date, date: { ...(date as object), description: 'Same as consumption_date.' }, ...properties } };
}

/** The record as the legacy API names it: aliases give snake_case and `_id`. */
const RECORD = /* GraphQL */ `
  fragment SupplyConsumptionRecord on SupplyConsumption {
    _id: id
    consumption_date: date
    status
    items { supply_id: supplyId supply_name: supplyName unit quantity unit_cost: unitCost subtotal notes }
    total_cost: totalCost
    customer_id: customerId
    customer_name: customerName
    reference
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
  toRecord: (record) => withRestDateTimes(record, DATE_TIMES),
  toInput(fields) {
    // The contract names the day `consumption_date`; `date` is read too (it used to be this API's name for it).
    const { consumption_date: day, ...rest } = fields;
    const input = bodyToInput(rest) as Record<string, unknown>;
    if (day !== undefined) input.date = day;
    return input;
  },
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
  pathRenames: { date: 'consumption_date' },
  recordComponent: 'SupplyConsumption',
  createSchema: withConsumptionDate(restBodySchema(createSupplyConsumptionSchema)),
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
    data: withRestDateTimes(data.revertSupplyConsumption as Record<string, unknown>, ['reverted_at']),
    extra: { message: 'Supply consumption reverted: the stock of its supplies was restored.' },
  }),
  responseSchema: {
    type: 'object',
    properties: {
      _id: { type: 'string' },
      status: { const: 'reverted' },
      reverted_at: { type: 'string', description: 'Argentine time (UTC−3), ISO 8601 without a zone.' },
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
      consumption_date: { type: 'string', format: 'date' },
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
            notes: { type: ['string', 'null'] },
          },
          required: ['supply_id', 'supply_name', 'unit', 'quantity', 'unit_cost', 'subtotal'],
        },
      },
      total_cost: { type: 'number' },
      customer_id: { type: ['string', 'null'] },
      customer_name: { type: ['string', 'null'] },
      reference: { type: ['string', 'null'] },
      notes: { type: ['string', 'null'] },
      created_by: { type: ['string', 'null'] },
      reverted_at: { type: ['string', 'null'], description: DATE_TIME },
      reverted_by: { type: ['string', 'null'] },
      created_at: { type: 'string', description: DATE_TIME },
      updated_at: { type: 'string', description: DATE_TIME },
    },
    required: ['_id', 'consumption_date', 'status', 'items', 'total_cost', 'created_by', 'created_at', 'updated_at'],
  },
};
