import { BSONRegExp, MongoClient, ObjectId, type CommandStartedEvent, type Collection, type Document, type Filter } from 'mongodb';
import { suiteStore } from './support/store';
import { serverError, type Doc } from './helpers';

const store = suiteStore('crud');

describe('insertOne / insertMany', () => {
  it('generates an ObjectId _id when the document has none', async () => {
    const coll = store.db.collection<Doc>('ins_generated');
    const doc: Document = { name: 'Ana' };
    const res = await coll.insertOne(doc);
    expect(res.acknowledged).toBe(true);
    expect(res.insertedId).toBeInstanceOf(ObjectId);
    const stored = await coll.findOne({ _id: res.insertedId });
    expect(stored).not.toBeNull();
    expect(stored!._id).toBeInstanceOf(ObjectId);
    expect((stored!._id as ObjectId).equals(res.insertedId)).toBe(true);
    expect(stored).toEqual({ _id: res.insertedId, name: 'Ana' });
  });

  it('keeps a custom _id of any type', async () => {
    const coll = store.db.collection<Doc>('ins_custom');
    expect((await coll.insertOne({ _id: 'cuit-20-12345678-9', kind: 'string' })).insertedId).toBe('cuit-20-12345678-9');
    expect((await coll.insertOne({ _id: 42, kind: 'int' })).insertedId).toBe(42);
    expect((await coll.insertOne({ _id: { a: 1, b: 'x' }, kind: 'doc' })).insertedId).toEqual({ a: 1, b: 'x' });
    expect(await coll.findOne({ _id: 'cuit-20-12345678-9' })).toEqual({
      _id: 'cuit-20-12345678-9',
      kind: 'string',
    });
    expect(await coll.findOne({ _id: 42 })).toEqual({ _id: 42, kind: 'int' });
    expect(await coll.findOne({ _id: { a: 1, b: 'x' } })).toEqual({ _id: { a: 1, b: 'x' }, kind: 'doc' });
    expect(await coll.countDocuments()).toBe(3);
  });

  it('insertMany reports every inserted id in order', async () => {
    const coll = store.db.collection<Doc>('ins_many');
    const res = await coll.insertMany([{ n: 1 }, { _id: 'second', n: 2 } as Document, { n: 3 }]);
    expect(res.insertedCount).toBe(3);
    expect(Object.keys(res.insertedIds)).toEqual(['0', '1', '2']);
    expect(res.insertedIds[0]).toBeInstanceOf(ObjectId);
    expect(res.insertedIds[1]).toBe('second');
    expect(res.insertedIds[2]).toBeInstanceOf(ObjectId);
    expect((res.insertedIds[0] as ObjectId).equals(res.insertedIds[2] as ObjectId)).toBe(false);
    const docs = await coll
      .find({}, { projection: { _id: 0 } })
      .sort({ n: 1 })
      .toArray();
    expect(docs).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });
});

