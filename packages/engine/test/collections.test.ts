import { Double, Long } from 'mongodb';
import { suiteStore } from './support/store';
import { serverError, type Doc } from './helpers';

/** Creating, listing and altering collections: options as MongoDB takes them, or its error for those it refuses. */

const store = suiteStore('colls');
const usingEngine = !process.env.MONGODB_URI;

describe('create', () => {
  it('creating a collection that exists with the same options succeeds; other options are NamespaceExists', async () => {
    const name = store.fresh().collectionName;
    await store.db.createCollection(name);
    await store.db.createCollection(name);
    const error = await serverError(store.db.command({ create: name, viewOn: 'other', pipeline: [] }));
    expect(error.code).toBe(48);
  });

  it('capped: false is an ordinary collection', async () => {
    const plain = await store.db.createCollection(store.fresh().collectionName, { capped: false });
    expect(await plain.isCapped()).toBe(false);
  });

  if (usingEngine) {
    it('capped: true is NotImplemented (the engine has no capped collections)', async () => {
      const error = await serverError(store.db.createCollection(store.fresh().collectionName, { capped: true, size: 4096 }));
      expect(error.code).toBe(238);
    });
  }
});

describe('views', () => {
  it('reads run the view pipeline over its source; writes are CommandNotSupportedOnView (166)', async () => {
    const source = store.fresh<Doc>();
    await source.insertMany([
      { _id: 1, kind: 'a', qty: 5 },
      { _id: 2, kind: 'b', qty: 7 },
      { _id: 3, kind: 'a', qty: 9 },
    ]);
    const viewName = `${source.collectionName}_view`;
    await store.db.createCollection(viewName, { viewOn: source.collectionName, pipeline: [{ $match: { kind: 'a' } }, { $project: { kind: 0 } }] });
    const view = store.db.collection<Doc>(viewName);
    expect(await view.find({}, { sort: { _id: 1 } }).toArray()).toEqual([
      { _id: 1, qty: 5 },
      { _id: 3, qty: 9 },
    ]);
    expect(await view.find({ qty: { $gt: 6 } }).toArray()).toEqual([{ _id: 3, qty: 9 }]);
    expect(await view.countDocuments()).toBe(2);
    expect(await view.aggregate([{ $group: { _id: null, total: { $sum: '$qty' } } }]).toArray()).toEqual([{ _id: null, total: 14 }]);
    expect((await view.distinct('qty')).sort()).toEqual([5, 9]);
    // The source's later writes show through the view.
    await source.insertOne({ _id: 4, kind: 'a', qty: 1 });
    expect(await view.countDocuments()).toBe(3);
    expect((await serverError(view.insertOne({ _id: 5 }))).code).toBe(166);
    expect((await serverError(view.updateOne({ _id: 1 }, { $set: { qty: 0 } }))).code).toBe(166);
    expect((await serverError(view.deleteMany({}))).code).toBe(166);
    expect((await serverError(view.createIndex({ qty: 1 }))).code).toBe(166);
    if (usingEngine) {
      expect((await serverError(view.find({}, { collation: { locale: 'fr' } }).toArray())).code).toBe(238);
      // The engine's plans are those of collections: explaining a read of a view is refused, not answered wrong.
      expect((await serverError(view.find({}).explain())).code).toBe(238);
      expect((await serverError(view.aggregate([]).explain())).code).toBe(238);
    }
    const [listed] = await store.db.listCollections({ name: viewName }).toArray();
    expect(listed).toMatchObject({ name: viewName, type: 'view', options: { viewOn: source.collectionName }, info: { readOnly: true } });
  });

  it('a view reads its source as an aggregation does: number types read from the stored documents', async () => {
    const source = store.fresh<Doc>();
    await source.insertMany([
      { _id: 1, n: 1 },
      { _id: 2, n: new Double(2) },
      { _id: 3, n: Long.fromNumber(3) },
    ]);
    const viewName = `${source.collectionName}_ints`;
    await store.db.createCollection(viewName, { viewOn: source.collectionName, pipeline: [{ $match: { n: { $type: 'int' } } }] });
    expect(await store.db.collection<Doc>(viewName).find({}).toArray()).toEqual([{ _id: 1, n: 1 }]);
  });

  it('a view on a view chains the pipelines', async () => {
    const source = store.fresh<Doc>();
    await source.insertMany([
      { _id: 1, n: 1 },
      { _id: 2, n: 2 },
      { _id: 3, n: 3 },
    ]);
    const first = `${source.collectionName}_v1`;
    const second = `${source.collectionName}_v2`;
    await store.db.createCollection(first, { viewOn: source.collectionName, pipeline: [{ $match: { n: { $gte: 2 } } }] });
    await store.db.createCollection(second, { viewOn: first, pipeline: [{ $set: { double: { $multiply: ['$n', 2] } } }] });
    expect(
      await store.db
        .collection<Doc>(second)
        .find({}, { sort: { _id: 1 } })
        .toArray(),
    ).toEqual([
      { _id: 2, n: 2, double: 4 },
      { _id: 3, n: 3, double: 6 },
    ]);
  });

  it('$lookup and $unionWith from a collection read a view through its pipeline', async () => {
    const orders = store.fresh<Doc>();
    const items = store.fresh<Doc>();
    await orders.insertMany([
      { _id: 1, item: 'a' },
      { _id: 2, item: 'b' },
    ]);
    await items.insertMany([
      { _id: 'a', price: 5, active: true },
      { _id: 'b', price: 7, active: false },
    ]);
    const activeItems = `${items.collectionName}_active`;
    await store.db.createCollection(activeItems, { viewOn: items.collectionName, pipeline: [{ $match: { active: true } }, { $project: { active: 0 } }] });
    const joined = await orders
      .aggregate([{ $lookup: { from: activeItems, localField: 'item', foreignField: '_id', as: 'found' } }, { $sort: { _id: 1 } }])
      .toArray();
    expect(joined).toEqual([
      { _id: 1, item: 'a', found: [{ _id: 'a', price: 5 }] },
      { _id: 2, item: 'b', found: [] },
    ]);
    const union = await orders.aggregate([{ $match: { _id: 1 } }, { $unionWith: activeItems }]).toArray();
    expect(union).toEqual([
      { _id: 1, item: 'a' },
      { _id: 'a', price: 5 },
    ]);
  });

  it('a view pipeline with a refused stage is refused at creation', async () => {
    // MongoDB names its own code for it; the engine answers NotImplemented, as for $out anywhere.
    const name = store.fresh().collectionName;
    await serverError(store.db.createCollection(name, { viewOn: 'x', pipeline: [{ $out: 'y' }] }));
    expect(await store.db.listCollections({ name }).toArray()).toEqual([]);
  });
});

