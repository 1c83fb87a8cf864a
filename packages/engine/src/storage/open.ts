import fs from 'node:fs';
import path from 'node:path';
import { acquireLock, releaseLock } from '../lock';
import { legacyFiles, migrateLegacy } from './legacy';
import { Store } from './store';

const LMDB_FILES = ['data.mdb', 'lock.mdb'];

/** Opens (creating if needed) the store of a data directory, migrating an old-format directory on first open. */
export async function openStore(dir: string, log: (line: string) => void = () => undefined): Promise<Store> {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  acquireLock(dir);
  try {
    const store = Store.open(dir);
    ownerOnly(dir);
    const legacy = legacyFiles(dir);
    if (legacy.length === 0) return store;
    log(`migrating the data directory's old format (${legacy.join(', ')}) to LMDB`);
    return await migrateLegacy(dir, store, async () => {
      await store.close();
      for (const name of LMDB_FILES) fs.rmSync(path.join(dir, name), { force: true });
      return Store.open(dir);
    });
  } catch (error) {
    releaseLock(dir);
    throw error;
  }
}

/**
 * The data are an account's books and its keys' hashes: the directory and its files are readable by their owner
 * only, whatever the umask they were created under (LMDB creates its files 0644 under the usual umask).
 */
function ownerOnly(dir: string): void {
  fs.chmodSync(dir, 0o700);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) if (entry.isFile()) fs.chmodSync(path.join(dir, entry.name), 0o600);
}

export async function closeStore(dir: string, store: Store): Promise<void> {
  await store.close();
  releaseLock(dir);
}
