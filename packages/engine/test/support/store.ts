import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient, type Db } from 'mongodb';
import { startEngine, type EngineHandle } from '../../src';

export interface TestStore {
  client: MongoClient;
  /** A database of its own for the calling suite. */
  db: Db;
  uri: string;
  close(): Promise<void>;
}

let counter = 0;

/**
 * The suite's server: the MongoDB at MONGODB_URI when it is set, otherwise a fresh embedded engine on a temporary
 * directory. Each call gets its own database so suites never see each other's data.
 */
export async function openTestStore(): Promise<TestStore> {
  const dbName = `test_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  let engine: EngineHandle | undefined;
  let dir: string | undefined;
  let uri = process.env.MONGODB_URI;
  if (!uri) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-test-'));
    engine = await startEngine({ dbpath: dir });
    uri = engine.uri;
  }
  const client = await MongoClient.connect(uri);
  const db = client.db(dbName);
  return {
    client,
    db,
    uri,
    async close() {
      if (!engine) await db.dropDatabase().catch(() => undefined);
      await client.close();
      await engine?.stop();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A temporary directory removed when the process ends. */
export function tempDir(prefix = 'engine-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * The suite's store, opened before its tests and closed after them: `suite.db`, `suite.client`, and
 * `suite.fresh()` for a collection no other test of the suite uses.
 */
export function suiteStore(prefix = 'c') {
  let store: TestStore | undefined;
  let seq = 0;
  beforeAll(async () => {
    store = await openTestStore();
  });
  afterAll(async () => {
    await store?.close();
  });
  const opened = (): TestStore => {
    if (!store) throw new Error('the suite store is opened in beforeAll');
    return store;
  };
  return {
    get store(): TestStore {
      return opened();
    },
    get db() {
      return opened().db;
    },
    get client() {
      return opened().client;
    },
    get uri() {
      return opened().uri;
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    fresh<T extends Record<string, any> = any>(name = `${prefix}_${seq++}`) {
      return opened().db.collection<T>(name);
    },
  };
}
