import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Document } from 'mongodb';
import { declaredIndexes } from '../../src/domain/declarations';
import { ensureIndexes } from '../../src/store/catalog';
import { connectStore, type StoreConnection } from '../../src/store/connect';
import { Store } from '../../src/store/store';

/** Every index name of a plan tree. */
function indexNames(plan: Document | undefined): string[] {
  if (!plan || typeof plan !== 'object') return [];
  const own = typeof plan.indexName === 'string' ? [plan.indexName] : [];
  return [...own, ...[plan.inputStage, ...(plan.inputStages ?? [])].flatMap((child) => indexNames(child))];
}

/** Every stage name of a plan tree. */
function stages(plan: Document | undefined): string[] {
  if (!plan || typeof plan !== 'object') return [];
  const own = typeof plan.stage === 'string' ? [plan.stage] : [];
  return [...own, ...[plan.inputStage, ...(plan.inputStages ?? [])].flatMap((child) => stages(child))];
}

/**
 * A store with the application's indexes on a database of its own (of MONGODB_URI when set, else of an embedded
 * engine), for a suite that asks the server's `explain` which plan a query wins; dropped after the suite.
 */
export function planStore(name: string): {
  winningStages(collection: string, filter: Document, sort?: Document): Promise<string[]>;
  winningIndexes(collection: string, filter: Document, sort?: Document): Promise<string[]>;
} {
  let connection: StoreConnection;
  let store: Store;
  let dir: string | undefined;
  beforeAll(async () => {
    dir = process.env.MONGODB_URI ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
    connection = await connectStore({ mongodbUri: process.env.MONGODB_URI, dataDir: dir ?? os.tmpdir() });
    store = new Store(connection.client, connection.client.db(`${name.replace(/-/g, '_')}_${process.pid}_${Date.now().toString(36)}`));
    await ensureIndexes(store.db, declaredIndexes());
  });
  afterAll(async () => {
    await store?.db.dropDatabase().catch(() => undefined);
    await connection?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  /** The plan the server picks for a page (20) of `filter` in `sort` order. */
  const winning = async (collection: string, filter: Document, sort?: Document) => {
    const cursor = store.db.collection(collection).find(filter);
    if (sort) cursor.sort(sort).limit(20);
    const explained = await cursor.explain('queryPlanner');
    return explained.queryPlanner?.winningPlan?.queryPlan ?? explained.queryPlanner?.winningPlan;
  };
  return {
    winningStages: async (collection, filter, sort) => stages(await winning(collection, filter, sort)),
    winningIndexes: async (collection, filter, sort) => indexNames(await winning(collection, filter, sort)),
  };
}
