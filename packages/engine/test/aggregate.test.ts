import { Double, Int32, Long, type Collection, type Document } from 'mongodb';
import { openTestStore, type TestStore } from './support/store';
import { serverError, sorted, type Doc } from './helpers';

let store: TestStore;
let sales: Collection<Doc>;

const SALES: Document[] = [
  { _id: 1, item: 'apple', region: 'north', qty: 5, price: 10, tags: ['fruit', 'red'] },
  { _id: 2, item: 'banana', region: 'south', qty: 10, price: 5, tags: ['fruit', 'yellow'] },
  { _id: 3, item: 'apple', region: 'south', qty: 3, price: 12, tags: ['fruit', 'red'] },
  { _id: 4, item: 'carrot', region: 'north', qty: 7, price: 3, tags: ['vegetable'] },
  { _id: 5, item: 'banana', region: 'north', qty: 2, price: 6, tags: [] },
  { _id: 6, item: 'apple', region: 'north', qty: 8, price: 11 },
];

beforeAll(async () => {
  store = await openTestStore();
  sales = store.db.collection<Doc>('sales');
  await sales.insertMany(SALES.map((d) => structuredClone(d)));
});

afterAll(async () => {
  await store?.close();
});

describe('aggregation stages', () => {
  it('$match then $group with $sum / $avg / $min / $max / $push / $addToSet / count', async () => {
    const out = await sales
      .aggregate([
        { $match: { qty: { $gte: 1 } } },
        { $sort: { _id: 1 } },
        {
          $group: {
            _id: '$item',
            total: { $sum: '$qty' },
            avgQty: { $avg: '$qty' },
            minPrice: { $min: '$price' },
            maxPrice: { $max: '$price' },
            regions: { $push: '$region' },
            uniqueRegions: { $addToSet: '$region' },
            n: { $sum: 1 },
          },
        },
        { $sort: { _id: 1 } },
      ])
      .toArray();
    expect(out.map((g) => g._id)).toEqual(['apple', 'banana', 'carrot']);
    const [apple, banana, carrot] = out;
    expect(apple).toMatchObject({ total: 16, minPrice: 10, maxPrice: 12, regions: ['north', 'south', 'north'], n: 3 });
    expect(apple.avgQty).toBeCloseTo(16 / 3, 12);
    expect(sorted(apple.uniqueRegions)).toEqual(['north', 'south']);
    expect(banana).toMatchObject({ total: 12, avgQty: 6, minPrice: 5, maxPrice: 6, regions: ['south', 'north'], n: 2 });
    expect(sorted(banana.uniqueRegions)).toEqual(['north', 'south']);
    expect(carrot).toEqual({
      _id: 'carrot',
      total: 7,
      avgQty: 7,
      minPrice: 3,
      maxPrice: 3,
      regions: ['north'],
      uniqueRegions: ['north'],
      n: 1,
    });
  });

  it('$group with _id null and an expression total', async () => {
    const out = await sales
      .aggregate([{ $match: { region: 'north' } }, { $group: { _id: null, revenue: { $sum: { $multiply: ['$qty', '$price'] } }, n: { $sum: 1 } } }])
      .toArray();
    // north: 5*10 + 7*3 + 2*6 + 8*11
    expect(out).toEqual([{ _id: null, revenue: 171, n: 4 }]);
  });

  it('$group by a compound key', async () => {
    const out = await sales
      .aggregate([{ $group: { _id: { item: '$item', region: '$region' }, qty: { $sum: '$qty' } } }, { $sort: { '_id.item': 1, '_id.region': 1 } }])
      .toArray();
    expect(out).toEqual([
      { _id: { item: 'apple', region: 'north' }, qty: 13 },
      { _id: { item: 'apple', region: 'south' }, qty: 3 },
      { _id: { item: 'banana', region: 'north' }, qty: 2 },
      { _id: { item: 'banana', region: 'south' }, qty: 10 },
      { _id: { item: 'carrot', region: 'north' }, qty: 7 },
    ]);
  });

  it('$sort / $skip / $limit', async () => {
    const out = await sales.aggregate([{ $sort: { qty: -1 } }, { $skip: 1 }, { $limit: 2 }]).toArray();
    expect(out.map((d) => d._id)).toEqual([6, 4]);
    const multi = await sales.aggregate([{ $sort: { region: 1, price: -1 } }, { $project: { _id: 1 } }]).toArray();
    expect(multi.map((d) => d._id)).toEqual([6, 1, 5, 4, 3, 2]);
  });

  it('$unwind drops empty and missing arrays unless preserveNullAndEmptyArrays', async () => {
    const plain = await sales.aggregate([{ $unwind: '$tags' }, { $sort: { _id: 1, tags: 1 } }]).toArray();
    expect(plain.map((d) => [d._id, d.tags])).toEqual([
      [1, 'fruit'],
      [1, 'red'],
      [2, 'fruit'],
      [2, 'yellow'],
      [3, 'fruit'],
      [3, 'red'],
      [4, 'vegetable'],
    ]);
    expect(plain[0]).toEqual({ _id: 1, item: 'apple', region: 'north', qty: 5, price: 10, tags: 'fruit' });

    const kept = await sales.aggregate([{ $unwind: { path: '$tags', preserveNullAndEmptyArrays: true } }, { $sort: { _id: 1, tags: 1 } }]).toArray();
    expect(kept.length).toBe(9);
    expect(kept.filter((d) => d._id === 5)).toEqual([{ _id: 5, item: 'banana', region: 'north', qty: 2, price: 6 }]);
    expect(kept.filter((d) => d._id === 6)).toEqual([{ _id: 6, item: 'apple', region: 'north', qty: 8, price: 11 }]);
  });

  it('$unwind then $group counts per array element', async () => {
    const out = await sales.aggregate([{ $unwind: '$tags' }, { $group: { _id: '$tags', n: { $sum: 1 } } }, { $sort: { _id: 1 } }]).toArray();
    expect(out).toEqual([
      { _id: 'fruit', n: 3 },
      { _id: 'red', n: 2 },
      { _id: 'vegetable', n: 1 },
      { _id: 'yellow', n: 1 },
    ]);
  });

  it('$project with inclusion, exclusion of _id and computed fields', async () => {
    const out = await sales
      .aggregate([
        { $match: { _id: 1 } },
        {
          $project: {
            _id: 0,
            item: 1,
            total: { $multiply: ['$qty', '$price'] },
            region: { $toUpper: '$region' },
            cheap: { $lt: ['$price', 11] },
          },
        },
      ])
      .toArray();
    expect(out).toEqual([{ item: 'apple', total: 50, region: 'NORTH', cheap: true }]);
  });

  it('$addFields keeps existing fields and adds computed ones', async () => {
    const out = await sales
      .aggregate([
        { $match: { _id: { $in: [2, 4] } } },
        { $sort: { _id: 1 } },
        { $addFields: { total: { $multiply: ['$qty', '$price'] }, 'meta.source': 'calc' } },
      ])
      .toArray();
    expect(out).toEqual([
      { ...SALES[1], total: 50, meta: { source: 'calc' } },
      { ...SALES[3], total: 21, meta: { source: 'calc' } },
    ]);
  });

  it('$facet runs sub-pipelines over the same input', async () => {
    const out = await sales
      .aggregate([
        {
          $facet: {
            byRegion: [{ $group: { _id: '$region', n: { $sum: 1 } } }, { $sort: { _id: 1 } }],
            top: [{ $sort: { qty: -1 } }, { $limit: 1 }, { $project: { _id: 1 } }],
            total: [{ $count: 'n' }],
          },
        },
      ])
      .toArray();
    expect(out).toEqual([
      {
        byRegion: [
          { _id: 'north', n: 4 },
          { _id: 'south', n: 2 },
        ],
        top: [{ _id: 2 }],
        total: [{ n: 6 }],
      },
    ]);
  });

  it('a $facet whose pipelines write into their input ($lookup, $set) works on copies: the other pipelines see the documents as stored', async () => {
    const out = await sales
      .aggregate([
        { $match: { _id: { $lte: 2 } } },
        {
          $facet: {
            joined: [
              { $lookup: { from: 'sales', localField: 'item', foreignField: 'item', as: 'same' } },
              { $set: { qty: 0 } },
              { $project: { n: { $size: '$same' } } },
            ],
            seen: [{ $sort: { _id: 1 } }],
          },
        },
      ])
      .toArray();
    expect(out[0].joined).toEqual([
      { _id: 1, n: 3 },
      { _id: 2, n: 2 },
    ]);
    expect(out[0].seen).toEqual(SALES.slice(0, 2));
    expect(sorted(await sales.find().toArray())).toEqual(SALES);
  });

  it('stages before and after a $facet run on its input and its output; a $facet inside a $facet is refused', async () => {
    const out = await sales
      .aggregate([
        { $match: { region: 'north' } },
        { $facet: { items: [{ $group: { _id: '$item' } }, { $sort: { _id: 1 } }], qty: [{ $group: { _id: null, qty: { $sum: '$qty' } } }] } },
        { $project: { items: '$items._id', qty: { $first: '$qty.qty' } } },
      ])
      .toArray();
    expect(out).toEqual([{ items: ['apple', 'banana', 'carrot'], qty: 22 }]);
    const nested = await serverError(sales.aggregate([{ $facet: { outer: [{ $facet: { inner: [{ $match: {} }] } }] } }]).toArray());
    expect(nested).toMatchObject({ code: 40600 });
  });

  it('$count outputs one document, or none when there is no input', async () => {
    expect(await sales.aggregate([{ $match: { region: 'north' } }, { $count: 'n' }]).toArray()).toEqual([{ n: 4 }]);
    expect(await sales.aggregate([{ $match: { region: 'west' } }, { $count: 'n' }]).toArray()).toEqual([]);
  });
});