describe('validators', () => {
  it('a write whose document does not match the validator fails with DocumentValidationFailure (121) and errInfo', async () => {
    const name = store.fresh().collectionName;
    const coll = await store.db.createCollection<Doc>(name, { validator: { qty: { $type: 'number', $gte: 0 } } });
    await coll.insertOne({ _id: 1, qty: 3 });
    const error = await serverError(coll.insertOne({ _id: 2, qty: -1 }));
    expect(error.code).toBe(121);
    expect(error.errInfo).toMatchObject({ failingDocumentId: 2 });
    expect(
      (
        await serverError(
          coll.insertMany([
            { _id: 3, qty: 1 },
            { _id: 4, qty: 'x' },
          ]),
        )
      ).code,
    ).toBe(121);
    expect((await serverError(coll.updateOne({ _id: 1 }, { $set: { qty: -5 } }))).code).toBe(121);
    expect((await serverError(coll.updateOne({ _id: 9 }, { $set: { qty: -5 } }, { upsert: true }))).code).toBe(121);
    expect((await serverError(coll.findOneAndUpdate({ _id: 1 }, { $unset: { qty: '' } }))).code).toBe(121);
    expect((await serverError(coll.replaceOne({ _id: 1 }, { other: true }))).code).toBe(121);
    expect(await coll.find({}, { sort: { _id: 1 } }).toArray()).toEqual([
      { _id: 1, qty: 3 },
      { _id: 3, qty: 1 },
    ]);
  });

  it('$type in a validator tells the BSON number types of an inserted document apart', async () => {
    const coll = await store.db.createCollection<Doc>(store.fresh().collectionName, { validator: { n: { $type: 'int' } } });
    await coll.insertOne({ _id: 1, n: 3 });
    expect((await serverError(coll.insertOne({ _id: 2, n: new Double(3) }))).code).toBe(121);
  });

  if (usingEngine) {
    it('$jsonSchema validators are NotImplemented (the engine has no validator of that dialect)', async () => {
      const error = await serverError(store.db.createCollection(store.fresh().collectionName, { validator: { $jsonSchema: { required: ['a'] } } }));
      expect(error.code).toBe(238);
      // In a query too.
      expect(
        (
          await serverError(
            store
              .fresh()
              .find({ $jsonSchema: { required: ['a'] } })
              .toArray(),
          )
        ).code,
      ).toBe(238);
    });
  }

  it('bypassDocumentValidation lets a write through', async () => {
    const coll = await store.db.createCollection<Doc>(store.fresh().collectionName, { validator: { a: { $exists: true } } });
    await coll.insertOne({ _id: 1, b: 1 }, { bypassDocumentValidation: true });
    await coll.updateOne({ _id: 1 }, { $set: { c: 1 } }, { bypassDocumentValidation: true });
    expect(await coll.findOne({ _id: 1 })).toEqual({ _id: 1, b: 1, c: 1 });
  });

  it('collMod changes the validator; moderate skips documents that did not match; warn and off let writes through', async () => {
    const name = store.fresh().collectionName;
    const coll = store.db.collection<Doc>(name);
    await coll.insertMany([
      { _id: 1, a: 1 },
      { _id: 2, b: 1 },
    ]);
    await store.db.command({ collMod: name, validator: { a: { $exists: true } } });
    expect((await serverError(coll.updateOne({ _id: 2 }, { $set: { c: 1 } }))).code).toBe(121);
    await store.db.command({ collMod: name, validationLevel: 'moderate' });
    await coll.updateOne({ _id: 2 }, { $set: { c: 1 } });
    expect((await serverError(coll.updateOne({ _id: 1 }, { $unset: { a: '' } }))).code).toBe(121);
    await store.db.command({ collMod: name, validationAction: 'warn' });
    await coll.insertOne({ _id: 3 });
    await store.db.command({ collMod: name, validationAction: 'error', validationLevel: 'off' });
    await coll.insertOne({ _id: 4 });
    const [listed] = await store.db.listCollections({ name }).toArray();
    expect((listed as Doc).options).toMatchObject({ validator: { a: { $exists: true } }, validationLevel: 'off', validationAction: 'error' });
  });
});

describe('renameCollection', () => {
  it('moves documents and indexes to the new name; an existing target needs dropTarget', async () => {
    const from = store.fresh<Doc>();
    await from.insertMany([
      { _id: 1, k: 'a' },
      { _id: 2, k: 'b' },
    ]);
    await from.createIndex({ k: 1 }, { unique: true });
    const toName = `${from.collectionName}_renamed`;
    const renamed = store.db.collection<Doc>((await from.rename(toName)).collectionName);
    expect(await renamed.find({}, { sort: { _id: 1 } }).toArray()).toEqual([
      { _id: 1, k: 'a' },
      { _id: 2, k: 'b' },
    ]);
    expect((await serverError(renamed.insertOne({ _id: 3, k: 'a' }))).code).toBe(11000);
    expect(await store.db.listCollections({ name: from.collectionName }).toArray()).toEqual([]);
    const other = store.fresh<Doc>();
    await other.insertOne({ _id: 'other' });
    expect((await serverError(renamed.rename(other.collectionName))).code).toBe(48);
    await renamed.rename(other.collectionName, { dropTarget: true });
    expect(await other.countDocuments()).toBe(2);
    expect((await serverError(store.db.renameCollection('missing_collection', 'x'))).code).toBe(26);
  });
});