describe('find filters', () => {
  let people: Collection<Doc>;

  beforeAll(async () => {
    people = store.db.collection<Doc>('people');
    await people.insertMany([
      {
        _id: 1,
        name: 'Ana',
        age: 30,
        tags: ['a', 'b'],
        address: { city: 'Rosario', zip: '2000' },
        scores: [80, 95],
        items: [
          { sku: 'x', qty: 2 },
          { sku: 'y', qty: 10 },
        ],
      },
      {
        _id: 2,
        name: 'Bruno',
        age: 25,
        tags: ['b', 'c'],
        address: { city: 'Mendoza', zip: '5500' },
        scores: [60, 70, 75],
        items: [{ sku: 'x', qty: 5 }],
      },
      {
        _id: 3,
        name: 'Carla',
        age: 35,
        tags: [],
        address: { city: 'Rosario', zip: '2001' },
        scores: [],
        items: [],
        nickname: null,
      },
      {
        _id: 4,
        name: 'Diego',
        age: 40,
        tags: ['a', 'b', 'c'],
        scores: [90],
        items: [
          { sku: 'y', qty: 1 },
          { sku: 'z', qty: 7 },
        ],
        nickname: 'Dieguito',
      },
      {
        _id: 5,
        name: 'elena',
        age: 25,
        tags: ['c'],
        address: { city: 'Salta' },
        scores: [100, 50],
        items: [{ sku: 'x', qty: 1 }],
      },
    ]);
  });

  async function ids(filter: Filter<Doc>): Promise<unknown[]> {
    const docs = await people
      .find(filter, { projection: { _id: 1 } })
      .sort({ _id: 1 })
      .toArray();
    return docs.map((d) => d._id);
  }

  it('$eq and implicit equality', async () => {
    expect(await ids({ age: { $eq: 25 } })).toEqual([2, 5]);
    expect(await ids({ age: 25 })).toEqual([2, 5]);
    expect(await ids({ name: 'Carla' })).toEqual([3]);
    expect(await ids({ name: 'nobody' })).toEqual([]);
  });

  it('$ne', async () => {
    expect(await ids({ age: { $ne: 25 } })).toEqual([1, 3, 4]);
  });

  it('$gt / $gte / $lt / $lte', async () => {
    expect(await ids({ age: { $gt: 30 } })).toEqual([3, 4]);
    expect(await ids({ age: { $gte: 30 } })).toEqual([1, 3, 4]);
    expect(await ids({ age: { $lt: 30 } })).toEqual([2, 5]);
    expect(await ids({ age: { $lte: 30 } })).toEqual([1, 2, 5]);
    expect(await ids({ age: { $gt: 25, $lt: 40 } })).toEqual([1, 3]);
  });

  it('$in / $nin', async () => {
    expect(await ids({ age: { $in: [25, 40] } })).toEqual([2, 4, 5]);
    expect(await ids({ age: { $nin: [25, 40] } })).toEqual([1, 3]);
    expect(await ids({ tags: { $in: ['a'] } })).toEqual([1, 4]);
  });

  it('$exists (null counts as existing) and equality to null (matches null and missing)', async () => {
    expect(await ids({ nickname: { $exists: true } })).toEqual([3, 4]);
    expect(await ids({ nickname: { $exists: false } })).toEqual([1, 2, 5]);
    expect(await ids({ address: { $exists: false } })).toEqual([4]);
    expect(await ids({ 'address.zip': { $exists: true } })).toEqual([1, 2, 3]);
    expect(await ids({ nickname: null })).toEqual([1, 2, 3, 5]);
  });

  it('$regex with options and regular-expression literals', async () => {
    expect(await ids({ name: { $regex: '^[A-C]' } })).toEqual([1, 2, 3]);
    expect(await ids({ name: { $regex: '^E', $options: 'i' } })).toEqual([5]);
    expect(await ids({ name: /^d/i })).toEqual([4]);
    expect(await ids({ name: /na$/ })).toEqual([1, 5]);
  });

  it('a regular expression as a value also matches a stored regular expression equal to it', async () => {
    const coll = store.fresh<Doc>();
    await coll.insertMany([
      { _id: 1, re: new BSONRegExp('abc', 'imx') },
      { _id: 2, re: 'xABC' },
      { _id: 3, re: new BSONRegExp('abd', 'imx') },
      { _id: 4, re: [new BSONRegExp('abc', 'imx')] },
    ]);
    const found = await coll.find({ re: new BSONRegExp('abc', 'imx') }, { sort: { _id: 1 }, bsonRegExp: true }).toArray();
    expect(found.map((doc) => doc._id)).toEqual([1, 2, 4]);
    // Stored as sent: the options JavaScript has no flag for come back.
    expect(found[0].re).toEqual(new BSONRegExp('abc', 'imx'));
    expect((await coll.find({ re: { $in: [new BSONRegExp('abd', 'imx')] } }).toArray()).map((doc) => doc._id)).toEqual([3]);
  });

  it('$and / $or / $nor', async () => {
    expect(await ids({ $and: [{ age: { $gte: 25 } }, { 'address.city': 'Rosario' }] })).toEqual([1, 3]);
    expect(await ids({ $or: [{ age: 40 }, { name: 'Ana' }] })).toEqual([1, 4]);
    expect(await ids({ $nor: [{ age: 25 }, { age: 40 }] })).toEqual([1, 3]);
    expect(await ids({ $or: [{ age: 25 }, { tags: 'a' }], name: { $ne: 'elena' } })).toEqual([1, 2, 4]);
  });

  it('$not', async () => {
    expect(await ids({ age: { $not: { $gt: 30 } } })).toEqual([1, 2, 5]);
    expect(await ids({ name: { $not: /^[A-C]/ } })).toEqual([4, 5]);
    // $not also matches documents without the field.
    expect(await ids({ nickname: { $not: { $eq: 'Dieguito' } } })).toEqual([1, 2, 3, 5]);
  });

  it('$elemMatch requires one element to satisfy every condition', async () => {
    expect(await ids({ items: { $elemMatch: { sku: 'x', qty: { $gte: 5 } } } })).toEqual([2]);
    // Without $elemMatch the conditions may be met by different elements.
    expect(await ids({ 'items.sku': 'x', 'items.qty': { $gte: 5 } })).toEqual([1, 2]);
    expect(await ids({ scores: { $elemMatch: { $gte: 90, $lt: 100 } } })).toEqual([1, 4]);
  });

  it('$size', async () => {
    expect(await ids({ tags: { $size: 2 } })).toEqual([1, 2]);
    expect(await ids({ tags: { $size: 0 } })).toEqual([3]);
    expect(await ids({ scores: { $size: 3 } })).toEqual([2]);
  });

  it('$all', async () => {
    expect(await ids({ tags: { $all: ['a', 'b'] } })).toEqual([1, 4]);
    expect(await ids({ tags: { $all: ['c', 'a'] } })).toEqual([4]);
  });

  it('dotted paths into subdocuments and arrays', async () => {
    expect(await ids({ 'address.city': 'Rosario' })).toEqual([1, 3]);
    expect(await ids({ 'address.zip': { $gte: '2001' } })).toEqual([2, 3]);
    expect(await ids({ 'items.sku': 'z' })).toEqual([4]);
    expect(await ids({ 'items.qty': { $gt: 6 } })).toEqual([1, 4]);
    expect(await ids({ 'scores.0': { $gte: 90 } })).toEqual([4, 5]);
    expect(await ids({ 'items.1.sku': 'y' })).toEqual([1]);
  });

  it('a scalar condition on an array field matches any element', async () => {
    expect(await ids({ tags: 'c' })).toEqual([2, 4, 5]);
    expect(await ids({ scores: { $gt: 90 } })).toEqual([1, 5]);
    // An exact array value matches only the identical array.
    expect(await ids({ tags: ['a', 'b'] })).toEqual([1]);
  });
});

