import { Double, Int32, Long, MongoClient, type Collection } from 'mongodb';
import { suiteStore } from './support/store';
import { serverError, type Doc } from './helpers';

/** MongoDB's limits are enforced before a write is acknowledged; retried writes apply once; numbers keep their type. */

const store = suiteStore('limits');

function fresh(): Collection<Doc> {
  return store.fresh<Doc>();
}

function nested(depth: number): Doc {
  let doc: Doc = { leaf: true };
  for (let i = 1; i < depth; i++) doc = { child: doc };
  return doc;
}

describe('document limits', () => {
  it('a document over 16 MiB is refused (10334) and nothing is stored', async () => {
    const coll = fresh();
    const error = await serverError(coll.insertOne({ _id: 1, blob: 'x'.repeat(16 * 1024 * 1024) }));
    expect(error.code).toBe(10334);
    expect(await coll.countDocuments()).toBe(0);
    await coll.insertOne({ _id: 2, small: true });
    expect(await coll.find({}).toArray()).toEqual([{ _id: 2, small: true }]);
  });

  it('an update that would grow a document past 16 MiB is refused and leaves it unchanged', async () => {
    const coll = fresh();
    const half = 'y'.repeat(9 * 1024 * 1024);
    await coll.insertOne({ _id: 1, a: half });
    const error = await serverError(coll.updateOne({ _id: 1 }, { $set: { b: half } }));
    expect([10334, 17419]).toContain(error.code);
    const stored = await coll.findOne({ _id: 1 });
    expect(stored?.b).toBeUndefined();
    expect(stored?.a).toHaveLength(half.length);
  });

  it('nesting deeper than 100 levels is refused (15)', async () => {
    const coll = fresh();
    const error = await serverError(coll.insertOne({ _id: 1, deep: nested(150) }));
    expect(error.code).toBe(15);
    expect(await coll.countDocuments()).toBe(0);
    await coll.insertOne({ _id: 2, deep: nested(20) });
    expect(await coll.countDocuments()).toBe(1);
  });
});

describe('filter values longer than any index key', () => {
  it('read as matching nothing (or what they bound), through the index, in finds, counts and aggregations', async () => {
    const coll = fresh();
    await coll.createIndex({ account: 1, code: 1 });
    await coll.insertMany([
      { _id: 1, account: 1, code: 'a' },
      { _id: 2, account: 1, code: 'z' },
      { _id: 3, account: 2, code: 'a' },
    ]);
    const long = 'y'.repeat(3000);
    expect(await coll.find({ account: 1, code: long }).toArray()).toEqual([]);
    expect(await coll.countDocuments({ account: 1, code: long })).toBe(0);
    expect(await coll.aggregate([{ $match: { account: 1, code: long } }]).toArray()).toEqual([]);
    // A long bound still bounds: 'z' sorts after 'yyy…', 'a' before it.
    expect((await coll.find({ account: 1, code: { $gt: long } }).toArray()).map((doc) => doc._id)).toEqual([2]);
    expect(
      (
        await coll
          .find({ account: 1, code: { $lt: long } })
          .sort({ code: -1 })
          .toArray()
      ).map((doc) => doc._id),
    ).toEqual([1]);
    expect(await coll.countDocuments({ account: 1, code: { $lte: long } })).toBe(1);
    expect(await coll.findOne({ _id: long })).toBeNull();
    expect(await coll.countDocuments({ account: long })).toBe(0);
  });
});

