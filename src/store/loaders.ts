import DataLoader from 'dataloader';
import type { ObjectId } from 'mongodb';
import type { CollectionName } from './catalog';
import type { Store } from './store';
import { parseId } from './ids';
import { TenantCollection, type TenantDocument } from './tenant-collection';

/**
 * Per-request batch loaders, scoped to the request's account: every `load(id)` of one tick becomes a single
 * `{_id: {$in: [...]}, account_id}` query, so a nested list costs one round trip per level.
 */
export class Loaders {
  private readonly byCollection = new Map<CollectionName, DataLoader<string, TenantDocument | null>>();
  private readonly byField = new Map<string, DataLoader<string, TenantDocument[]>>();
  private readonly named = new Map<string, DataLoader<unknown, unknown>>();

  constructor(
    private readonly store: Store,
    private readonly accountId: ObjectId,
  ) {}

  byId<T extends TenantDocument>(name: CollectionName): DataLoader<string, T | null> {
    let loader = this.byCollection.get(name);
    if (!loader) {
      const collection = new TenantCollection<TenantDocument>(this.store.collection(name), this.accountId);
      loader = new DataLoader((ids) => collection.findByIds(ids));
      this.byCollection.set(name, loader);
    }
    return loader as unknown as DataLoader<string, T | null>;
  }

  /**
   * The documents whose `field` holds each key (one-to-many, e.g. a customer's delivery notes), one query per tick:
   * `{field: {$in: keys}, account_id}`, newest first. Keys are ObjectId hex strings.
   */
  manyBy<T extends TenantDocument>(name: CollectionName, field: string): DataLoader<string, T[]> {
    const cacheKey = `${name}.${field}`;
    let loader = this.byField.get(cacheKey);
    if (!loader) {
      const collection = new TenantCollection<TenantDocument>(this.store.collection(name), this.accountId);
      loader = new DataLoader(async (keys) => {
        const ids = keys.map(parseId);
        const valid = ids.filter((id): id is ObjectId => id !== null);
        const found = valid.length
          ? await collection.collection.find(collection.scope({ [field]: { $in: valid } } as never), { sort: { created_at: -1, _id: -1 } }).toArray()
          : [];
        const groups = new Map<string, TenantDocument[]>();
        for (const doc of found as Array<TenantDocument & Record<string, unknown>>) {
          const key = String((doc[field] as ObjectId | undefined)?.toHexString?.() ?? doc[field]);
          groups.set(key, [...(groups.get(key) ?? []), doc]);
        }
        return keys.map((key) => groups.get(key) ?? []);
      });
      this.byField.set(cacheKey, loader);
    }
    return loader as unknown as DataLoader<string, T[]>;
  }

  /** A request-scoped loader of the caller's own making (one per `name` per request), for batched reads of other shapes. */
  custom<K, V>(name: string, make: (accountId: ObjectId) => DataLoader<K, V>): DataLoader<K, V> {
    let loader = this.named.get(name);
    if (!loader) this.named.set(name, (loader = make(this.accountId) as DataLoader<unknown, unknown>));
    return loader as DataLoader<K, V>;
  }

  /** Seeds the cache with documents already read (a list query), so field resolvers do not read them again. */
  prime<T extends TenantDocument>(name: CollectionName, docs: T[]): void {
    const loader = this.byId<T>(name);
    for (const doc of docs) loader.prime(doc._id.toHexString(), doc);
  }
}