describe('sort, skip, limit, projection', () => {
  let coll: Collection<Doc>;

  beforeAll(async () => {
    coll = store.db.collection<Doc>('sorting');
    await coll.insertMany([
      { _id: 1, name: 'Ana', age: 30, city: 'Rosario', tags: ['x'], address: { city: 'Rosario', zip: '2000' } },
      { _id: 2, name: 'Bruno', age: 25, city: 'Mendoza', tags: ['y'], address: { city: 'Mendoza', zip: '5500' } },
      { _id: 3, name: 'Carla', age: 35, city: 'Rosario', tags: [], address: { city: 'Rosario', zip: '2001' } },
      { _id: 4, name: 'Diego', age: 40, city: 'Salta', tags: ['x', 'y'], address: { city: 'Salta', zip: '4400' } },
      { _id: 5, name: 'elena', age: 25, city: 'Salta', tags: ['z'], address: { city: 'Salta', zip: '4401' } },
    ]);
  });

  it('sorts descending', async () => {
    const docs = await coll.find({}).sort({ name: -1 }).toArray();
    // Binary string order: lowercase letters sort after uppercase ones.
    expect(docs.map((d) => d._id)).toEqual([5, 4, 3, 2, 1]);
  });

  it('sorts by several keys', async () => {
    expect((await coll.find({}).sort({ age: 1, name: -1 }).toArray()).map((d) => d._id)).toEqual([5, 2, 1, 3, 4]);
    expect((await coll.find({}).sort({ age: -1, _id: 1 }).toArray()).map((d) => d._id)).toEqual([4, 3, 1, 2, 5]);
    expect((await coll.find({}).sort({ city: 1, age: -1 }).toArray()).map((d) => d._id)).toEqual([2, 3, 1, 4, 5]);
  });

  it('sorts by a dotted path', async () => {
    expect((await coll.find({}).sort({ 'address.zip': -1 }).toArray()).map((d) => d._id)).toEqual([2, 5, 4, 3, 1]);
  });

  it('skips and limits after sorting', async () => {
    expect((await coll.find({}).sort({ _id: 1 }).skip(1).limit(2).toArray()).map((d) => d._id)).toEqual([2, 3]);
    expect((await coll.find({}).sort({ _id: -1 }).limit(2).toArray()).map((d) => d._id)).toEqual([5, 4]);
    expect((await coll.find({}).sort({ _id: 1 }).skip(4).toArray()).map((d) => d._id)).toEqual([5]);
    expect(await coll.find({}).skip(10).toArray()).toEqual([]);
  });

  it('projects by inclusion (keeping _id) including dotted fields', async () => {
    const doc = await coll.findOne({ _id: 1 }, { projection: { name: 1, 'address.city': 1 } });
    expect(doc).toEqual({ _id: 1, name: 'Ana', address: { city: 'Rosario' } });
  });

  it('projects by exclusion', async () => {
    const doc = await coll.findOne({ _id: 1 }, { projection: { tags: 0, address: 0, city: 0 } });
    expect(doc).toEqual({ _id: 1, name: 'Ana', age: 30 });
  });

  it('projects with _id: 0', async () => {
    const docs = await coll
      .find({ age: 25 }, { projection: { _id: 0, name: 1 } })
      .sort({ name: 1 })
      .toArray();
    expect(docs).toEqual([{ name: 'Bruno' }, { name: 'elena' }]);
  });
});

