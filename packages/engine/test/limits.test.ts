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

describe('index keys longer than LMDB holds (stored cut, checked on read)', () => {
  // Long strings sharing their first 2,500 characters, so they differ only after the cut of their keys; and
  // strings at the cut's edge (1,897 characters: a whole key of 1,900 bytes; 1,898: the shortest cut one).
  const P = 'p'.repeat(2500);
  const VALUES = [
    'a',
    'p',
    'pz',
    'q',
    P.slice(0, 1000),
    'p'.repeat(1897),
    'p'.repeat(1898),
    P,
    `${P}a`,
    `${P}b`,
    `${P}b${'x'.repeat(100_000 - 2501)}`,
    `${P}b${'x'.repeat(97_000)}a`,
    `${P}${'c'.repeat(500)}`,
    'q'.repeat(3000),
    'a'.repeat(100_000),
  ];
  const ABSENT = [`${P}b${'x'.repeat(50)}`, `${P}zz`, 'q'.repeat(3001)];

  let indexed: Collection<Doc>;
  let plain: Collection<Doc>;

  /** Document i; its `_id` order differs from the order of its values, so an answer in `_id` order shows. */
  function document(i: number): Doc {
    return { _id: (i * 17) % 45, k: VALUES[(i * 7) % VALUES.length], n: i % 4, ks: [VALUES[(i * 4) % VALUES.length], `s${i % 5}`] };
  }

  beforeAll(async () => {
    indexed = fresh();
    plain = fresh();
    await indexed.createIndexes([{ key: { k: 1 } }, { key: { n: 1, k: -1 } }, { key: { k: -1, n: 1 } }, { key: { ks: 1 } }]);
    const docs = Array.from({ length: 45 }, (_, i) => document(i));
    await indexed.insertMany(docs.map((doc) => ({ ...doc })));
    await plain.insertMany(docs.map((doc) => ({ ...doc })));
  });

  const ids = (docs: Doc[]) => docs.map((doc) => doc._id as number).sort((x, y) => x - y);
  const short = (value: unknown) => (typeof value === 'string' && value.length > 40 ? `${value.slice(0, 4)}…(${value.length})${value.slice(-4)}` : value);
  const shown = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (_, item) => short(item)));

  function filters(): Doc[] {
    const all = [...VALUES, ...ABSENT];
    const out: Doc[] = [];
    for (const value of all) out.push({ k: value }, { ks: value }, { n: 1, k: value }, { k: value, n: { $gte: 1 } });
    for (let i = 0; i < all.length; i++) out.push({ k: { $in: [all[i], all[(i + 5) % all.length], all[(i + 9) % all.length]] } });
    out.push(
      { k: { $gt: P } },
      { k: { $gte: `${P}b`, $lt: `${P}c` } },
      { k: { $lt: `${P}b` } },
      { k: { $lte: `${P}b${'x'.repeat(97_000)}` } },
      { k: { $gt: `${P}b${'x'.repeat(97_000)}` } },
      { k: { $gte: 'p'.repeat(1898), $lt: 'q' } },
      { k: { $gt: 'p'.repeat(1897), $lte: 'p'.repeat(1898) } },
      { k: { $gt: 'q', $lte: 'q'.repeat(3000) } },
      { n: 2, k: { $gt: P } },
      { n: { $in: [0, 2] }, k: `${P}b` },
      { ks: { $gt: P } },
      { ks: { $lte: 'p'.repeat(1898) } },
    );
    return out;
  }

  async function expectSameAnswers(): Promise<void> {
    for (const filter of filters()) {
      const expected = ids(await plain.find(filter).toArray());
      expect(shown({ filter, ids: ids(await indexed.find(filter).toArray()) })).toEqual(shown({ filter, ids: expected }));
      expect(shown({ filter, n: await indexed.countDocuments(filter) })).toEqual(shown({ filter, n: expected.length }));
      const counted = await indexed.db.command({ count: indexed.collectionName, query: filter });
      expect(shown({ filter, count: counted.n })).toEqual(shown({ filter, count: expected.length }));
      if (Object.keys(filter).join() === 'k') {
        // Through the index whose leading field is descending (inverted bytes).
        const hint = { k: -1, n: 1 };
        expect(shown({ filter, hint, ids: ids(await indexed.find(filter).hint(hint).toArray()) })).toEqual(shown({ filter, hint, ids: expected }));
        expect(shown({ filter, hint, n: await indexed.countDocuments(filter, { hint }) })).toEqual(shown({ filter, hint, n: expected.length }));
      }
    }
    const pages: Array<{ filter: Doc; sort: Doc; skip?: number; limit?: number }> = [
      { filter: {}, sort: { k: 1 } },
      { filter: {}, sort: { k: -1 } },
      { filter: { k: { $gte: P } }, sort: { k: 1 } },
      { filter: { k: { $gte: P } }, sort: { k: -1 } },
      { filter: { n: 1 }, sort: { k: -1 } },
      { filter: { n: 0 }, sort: { k: 1 } },
      { filter: { k: { $gt: 'p' } }, sort: { k: 1, n: 1 } },
      // An equality on a long value, then the sort on the next field: the entries cut alike, sorted on `n`.
      { filter: { k: `${P}b` }, sort: { n: 1 } },
      { filter: { k: 'a'.repeat(100_000) }, sort: { n: -1 } },
    ];
    // Skips that end before, inside and after the runs of values sharing their first 1,900 bytes.
    for (const page of [...pages]) for (let skip = 1; skip < 40; skip += 4) pages.push({ ...page, skip, limit: 5 });
    for (const { filter, sort, skip, limit } of pages) {
      const read = async (coll: Collection<Doc>) =>
        (
          await coll
            .find(filter)
            .sort(sort)
            .skip(skip ?? 0)
            .limit(limit ?? 0)
            .toArray()
        ).map((doc) => Object.keys(sort).map((field) => doc[field]));
      // The values sorted on, in order (documents tied on them may come in any order, on MongoDB too).
      expect(shown({ filter, sort, skip, limit, page: await read(indexed) })).toEqual(shown({ filter, sort, skip, limit, page: await read(plain) }));
    }
  }

  it('equality, $in, ranges, sorts through the index, counts: the answers of a collection scan', async () => {
    await expectSameAnswers();
  });

  it('explain shows the index read for a long value', async () => {
    const explained = await indexed
      .find({ k: `${P}b` })
      .hint({ k: 1 })
      .explain('executionStats');
    const plan = JSON.stringify(explained.queryPlanner.winningPlan);
    expect(plan).toContain('IXSCAN');
    expect(plan).toContain('"k_1"');
    expect(explained.executionStats.nReturned).toBe((await plain.find({ k: `${P}b` }).toArray()).length);
    const sorted = await indexed.find({}).sort({ k: 1 }).hint({ k: 1 }).explain('executionStats');
    expect(JSON.stringify(sorted.queryPlanner.winningPlan)).not.toContain('"SORT"');
  });

  it('updates and deletes keep the same answers', async () => {
    for (const coll of [indexed, plain]) {
      await coll.updateMany({ k: `${P}b` }, { $set: { k: `${P}b${'y'.repeat(3000)}` } });
      await coll.updateMany({ k: 'a' }, { $set: { k: `${P}a${'z'.repeat(100_000)}` } });
      await coll.updateMany({ k: 'q'.repeat(3000) }, { $set: { k: 'short' } });
      await coll.updateOne({ _id: 3 }, { $push: { ks: `${P}d` } } as Doc);
      await coll.deleteMany({ k: { $gte: `${P}b${'x'.repeat(97_000)}`, $lt: `${P}c` } });
      await coll.deleteOne({ k: 'a'.repeat(100_000) });
    }
    expect(await indexed.countDocuments()).toBe(await plain.countDocuments());
    await expectSameAnswers();
  });

  it('a unique index refuses a duplicate of a long value and stores values that differ only after the cut', async () => {
    const coll = fresh();
    await coll.createIndex({ u: 1 }, { unique: true });
    const near = [`${P}x`, `${P}xy`, `${P}${'x'.repeat(97_500)}`, `${P}${'x'.repeat(97_499)}y`];
    await coll.insertMany(near.map((u, i) => ({ _id: i, u })));
    for (const u of near) expect((await serverError(coll.insertOne({ _id: 10, u }))).code).toBe(11000);
    const mixed = await serverError(
      coll.insertMany(
        [
          { _id: 11, u: near[1] },
          { _id: 12, u: `${near[1]}z` },
        ],
        { ordered: false },
      ),
    );
    expect(mixed.code).toBe(11000);
    expect((await serverError(coll.updateOne({ _id: 0 }, { $set: { u: near[3] } }))).code).toBe(11000);
    await coll.updateOne({ _id: 0 }, { $set: { u: `${near[3]}z` } });
    await coll.deleteOne({ _id: 1 });
    await coll.insertOne({ _id: 13, u: near[1] });
    const found = await coll
      .find({ u: { $gte: P } })
      .sort({ u: 1 })
      .toArray();
    // 'x' sorts before 'y': the 97,500-character values come first.
    expect(found.map((doc) => doc._id)).toEqual([2, 3, 0, 13, 12]);
    for (const doc of found) expect(await coll.countDocuments({ u: doc.u })).toBe(1);
    // The same inside a transaction.
    const session = store.client.startSession();
    try {
      await session.withTransaction(async () => {
        await coll.insertOne({ _id: 20, u: `${near[2]}w` }, { session });
      });
      const error = await serverError(
        session.withTransaction(async () => {
          await coll.insertOne({ _id: 21, u: near[2] }, { session });
        }),
      );
      expect(error.code).toBe(11000);
    } finally {
      await session.endSession();
    }
    expect(
      (
        await coll
          .find({ u: { $gte: near[2] } })
          .sort({ u: 1 })
          .toArray()
      ).map((doc) => doc._id),
    ).toEqual([2, 20, 3, 0, 13, 12]);
  });

  it('an index built over stored long values answers the same; a unique one is refused only for a true duplicate', async () => {
    const coll = fresh();
    const scan = fresh();
    const docs = VALUES.map((value, i) => ({ _id: i, v: value, w: i % 2 === 0 ? value : `${value}!` }));
    await coll.insertMany(docs.map((doc) => ({ ...doc })));
    await scan.insertMany(docs.map((doc) => ({ ...doc })));
    await coll.createIndex({ v: -1 }, { unique: true });
    for (const value of [...VALUES, ...ABSENT]) {
      for (const filter of [{ v: value }, { v: { $gt: value } }, { v: { $lt: value } }]) {
        expect(shown({ filter, ids: ids(await coll.find(filter).toArray()) })).toEqual(shown({ filter, ids: ids(await scan.find(filter).toArray()) }));
        expect(shown({ filter, n: await coll.countDocuments(filter) })).toEqual(shown({ filter, n: ids(await scan.find(filter).toArray()).length }));
      }
    }
    const order = async (c: Collection<Doc>) => (await c.find({}).sort({ v: -1 }).toArray()).map((doc) => doc._id);
    expect(await order(coll)).toEqual(await order(scan));
    // `w` holds near-duplicates (values and values with one more character): unique. True duplicates are refused.
    await coll.createIndex({ w: 1 }, { unique: true });
    await coll.insertOne({ _id: 100, w: `${P}b${'x'.repeat(97_000)}a.` });
    expect((await serverError(coll.insertOne({ _id: 101, w: docs[11].w }))).code).toBe(11000);
    expect((await serverError(coll.updateOne({ _id: 100 }, { $set: { v: docs[10].v } }))).code).toBe(11000);
    const dups = fresh();
    await dups.insertMany([
      { _id: 1, dup: `${P}b` },
      { _id: 2, dup: `${P}b!` },
      { _id: 3, dup: `${P}b` },
    ]);
    expect((await serverError(dups.createIndex({ dup: 1 }, { unique: true }))).code).toBe(11000);
    expect((await dups.indexes()).map((index) => index.name)).toEqual(['_id_']);
  });

  it('sparse and partial indexes store long values', async () => {
    const sparse = fresh();
    const scan = fresh();
    await sparse.createIndex({ s: 1 }, { sparse: true });
    await sparse.createIndex({ t: 1 }, { partialFilterExpression: { n: { $gt: 0 } } });
    const docs = VALUES.map((value, i) => (i % 3 === 0 ? { _id: i, n: i % 2 } : { _id: i, s: value, t: value, n: i % 2 }));
    await sparse.insertMany(docs.map((doc) => ({ ...doc })));
    await scan.insertMany(docs.map((doc) => ({ ...doc })));
    for (const value of VALUES) {
      for (const filter of [{ s: value }, { t: value, n: { $gt: 0 } }, { s: { $gte: value } }]) {
        expect(shown({ filter, ids: ids(await sparse.find(filter).toArray()) })).toEqual(shown({ filter, ids: ids(await scan.find(filter).toArray()) }));
      }
    }
  });

  if (!process.env.MONGODB_URI) {
    it('an _id longer than a document key holds is refused (17280), and nothing is stored', async () => {
      const coll = fresh();
      await coll.createIndex({ k: 1 });
      const error = await serverError(coll.insertOne({ _id: 'i'.repeat(3000), k: 1 }));
      expect(error.code).toBe(17280);
      expect(await coll.countDocuments()).toBe(0);
      // An _id that fits, beside a long index key: the entry's key holds a digest of it.
      const id = 'i'.repeat(1900);
      await coll.insertOne({ _id: id, k: P });
      expect((await coll.find({ k: P }).toArray()).map((doc) => doc._id)).toEqual([id]);
      await coll.deleteOne({ _id: id });
      expect(await coll.countDocuments({ k: P })).toBe(0);
    });
  }
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