describe('$lookup', () => {
  let customers: Collection<Doc>;

  beforeAll(async () => {
    customers = store.db.collection<Doc>('customers');
    await customers.insertMany([
      { _id: 'c1', name: 'Ana' },
      { _id: 'c2', name: 'Bruno' },
      { _id: 'c3', name: 'Carla' },
    ]);
    await store.db.collection<Doc>('orders').insertMany([
      { _id: 1, customerId: 'c1', amount: 100 },
      { _id: 2, customerId: 'c1', amount: 50 },
      { _id: 3, customerId: 'c2', amount: 75 },
      { _id: 4, customerId: 'c9', amount: 1 },
    ]);
  });

  it('joins by localField / foreignField (no match gives an empty array)', async () => {
    const out = await customers
      .aggregate([{ $lookup: { from: 'orders', localField: '_id', foreignField: 'customerId', as: 'orders' } }, { $sort: { _id: 1 } }])
      .toArray();
    expect(out.map((c) => [c._id, c.name, sorted(c.orders.map((o: Document) => o._id))])).toEqual([
      ['c1', 'Ana', [1, 2]],
      ['c2', 'Bruno', [3]],
      ['c3', 'Carla', []],
    ]);
    expect(out[1].orders).toEqual([{ _id: 3, customerId: 'c2', amount: 75 }]);
  });

  it('joins with a pipeline and let variables', async () => {
    const out = await customers
      .aggregate([
        {
          $lookup: {
            from: 'orders',
            let: { cid: '$_id' },
            pipeline: [{ $match: { $expr: { $eq: ['$customerId', '$$cid'] } } }, { $match: { amount: { $gte: 60 } } }, { $project: { _id: 0, amount: 1 } }],
            as: 'big',
          },
        },
        { $sort: { _id: 1 } },
        { $project: { big: 1 } },
      ])
      .toArray();
    expect(out).toEqual([
      { _id: 'c1', big: [{ amount: 100 }] },
      { _id: 'c2', big: [{ amount: 75 }] },
      { _id: 'c3', big: [] },
    ]);
  });
});

