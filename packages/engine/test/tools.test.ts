import type { Collection } from 'mongodb';
import { openTestStore, type TestStore } from './support/store';
import { serverError, type Doc } from './helpers';

/** What mongosh's db.stats() / collection stats and Compass's overview ask for. */

let store: TestStore;
let items: Collection<Doc>;

beforeAll(async () => {
  store = await openTestStore();
  items = store.db.collection<Doc>('items');
  await items.insertMany(Array.from({ length: 250 }, (_, i) => ({ _id: i, sku: `S${i}`, text: 'x'.repeat(100) })));
  await items.createIndex({ sku: 1 });
  await store.db.collection<Doc>('empty').insertOne({ _id: 1 });
  await store.db.collection<Doc>('empty').deleteOne({ _id: 1 });
});

afterAll(async () => {
  await store.close();
});

it('dbStats counts collections, objects and indexes, with sizes', async () => {
  const stats = await store.db.command({ dbStats: 1 });
  expect(stats.ok).toBe(1);
  expect(stats.db).toBe(store.db.databaseName);
  expect(stats.collections).toBe(2);
  expect(stats.objects).toBe(250);
  expect(stats.indexes).toBe(3);
  expect(stats.dataSize).toBeGreaterThan(250 * 100);
  expect(stats.indexSize).toBeGreaterThan(0);
  expect(stats.avgObjSize).toBeGreaterThan(100);
});

it('$collStats gives storageStats and count; the collStats command answers too', async () => {
  const [stats] = await items.aggregate([{ $collStats: { storageStats: {}, count: {} } }]).toArray();
  expect(stats.ns).toBe(`${store.db.databaseName}.items`);
  expect(stats.count).toBe(250);
  expect(stats.storageStats.count).toBe(250);
  expect(stats.storageStats.size).toBeGreaterThan(250 * 100);
  expect(stats.storageStats.nindexes).toBe(2);
  expect(Object.keys(stats.storageStats.indexSizes).sort()).toEqual(['_id_', 'sku_1']);
  const command = await store.db.command({ collStats: 'items' });
  expect(command.count).toBe(250);
  expect((await serverError(store.db.command({ collStats: 'no_such_collection' }))).code).toBe(26);
});

it('listDatabases reports sizes', async () => {
  const { databases, totalSize } = await store.client.db('admin').command({ listDatabases: 1 });
  const ours = databases.find((db: { name: string }) => db.name === store.db.databaseName);
  expect(ours.sizeOnDisk).toBeGreaterThan(0);
  expect(totalSize).toBeGreaterThanOrEqual(ours.sizeOnDisk);
});

it('serverStatus answers the basics tools read', async () => {
  const status = await store.client.db('admin').command({ serverStatus: 1 });
  expect(typeof status.version).toBe('string');
  expect(status.uptime).toBeGreaterThanOrEqual(0);
  expect(status.connections.current).toBeGreaterThanOrEqual(1);
  expect(status.mem.resident).toBeGreaterThan(0);
  expect(status.localTime).toBeInstanceOf(Date);
});

// The counters are the server's: on a shared MongoDB, suites running beside this one write too.
(process.env.MONGODB_URI ? it.skip : it)("serverStatus's metrics.document counts the documents written, and reads count nothing", async () => {
  const documents = async () => (await store.client.db('admin').command({ serverStatus: 1 })).metrics.document;
  const coll = store.db.collection<Doc>('metered');
  const before = await documents();
  await coll.insertMany([{ _id: 1 }, { _id: 2 }, { _id: 3 }]);
  await coll.updateMany({ _id: { $lte: 2 } }, { $set: { seen: true } });
  await coll.deleteOne({ _id: 3 });
  // A refused write counts nothing: the duplicate is not inserted.
  await serverError(coll.insertOne({ _id: 1 }));
  const written = await documents();
  expect([written.inserted - before.inserted, written.updated - before.updated, written.deleted - before.deleted]).toEqual([3, 2, 1]);
  await coll.find({}).toArray();
  await coll.countDocuments({ seen: true });
  await coll.aggregate([{ $group: { _id: null, n: { $sum: 1 } } }]).toArray();
  const after = await documents();
  expect([after.inserted, after.updated, after.deleted]).toEqual([written.inserted, written.updated, written.deleted]);
});
