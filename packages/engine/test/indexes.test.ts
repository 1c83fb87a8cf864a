import { MongoBulkWriteError, type Collection, type Document, type Filter } from 'mongodb';
import { suiteStore } from './support/store';
import { serverError, type Doc } from './helpers';

const store = suiteStore('indexes');
let seq = 0;

function fresh(): Collection<Doc> {
  return store.db.collection<Doc>(`idx_${seq++}`);
}

function byId(id: unknown): Filter<Doc> {
  return { _id: id };
}

describe('index management', () => {
  it('createIndex returns generated names; listIndexes shows keys, names and unique; dropIndex removes', async () => {
    const coll = fresh();
    await coll.insertOne({ email: 'a@x', a: 1, b: 2 });
    expect(await coll.createIndex({ email: 1 }, { unique: true })).toBe('email_1');
    expect(await coll.createIndex({ a: 1, b: -1 })).toBe('a_1_b_-1');
    expect(await coll.createIndex({ 'address.city': 1 }, { name: 'by_city' })).toBe('by_city');

    const indexes = await coll.listIndexes().toArray();
    expect(indexes.map((i) => i.name).sort()).toEqual(['_id_', 'a_1_b_-1', 'by_city', 'email_1']);
    const byName = new Map(indexes.map((i) => [i.name as string, i]));
    expect(byName.get('_id_')).toMatchObject({ v: 2, key: { _id: 1 } });
    expect(byName.get('_id_')!.unique).toBeUndefined();
    expect(byName.get('email_1')).toMatchObject({ v: 2, key: { email: 1 }, unique: true });
    expect(byName.get('a_1_b_-1')).toMatchObject({ v: 2, key: { a: 1, b: -1 } });
    expect(Object.keys(byName.get('a_1_b_-1')!.key)).toEqual(['a', 'b']);
    expect(byName.get('a_1_b_-1')!.unique).toBeUndefined();
    expect(byName.get('by_city')).toMatchObject({ key: { 'address.city': 1 } });

    // Creating the same index again is a no-op that returns the same name.
    expect(await coll.createIndex({ email: 1 }, { unique: true })).toBe('email_1');
    expect((await coll.listIndexes().toArray()).length).toBe(4);

    await coll.dropIndex('a_1_b_-1');
    expect((await coll.listIndexes().toArray()).map((i) => i.name).sort()).toEqual(['_id_', 'by_city', 'email_1']);
  });

  it('dropping an unknown index fails with IndexNotFound (27)', async () => {
    const coll = fresh();
    await coll.insertOne({ a: 1 });
    const err = await serverError(coll.dropIndex('nope_1'));
    expect(err.code).toBe(27);
    expect(err.codeName).toBe('IndexNotFound');
  });

  it('createIndexes with several specs returns all names', async () => {
    const coll = fresh();
    const names = await coll.createIndexes([{ key: { x: 1 } }, { key: { y: -1, z: 1 }, unique: true }]);
    expect(names).toEqual(['x_1', 'y_-1_z_1']);
    expect((await coll.listIndexes().toArray()).map((i) => i.name).sort()).toEqual(['_id_', 'x_1', 'y_-1_z_1']);
  });
});