describe('$lookup by join fields', () => {
  // Local and foreign values of every shape a join meets: scalars, arrays, null, missing, numbers of two widths.
  const locals = [
    { _id: 1, ref: 'a' },
    { _id: 2, ref: ['a', 'b'] },
    { _id: 3, ref: null },
    { _id: 4 },
    { _id: 5, ref: 7 },
    { _id: 6, ref: 'zz' },
    { _id: 7, ref: { x: 1 } },
  ];
  const foreigns = [
    { _id: 'f1', key: 'a' },
    { _id: 'f2', key: ['b', 'c'] },
    { _id: 'f3', key: null },
    { _id: 'f4' },
    { _id: 'f5', key: 7.0 },
    { _id: 'f6', key: 'a' },
    { _id: 'f7', key: { x: 1 } },
  ];
  let local: Collection<Doc>;

  beforeAll(async () => {
    local = store.db.collection<Doc>('join_local');
    await local.insertMany(locals);
    const foreign = store.db.collection<Doc>('join_foreign');
    await foreign.insertMany(foreigns);
    await foreign.createIndex({ key: 1 });
  });

  const ids = (docs: Document[]) => docs.map((doc) => [doc._id, sorted((doc.joined as Document[]).map((f) => f._id))]);

  it('matches as the $expr form does: array elements on both sides, null and missing alike', async () => {
    const byFields = await local
      .aggregate([{ $lookup: { from: 'join_foreign', localField: 'ref', foreignField: 'key', as: 'joined' } }, { $sort: { _id: 1 } }])
      .toArray();
    expect(ids(byFields)).toEqual([
      [1, ['f1', 'f6']],
      [2, ['f1', 'f2', 'f6']],
      [3, ['f3', 'f4']],
      [4, ['f3', 'f4']],
      [5, ['f5']],
      [6, []],
      [7, ['f7']],
    ]);
    // With a pipeline after the join (the concise form), the pipeline runs on each document's matches.
    const concise = await local
      .aggregate([
        { $match: { _id: { $in: [1, 2] } } },
        { $lookup: { from: 'join_foreign', localField: 'ref', foreignField: 'key', as: 'joined', pipeline: [{ $match: { _id: { $ne: 'f6' } } }] } },
        { $sort: { _id: 1 } },
      ])
      .toArray();
    expect(ids(concise)).toEqual([
      [1, ['f1']],
      [2, ['f1', 'f2']],
    ]);
  });

  // The counters are the server's: on a shared MongoDB, suites running beside this one read too.
  (process.env.MONGODB_URI ? it.skip : it)('reads the foreign documents through the index: only those that match', async () => {
    const big = store.db.collection<Doc>('join_big');
    await big.insertMany(Array.from({ length: 2000 }, (_, i) => ({ _id: i, key: `k${i % 1000}` })));
    await big.createIndex({ key: 1 });
    const examined = async () => (await store.client.db('admin').command({ serverStatus: 1 })).metrics.queryExecutor.scannedObjects;
    const before = await examined();
    const out = await local
      .aggregate([{ $match: { _id: 1 } }, { $set: { ref: 'k42' } }, { $lookup: { from: 'join_big', localField: 'ref', foreignField: 'key', as: 'joined' } }])
      .toArray();
    expect(ids(out)).toEqual([[1, [42, 1042]]]);
    // One local document, and the two foreign ones that match: not the 2,000 of the foreign collection.
    expect((await examined()) - before).toBe(3);
  });
});

