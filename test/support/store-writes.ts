import type { Store } from '../../src/store/store';

/**
 * Documents written to the store so far (inserted, updated and deleted), to assert that something writes nothing.
 * On the embedded engine: serverStatus's `metrics.document` (counted when a write commits; the engine writes nothing
 * of its own). On MongoDB (MONGODB_URI), whose server-wide counters also move with its own writes (sessions, the
 * oplog, other databases), the `top` command's per-collection counts of insert, update and remove operations of this
 * store's database only.
 */
export async function storeWrites(store: Store): Promise<number> {
  const admin = store.db.admin();
  const status = await admin.command({ serverStatus: 1 });
  if (status.storageEngine?.name === 'lmdb') {
    const { inserted, updated, deleted } = status.metrics.document as Record<string, number>;
    return inserted + updated + deleted;
  }
  const { totals } = await admin.command({ top: 1 });
  const prefix = `${store.db.databaseName}.`;
  let writes = 0;
  for (const [ns, counts] of Object.entries(totals as Record<string, Record<string, { count: number }>>))
    if (ns.startsWith(prefix)) writes += counts.insert.count + counts.update.count + counts.remove.count;
  return writes;
}
