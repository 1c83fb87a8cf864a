import { MongoClient, type Collection, type Db } from 'mongodb';
import { openTestStore, type TestStore } from './support/store';
import { serverError, type Doc } from './helpers';

let store: TestStore;
/** One pooled connection only, so every test's follow-up ping travels over the connection that saw the error. */
let single: MongoClient;
let db: Db;
let coll: Collection<Doc>;
const closedConnections: string[] = [];
let createdConnections = 0;

beforeAll(async () => {
  store = await openTestStore();
  single = new MongoClient(store.uri, { maxPoolSize: 1 });
  single.on('connectionCreated', () => createdConnections++);
  single.on('connectionClosed', (event) => closedConnections.push(event.reason));
  await single.connect();
  db = single.db(store.db.databaseName);
  coll = db.collection<Doc>('things');
  await coll.insertMany([
    { _id: 1, a: 1 },
    { _id: 2, a: 2 },
  ]);
});

afterAll(async () => {
  await single?.close();
  await store?.close();
});

/** The connection survived: a ping succeeds, no pooled connection was closed, and data is still readable. */
async function expectConnectionHealthy(): Promise<void> {
  expect(await db.command({ ping: 1 })).toMatchObject({ ok: 1 });
  expect(closedConnections).toEqual([]);
  expect(createdConnections).toBe(1);
  expect(await coll.countDocuments()).toBe(2);
}

describe('errors are reported and the connection keeps working', () => {
  it('an unknown query operator is BadValue (2)', async () => {
    const err = await serverError(coll.find({ a: { $bogus: 1 } }).toArray());
    expect(err.code).toBe(2);
    expect(err.codeName).toBe('BadValue');
    expect(err.message).toContain('$bogus');
    await expectConnectionHealthy();
  });

  it('an unknown top-level query operator is BadValue (2)', async () => {
    const err = await serverError(coll.find({ $bogus: [{ a: 1 }] }).toArray());
    expect(err.code).toBe(2);
    expect(err.message).toContain('$bogus');
    await expectConnectionHealthy();
  });

  it('an unknown query operator also fails in count, delete and update filters', async () => {
    expect((await serverError(coll.countDocuments({ a: { $bogus: 1 } }))).code).toBe(2);
    expect((await serverError(coll.deleteMany({ a: { $bogus: 1 } }))).code).toBe(2);
    expect((await serverError(coll.updateMany({ a: { $bogus: 1 } }, { $set: { b: 1 } }))).code).toBe(2);
    expect(await coll.find({}).sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, a: 1 },
      { _id: 2, a: 2 },
    ]);
    await expectConnectionHealthy();
  });

  it('an unknown aggregation stage is refused with a message naming it', async () => {
    const err = await serverError(coll.aggregate([{ $match: {} }, { $bogus: {} }]).toArray());
    expect(err.message).toContain('$bogus');
    expect(typeof err.code).toBe('number');
    await expectConnectionHealthy();
  });

  it('an unknown aggregation expression operator is InvalidPipelineOperator (168)', async () => {
    const err = await serverError(coll.aggregate([{ $project: { x: { $bogusExpr: ['$a'] } } }]).toArray());
    expect(err.code).toBe(168);
    expect(err.message).toContain('$bogusExpr');
    await expectConnectionHealthy();
  });

  it('an unknown update operator is FailedToParse (9) and changes nothing', async () => {
    const err = await serverError(coll.updateOne({ _id: 1 }, { $bogus: { a: 5 } }));
    expect(err.code).toBe(9);
    expect(err.message).toContain('$bogus');
    expect(await coll.findOne({ _id: 1 })).toEqual({ _id: 1, a: 1 });
    await expectConnectionHealthy();
  });

  it('$where is refused by the embedded engine (real MongoDB evaluates it)', async () => {
    const query = coll.find({ $where: 'this.a === 2' }).toArray();
    if (!process.env.MONGODB_URI) {
      const err = await serverError(query);
      expect(err.message).toContain('$where');
    } else {
      expect(await query).toEqual([{ _id: 2, a: 2 }]);
    }
    await expectConnectionHealthy();
  });

  it('an unknown command is CommandNotFound (59)', async () => {
    const err = await serverError(db.command({ bogusCommand: 1 }));
    expect(err.code).toBe(59);
    expect(err.codeName).toBe('CommandNotFound');
    expect(err.message).toContain('bogusCommand');
    await expectConnectionHealthy();
  });

  it('several errors in a row on the same connection, then normal work', async () => {
    for (let i = 0; i < 5; i++) {
      await serverError(db.command({ bogusCommand: i }));
      await serverError(coll.find({ a: { $bogus: i } }).toArray());
    }
    await coll.insertOne({ _id: 3, a: 3 });
    expect(await coll.findOne({ _id: 3 })).toEqual({ _id: 3, a: 3 });
    await coll.deleteOne({ _id: 3 });
    await expectConnectionHealthy();
  });
});
