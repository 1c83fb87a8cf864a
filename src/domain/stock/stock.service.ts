import DataLoader from 'dataloader';
import { ObjectId, type ClientSession } from 'mongodb';
import { STOCK_ITEMS, type StockCause, type StockItemType, type StockMovementDocument, type Stocked } from '../../store/stock.store';
import { parseId } from '../../store/ids';
import { TenantCollection } from '../../store/tenant-collection';
import { requirePrincipal, type RequestContext } from '../context';
import { ConflictError, notFound, ValidationError, type ErrorDetail } from '../errors';
import { fromMilli } from '../money';
import { pageWindow, type Connection, type PageArgs } from '../pagination';
import { accountSettings } from '../settings';
import { actionOn } from '../activity/actions';
import { recordChanges } from '../activity/changes';

/** One change to apply: an item and a signed quantity in thousandths. */
export interface StockChange {
  itemType: StockItemType;
  itemId: string;
  deltaMilli: number;
}

function items(context: RequestContext, type: StockItemType): TenantCollection<Stocked> {
  return new TenantCollection(context.store.collection<Stocked>(STOCK_ITEMS[type]), requirePrincipal(context).accountId);
}

/**
 * Applies stock changes and writes their movements, inside the caller's transaction (the document that causes
 * them is written in the same one). Each item changes with one atomic `$inc`, conditional on enough stock unless
 * the account allows negative stock, so concurrent operations never lose an update and never oversell: the loser
 * of a race on the last units gets 409 INSUFFICIENT_STOCK naming every short item.
 */
export async function applyStockChanges(
  context: RequestContext,
  changes: StockChange[],
  cause: StockCause,
  session: ClientSession,
  reason: string | null = null,
): Promise<StockMovementDocument[]> {
  const net = new Map<string, StockChange>();
  for (const change of changes) {
    const key = `${change.itemType}:${change.itemId}`;
    const known = net.get(key);
    net.set(key, { ...change, deltaMilli: (known?.deltaMilli ?? 0) + change.deltaMilli });
  }
  const { allowNegativeStock } = await accountSettings(context, session);
  const now = context.now();
  const short: ErrorDetail[] = [];
  const written: Array<{ change: StockChange; after: Stocked }> = [];
  for (const change of net.values()) {
    if (change.deltaMilli === 0) continue;
    const collection = items(context, change.itemType);
    const _id = parseId(change.itemId);
    if (!_id) throw notFound(change.itemType, change.itemId);
    const guard = change.deltaMilli < 0 && !allowNegativeStock ? { stock_milli: { $gte: -change.deltaMilli } } : {};
    const after = await collection.collection.findOneAndUpdate(
      collection.scope({ _id, ...guard }),
      { $inc: { stock_milli: change.deltaMilli }, $set: { updated_at: now } },
      { session, returnDocument: 'after' },
    );
    if (after) {
      written.push({ change, after: after as Stocked });
      continue;
    }
    const item = await collection.findById(change.itemId, session);
    if (!item) throw notFound(change.itemType, change.itemId);
    short.push({
      path: `${change.itemType}:${change.itemId}`,
      message: `${item.name}: needs ${fromMilli(-change.deltaMilli)}, has ${fromMilli(item.stock_milli)}`,
    });
  }
  if (short.length) {
    throw new ConflictError(`not enough stock: ${short.map((detail) => detail.message).join('; ')}`, short, 'INSUFFICIENT_STOCK');
  }
  const docs = written.map(({ change, after }) => movementOf(context, change, after._id, after.stock_milli, cause, reason, now));
  if (docs.length) await context.store.collection<StockMovementDocument>('stock_movements').insertMany(docs, { session });
  return docs;
}

/** The movement recording `change` of the item `itemId`, which left it at `afterMilli`. */
function movementOf(
  context: RequestContext,
  change: StockChange,
  itemId: ObjectId,
  afterMilli: number,
  cause: StockCause,
  reason: string | null,
  now: Date,
): StockMovementDocument {
  const { accountId, userId } = requirePrincipal(context);
  return {
    _id: new ObjectId(),
    account_id: accountId,
    item_type: change.itemType,
    item_id: itemId,
    delta_milli: change.deltaMilli,
    stock_after_milli: afterMilli,
    cause,
    reason,
    user_id: userId,
    created_at: now,
    updated_at: now,
  };
}