describe('unique indexes', () => {
  it('insertOne of a duplicate throws E11000 with keyValue and keyPattern', async () => {
    const coll = fresh();
    await coll.createIndex({ email: 1 }, { unique: true });
    await coll.insertOne({ _id: 1, email: 'ana@example.com' });
    const err = await serverError(coll.insertOne({ _id: 2, email: 'ana@example.com' }));
    expect(err.code).toBe(11000);
    expect(err.message).toContain('E11000 duplicate key error');
    expect(err.keyValue).toEqual({ email: 'ana@example.com' });
    expect(err.keyPattern).toEqual({ email: 1 });
    expect(await coll.find({}).toArray()).toEqual([{ _id: 1, email: 'ana@example.com' }]);
  });

  it('a duplicate _id is refused with 11000', async () => {
    const coll = fresh();
    await coll.insertOne({ _id: 'same', v: 1 });
    const err = await serverError(coll.insertOne({ _id: 'same', v: 2 }));
    expect(err.code).toBe(11000);
    expect(err.message).toContain('E11000 duplicate key error');
    expect(err.keyValue).toEqual({ _id: 'same' });
    expect(err.keyPattern).toEqual({ _id: 1 });
    expect(await coll.find({}).toArray()).toEqual([{ _id: 'same', v: 1 }]);
  });

  it('ordered insertMany stops at the first duplicate', async () => {
    const coll = fresh();
    await coll.createIndex({ email: 1 }, { unique: true });
    await coll.insertOne({ _id: 0, email: 'a' });
    let err: unknown;
    try {
      await coll.insertMany([
        { _id: 1, email: 'b' },
        { _id: 2, email: 'c' },
        { _id: 3, email: 'a' },
        { _id: 4, email: 'd' },
      ]);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(MongoBulkWriteError);
    const bulk = err as MongoBulkWriteError;
    expect(bulk.code).toBe(11000);
    expect(bulk.insertedCount).toBe(2);
    const writeErrors = Array.isArray(bulk.writeErrors) ? bulk.writeErrors : [bulk.writeErrors];
    expect(writeErrors.length).toBe(1);
    expect(writeErrors[0].index).toBe(2);
    expect(writeErrors[0].code).toBe(11000);
    expect((await coll.find({}).sort({ _id: 1 }).toArray()).map((d) => d._id)).toEqual([0, 1, 2]);
  });

  it('unordered insertMany inserts every document except the duplicates', async () => {
    const coll = fresh();
    await coll.createIndex({ email: 1 }, { unique: true });
    await coll.insertOne({ _id: 0, email: 'a' });
    let err: unknown;
    try {
      await coll.insertMany(
        [
          { _id: 1, email: 'b' },
          { _id: 2, email: 'a' },
          { _id: 3, email: 'c' },
          { _id: 4, email: 'b' },
          { _id: 5, email: 'd' },
        ],
        { ordered: false },
      );
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(MongoBulkWriteError);
    const bulk = err as MongoBulkWriteError;
    expect(bulk.insertedCount).toBe(3);
    const writeErrors = Array.isArray(bulk.writeErrors) ? bulk.writeErrors : [bulk.writeErrors];
    expect(writeErrors.map((w) => w.index).sort()).toEqual([1, 3]);
    expect(writeErrors.every((w) => w.code === 11000)).toBe(true);
    expect((await coll.find({}).sort({ _id: 1 }).toArray()).map((d) => d._id)).toEqual([0, 1, 3, 5]);
  });

  it('documents a batch refuses (taken _id, taken unique key) leave nothing in counts or indexes', async () => {
    const coll = fresh();
    await coll.createIndex({ email: 1 }, { unique: true });
    await coll.createIndex({ group: 1, email: 1 });
    await coll.insertOne({ _id: 0, email: 'a', group: 'g' });
    const err = await coll
      .insertMany(
        [
          { _id: 1, email: 'b', group: 'g' },
          { _id: 1, email: 'c', group: 'g' },
          { _id: 2, email: 'a', group: 'g' },
          { _id: 3, email: 'd', group: 'g' },
        ],
        { ordered: false },
      )
      .catch((error: unknown) => error);
    expect(err).toBeInstanceOf(MongoBulkWriteError);
    const bulk = err as MongoBulkWriteError;
    const writeErrors = Array.isArray(bulk.writeErrors) ? bulk.writeErrors : [bulk.writeErrors];
    expect(writeErrors.map((w) => [w.index, w.code])).toEqual([
      [1, 11000],
      [2, 11000],
    ]);
    expect(writeErrors[0].errmsg).toContain('index: _id_');
    expect(writeErrors[1].errmsg).toContain('index: email_1');
    expect(await coll.countDocuments({ group: 'g' })).toBe(3);
    expect((await coll.find({ group: 'g' }).sort({ email: 1 }).toArray()).map((d) => d._id)).toEqual([0, 1, 3]);
    expect(await coll.find({ email: 'c' }).toArray()).toEqual([]);
  });

  it('an update that would create a duplicate fails with 11000 and leaves the document unchanged', async () => {
    const coll = fresh();
    await coll.createIndex({ email: 1 }, { unique: true });
    await coll.insertMany([
      { _id: 1, email: 'a', n: 1 },
      { _id: 2, email: 'b', n: 2 },
    ]);
    const err = await serverError(coll.updateOne(byId(2), { $set: { email: 'a', n: 99 } }));
    expect(err.code).toBe(11000);
    expect(err.keyValue).toEqual({ email: 'a' });
    expect(await coll.find({}).sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, email: 'a', n: 1 },
      { _id: 2, email: 'b', n: 2 },
    ]);
    // updateMany that would collide also fails.
    const many = await serverError(coll.updateMany({}, { $set: { email: 'same' } }));
    expect(many.code).toBe(11000);
    expect(await coll.countDocuments({ email: 'same' })).toBeLessThanOrEqual(1);
  });

  it('a value freed by an update or a delete can be reused', async () => {
    const coll = fresh();
    await coll.createIndex({ email: 1 }, { unique: true });
    await coll.insertMany([
      { _id: 1, email: 'a' },
      { _id: 2, email: 'b' },
    ]);
    await coll.updateOne(byId(1), { $set: { email: 'a2' } });
    await coll.insertOne({ _id: 3, email: 'a' });
    await coll.deleteOne(byId(2));
    await coll.insertOne({ _id: 4, email: 'b' });
    expect(await coll.find({}).sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, email: 'a2' },
      { _id: 3, email: 'a' },
      { _id: 4, email: 'b' },
    ]);
    expect((await serverError(coll.insertOne({ _id: 5, email: 'a2' }))).code).toBe(11000);
  });

  it('documents missing the unique field count as null, so a second one is a duplicate', async () => {
    const coll = fresh();
    await coll.createIndex({ email: 1 }, { unique: true });
    await coll.insertOne({ _id: 1 });
    const err = await serverError(coll.insertOne({ _id: 2 }));
    expect(err.code).toBe(11000);
    expect(err.keyValue).toEqual({ email: null });
  });

  it('a compound unique index allows rows differing in one field and refuses full duplicates', async () => {
    const coll = fresh();
    await coll.createIndex({ tenant: 1, code: 1 }, { unique: true });
    await coll.insertOne({ tenant: 'a', code: 1 });
    await coll.insertOne({ tenant: 'b', code: 1 });
    await coll.insertOne({ tenant: 'a', code: 2 });
    const err = await serverError(coll.insertOne({ tenant: 'a', code: 1 }));
    expect(err.code).toBe(11000);
    expect(err.keyValue).toEqual({ tenant: 'a', code: 1 });
    expect(err.keyPattern).toEqual({ tenant: 1, code: 1 });
    expect(await coll.countDocuments()).toBe(3);
  });

  it('a partial unique index only constrains documents matching its filter', async () => {
    const coll = fresh();
    await coll.createIndex({ email: 1 }, { unique: true, partialFilterExpression: { active: true } });
    await coll.insertOne({ email: 'x', active: true });
    await coll.insertOne({ email: 'x', active: false });
    await coll.insertOne({ email: 'x' });
    await coll.insertOne({ email: 'x', active: false });
    const err = await serverError(coll.insertOne({ email: 'x', active: true }));
    expect(err.code).toBe(11000);
    expect(await coll.countDocuments({ email: 'x' })).toBe(4);
    // Moving a document into the filter is checked too.
    const upd = await serverError(coll.updateOne({ active: false }, { $set: { active: true } }));
    expect(upd.code).toBe(11000);
    expect(await coll.countDocuments({ active: true })).toBe(1);
    const listed = (await coll.listIndexes().toArray()).find((i) => i.name === 'email_1');
    expect(listed).toMatchObject({ unique: true, partialFilterExpression: { active: true } });
  });

  it('createIndex unique over existing duplicates fails and creates no index', async () => {
    const coll = fresh();
    await coll.insertMany([{ k: 1 }, { k: 2 }, { k: 1 }]);
    const err = await serverError(coll.createIndex({ k: 1 }, { unique: true }));
    expect(err.code).toBe(11000);
    expect((await coll.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
    // Non-unique duplicates are still accepted afterwards.
    await coll.insertOne({ k: 1 });
    expect(await coll.countDocuments({ k: 1 })).toBe(3);
  });
});

