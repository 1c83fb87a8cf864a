import { ObjectId, type Collection, type Document, type Filter } from 'mongodb';
import { suiteStore } from './support/store';
import { serverError, type Doc } from './helpers';

const store = suiteStore('update');
let seq = 0;

/** A fresh collection holding `docs`. */
async function seed(...docs: Document[]): Promise<Collection<Doc>> {
  const coll = store.db.collection<Doc>(`upd_${seq++}`);
  if (docs.length) await coll.insertMany(docs);
  return coll;
}

function byId(id: unknown): Filter<Doc> {
  return { _id: id };
}

describe('field operators', () => {
  it('$set sets top-level, dotted and array-index paths, creating missing parents', async () => {
    const coll = await seed({ _id: 1, a: 1, b: { c: 'y', d: 1 }, arr: ['p', 'q', 'r'], items: [{ qty: 1 }, { qty: 2 }] });
    const res = await coll.updateOne(byId(1), {
      $set: { a: 5, 'b.c': 'x', 'arr.1': 'z', 'items.0.qty': 9, 'new.deep.x': 1 },
    });
    expect(res.modifiedCount).toBe(1);
    expect(await coll.findOne(byId(1))).toEqual({
      _id: 1,
      a: 5,
      b: { c: 'x', d: 1 },
      arr: ['p', 'z', 'r'],
      items: [{ qty: 9 }, { qty: 2 }],
      new: { deep: { x: 1 } },
    });
  });

  it('$set past the end of an array pads it with nulls', async () => {
    const coll = await seed({ _id: 1, arr: ['p', 'q'] });
    await coll.updateOne(byId(1), { $set: { 'arr.4': 'w' } });
    expect((await coll.findOne(byId(1)))!.arr).toEqual(['p', 'q', null, null, 'w']);
  });

  it('$unset removes fields (an array element becomes null) and is a no-op on missing fields', async () => {
    const coll = await seed({ _id: 1, a: 1, b: { c: 'y', d: 1 }, arr: ['p', 'q', 'r'] });
    await coll.updateOne(byId(1), { $unset: { a: '', 'b.c': '', 'arr.0': '' } });
    expect(await coll.findOne(byId(1))).toEqual({ _id: 1, b: { d: 1 }, arr: [null, 'q', 'r'] });
    const res = await coll.updateOne(byId(1), { $unset: { nothere: '' } });
    expect(res.matchedCount).toBe(1);
    expect(res.modifiedCount).toBe(0);
  });

  it('$inc adds (negative too), creates missing fields and keeps doubles exact', async () => {
    const coll = await seed({ _id: 1, n: 10, neg: 1, price: 1.5, cents: 123456789012 });
    await coll.updateOne(byId(1), { $inc: { n: 5, missing: 3, neg: -2, price: 0.25, cents: -12, 'sub.count': 1 } });
    expect(await coll.findOne(byId(1))).toEqual({
      _id: 1,
      n: 15,
      neg: -1,
      price: 1.75,
      cents: 123456789000,
      missing: 3,
      sub: { count: 1 },
    });
  });

  it('$inc on a non-numeric field fails with TypeMismatch (14) and leaves the document alone', async () => {
    const coll = await seed({ _id: 1, name: 'Ana', n: 1 });
    const err = await serverError(coll.updateOne(byId(1), { $inc: { name: 1, n: 1 } }));
    expect(err.code).toBe(14);
    expect(await coll.findOne(byId(1))).toEqual({ _id: 1, name: 'Ana', n: 1 });
  });

  it('$mul multiplies and sets a missing field to 0', async () => {
    const coll = await seed({ _id: 1, price: 2.5, qty: 4 });
    await coll.updateOne(byId(1), { $mul: { price: 2, qty: -1, missing: 5 } });
    expect(await coll.findOne(byId(1))).toEqual({ _id: 1, price: 5, qty: -4, missing: 0 });
  });

  it('$min / $max only move values in their direction and set missing fields', async () => {
    const coll = await seed({ _id: 1, lo: 10, hi: 20, when: new Date('2024-01-01T00:00:00Z') });
    const first = await coll.updateOne(byId(1), {
      $min: { lo: 5, fresh: 3 },
      $max: { hi: 50, when: new Date('2025-06-01T00:00:00Z') },
    });
    expect(first.modifiedCount).toBe(1);
    expect(await coll.findOne(byId(1))).toEqual({
      _id: 1,
      lo: 5,
      hi: 50,
      when: new Date('2025-06-01T00:00:00Z'),
      fresh: 3,
    });
    const second = await coll.updateOne(byId(1), { $min: { lo: 7 }, $max: { hi: 30 } });
    expect(second.matchedCount).toBe(1);
    expect(second.modifiedCount).toBe(0);
    expect(await coll.findOne(byId(1))).toMatchObject({ lo: 5, hi: 50 });
  });

  it('$rename moves top-level and dotted fields', async () => {
    const coll = await seed({ _id: 1, old: 'v', sub: { a: 1, keep: 2 } });
    await coll.updateOne(byId(1), { $rename: { old: 'renamed', 'sub.a': 'sub.b', absent: 'whatever' } });
    expect(await coll.findOne(byId(1))).toEqual({ _id: 1, renamed: 'v', sub: { keep: 2, b: 1 } });
  });

  it('$setOnInsert applies when an upsert inserts, and not when it updates', async () => {
    const coll = await seed();
    const inserted = await coll.updateOne(byId('x'), { $set: { a: 1 }, $setOnInsert: { created: 'first' } }, { upsert: true });
    expect(inserted.upsertedCount).toBe(1);
    expect(inserted.upsertedId).toBe('x');
    expect(await coll.findOne(byId('x'))).toEqual({ _id: 'x', a: 1, created: 'first' });

    const updated = await coll.updateOne(byId('x'), { $set: { a: 2 }, $setOnInsert: { created: 'second', other: true } }, { upsert: true });
    expect(updated.upsertedCount).toBe(0);
    expect(updated.matchedCount).toBe(1);
    expect(await coll.findOne(byId('x'))).toEqual({ _id: 'x', a: 2, created: 'first' });
  });

  it('an upsert that inserts takes its _id from $setOnInsert or $set when the filter names none, as MongoDB does', async () => {
    const coll = await seed();
    const chosen = new ObjectId();
    const inserted = await coll.updateOne({ name: 'n' }, { $setOnInsert: { _id: chosen as never, kind: 'new' } }, { upsert: true });
    expect(inserted.upsertedId).toEqual(chosen);
    expect(await coll.findOne({ name: 'n' })).toEqual({ _id: chosen, name: 'n', kind: 'new' });
    const viaSet = await coll.updateOne({ name: 'm' }, { $set: { _id: 'm-id' as never } }, { upsert: true });
    expect(viaSet.upsertedId).toBe('m-id');
    // Once stored, the same $setOnInsert is ignored and $set of another _id is still refused.
    expect((await coll.updateOne({ name: 'n' }, { $setOnInsert: { _id: new ObjectId() as never } }, { upsert: true })).matchedCount).toBe(1);
    await expect(coll.updateOne({ name: 'n' }, { $set: { _id: new ObjectId() as never } })).rejects.toMatchObject({ code: 66 });
    // A filter that names the _id wins over a different one in the update.
    await expect(coll.updateOne({ _id: 'f' as never }, { $setOnInsert: { _id: 'g' as never } }, { upsert: true })).rejects.toMatchObject({ code: 66 });
  });

  it('$currentDate stores the current time as a Date', async () => {
    const coll = await seed({ _id: 1 });
    await coll.updateOne(byId(1), { $currentDate: { lastModified: true, 'meta.touched': { $type: 'date' } } as Document });
    const doc = await coll.findOne(byId(1));
    for (const value of [doc!.lastModified, doc!.meta?.touched]) {
      expect(value).toBeInstanceOf(Date);
      // Same machine (or a server with a sane clock): within a day of the client's clock.
      expect(Math.abs((value as Date).getTime() - Date.now())).toBeLessThan(24 * 3600 * 1000);
    }
  });

  it('mixing conflicting operators on one path fails with ConflictingUpdateOperators (40)', async () => {
    const coll = await seed({ _id: 1, a: 1 });
    const err = await serverError(coll.updateOne(byId(1), { $set: { a: 5 }, $inc: { a: 1 } }));
    expect(err.code).toBe(40);
    expect(await coll.findOne(byId(1))).toEqual({ _id: 1, a: 1 });
  });
});