describe('value types round-trip', () => {
  it('keeps ObjectId and Date values with their types and lets them be queried', async () => {
    const coll = store.db.collection<Doc>('types_oid_date');
    const ref = new ObjectId();
    const when = new Date('2024-03-15T12:34:56.789Z');
    await coll.insertOne({ _id: 'one', ref, when, nested: { when, refs: [ref] } });
    await coll.insertOne({ _id: 'two', ref: new ObjectId(), when: new Date('2023-01-01T00:00:00.000Z') });

    const doc = await coll.findOne({ _id: 'one' });
    expect(doc!.ref).toBeInstanceOf(ObjectId);
    expect((doc!.ref as ObjectId).toHexString()).toBe(ref.toHexString());
    expect(doc!.when).toBeInstanceOf(Date);
    expect((doc!.when as Date).toISOString()).toBe('2024-03-15T12:34:56.789Z');
    expect(doc!.nested.when).toBeInstanceOf(Date);
    expect(doc!.nested.refs[0]).toBeInstanceOf(ObjectId);

    const byRef = await coll.find({ ref: new ObjectId(ref.toHexString()) }).toArray();
    expect(byRef.map((d) => d._id)).toEqual(['one']);
    const byDate = await coll.find({ when: { $gt: new Date('2024-01-01T00:00:00Z') } }).toArray();
    expect(byDate.map((d) => d._id)).toEqual(['one']);
    const byExactDate = await coll.find({ when: new Date('2023-01-01T00:00:00.000Z') }).toArray();
    expect(byExactDate.map((d) => d._id)).toEqual(['two']);
  });

  it('keeps ints, doubles and large integers (money in cents) exactly', async () => {
    const coll = store.db.collection<Doc>('types_numbers');
    const values = {
      int: 42,
      negative: -7,
      zero: 0,
      tenth: 0.1,
      sum: 0.1 + 0.2,
      pi: Math.PI,
      cents: 123456789012,
      negativeCents: -98765432109,
      maxSafe: Number.MAX_SAFE_INTEGER,
    };
    await coll.insertOne({ _id: 'n', ...values });
    const doc = await coll.findOne({ _id: 'n' });
    expect(doc).toEqual({ _id: 'n', ...values });
    for (const [key, value] of Object.entries(values)) expect(doc![key]).toBe(value);

    expect((await coll.find({ cents: 123456789012 }).toArray()).length).toBe(1);
    expect((await coll.find({ cents: { $gt: 123456789011, $lt: 123456789013 } }).toArray()).length).toBe(1);
    expect((await coll.find({ tenth: 0.1 }).toArray()).length).toBe(1);

    await coll.updateOne({ _id: 'n' }, { $inc: { cents: 1 } });
    expect((await coll.findOne({ _id: 'n' }))!.cents).toBe(123456789013);
  });
});