describe('counting and distinct', () => {
  it('countDocuments with filter, skip and limit', async () => {
    expect(await sales.countDocuments()).toBe(6);
    expect(await sales.countDocuments({ region: 'north' })).toBe(4);
    expect(await sales.countDocuments({ region: 'north' }, { skip: 1 })).toBe(3);
    expect(await sales.countDocuments({}, { limit: 2 })).toBe(2);
    expect(await sales.countDocuments({}, { skip: 5, limit: 5 })).toBe(1);
    expect(await sales.countDocuments({ region: 'west' })).toBe(0);
  });

  it('estimatedDocumentCount', async () => {
    expect(await sales.estimatedDocumentCount()).toBe(6);
    expect(await store.db.collection<Doc>('never_created').estimatedDocumentCount()).toBe(0);
  });

  it('distinct with and without a filter, flattening array fields', async () => {
    expect(sorted(await sales.distinct('item'))).toEqual(['apple', 'banana', 'carrot']);
    expect(sorted(await sales.distinct('item', { region: 'south' }))).toEqual(['apple', 'banana']);
    expect(sorted(await sales.distinct('tags'))).toEqual(['fruit', 'red', 'vegetable', 'yellow']);
    expect(sorted(await sales.distinct('qty', { qty: { $gt: 5 } }))).toEqual([7, 8, 10]);
    expect(await sales.distinct('nothere')).toEqual([]);
  });
});

describe('aggregation is read-only', () => {
  it('$addFields / $set / $unset / $project stages do not modify stored documents', async () => {
    const out = await sales
      .aggregate([{ $addFields: { qty: 0, extra: 'x' } }, { $set: { price: -1, 'nested.a': 1 } }, { $unset: 'tags' }, { $project: { item: 0 } }])
      .toArray();
    expect(out.length).toBe(6);
    expect(out.every((d) => d.qty === 0 && d.price === -1 && d.extra === 'x' && d.item === undefined)).toBe(true);
    expect(await sales.find({}).sort({ _id: 1 }).toArray()).toEqual(SALES);
  });
});