describe('array operators', () => {
  it('$push appends, creates the array, and supports $each / $position / $slice / $sort', async () => {
    const coll = await seed({
      _id: 1,
      arr: [1, 2, 3],
      nums: [2],
      scores: [
        { n: 'a', s: 5 },
        { n: 'b', s: 9 },
      ],
    });
    await coll.updateOne(byId(1), { $push: { arr: 4, fresh: 'x' } as Document });
    expect(await coll.findOne(byId(1))).toMatchObject({ arr: [1, 2, 3, 4], fresh: ['x'] });

    await coll.updateOne(byId(1), { $push: { arr: { $each: [5, 6] } } as Document });
    expect((await coll.findOne(byId(1)))!.arr).toEqual([1, 2, 3, 4, 5, 6]);

    await coll.updateOne(byId(1), { $push: { arr: { $each: [0, 0.5], $position: 0 } } as Document });
    expect((await coll.findOne(byId(1)))!.arr).toEqual([0, 0.5, 1, 2, 3, 4, 5, 6]);

    await coll.updateOne(byId(1), { $push: { arr: { $each: [7], $slice: -3 } } as Document });
    expect((await coll.findOne(byId(1)))!.arr).toEqual([5, 6, 7]);

    await coll.updateOne(byId(1), { $push: { nums: { $each: [3, 1], $sort: 1 } } as Document });
    expect((await coll.findOne(byId(1)))!.nums).toEqual([1, 2, 3]);

    await coll.updateOne(byId(1), {
      $push: {
        scores: {
          $each: [
            { n: 'c', s: 7 },
            { n: 'd', s: 1 },
          ],
          $sort: { s: -1 },
          $slice: 3,
        },
      } as Document,
    });
    expect((await coll.findOne(byId(1)))!.scores).toEqual([
      { n: 'b', s: 9 },
      { n: 'c', s: 7 },
      { n: 'a', s: 5 },
    ]);
  });

  it('$addToSet adds only missing values, also with $each', async () => {
    const coll = await seed({ _id: 1, tags: ['a', 'b'], objs: [{ x: 1 }] });
    const noop = await coll.updateOne(byId(1), { $addToSet: { tags: 'a' } });
    expect(noop.modifiedCount).toBe(0);
    await coll.updateOne(byId(1), { $addToSet: { tags: { $each: ['b', 'c', 'c', 'd'] }, objs: { x: 1 } } });
    expect(await coll.findOne(byId(1))).toEqual({ _id: 1, tags: ['a', 'b', 'c', 'd'], objs: [{ x: 1 }] });
    await coll.updateOne(byId(1), { $addToSet: { objs: { x: 2 }, fresh: 'v' } });
    expect(await coll.findOne(byId(1))).toEqual({
      _id: 1,
      tags: ['a', 'b', 'c', 'd'],
      objs: [{ x: 1 }, { x: 2 }],
      fresh: ['v'],
    });
  });

  it('$pull removes by value and by condition', async () => {
    const coll = await seed({
      _id: 1,
      tags: ['a', 'b', 'a', 'c'],
      nums: [1, 5, 8, 3, 9],
      items: [
        { sku: 'x', qty: 1 },
        { sku: 'y', qty: 5 },
        { sku: 'z', qty: 0 },
      ],
    });
    await coll.updateOne(byId(1), { $pull: { tags: 'a', nums: { $gte: 5 }, items: { qty: { $lt: 2 } } } as Document });
    expect(await coll.findOne(byId(1))).toEqual({ _id: 1, tags: ['b', 'c'], nums: [1, 3], items: [{ sku: 'y', qty: 5 }] });
    await coll.updateOne(byId(1), { $pull: { tags: { $in: ['b', 'zzz'] } } as Document });
    expect((await coll.findOne(byId(1)))!.tags).toEqual(['c']);
  });

  it('$pullAll removes every occurrence of the listed values', async () => {
    const coll = await seed({ _id: 1, nums: [1, 2, 3, 1, 2, 3] });
    await coll.updateOne(byId(1), { $pullAll: { nums: [1, 3] } as Document });
    expect((await coll.findOne(byId(1)))!.nums).toEqual([2, 2]);
  });

  it('$pop removes the last (1) or first (-1) element', async () => {
    const coll = await seed({ _id: 1, arr: [1, 2, 3, 4] });
    await coll.updateOne(byId(1), { $pop: { arr: 1 } });
    expect((await coll.findOne(byId(1)))!.arr).toEqual([1, 2, 3]);
    await coll.updateOne(byId(1), { $pop: { arr: -1 } });
    expect((await coll.findOne(byId(1)))!.arr).toEqual([2, 3]);
  });
});

