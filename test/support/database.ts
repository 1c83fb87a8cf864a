import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectStore, type StoreConnection } from '../../src/store/connect';
import { Store } from '../../src/store/store';
import { sharedStoreUri } from './store-uri';

/**
 * A database of the suite's own (of MONGODB_URI when set, else of the jest worker's engine, else of an embedded engine
 * on a temporary directory: test/support/store-uri.ts), opened before the suite's tests and dropped after them.
 * Answers the store, once open.
 */
export function suiteDatabase(name: string, prepare?: (store: Store) => Promise<void>): () => Store {
  let connection: StoreConnection;
  let store: Store;
  let dir: string | undefined;
  beforeAll(async () => {
    const shared = sharedStoreUri();
    dir = shared ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
    connection = await connectStore({ mongodbUri: shared, dataDir: dir ?? os.tmpdir() });
    store = new Store(connection.client, connection.client.db(`${name.replace(/-/g, '_')}_${process.pid}_${Date.now().toString(36)}`));
    await prepare?.(store);
  });
  afterAll(async () => {
    await store?.db.dropDatabase().catch(() => undefined);
    await connection?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => store;
}
