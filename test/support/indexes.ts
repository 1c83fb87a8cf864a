import type { IndexDescription } from 'mongodb';
import { COLLECTIONS, type CollectionName } from '../../src/store/catalog';
import type { Store } from '../../src/store/store';

/** The catalogue's indexes of the named collections only: what a suite's own database needs, created in a moment. */
export async function catalogIndexes(store: Store, names: readonly CollectionName[]): Promise<void> {
  for (const name of names) {
    const indexes = COLLECTIONS[name] as readonly IndexDescription[];
    if (indexes.length) await store.db.collection(name).createIndexes([...indexes]);
  }
}
