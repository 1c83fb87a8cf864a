import DataLoader from 'dataloader';
import type { ObjectId } from 'mongodb';
import type { CollectionName } from './catalog';
import type { Store } from './store';
import { TenantCollection, type TenantDocument } from './tenant-collection';

/**
 * Per-request batch loaders, scoped to the request's account: every `load(id)` of one tick becomes a single
 * `{_id: {$in: [...]}, account_id}` query, so a nested list costs one round trip per level.
 */
export class Loaders {
  private readonly byCollection = new Map<CollectionName, DataLoader<string, TenantDocument | null>>();

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

  /** Seeds the cache with documents already read (a list query), so field resolvers do not read them again. */
  prime<T extends TenantDocument>(name: CollectionName, docs: T[]): void {
    const loader = this.byId<T>(name);
    for (const doc of docs) loader.prime(doc._id.toHexString(), doc);
  }
}