describe('findOne', () => {
  it('returns the first match in sort order, honours projection, and null when nothing matches', async () => {
    const coll = store.db.collection<Doc>('find_one');
    await coll.insertMany([
      { _id: 1, k: 'a', v: 3 },
      { _id: 2, k: 'a', v: 9 },
      { _id: 3, k: 'b', v: 5 },
    ]);
    expect(await coll.findOne({ k: 'a' }, { sort: { v: -1 } })).toEqual({ _id: 2, k: 'a', v: 9 });
    expect(await coll.findOne({ k: 'a' }, { sort: { v: 1 }, projection: { _id: 0, v: 1 } })).toEqual({ v: 3 });
    expect(await coll.findOne({ k: 'zzz' })).toBeNull();
  });
});

describe('updates', () => {
  let coll: Collection<Doc>;

  beforeEach(async () => {
    coll = store.db.collection<Doc>('updates');
    await coll.deleteMany({});
    await coll.insertMany([
      { _id: 1, status: 'new', n: 1 },
      { _id: 2, status: 'new', n: 2 },
      { _id: 3, status: 'done', n: 3 },
    ]);
  });

  it('updateOne changes only the first matching document', async () => {
    const res = await coll.updateOne({ status: 'new' }, { $set: { status: 'seen' } });
    expect(res.matchedCount).toBe(1);
    expect(res.modifiedCount).toBe(1);
    expect(res.upsertedId).toBeNull();
    expect(await coll.countDocuments({ status: 'seen' })).toBe(1);
    expect(await coll.countDocuments({ status: 'new' })).toBe(1);
  });

  it('updateOne reports a match without modification for a no-op and zero for no match', async () => {
    const same = await coll.updateOne({ _id: 3 }, { $set: { status: 'done' } });
    expect(same.matchedCount).toBe(1);
    expect(same.modifiedCount).toBe(0);
    const none = await coll.updateOne({ _id: 99 }, { $set: { status: 'x' } });
    expect(none.matchedCount).toBe(0);
    expect(none.modifiedCount).toBe(0);
    expect(await coll.countDocuments()).toBe(3);
  });

  it('updateMany changes every matching document', async () => {
    const res = await coll.updateMany({ status: 'new' }, { $set: { status: 'seen' }, $inc: { n: 10 } });
    expect(res.matchedCount).toBe(2);
    expect(res.modifiedCount).toBe(2);
    expect(await coll.find({}).sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, status: 'seen', n: 11 },
      { _id: 2, status: 'seen', n: 12 },
      { _id: 3, status: 'done', n: 3 },
    ]);
  });

  it('replaceOne replaces the whole body and keeps _id', async () => {
    const res = await coll.replaceOne({ _id: 2 }, { other: true, list: [1, 2] });
    expect(res.matchedCount).toBe(1);
    expect(res.modifiedCount).toBe(1);
    expect(await coll.findOne({ _id: 2 })).toEqual({ _id: 2, other: true, list: [1, 2] });
  });
});

describe('deletes', () => {
  it('deleteOne removes one matching document, deleteMany all of them', async () => {
    const coll = store.db.collection<Doc>('deletes');
    await coll.insertMany([
      { _id: 1, k: 'a' },
      { _id: 2, k: 'a' },
      { _id: 3, k: 'a' },
      { _id: 4, k: 'b' },
    ]);
    expect((await coll.deleteOne({ k: 'a' })).deletedCount).toBe(1);
    expect(await coll.countDocuments({ k: 'a' })).toBe(2);
    expect((await coll.deleteOne({ k: 'zzz' })).deletedCount).toBe(0);
    expect((await coll.deleteMany({ k: 'a' })).deletedCount).toBe(2);
    expect(await coll.find({}).toArray()).toEqual([{ _id: 4, k: 'b' }]);
    expect((await coll.deleteMany({})).deletedCount).toBe(1);
    expect(await coll.countDocuments()).toBe(0);
  });
});