describe('positional updates', () => {
  const grades = () => [
    { score: 80, n: 1 },
    { score: 90, n: 2 },
    { score: 80, n: 3 },
  ];

  it('$ updates the first array element matched by the filter', async () => {
    const coll = await seed({ _id: 1, grades: grades(), nums: [1, 2, 3, 2] });
    await coll.updateOne({ _id: 1, 'grades.score': 80 }, { $set: { 'grades.$.score': 85 } });
    await coll.updateOne({ _id: 1, nums: 2 }, { $set: { 'nums.$': 20 } });
    expect(await coll.findOne(byId(1))).toEqual({
      _id: 1,
      grades: [
        { score: 85, n: 1 },
        { score: 90, n: 2 },
        { score: 80, n: 3 },
      ],
      nums: [1, 20, 3, 2],
    });
  });

  it('$ with $elemMatch picks the element that satisfies all conditions', async () => {
    const coll = await seed({ _id: 1, grades: grades() });
    await coll.updateOne(
      { _id: 1, grades: { $elemMatch: { score: 80, n: 3 } } },
      {
        $inc: { 'grades.$.score': 1 },
      },
    );
    expect((await coll.findOne(byId(1)))!.grades).toEqual([
      { score: 80, n: 1 },
      { score: 90, n: 2 },
      { score: 81, n: 3 },
    ]);
  });

  it('$[] updates every element', async () => {
    const coll = await seed({ _id: 1, grades: grades(), nums: [1, 2, 3] });
    await coll.updateOne(byId(1), { $inc: { 'nums.$[]': 10 }, $set: { 'grades.$[].flag': true } });
    expect(await coll.findOne(byId(1))).toEqual({
      _id: 1,
      grades: [
        { score: 80, n: 1, flag: true },
        { score: 90, n: 2, flag: true },
        { score: 80, n: 3, flag: true },
      ],
      nums: [11, 12, 13],
    });
  });

  it('$[elem] updates the elements selected by arrayFilters', async () => {
    const coll = await seed({ _id: 1, grades: grades(), nums: [11, 30, 13, 12] });
    await coll.updateOne(
      byId(1),
      { $set: { 'grades.$[g].passed': true }, $mul: { 'nums.$[x]': 2 } },
      { arrayFilters: [{ 'g.score': { $gte: 85 } }, { x: { $gt: 12 } }] },
    );
    expect(await coll.findOne(byId(1))).toEqual({
      _id: 1,
      grades: [
        { score: 80, n: 1 },
        { score: 90, n: 2, passed: true },
        { score: 80, n: 3 },
      ],
      nums: [11, 60, 26, 12],
    });
  });

  it('updateMany with arrayFilters touches every document', async () => {
    const coll = await seed({ _id: 1, grades: grades() }, { _id: 2, grades: grades() });
    const res = await coll.updateMany({}, { $set: { 'grades.$[g].score': 0 } }, { arrayFilters: [{ 'g.n': { $in: [1, 3] } }] });
    expect(res.modifiedCount).toBe(2);
    for (const doc of await coll.find({}).toArray()) {
      expect(doc.grades.map((g: Document) => g.score)).toEqual([0, 90, 0]);
    }
  });
});

