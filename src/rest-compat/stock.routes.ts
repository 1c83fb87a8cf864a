import { ValidationError } from '../domain/errors';
import { onlyFields } from './query';
import { withRestDateTimes } from './naming';
import type { RestRoute } from './route';

type Row = Record<string, unknown>;

/**
 * Stock corrections over REST: the contract's supply (§2.6) has no stock field, so a REST-only client sets a new
 * supply's (or product's) stock with an adjustment, a movement like any other (GraphQL `adjustStock`). The opening
 * `stock` of a create does the same in one call.
 */
const MOVEMENT_FIELDS = `_id: id item_type: itemType item_id: itemId delta stock_after: stockAfter reason
  cause { type id } user_id: userId created_at: createdAt`;

const MOVEMENT_SCHEMA = {
  type: 'object',
  properties: {
    _id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string' },
    item_type: { type: 'string', enum: ['product', 'supply'] },
    item_id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string' },
    delta: { examples: [-2.5], type: 'number', description: 'Signed quantity added (negative: removed).' },
    stock_after: { examples: [117.5], type: 'number', description: 'The stock once moved.' },
    reason: { examples: ['Error de carga en el importe'], type: ['string', 'null'] },
    cause: {
      type: 'object',
      properties: { type: { examples: ['expense'], type: 'string' }, id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: ['string', 'null'] } },
      required: ['type', 'id'],
    },
    user_id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: ['string', 'null'] },
    created_at: { examples: ['2025-03-14T10:32:05.120'], type: 'string', description: 'Argentine time (UTC−3), ISO 8601 without a zone.' },
  },
  required: ['_id', 'item_type', 'item_id', 'delta', 'stock_after', 'reason', 'cause', 'user_id', 'created_at'],
};

function adjustment(itemType: 'product' | 'supply', base: string, what: string): RestRoute {
  return {
    method: 'post',
    path: `${base}/{id}/stock-adjustments/`,
    summary: `Correct a ${what}'s stock by \`delta\` (signed, at most 3 decimals, not 0) with a \`reason\`; below zero is 409 INSUFFICIENT_STOCK unless the account allows negative stock`,
    scope: 'supplies:write',
    document: `mutation RestAdjust${itemType === 'supply' ? 'Supply' : 'Product'}Stock($itemType: StockItemType!, $id: ID!, $delta: Float!, $reason: String!) {
      adjustStock(itemType: $itemType, id: $id, delta: $delta, reason: $reason) { ${MOVEMENT_FIELDS} }
    }`,
    variables: ({ params, body }) => {
      const fields = onlyFields(body, ['delta', 'reason'], 'stock adjustment');
      const missing = (['delta', 'reason'] as const).filter((name) => fields[name] === undefined || fields[name] === null);
      if (missing.length)
        throw new ValidationError(
          `${missing.join(' and ')} required`,
          missing.map((path) => ({ path, message: 'is required' })),
        );
      return { itemType, id: params.id, delta: fields.delta, reason: fields.reason };
    },
    respond: (data) => ({ status: 201, data: withRestDateTimes(data.adjustStock as Row, ['created_at']) }),
    requestBody: {
      type: 'object',
      properties: {
        delta: { examples: [-2.5], type: 'number', not: { const: 0 }, multipleOf: 0.001, description: 'Quantity to add; negative to remove.' },
        reason: { examples: ['Error de carga en el importe'], type: 'string', minLength: 1, maxLength: 500 },
      },
      required: ['delta', 'reason'],
      additionalProperties: false,
    },
    responseSchema: MOVEMENT_SCHEMA,
    successStatus: 201,
  };
}

export const STOCK_ROUTES: RestRoute[] = [adjustment('supply', '/supplies', 'supply'), adjustment('product', '/products', 'product')];