describe('queries through indexes stay correct', () => {
  it('after updates change the indexed value and after deletes', async () => {
    const coll = fresh();
    await coll.createIndex({ status: 1 });
    await coll.createIndex({ score: -1 });
    const docs: Document[] = [];
    for (let i = 0; i < 200; i++) docs.push({ _id: i, status: i % 2 === 0 ? 'open' : 'closed', score: i });
    await coll.insertMany(docs);

    // Close every open document whose _id is a multiple of 4, re-score some, delete others.
    await coll.updateMany({ _id: { $in: docs.filter((d) => d._id % 4 === 0).map((d) => d._id) } }, { $set: { status: 'closed' } });
    await coll.updateMany({ _id: { $lt: 10 } }, { $inc: { score: 1000 } });
    await coll.deleteMany({ _id: { $gte: 190 } });
    await coll.deleteOne(byId(2));

    const expectOpen = docs.map((d) => d._id as number).filter((i) => i % 2 === 0 && i % 4 !== 0 && i < 190 && i !== 2);
    const open = await coll.find({ status: 'open' }).sort({ _id: 1 }).toArray();
    expect(open.map((d) => d._id)).toEqual(expectOpen);
    expect(await coll.countDocuments({ status: 'closed' })).toBe(189 - expectOpen.length);
    expect(await coll.countDocuments({ status: 'open' })).toBe(expectOpen.length);

    const high = await coll
      .find({ score: { $gte: 1000 } })
      .sort({ score: -1 })
      .toArray();
    expect(high.map((d) => d._id)).toEqual([9, 8, 7, 6, 5, 4, 3, 1, 0]);
    expect(await coll.countDocuments({ score: { $gte: 180, $lt: 1000 } })).toBe(10);
    expect(await coll.countDocuments({ score: { $lt: 10 } })).toBe(0);
    expect(await coll.findOne({ score: 2 })).toBeNull();
    expect(await coll.findOne({ score: 1002 })).toBeNull();
  });

  it('replaceOne moves a document between index keys', async () => {
    const coll = fresh();
    await coll.createIndex({ tag: 1 });
    await coll.insertMany([
      { _id: 1, tag: 'a' },
      { _id: 2, tag: 'a' },
    ]);
    await coll.replaceOne(byId(1), { other: 'x' });
    await coll.replaceOne(byId(2), { tag: 'b' });
    expect(await coll.find({ tag: 'a' }).toArray()).toEqual([]);
    expect(await coll.find({ tag: 'b' }).toArray()).toEqual([{ _id: 2, tag: 'b' }]);
    expect(await coll.find({ tag: null }).toArray()).toEqual([{ _id: 1, other: 'x' }]);
  });

  it('$in with 1,000 values on an indexed field over 20,000 documents returns exactly the matches', async () => {
    const coll = fresh();
    const docs: Document[] = [];
    for (let i = 0; i < 20_000; i++) docs.push({ _id: i, n: i * 3, code: `C${i}` });
    await coll.insertMany(docs);
    await coll.createIndex({ n: 1 });
    await coll.createIndex({ code: 1 }, { unique: true });

    const wanted: number[] = [];
    for (let i = 0; i < 990; i++) wanted.push(i * 20);
    const values = wanted.map((i) => i * 3);
    for (let k = 0; k < 10; k++) values.push(60_001 + k * 3); // not multiples of 3: absent
    expect(values.length).toBe(1000);
    // Shuffle so the $in list is not sorted.
    values.sort((a, b) => ((a * 2654435761) % 1000) - ((b * 2654435761) % 1000));

    const found = await coll
      .find({ n: { $in: values } }, { projection: { _id: 1 } })
      .sort({ _id: 1 })
      .toArray();
    expect(found.map((d) => d._id)).toEqual(wanted);
    expect(await coll.countDocuments({ n: { $in: values } })).toBe(990);

    const codes = wanted.slice(0, 500).map((i) => `C${i}`);
    const byCode = await coll
      .find({ code: { $in: codes } })
      .sort({ _id: 1 })
      .toArray();
    expect(byCode.map((d) => d._id)).toEqual(wanted.slice(0, 500));
  });
});