describe('upserts', () => {
  it('updateOne upsert inserts a new document with the filter equality fields and reports upsertedId', async () => {
    const coll = await seed();
    const res = await coll.updateOne({ sku: 'abc', region: 'AR' }, { $set: { qty: 5 } }, { upsert: true });
    expect(res.upsertedCount).toBe(1);
    expect(res.matchedCount).toBe(0);
    expect(res.modifiedCount).toBe(0);
    expect(res.upsertedId).toBeInstanceOf(ObjectId);
    expect(await coll.find({}).toArray()).toEqual([{ _id: res.upsertedId, sku: 'abc', region: 'AR', qty: 5 }]);

    const again = await coll.updateOne({ sku: 'abc', region: 'AR' }, { $set: { qty: 6 } }, { upsert: true });
    expect(again.upsertedCount).toBe(0);
    expect(again.upsertedId).toBeNull();
    expect(again.matchedCount).toBe(1);
    expect(await coll.countDocuments()).toBe(1);
    expect((await coll.findOne({ sku: 'abc' }))!.qty).toBe(6);
  });

  it('copies only equality conditions (including $and and dotted ones) into the upserted document', async () => {
    const coll = await seed();
    const res = await coll.updateOne(
      { code: 'Z9', price: { $gt: 100 }, $and: [{ a: 1 }, { b: 2 }], 'meta.kind': 'k' },
      { $set: { name: 'n' } },
      { upsert: true },
    );
    expect(await coll.findOne({ _id: res.upsertedId! })).toEqual({
      _id: res.upsertedId,
      code: 'Z9',
      a: 1,
      b: 2,
      meta: { kind: 'k' },
      name: 'n',
    });
  });

  it('uses the _id given in the filter', async () => {
    const coll = await seed();
    const res = await coll.updateOne(byId('given'), { $inc: { n: 1 } }, { upsert: true });
    expect(res.upsertedId).toBe('given');
    expect(await coll.findOne(byId('given'))).toEqual({ _id: 'given', n: 1 });
  });

  it('replaceOne upsert inserts the replacement, taking only _id from the filter', async () => {
    const coll = await seed();
    const withId = await coll.replaceOne(byId('r1'), { v: 1 }, { upsert: true });
    expect(withId.upsertedCount).toBe(1);
    expect(withId.upsertedId).toBe('r1');
    expect(await coll.findOne(byId('r1'))).toEqual({ _id: 'r1', v: 1 });

    const withoutId = await coll.replaceOne({ tag: 'only-in-filter' }, { v: 3 }, { upsert: true });
    expect(withoutId.upsertedId).toBeInstanceOf(ObjectId);
    expect(await coll.findOne({ _id: withoutId.upsertedId! })).toEqual({ _id: withoutId.upsertedId, v: 3 });

    const existing = await coll.replaceOne(byId('r1'), { v: 2 }, { upsert: true });
    expect(existing.upsertedCount).toBe(0);
    expect(existing.matchedCount).toBe(1);
    expect(await coll.findOne(byId('r1'))).toEqual({ _id: 'r1', v: 2 });
    expect(await coll.countDocuments()).toBe(2);
  });
});