describe('cursors', () => {
  let monitored: MongoClient;
  const started: CommandStartedEvent[] = [];
  let coll: Collection<Doc>;

  beforeAll(async () => {
    monitored = new MongoClient(store.uri, { monitorCommands: true });
    monitored.on('commandStarted', (event) => started.push(event));
    await monitored.connect();
    coll = monitored.db(store.db.databaseName).collection<Doc>('big');
    const docs: Document[] = [];
    for (let i = 0; i < 350; i++) docs.push({ _id: i, label: `doc-${i}` });
    // Insert in shuffled order so that returning them sorted is the server's work.
    for (let i = docs.length - 1; i > 0; i--) {
      const j = (i * 7919) % (i + 1);
      [docs[i], docs[j]] = [docs[j], docs[i]];
    }
    await coll.insertMany(docs);
  });

  afterAll(async () => {
    await monitored?.close();
  });

  it('returns all 350 documents in order over several getMore batches of 100', async () => {
    started.length = 0;
    const docs = await coll.find({}).sort({ _id: 1 }).batchSize(100).toArray();
    expect(docs.length).toBe(350);
    for (const [i, doc] of docs.entries()) expect(doc).toEqual({ _id: i, label: `doc-${i}` });
    expect(started.filter((e) => e.commandName === 'find').length).toBe(1);
    expect(started.filter((e) => e.commandName === 'getMore').length).toBeGreaterThanOrEqual(3);
  });

  it('iterates with for-await across batches', async () => {
    let expected = 0;
    for await (const doc of coll
      .find({ _id: { $gte: 100 } })
      .sort({ _id: 1 })
      .batchSize(100)) {
      expect(doc._id).toBe(100 + expected);
      expected++;
    }
    expect(expected).toBe(250);
  });

  it('a batch filled to exactly its size leaves the cursor open, as MongoDB (which does not look ahead) does', async () => {
    const getMores = async (cursor: ReturnType<typeof coll.find>) => {
      started.length = 0;
      const docs = await cursor.toArray();
      return { docs: docs.length, getMores: started.filter((e) => e.commandName === 'getMore').length };
    };
    // 6 documents in batches of 2: the third getMore answers an empty batch and ends the cursor.
    expect(await getMores(coll.find({ _id: { $lt: 6 } }).batchSize(2))).toEqual({ docs: 6, getMores: 3 });
    expect(
      await getMores(
        coll
          .find({ _id: { $lt: 6 } })
          .sort({ label: 1 })
          .batchSize(2),
      ),
    ).toEqual({ docs: 6, getMores: 3 });
    // A short last batch, or the limit reached, ends it at once.
    expect(await getMores(coll.find({ _id: { $lt: 5 } }).batchSize(2))).toEqual({ docs: 5, getMores: 2 });
    expect(await getMores(coll.find({}).limit(6).batchSize(2))).toEqual({ docs: 6, getMores: 2 });
  });

  it('close() early kills the server-side cursor', async () => {
    started.length = 0;
    const cursor = coll.find({}).sort({ _id: 1 }).batchSize(10);
    for (let i = 0; i < 5; i++) expect((await cursor.next())!._id).toBe(i);
    const id = cursor.id;
    expect(id).toBeDefined();
    expect(id!.isZero()).toBe(false);
    await cursor.close();
    expect(cursor.killed).toBe(true);
    expect(started.some((e) => e.commandName === 'killCursors')).toBe(true);
    // The server no longer knows the cursor.
    const err = await serverError(monitored.db(store.db.databaseName).command({ getMore: id!, collection: 'big' }));
    expect(err.code).toBe(43);
    expect(err.codeName).toBe('CursorNotFound');
    // The collection is still readable afterwards.
    expect(await coll.countDocuments()).toBe(350);
  });
});

describe('inclusion projections', () => {
  it('keep the included fields and paths in the stored order, through arrays of documents, as MongoDB answers', async () => {
    const coll = store.db.collection<Doc>('proj_inclusion');
    await coll.insertOne({
      _id: 1,
      z: 'last written first',
      name: 'Nota',
      items: [{ sku: 'A', qty: 2, price: 10 }, 7, { sku: 'B', price: 3 }],
      customer: { id: 'c1', name: 'Ana', address: { city: 'Rosario' } },
      scalar: 5,
      notes: 'x',
    });
    const projected = await coll.findOne(
      { _id: 1 },
      { projection: { name: 1, 'items.qty': 1, 'items.sku': 1, 'customer.address.city': 1, 'scalar.deep': 1, missing: 1, z: 1 } },
    );
    expect(projected).toEqual({
      _id: 1,
      z: 'last written first',
      name: 'Nota',
      items: [{ sku: 'A', qty: 2 }, { sku: 'B' }],
      customer: { address: { city: 'Rosario' } },
    });
    expect(Object.keys(projected!)).toEqual(['_id', 'z', 'name', 'items', 'customer']);
    expect(await coll.findOne({ _id: 1 }, { projection: { _id: 0, notes: true } })).toEqual({ notes: 'x' });
  });
});
