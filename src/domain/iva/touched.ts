import type { ClientSession, ObjectId } from 'mongodb';
import { requirePrincipal, type RequestContext } from '../context';
import { getConfig } from './iva.config';
import { keepLines, SOURCE_ORIGINS, type SourceCollection } from './kept';

/** A changed record (its collection and id), as every write reports it (see recordChanges). */
export interface TouchedSource {
  collection: string;
  id: ObjectId;
}

const isSource = (collection: string): collection is SourceCollection => Object.hasOwn(SOURCE_ORIGINS, collection);

/** Whether a change of a collection's records changes VAT book lines: a source's own, or a supplier an expense names. */
export const keepsBooks = (collection: string) => isSource(collection) || collection === 'suppliers';

/**
 * Rewrites the VAT book lines of the sources a write touched (an expense through its supplier too), in the write's
 * session; a write without one gets a transaction of its own. Nothing is read when the write touched no source.
 */
export async function refreshTouchedBooks(context: RequestContext, touched: readonly TouchedSource[], session?: ClientSession): Promise<void> {
  const ids = new Map<SourceCollection | 'suppliers', ObjectId[]>();
  for (const { collection, id } of touched)
    if (keepsBooks(collection)) ids.set(collection as SourceCollection, [...(ids.get(collection as SourceCollection) ?? []), id]);
  if (!ids.size) return;
  if (!session) return context.store.transaction((own) => refreshTouchedBooks(context, touched, own));
  const accountId = requirePrincipal(context).accountId;
  const suppliers = ids.get('suppliers');
  if (suppliers) {
    const named = await context.store
      .collection<{ _id: ObjectId }>('expenses')
      .find({ account_id: accountId, supplier_id: { $in: suppliers } }, { projection: { _id: 1 }, session })
      .toArray();
    if (named.length) ids.set('expenses', [...(ids.get('expenses') ?? []), ...named.map((doc) => doc._id)]);
  }
  if (![...ids.keys()].some(isSource)) return;
  const config = await getConfig(context, session);
  const now = context.now();
  for (const collection of Object.keys(SOURCE_ORIGINS) as SourceCollection[])
    await keepLines(context, collection, ids.get(collection) ?? [], config, now, session);
}