describe('findOneAnd*', () => {
  it('findOneAndUpdate returns the document before (default) or after the update, and null on no match', async () => {
    const coll = await seed({ _id: 1, n: 1 });
    expect(await coll.findOneAndUpdate(byId(1), { $inc: { n: 1 } })).toEqual({ _id: 1, n: 1 });
    expect(await coll.findOneAndUpdate(byId(1), { $inc: { n: 1 } }, { returnDocument: 'before' })).toEqual({ _id: 1, n: 2 });
    expect(await coll.findOneAndUpdate(byId(1), { $inc: { n: 1 } }, { returnDocument: 'after' })).toEqual({ _id: 1, n: 4 });
    expect(await coll.findOneAndUpdate(byId(2), { $inc: { n: 1 } }, { returnDocument: 'after' })).toBeNull();
    expect(await coll.find({}).toArray()).toEqual([{ _id: 1, n: 4 }]);
  });

  it('findOneAndUpdate with upsert and returnDocument after returns the inserted document', async () => {
    const coll = await seed();
    const doc = await coll.findOneAndUpdate({ key: 'k' }, { $set: { v: 1 } }, { upsert: true, returnDocument: 'after' });
    expect(doc).not.toBeNull();
    expect(doc!._id).toBeInstanceOf(ObjectId);
    expect(doc).toEqual({ _id: doc!._id, key: 'k', v: 1 });
  });

  it('findOneAndUpdate with a sort chooses which document to modify', async () => {
    const coll = await seed({ _id: 1, status: 'new', pri: 3 }, { _id: 2, status: 'new', pri: 9 }, { _id: 3, status: 'new', pri: 5 });
    const top = await coll.findOneAndUpdate({ status: 'new' }, { $set: { status: 'taken' } }, { sort: { pri: -1 }, returnDocument: 'after' });
    expect(top).toEqual({ _id: 2, status: 'taken', pri: 9 });
    const lowest = await coll.findOneAndUpdate({ status: 'new' }, { $set: { status: 'taken' } }, { sort: { pri: 1 } });
    expect(lowest).toEqual({ _id: 1, status: 'new', pri: 3 });
    expect((await coll.find({ status: 'new' }).toArray()).map((d) => d._id)).toEqual([3]);
  });

  it('findOneAndUpdate honours a projection', async () => {
    const coll = await seed({ _id: 1, n: 1, secret: 's' });
    const doc = await coll.findOneAndUpdate(byId(1), { $inc: { n: 1 } }, { returnDocument: 'after', projection: { secret: 0 } });
    expect(doc).toEqual({ _id: 1, n: 2 });
  });

  it('findOneAndReplace returns the old document by default and the new one on request', async () => {
    const coll = await seed({ _id: 1, a: 1 });
    expect(await coll.findOneAndReplace(byId(1), { b: 2 })).toEqual({ _id: 1, a: 1 });
    expect(await coll.findOne(byId(1))).toEqual({ _id: 1, b: 2 });
    expect(await coll.findOneAndReplace(byId(1), { c: 3 }, { returnDocument: 'after' })).toEqual({ _id: 1, c: 3 });
    expect(await coll.findOneAndReplace(byId(9), { c: 3 })).toBeNull();
  });

  it('findOneAndDelete returns the removed document (respecting sort) and null when nothing matches', async () => {
    const coll = await seed({ _id: 1, k: 'a', v: 1 }, { _id: 2, k: 'a', v: 2 });
    expect(await coll.findOneAndDelete({ k: 'a' }, { sort: { v: -1 } })).toEqual({ _id: 2, k: 'a', v: 2 });
    expect(await coll.find({}).toArray()).toEqual([{ _id: 1, k: 'a', v: 1 }]);
    expect(await coll.findOneAndDelete({ k: 'zzz' })).toBeNull();
  });
});

