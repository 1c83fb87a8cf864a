import type { ObjectId } from 'mongodb';
import type { CollectionName } from './catalog';
import type { TenantDocument } from './tenant-collection';

/** Items that hold stock, and where they live. */
export const STOCK_ITEMS = { product: 'products', supply: 'supplies' } as const satisfies Record<string, CollectionName>;
export type StockItemType = keyof typeof STOCK_ITEMS;

/** Every stocked document keeps its quantity on hand in thousandths. */
export type Stocked = TenantDocument & { name: string; stock_milli: number };

/** What caused a stock movement: a document type and its id (none for manual adjustments). */
export type StockCause = { type: string; id: ObjectId | null };

/** One append-only change of an item's stock. */
export type StockMovementDocument = TenantDocument & {
  item_type: StockItemType;
  item_id: ObjectId;
  delta_milli: number;
  stock_after_milli: number;
  cause: StockCause;
  reason: string | null;
  user_id: ObjectId | null;
};