/** A manual correction of one item's stock, with its reason. */
export async function adjustStock(
  context: RequestContext,
  itemType: StockItemType,
  itemId: string,
  deltaMilli: number,
  reason: string,
): Promise<StockMovementDocument> {
  if (deltaMilli === 0) throw new ValidationError('delta must not be 0', [{ path: 'delta', message: 'must not be 0' }]);
  const [movement] = await context.store.transaction(async (session) => {
    const movements = await applyStockChanges(context, [{ itemType, itemId, deltaMilli }], { type: 'adjustment', id: null }, session, reason);
    const [adjusted] = movements;
    const change = `${deltaMilli > 0 ? '+' : ''}${deltaMilli / 1000} (${reason})`;
    await recordChanges(context, [actionOn('stock_movements', `stock of ${itemType} ${adjusted.item_id.toHexString()}`, 'created', adjusted, change)], session);
    return movements;
  });
  return movement;
}

/**
 * An item's movements, newest first. Batched per request: every item asking for the same page shares one
 * aggregation (`$topN` per item plus its count), so listing many items with their movements is one round trip.
 */
export async function movementsOf(context: RequestContext, itemId: string, page: PageArgs): Promise<Connection<StockMovementDocument>> {
  const window = pageWindow(page);
  const loader = context.loaders().custom(
    `stock_movements:${window.skip}:${window.limit}`,
    (accountId) =>
      new DataLoader<string, { nodes: StockMovementDocument[]; totalCount: number }>(async (keys) => {
        const ids = keys.map((key) => parseId(key)).filter((id): id is ObjectId => id !== null);
        const groups = await context.store
          .collection<StockMovementDocument>('stock_movements')
          .aggregate<{ _id: ObjectId; total: number; docs: StockMovementDocument[] }>([
            { $match: { account_id: accountId, item_id: { $in: ids } } },
            {
              $group: {
                _id: '$item_id',
                total: { $sum: 1 },
                docs: { $topN: { n: window.skip + window.limit, sortBy: { created_at: -1, _id: -1 }, output: '$$ROOT' } },
              },
            },
          ])
          .toArray();
        const byItem = new Map(groups.map((group) => [group._id.toHexString(), group]));
        return keys.map((key) => {
          const group = byItem.get(key);
          return { nodes: group?.docs.slice(window.skip) ?? [], totalCount: group?.total ?? 0 };
        });
      }),
  );
  return { ...(await loader.load(itemId)), window };
}

/**
 * A new item's opening stock, recorded like any other change (the item is created with none, then moved up), so
 * its movements always add up to its stock. Answers the item as it then stands.
 */
export async function openStock<D extends Stocked>(
  context: RequestContext,
  itemType: StockItemType,
  item: D,
  openingMilli: number,
  session: ClientSession,
): Promise<D> {
  if (openingMilli === 0) return item;
  const [movement] = await applyStockChanges(
    context,
    [{ itemType, itemId: item._id.toHexString(), deltaMilli: openingMilli }],
    { type: 'opening', id: item._id },
    session,
  );
  return { ...item, stock_milli: movement.stock_after_milli, updated_at: movement.created_at };
}

/**
 * The opening stocks of items created in `session` (see openStock), for many at once: one bulkWrite moving them up
 * from none and one insertMany of their movements. An item created in this transaction is seen by no one else, so
 * its stock after the move is its opening; openings are never negative, so no stock guard applies.
 */
export async function openStocks<D extends Stocked>(
  context: RequestContext,
  itemType: StockItemType,
  records: D[],
  openingsMilli: number[],
  session: ClientSession,
): Promise<D[]> {
  const opened = records.flatMap((record, at) => (openingsMilli[at] ? [{ record, at, deltaMilli: openingsMilli[at] }] : []));
  if (!opened.length) return records;
  const collection = items(context, itemType);
  const now = context.now();
  await collection.collection.bulkWrite(
    opened.map(({ record, deltaMilli }) => ({
      updateOne: { filter: collection.scope({ _id: record._id }), update: { $inc: { stock_milli: deltaMilli }, $set: { updated_at: now } } },
    })),
    { session, ordered: true },
  );
  const movements = opened.map(({ record, deltaMilli }) =>
    movementOf(
      context,
      { itemType, itemId: record._id.toHexString(), deltaMilli },
      record._id,
      record.stock_milli + deltaMilli,
      { type: 'opening', id: record._id },
      null,
      now,
    ),
  );
  await context.store.collection<StockMovementDocument>('stock_movements').insertMany(movements, { session });
  const result = [...records];
  for (const { record, at, deltaMilli } of opened) result[at] = { ...record, stock_milli: record.stock_milli + deltaMilli, updated_at: now };
  return result;
}

/** A stock movement as stored (what resolvers map to their GraphQL shape). */
export type StockMovementRecord = StockMovementDocument;
