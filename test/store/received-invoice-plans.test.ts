import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ObjectId, type Document } from 'mongodb';
import { declaredIndexes } from '../../src/domain/declarations';
import { ensureIndexes } from '../../src/store/catalog';
import { connectStore, type StoreConnection } from '../../src/store/connect';
import { Store } from '../../src/store/store';

/**
 * The hand-written received-invoice queries (outside the declared list) are served by indexes: the import history
 * (newest first, without an in-memory sort), the suppliers an import looks up by CUIT, and a voucher by the export's
 * natural key (the unique index that makes a re-import store nothing twice). Asked of the server with explain.
 */
let connection: StoreConnection;
let store: Store;
let dir: string | undefined;
beforeAll(async () => {
  dir = process.env.MONGODB_URI ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'received-invoice-plans-'));
  connection = await connectStore({ mongodbUri: process.env.MONGODB_URI, dataDir: dir ?? os.tmpdir() });
  store = new Store(connection.client, connection.client.db(`received_invoice_plans_${process.pid}_${Date.now().toString(36)}`));
  await ensureIndexes(store.db, declaredIndexes());
});
afterAll(async () => {
  await store?.db.dropDatabase().catch(() => undefined);
  await connection?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

function stages(plan: Document | undefined): string[] {
  if (!plan || typeof plan !== 'object') return [];
  const own = typeof plan.stage === 'string' ? [plan.stage] : [];
  return [...own, ...[plan.inputStage, ...(plan.inputStages ?? [])].flatMap((child) => stages(child))];
}

async function winningStages(collection: string, filter: Document, sort?: Document): Promise<string[]> {
  const cursor = store.db.collection(collection).find(filter);
  if (sort) cursor.sort(sort).limit(20);
  const explained = await cursor.explain('queryPlanner');
  return stages(explained.queryPlanner?.winningPlan?.queryPlan ?? explained.queryPlanner?.winningPlan);
}

const account = new ObjectId();

it.each([
  ['suppliers of an import, by CUIT', 'suppliers', { account_id: account, tax_id: { $in: ['30715551248', '30708884444'] } }],
  [
    'a voucher by its natural key',
    'received_invoices',
    { account_id: account, supplier_cuit: '30715551248', voucher_type: 1, sale_point: 3, voucher_number: 110266 },
  ],
])('%s uses an index', async (_name, collection, filter) => {
  const plan = await winningStages(collection, filter);
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
});

it('the import history lists newest first from an index, without sorting in memory', async () => {
  const plan = await winningStages('received_invoice_imports', { account_id: account }, { started_at: -1, _id: -1 });
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
  expect(plan).not.toContain('SORT');
});
