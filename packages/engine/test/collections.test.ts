import { suiteStore } from './support/store';
import { serverError, type Doc } from './helpers';

/** Creating, listing and altering collections: options as MongoDB takes them, or its error for those it refuses. */

const store = suiteStore('colls');

describe('create', () => {
  it('creating a collection that exists with the same options succeeds; other options are NamespaceExists', async () => {
    const name = store.fresh().collectionName;
    await store.db.createCollection(name);
    await store.db.createCollection(name);
    const error = await serverError(store.db.command({ create: name, viewOn: 'other', pipeline: [] }));
    expect(error.code).toBe(48);
  });

  it('capped: false is an ordinary collection; capped: true is NotImplemented', async () => {
    const plain = await store.db.createCollection(store.fresh().collectionName, { capped: false });
    expect(await plain.isCapped()).toBe(false);
    const error = await serverError(store.db.createCollection(store.fresh().collectionName, { capped: true, size: 4096 }));
    expect(error.code).toBe(238);
  });
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
    const [listed] = await store.db.listCollections({ name: viewName }).toArray();
    expect(listed).toMatchObject({ name: viewName, type: 'view', options: { viewOn: source.collectionName }, info: { readOnly: true } });
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

  it('a view pipeline with a refused stage is refused at creation', async () => {
    // MongoDB names its own code for it; the engine answers NotImplemented, as for $out anywhere.
    const name = store.fresh().collectionName;
    await serverError(store.db.createCollection(name, { viewOn: 'x', pipeline: [{ $out: 'y' }] }));
    expect(await store.db.listCollections({ name }).toArray()).toEqual([]);
  });
});
