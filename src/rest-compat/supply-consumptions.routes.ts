import { SUPPLY_CONSUMPTION } from '../domain/supply-consumptions/supply-consumptions.declaration';
import { declaredRoutes } from './declared.routes';
import { withRestDateTimes } from './naming';
import type { RestRoute } from './route';

/** List, get, create and delete from the declaration (no update, no bulk: a consumption is deleted or reverted). */
const crud = declaredRoutes(SUPPLY_CONSUMPTION);

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
      _id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string' },
      status: { const: 'reverted' },
      reverted_at: { examples: ['2025-03-14T10:32:05.120'], type: 'string', description: 'Argentine time (UTC−3), ISO 8601 without a zone.' },
      reverted_by: { examples: ['contadora@estudiorivas.com.ar'], type: ['string', 'null'] },
      total_cost: { examples: [91999.8], type: 'number' },
    },
    required: ['_id', 'status', 'reverted_at', 'reverted_by', 'total_cost'],
  },
  responseExtra: { message: { examples: ['Supply consumption reverted: the stock of its supplies was restored.'], type: 'string' } },
  successStatus: 200,
};

/** Fixed paths (list, revert) before the `{id}` ones. */
export const SUPPLY_CONSUMPTION_ROUTES: RestRoute[] = [crud.routes[0], REVERT, ...crud.routes.slice(1)];