describe('invalid updates', () => {
  it('changing _id with $set fails with ImmutableField (66); setting the same value is allowed', async () => {
    const coll = await seed({ _id: 1, a: 1 });
    const err = await serverError(coll.updateOne(byId(1), { $set: { _id: 2, a: 2 } }));
    expect(err.code).toBe(66);
    expect(await coll.find({}).toArray()).toEqual([{ _id: 1, a: 1 }]);

    const same = await coll.updateOne(byId(1), { $set: { _id: 1, a: 3 } });
    expect(same.modifiedCount).toBe(1);
    expect(await coll.find({}).toArray()).toEqual([{ _id: 1, a: 3 }]);
  });

  it('a replacement with a different _id fails with ImmutableField (66)', async () => {
    const coll = await seed({ _id: 1, a: 1 });
    const err = await serverError(coll.replaceOne(byId(1), { _id: 2, a: 2 }));
    expect(err.code).toBe(66);
    expect(await coll.find({}).toArray()).toEqual([{ _id: 1, a: 1 }]);
  });

  it('an update document mixing operators and plain fields fails (FailedToParse, 9)', async () => {
    const coll = await seed({ _id: 1, a: 1 });
    const mixed: Document = { $set: { a: 2 }, b: 3 };
    const err = await serverError(coll.updateOne(byId(1), mixed));
    expect(err.code).toBe(9);
    expect(await coll.find({}).toArray()).toEqual([{ _id: 1, a: 1 }]);
  });
});