describe('large $group', () => {
  it('sums integers exactly over 20,000 documents', async () => {
    const big = store.db.collection<Doc>('big_group');
    const docs: Document[] = [];
    const expected = new Map<number, { v: number; cents: number; n: number }>();
    let grandCents = 0;
    for (let i = 0; i < 20_000; i++) {
      const g = i % 7;
      // Mix small ints (int32) with values beyond 32 bits (money in cents).
      const cents = i % 2 === 0 ? i * 3 + 1 : 123_456_789_012 + i;
      docs.push({ _id: i, g, v: i, cents });
      const e = expected.get(g) ?? { v: 0, cents: 0, n: 0 };
      e.v += i;
      e.cents += cents;
      e.n += 1;
      expected.set(g, e);
      grandCents += cents;
    }
    expect(Number.isSafeInteger(grandCents)).toBe(true);
    await big.insertMany(docs);
    const out = await big.aggregate([{ $group: { _id: '$g', v: { $sum: '$v' }, cents: { $sum: '$cents' }, n: { $sum: 1 } } }, { $sort: { _id: 1 } }]).toArray();
    expect(out).toEqual([...expected.entries()].sort((a, b) => a[0] - b[0]).map(([g, e]) => ({ _id: g, ...e })));
    const total = await big.aggregate([{ $group: { _id: null, v: { $sum: '$v' }, cents: { $sum: '$cents' } } }]).toArray();
    expect(total).toEqual([{ _id: null, v: (19_999 * 20_000) / 2, cents: grandCents }]);
  });
});

describe('$unionWith', () => {
  const page = (region: string, limit: number) => [{ $match: { region } }, { $sort: { qty: -1 } }, { $limit: limit }, { $project: { item: 1, qty: 1 } }];

  it('appends each branch’s own page (its match, order and limit) after the first', async () => {
    const out = await sales
      .aggregate([
        ...page('north', 2),
        { $addFields: { branch: 0 } },
        { $unionWith: { coll: 'sales', pipeline: [...page('south', 1), { $addFields: { branch: 1 } }] } },
        { $unionWith: { coll: 'sales', pipeline: [{ $match: { item: 'carrot' } }, { $addFields: { branch: 2 } }] } },
      ])
      .toArray();
    expect(out).toEqual([
      { _id: 6, item: 'apple', qty: 8, branch: 0 },
      { _id: 4, item: 'carrot', qty: 7, branch: 0 },
      { _id: 2, item: 'banana', qty: 10, branch: 1 },
      { _id: 4, item: 'carrot', region: 'north', qty: 7, price: 3, tags: ['vegetable'], branch: 2 },
    ]);
  });

  it('runs the stages after a union over everything before it, and reads another collection, or all of one', async () => {
    const other = store.db.collection<Doc>('union_other');
    await other.insertMany([
      { _id: 'x', qty: 100 },
      { _id: 'y', qty: 1 },
    ]);
    const out = await sales
      .aggregate([
        { $match: { item: 'banana' } },
        { $unionWith: { coll: 'union_other', pipeline: [{ $match: { qty: { $gt: 50 } } }] } },
        { $group: { _id: null, qty: { $sum: '$qty' } } },
      ])
      .toArray();
    expect(out).toEqual([{ _id: null, qty: 10 + 2 + 100 }]);
    const whole = await sales.aggregate([{ $match: { _id: 1 } }, { $unionWith: 'union_other' }, { $project: { _id: 1 } }]).toArray();
    expect(sorted(whole.map((doc) => String(doc._id)))).toEqual(['1', 'x', 'y']);
  });

  it('leaves the stored documents as they were', async () => {
    await sales.aggregate([{ $match: { _id: 1 } }, { $unionWith: { coll: 'sales', pipeline: [{ $match: { _id: 2 } }] } }, { $set: { qty: -1 } }]).toArray();
    expect(
      (
        await sales
          .find({ _id: { $in: [1, 2] } })
          .sort({ _id: 1 })
          .toArray()
      ).map((doc) => doc.qty),
    ).toEqual([5, 10]);
  });

  it('a pipeline that only queries answers the stored documents, numbers with their BSON types', async () => {
    const typed = store.db.collection<Doc>('typed_numbers');
    await typed.insertOne({ _id: 1, long: Long.fromNumber(10), int: 10, double: new Double(2) });
    const [doc] = await typed.aggregate([{ $match: {} }], { promoteValues: false }).toArray();
    expect(doc.long).toEqual(Long.fromNumber(10));
    expect(doc.int).toEqual(new Int32(10));
    expect(doc.double).toEqual(new Double(2));
  });
});