describe('retryable writes', () => {
  // These tests choose txnNumbers themselves, so each takes its session from a client of its own: a server session
  // returned to a shared pool would carry a txnNumber ahead of the one the driver counts (MongoDB, like the engine,
  // then refuses the driver's next writes on it as TransactionTooOld).
  let own: MongoClient;
  const ownDb = () => own.db(store.db.databaseName);
  beforeEach(async () => {
    own = await MongoClient.connect(store.uri);
  });
  afterEach(async () => {
    await own?.close();
  });

  it('an update resent with the same session and txnNumber is applied once and answers the same', async () => {
    const coll = fresh();
    await coll.insertOne({ _id: 1, n: 0 });
    const session = own.startSession();
    try {
      const command = { update: coll.collectionName, updates: [{ q: { _id: 1 }, u: { $inc: { n: 1 } } }], txnNumber: Long.fromNumber(41) };
      const first = await ownDb().command(command, { session });
      const retry = await ownDb().command(command, { session });
      expect(retry.n).toBe(first.n);
      expect(retry.nModified).toBe(first.nModified);
      expect((await coll.findOne({ _id: 1 }))?.n).toBe(1);
      // The next txnNumber is a new write.
      await ownDb().command({ ...command, txnNumber: Long.fromNumber(42) }, { session });
      expect((await coll.findOne({ _id: 1 }))?.n).toBe(2);
    } finally {
      await session.endSession();
    }
  });

  it("a write older than the session's last retryable write is TransactionTooOld (225), not applied", async () => {
    const coll = fresh();
    await coll.insertOne({ _id: 1, n: 0 });
    const session = own.startSession();
    try {
      const update = (txnNumber: number) => ({
        update: coll.collectionName,
        updates: [{ q: { _id: 1 }, u: { $inc: { n: 1 } } }],
        txnNumber: Long.fromNumber(txnNumber),
      });
      await ownDb().command(update(10), { session });
      await ownDb().command(update(11), { session });
      expect((await serverError(ownDb().command(update(10), { session }))).code).toBe(225);
      expect((await coll.findOne({ _id: 1 }))?.n).toBe(2);
    } finally {
      await session.endSession();
    }
  });

  it('an insert resent with the same txnNumber does not fail as a duplicate', async () => {
    const coll = fresh();
    const session = own.startSession();
    try {
      const command = { insert: coll.collectionName, documents: [{ _id: 'once' }], txnNumber: Long.fromNumber(7) };
      expect((await ownDb().command(command, { session })).n).toBe(1);
      const retry = await ownDb().command(command, { session });
      expect(retry.n).toBe(1);
      expect(retry.writeErrors).toBeUndefined();
      expect(await coll.countDocuments()).toBe(1);
    } finally {
      await session.endSession();
    }
  });
});

