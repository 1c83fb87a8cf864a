import { Args, Authorized, Ctx, Mutation, Resolver } from 'type-graphql';
import type { RequestContext } from '../domain/context';
import { fromMilli } from '../domain/money';
import { adjustStock } from '../domain/stock/stock.service';
import { AdjustStockArgs, StockMovement, type StockItemType } from '../schema/stock.types';
import type { StockMovementRecord as StockMovementDocument } from '../domain/stock/stock.service';

export function toStockMovement(doc: StockMovementDocument): StockMovement {
  return {
    id: doc._id.toHexString(),
    itemType: doc.item_type as StockItemType,
    itemId: doc.item_id.toHexString(),
    delta: fromMilli(doc.delta_milli),
    stockAfter: fromMilli(doc.stock_after_milli),
    cause: { type: doc.cause.type, id: doc.cause.id?.toHexString() ?? null },
    reason: doc.reason,
    userId: doc.user_id?.toHexString() ?? null,
    createdAt: doc.created_at,
  };
}

@Resolver(() => StockMovement)
export class StockResolver {
  @Authorized('supplies:write')
  @Mutation(() => StockMovement, {
    description: 'Corrects the stock of a product or supply by delta (refused below zero unless the account allows negative stock).',
  })
  async adjustStock(@Args(() => AdjustStockArgs) args: AdjustStockArgs, @Ctx() context: RequestContext): Promise<StockMovement> {
    // Validated arguments carry the quantity in thousandths.
    return toStockMovement(await adjustStock(context, args.itemType, args.id, args.delta, args.reason));
  }
}
