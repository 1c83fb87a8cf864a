import type { Storage } from './storage/contract';
import { DirectUnit } from './txn';

/** Deletions per collection and pass, so one pass never holds the writer for long. */
const BATCH = 10_000;

/**
 * The TTL monitor: deletes documents whose indexed date is older than the index's `expireAfterSeconds`, through
 * the index (a range below the cutoff), as MongoDB's does every 60 seconds (here every sweep of the engine).
 */
export function expireDocuments(store: Storage, now = Date.now()): void {
  for (const meta of [...store.collections.values()]) {
    for (const index of meta.indexes.values()) {
      const seconds = index.spec.expireAfterSeconds;
      if (typeof seconds !== 'number' || index.fields.length !== 1 || index.partial) continue;
      const filter = { [index.fields[0]]: { $lt: new Date(now - seconds * 1000) } };
      store.write(() => {
        const unit = new DirectUnit(store);
        for (const { doc } of unit.query(meta, { filter, limit: BATCH, hint: index.name }).matches) unit.remove(meta, doc);
      });
    }
  }
}