describe('numeric BSON types', () => {
  it('Int32, Int64 and Double (even holding a whole number) come back with their type', async () => {
    const coll = fresh();
    await coll.insertOne({ _id: 1, i: new Int32(5), l: Long.fromNumber(5), d: new Double(5), f: new Double(2.5) });
    const raw = await coll.findOne({ _id: 1 }, { promoteValues: false });
    expect(raw?.i).toBeInstanceOf(Int32);
    expect(raw?.l).toBeInstanceOf(Long);
    expect(raw?.d).toBeInstanceOf(Double);
    expect(raw?.f).toBeInstanceOf(Double);
    expect(Number(raw?.d)).toBe(5);
    // The values still compare as numbers.
    expect(await coll.countDocuments({ i: 5, l: 5, d: 5 })).toBe(1);
  });

  it('keep their type when the driver appends a generated _id (stored first, as MongoDB stores it)', async () => {
    const coll = fresh();
    const many = await coll.insertMany([{ l: Long.fromNumber(10), d: new Double(3) }, { l: Long.fromNumber(11) }]);
    const one = await coll.insertOne({ l: Long.fromNumber(12), nested: { d: new Double(4) } });
    const raw = await coll.find({}, { promoteValues: false }).sort({ l: 1 }).toArray();
    expect(raw.map((doc) => doc._id.toHexString())).toEqual([many.insertedIds[0], many.insertedIds[1], one.insertedId].map((id) => id.toHexString()));
    expect(raw.map((doc) => Object.keys(doc)[0])).toEqual(['_id', '_id', '_id']);
    expect(raw.map((doc) => doc.l)).toEqual([Long.fromNumber(10), Long.fromNumber(11), Long.fromNumber(12)]);
    expect(raw[0].d).toBeInstanceOf(Double);
    expect(raw[2].nested.d).toBeInstanceOf(Double);
  });

  it('keep their type in a generated _id (a primary key factory giving doubles)', async () => {
    let next = 0;
    const client = new MongoClient(store.uri, { pkFactory: { createPk: () => new Double(next++) } });
    try {
      const coll = client.db(store.db.databaseName).collection<Doc>(fresh().collectionName);
      await coll.insertOne({ name: 'first' });
      const raw = await coll.findOne({ name: 'first' }, { promoteValues: false });
      expect(raw?._id).toBeInstanceOf(Double);
    } finally {
      await client.close();
    }
  });

  it('$type tells Int32, Int64 and Double apart, a whole-number double included', async () => {
    const coll = fresh();
    await coll.insertMany([
      { _id: 'int', n: new Int32(5) },
      { _id: 'long', n: Long.fromNumber(5) },
      { _id: 'double', n: new Double(5) },
      { _id: 'fraction', n: new Double(5.5) },
    ]);
    const ids = async (type: string) =>
      (
        await coll
          .find({ n: { $type: type } })
          .sort({ _id: 1 })
          .toArray()
      ).map((doc) => doc._id);
    expect(await ids('int')).toEqual(['int']);
    expect(await ids('long')).toEqual(['long']);
    expect(await ids('double')).toEqual(['double', 'fraction']);
    expect(await ids('number')).toEqual(['double', 'fraction', 'int', 'long']);
    expect(await coll.countDocuments({ n: { $type: 'double' }, _id: { $ne: 'fraction' } })).toBe(1);
  });

  it('$type names Int32, Int64 and Double inside $or, $nor, $elemMatch and in later pipeline stages', async () => {
    const coll = fresh();
    await coll.insertMany([
      { _id: 'int', n: new Int32(5), items: [{ q: new Int32(1) }] },
      { _id: 'long', n: Long.fromNumber(5), items: [{ q: Long.fromNumber(1) }] },
      { _id: 'double', n: new Double(5), items: [{ q: new Double(1) }] },
    ]);
    const ids = async (filter: Doc) => (await coll.find(filter).sort({ _id: 1 }).toArray()).map((doc) => doc._id);
    expect(await ids({ $or: [{ n: { $type: 'double' } }, { _id: 'none' }] })).toEqual(['double']);
    expect(await ids({ $nor: [{ n: { $type: 'int' } }] })).toEqual(['double', 'long']);
    expect(await ids({ n: { $not: { $type: 'long' } } })).toEqual(['double', 'int']);
    expect(await ids({ items: { $elemMatch: { q: { $type: 'long' } } } })).toEqual(['long']);
    expect(await ids({ 'items.q': { $type: 'int' } })).toEqual(['int']);

    const types = await coll
      .aggregate([{ $sort: { _id: 1 } }, { $match: { $or: [{ n: { $type: 'long' } }, { n: { $type: 'double' } }] } }, { $project: { t: { $type: '$n' } } }])
      .toArray();
    expect(types).toEqual([
      { _id: 'double', t: 'double' },
      { _id: 'long', t: 'long' },
    ]);
    const later = await coll.aggregate([{ $sort: { _id: -1 } }, { $match: { n: { $type: 'int' } } }]).toArray();
    expect(later.map((doc) => doc._id)).toEqual(['int']);
  });

  if (!process.env.MONGODB_URI) {
    it('$type refuses (NotImplemented) to name the number type of a whole number it cannot know', async () => {
      const coll = fresh();
      await coll.insertMany([{ _id: 1, n: new Double(5) }]);
      // A computed value: MongoDB would name it by the types of its inputs, which the pipeline no longer has.
      const computed = await serverError(
        coll.aggregate([{ $group: { _id: null, total: { $sum: '$n' } } }, { $project: { t: { $type: '$total' } } }]).toArray(),
      );
      expect(computed.code).toBe(238);
      expect(computed.message).toContain('$type cannot tell int, long and double apart');
      const reshaped = await serverError(coll.aggregate([{ $project: { m: '$n' } }, { $match: { m: { $type: 'double' } } }]).toArray());
      expect(reshaped.code).toBe(238);
      // A fraction can only be a double, and 'number' needs no exact type: both are answered.
      const fraction = await coll.aggregate([{ $project: { t: { $type: { $divide: ['$n', 2] } } } }]).toArray();
      expect(fraction).toEqual([{ _id: 1, t: 'double' }]);
      expect(await coll.aggregate([{ $project: { m: '$n' } }, { $match: { m: { $type: 'number' } } }]).toArray()).toEqual([{ _id: 1, m: 5 }]);
    });
  }

  it('an update keeps the types of the numbers it does not touch, and of those it increments', async () => {
    const coll = fresh();
    await coll.insertOne({ _id: 1, i: new Int32(3), l: Long.fromNumber(7), d: new Double(5), nested: { d: new Double(2) }, list: [new Double(1)] });
    await coll.updateOne({ _id: 1 }, { $set: { note: 'changed' }, $inc: { d: 1, l: 1 } });
    const raw = await coll.findOne({ _id: 1 }, { promoteValues: false });
    expect(raw?.i).toBeInstanceOf(Int32);
    expect(raw?.l).toBeInstanceOf(Long);
    expect(Number(raw?.l)).toBe(8);
    expect(raw?.d).toBeInstanceOf(Double);
    expect(Number(raw?.d)).toBe(6);
    expect(raw?.nested.d).toBeInstanceOf(Double);
    expect(raw?.list[0]).toBeInstanceOf(Double);
  });
});
