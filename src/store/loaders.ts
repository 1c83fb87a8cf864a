import DataLoader from 'dataloader';
import type { Document, ObjectId } from 'mongodb';
import type { CollectionName } from './catalog';
import type { Store } from './store';
import { parseId } from './ids';
import { TenantCollection, type TenantDocument } from './tenant-collection';
import { tracedRead } from './trace-seam';

/** A projection's loader key; resolvers pass one projection object per field of a query, so it is built once. */
const projectionKeys = new WeakMap<Document, string>();
function keyOf(projection: Document): string {
  let key = projectionKeys.get(projection);
  if (key === undefined) {
    key = JSON.stringify(projection);
    projectionKeys.set(projection, key);
  }
  return key;
}

/**
 * Per-request batch loaders, scoped to the request's account: every `load(id)` of one tick becomes a single
 * `{_id: {$in: [...]}, account_id}` query, so a nested list costs one round trip per level.
 */
export class Loaders {
  /** A collection's loaders by id, by projection ('' for whole documents). */
  private readonly byCollection = new Map<CollectionName, Map<string, DataLoader<string, TenantDocument | null>>>();
  private readonly byField = new Map<string, DataLoader<string, TenantDocument[]>>();
  private readonly named = new Map<string, DataLoader<unknown, unknown>>();
  /** Whole documents already read (a list query), which answer any load by id of their collection. */
  private readonly primed = new Map<CollectionName, TenantDocument[]>();

  constructor(
    private readonly store: Store,
    private readonly accountId: ObjectId,
  ) {}

  /**
   * By id; with `projection`, only those stored fields (a loader per projection, so a field resolver that reads a
   * name does not decode and map the whole record for each parent). A whole document read earlier answers any.
   */
  byId<T extends TenantDocument>(name: CollectionName, projection?: Document): DataLoader<string, T | null> {
    let loaders = this.byCollection.get(name);
    if (!loaders) {
      loaders = new Map();
      this.byCollection.set(name, loaders);
    }
    const key = projection ? keyOf(projection) : '';
    let loader = loaders.get(key);
    if (!loader) {
      const collection = new TenantCollection<TenantDocument>(this.store.collection(name), this.accountId);
      loader = new DataLoader((ids) =>
        tracedRead(`load ${name}`, { 'db.mongodb.collection': name, 'loader.keys': ids.length }, () => collection.findByIds(ids, undefined, projection)),
      );
      loaders.set(key, loader);
      for (const doc of this.primed.get(name) ?? []) loader.prime(doc._id.toHexString(), doc);
    }
    return loader as unknown as DataLoader<string, T | null>;
  }

  /**
   * For each key, the newest `limit` documents (by `newestBy`, default creation) whose `field` holds it — a reference (`customer_id`) or an array of
   * references (`items.product_id`) — narrowed by `where` (built by the domain, never client JSON): one aggregation
   * per tick for every key, with `$topN` per key, so neither round trips nor memory grow with the parents' history.
   */
  latestBy<T extends Pick<TenantDocument, '_id' | 'account_id'>>(
    name: CollectionName,
    field: string,
    options: { limit: number; where?: Record<string, unknown>; newestBy?: Record<string, 1 | -1> },
  ): DataLoader<string, T[]> {
    const { limit, where = {}, newestBy = { created_at: -1, _id: -1 } } = options;
    const cacheKey = `${name}.${field}:${limit}:${JSON.stringify(where)}:${JSON.stringify(newestBy)}`;
    const sortBy = Object.fromEntries(Object.entries(newestBy).map(([path, direction]) => [`doc.${path}`, direction]));
    let loader = this.byField.get(cacheKey);
    if (!loader) {
      const read = async (keys: readonly string[]) => {
        const ids = keys.map(parseId).filter((id): id is ObjectId => id !== null);
        const groups = ids.length
          ? await this.store
              .collection(name)
              .aggregate<{ _id: ObjectId; docs: TenantDocument[] }>([
                { $match: { account_id: this.accountId, [field]: { $in: ids }, ...where } },
                { $project: { doc: '$$ROOT', key: { $setIntersection: [{ $cond: [{ $isArray: `$${field}` }, `$${field}`, [`$${field}`]] }, ids] } } },
                { $unwind: '$key' },
                { $group: { _id: '$key', docs: { $topN: { n: limit, sortBy, output: '$doc' } } } },
              ])
              .toArray()
          : [];
        const byKey = new Map(groups.map((group) => [group._id.toHexString(), group.docs]));
        return keys.map((key) => byKey.get(key.toLowerCase()) ?? []);
      };
      loader = new DataLoader((keys) =>
        tracedRead(`load ${name} by ${field}`, { 'db.mongodb.collection': name, 'loader.keys': keys.length }, () => read(keys)),
      );
      this.byField.set(cacheKey, loader);
    }
    return loader as unknown as DataLoader<string, T[]>;
  }

  /** A request-scoped loader of the caller's own making (one per `name` per request), for batched reads of other shapes. */
  custom<K, V>(name: string, make: (accountId: ObjectId) => DataLoader<K, V>): DataLoader<K, V> {
    let loader = this.named.get(name);
    if (!loader) {
      loader = make(this.accountId) as DataLoader<unknown, unknown>;
      this.named.set(name, loader);
    }
    return loader as DataLoader<K, V>;
  }

  /**
   * Seeds the caches with whole documents already read (a list query), so field resolvers do not read them again.
   * They go into a collection's loaders when those are first asked for: most lists are never followed by a read by id.
   */
  prime<T extends TenantDocument>(name: CollectionName, docs: T[]): void {
    this.primed.set(name, [...(this.primed.get(name) ?? []), ...docs]);
    for (const loader of this.byCollection.get(name)?.values() ?? []) for (const doc of docs) loader.prime(doc._id.toHexString(), doc);
  }

  /** Forgets a document the request deleted, in every loader of its collection. */
  forget(name: CollectionName, id: string): void {
    const primed = this.primed.get(name);
    if (primed)
      this.primed.set(
        name,
        primed.filter((doc) => doc._id.toHexString() !== id.toLowerCase()),
      );
    for (const loader of this.byCollection.get(name)?.values() ?? []) loader.clear(id);
  }
}
