import type { Collection } from 'mongodb';
import { suiteStore } from './support/store';
import { serverError, type Doc } from './helpers';

/**
 * maxTimeMS bounds the work of a command: every query loop checks the limit as it examines documents. The limit of
 * 1 ms is far below what examining 30,000 documents takes (each is read and matched), so these tests count work,
 * not time: a command that ignored the limit would finish and answer.
 */

const store = suiteStore('maxtime');
const SIZE = 30_000;
let coll: Collection<Doc>;

beforeAll(async () => {
  coll = store.fresh<Doc>();
  const docs = Array.from({ length: SIZE }, (_, n) => ({ _id: n, n, tag: `t${n % 10}` }));
  for (let i = 0; i < SIZE; i += 10_000) await coll.insertMany(docs.slice(i, i + 10_000));
});

// A filter on a field without an index that matches nothing: the whole collection is examined.
const nothing = { tag: 'absent' };

describe('maxTimeMS', () => {
  it('without a limit, the scans finish', async () => {
    expect(await coll.find(nothing).toArray()).toEqual([]);
    expect(await coll.countDocuments(nothing)).toBe(0);
  });

  it('a find past its limit fails with MaxTimeMSExpired (50)', async () => {
    const error = await serverError(coll.find(nothing, { maxTimeMS: 1 }).toArray());
    expect(error.code).toBe(50);
    expect(error.codeName).toBe('MaxTimeMSExpired');
  });

  it('aggregate, count, countDocuments and distinct past their limit fail with 50', async () => {
    expect((await serverError(coll.aggregate([{ $match: nothing }, { $group: { _id: '$n' } }], { maxTimeMS: 1 }).toArray())).code).toBe(50);
    expect((await serverError(coll.countDocuments(nothing, { maxTimeMS: 1 }))).code).toBe(50);
    expect((await serverError(store.db.command({ count: coll.collectionName, query: nothing, maxTimeMS: 1 }))).code).toBe(50);
    expect((await serverError(coll.distinct('n', nothing, { maxTimeMS: 1 }))).code).toBe(50);
  });

  it('the limit bounds the getMores of the cursor too, not only its first batch', async () => {
    // The first batch is the first document; finding the other match means examining all the rest.
    const cursor = coll.find({ n: { $in: [0, SIZE - 1] } }, { sort: { _id: 1 }, batchSize: 1, maxTimeMS: 1 });
    expect((await serverError(cursor.toArray())).code).toBe(50);
    const unbounded = await coll.find({ n: { $in: [0, SIZE - 1] } }, { sort: { _id: 1 }, batchSize: 1 }).toArray();
    expect(unbounded.map((doc) => doc._id)).toEqual([0, SIZE - 1]);
  });

  it('an update past its limit fails with 50', async () => {
    const error = await serverError(coll.updateMany(nothing, { $set: { seen: true } }, { maxTimeMS: 1 }));
    expect(error.code).toBe(50);
  });

  it('a limit large enough lets the same work finish', async () => {
    expect(await coll.countDocuments({ tag: 't3' }, { maxTimeMS: 600_000 })).toBe(SIZE / 10);
  });

  it('a negative maxTimeMS is BadValue', async () => {
    const error = await serverError(store.db.command({ find: coll.collectionName, filter: {}, maxTimeMS: -1 }));
    expect(error.code).toBe(2);
  });
});
