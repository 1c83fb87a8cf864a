import { Binary, BSON, BSONRegExp, BSONSymbol, Code, DBRef, Decimal128, type Document, Double, Int32, Long, MaxKey, MinKey, ObjectId, Timestamp } from 'bson';
import type { Collection } from 'mongodb';
import { pipelineFields, queryReads } from '../src/query/dependencies';
import { copyFields, decodeFields, fieldName } from '../src/stored-fields';
import { prng } from './support/prng';
import { openTestStore, type TestStore } from './support/store';

/**
 * An aggregation decodes only the top-level fields its pipeline reads (`pipelineFields`, `decodeFields`): the values
 * are the decoder's, the answers those of whole documents.
 */

const ALL_TYPES: Document = {
  _id: new ObjectId('65a1b2c3d4e5f60718293a4b'),
  double: new Double(1.5),
  int: new Int32(7),
  small: Long.fromNumber(2 ** 40),
  large: Long.fromString('9007199254740993'),
  decimal: Decimal128.fromString('12.345'),
  text: 'ñandú ✓',
  empty: '',
  yes: true,
  no: false,
  nothing: null,
  when: new Date('2025-12-01T03:00:00Z'),
  before: new Date(-86_400_000 * 400),
  sub: { a: 1, b: [1, 2, { c: 'x' }] },
  list: [1, 'two', { three: 3 }, [4]],
  bytes: new Binary(Buffer.from([1, 2, 3]), 0),
  uuid: new Binary(Buffer.alloc(16, 7), 4),
  pattern: new BSONRegExp('^a.c$', 'i'),
  code: new Code('function () {}'),
  scoped: new Code('function () { return x; }', { x: 1 }),
  symbol: new BSONSymbol('sym'),
  stamp: new Timestamp({ t: 1_700_000_000, i: 3 }),
  low: new MinKey(),
  high: new MaxKey(),
  ref: new DBRef('other', new ObjectId('65a1b2c3d4e5f60718293a4c')),
};

const DESERIALIZE = { promoteLongs: true, promoteValues: true } as const;

describe('decodeFields', () => {
  const bytes = Buffer.from(BSON.serialize(ALL_TYPES));
  const whole = BSON.deserialize(bytes, DESERIALIZE);

  it.each(Object.keys(ALL_TYPES))('%s decodes as the decoder decodes it', (name) => {
    expect(decodeFields(bytes, [fieldName(name)])).toEqual({ [name]: whole[name] });
  });

  it('several names at once, absent ones left out, in the stored order', () => {
    const decoded = decodeFields(bytes, ['when', 'missing', 'text', 'sub', '_id'].map(fieldName));
    expect(decoded).toEqual({ _id: whole._id, text: whole.text, when: whole.when, sub: whole.sub });
    expect(Object.keys(decoded)).toEqual(['_id', 'text', 'when', 'sub']);
  });

  it('a repeated name: the last one wins, as for the decoder; __proto__ is an own field, never the prototype', () => {
    // { a: 1, a: "two", __proto__: 3 }, written by hand (serializers never repeat a name).
    const elements = Buffer.concat([
      Buffer.from([0x10, 0x61, 0x00, 1, 0, 0, 0]),
      Buffer.from([0x02, 0x61, 0x00, 4, 0, 0, 0, 0x74, 0x77, 0x6f, 0x00]),
      Buffer.from([0x10, ...Buffer.from('__proto__'), 0x00, 3, 0, 0, 0]),
    ]);
    const raw = Buffer.concat([Buffer.alloc(4), elements, Buffer.from([0])]);
    raw.writeInt32LE(raw.length, 0);
    const decoded = decodeFields(raw, ['a', '__proto__'].map(fieldName));
    expect(decoded.a).toBe(BSON.deserialize(raw).a);
    expect(Object.hasOwn(decoded, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
  });
});

/** A document written by hand from BSON elements (serializers never repeat a name nor write unknown types). */
function handWritten(...elements: Buffer[]): Buffer {
  const raw = Buffer.concat([Buffer.alloc(4), ...elements, Buffer.from([0])]);
  raw.writeInt32LE(raw.length, 0);
  return raw;
}

describe('copyFields', () => {
  const bytes = Buffer.from(BSON.serialize(ALL_TYPES));
  const whole = BSON.deserialize(bytes, DESERIALIZE);

  it.each(Object.keys(ALL_TYPES).filter((name) => name !== '_id'))('%s is copied as stored, beside _id', (name) => {
    const cut = copyFields(bytes, ['_id', name].map(fieldName))!;
    expect(cut.readInt32LE(0)).toBe(cut.length);
    expect(BSON.deserialize(cut, DESERIALIZE)).toEqual({ _id: whole._id, [name]: whole[name] });
  });

  it('keeps the stored order, leaves absent names out, and gives the stored bytes themselves when nothing is cut', () => {
    const cut = copyFields(bytes, ['when', 'missing', 'text', 'sub', '_id'].map(fieldName))!;
    expect(Object.keys(BSON.deserialize(cut))).toEqual(['_id', 'text', 'when', 'sub']);
    expect(copyFields(bytes, [...Object.keys(ALL_TYPES), 'missing'].map(fieldName))).toBe(bytes);
    const none = copyFields(bytes, [fieldName('missing')])!;
    expect([...none]).toEqual([5, 0, 0, 0, 0]);
    // The last element alone, and everything but the first.
    expect(BSON.deserialize(copyFields(bytes, [fieldName('ref')])!, DESERIALIZE)).toEqual({ ref: whole.ref });
    const rest = Object.keys(ALL_TYPES).slice(1);
    expect(BSON.deserialize(copyFields(bytes, rest.map(fieldName))!, DESERIALIZE)).toEqual(Object.fromEntries(rest.map((name) => [name, whole[name]])));
  });

  it('keeps any subset of the fields, named in any order, as the decoder and a pick would', () => {
    const random = prng(11);
    const names = [...Object.keys(ALL_TYPES), 'missing'];
    for (let trial = 0; trial < 300; trial++) {
      const chosen = names.filter(() => random() < 0.5).sort(() => random() - 0.5);
      const cut = copyFields(bytes, chosen.map(fieldName))!;
      expect(cut.readInt32LE(0)).toBe(cut.length);
      const kept = Object.keys(ALL_TYPES).filter((name) => chosen.includes(name));
      expect(BSON.deserialize(cut, DESERIALIZE)).toEqual(Object.fromEntries(kept.map((name) => [name, whole[name]])));
    }
  });

  it('leaves a repeated kept name or an unknown type to the decoder; a repeated name it drops is dropped', () => {
    const one = Buffer.from([0x10, 0x61, 0x00, 1, 0, 0, 0]);
    const two = Buffer.from([0x10, 0x61, 0x00, 2, 0, 0, 0]);
    const other = Buffer.from([0x10, 0x62, 0x00, 3, 0, 0, 0]);
    expect(copyFields(handWritten(one, two, other), ['a', 'b'].map(fieldName))).toBeUndefined();
    expect(BSON.deserialize(copyFields(handWritten(one, two, other), [fieldName('b')])!)).toEqual({ b: 3 });
    expect(copyFields(handWritten(other, Buffer.from([0x42, 0x63, 0x00, 1])), [fieldName('b')])).toBeUndefined();
  });
});

describe('queryReads', () => {
  it('the fields a filter and an order read, _id always', () => {
    expect([...queryReads({ a: 1, $or: [{ 'b.c': 2 }, { d: { $in: [1] } }], $comment: 'x' }, { 'e.f': 1 })!].sort()).toEqual(['_id', 'a', 'b', 'd', 'e']);
    expect([...queryReads(undefined, undefined)!]).toEqual(['_id']);
  });

  it.each([
    ['$expr', { $expr: { $eq: ['$a', 1] } }],
    ['$where', { $where: 'true' }],
    ['a malformed $or', { $or: {} }],
  ])('undefined for %s', (_name, filter) => {
    expect(queryReads(filter as Document, undefined)).toBeUndefined();
  });
});

describe('pipelineFields', () => {
  it.each([
    ['a $group', undefined, [{ $group: { _id: '$a.b', n: { $sum: '$c' } } }], ['_id', 'a', 'c']],
    [
      'the filter, the sort, $match, and $group expressions at any depth',
      { x: 1, $or: [{ y: 2 }, { 'z.w': 3 }] },
      [
        { $match: { v: { $gt: 1 } } },
        { $sort: { s: 1 } },
        { $group: { _id: { d: { $dateToString: { date: '$d' } } }, t: { $sum: { $multiply: ['$p', '$q'] } } } },
      ],
      ['_id', 'x', 'y', 'z', 'v', 's', 'd', 'p', 'q'],
    ],
    [
      'a $facet of $match and $group pipelines',
      undefined,
      [{ $facet: { one: [{ $match: { k: 1 } }, { $group: { _id: '$g' } }], two: [{ $group: { _id: '$h' } }] } }],
      ['_id', 'k', 'g', 'h'],
    ],
    ['the fields a $top orders by', undefined, [{ $group: { _id: null, top: { $top: { sortBy: { rank: -1 }, output: '$name' } } } }], ['_id', 'rank', 'name']],
    [
      'variables and literals read nothing',
      undefined,
      [{ $group: { _id: { $literal: '$notAField' }, n: { $sum: { $let: { vars: { v: '$a' }, in: '$$v' } } } } }],
      ['_id', 'a'],
    ],
  ])('%s', (_name, filter, stages, expected) => {
    expect([...(pipelineFields(filter as Document | undefined, undefined, stages as Document[]) ?? [])].sort()).toEqual([...expected].sort());
  });

  it.each([
    ['documents reaching the output', [{ $match: { a: 1 } }]],
    ['$$ROOT', [{ $group: { _id: null, all: { $push: '$$ROOT' } } }]],
    ['$$CURRENT', [{ $group: { _id: '$$CURRENT.a' } }]],
    ['$getField', [{ $group: { _id: { $getField: 'a' } } }]],
    ['$expr', [{ $match: { $expr: { $eq: ['$a', 1] } } }, { $group: { _id: null } }]],
    ['a stage that passes documents on changed', [{ $set: { a: 1 } }, { $group: { _id: '$a' } }]],
    ['a $facet whose pipeline returns documents', [{ $facet: { one: [{ $group: { _id: '$g' } }], two: [{ $limit: 1 }] } }]],
  ])('whole documents for %s', (_name, stages) => {
    expect(pipelineFields(undefined, undefined, stages as Document[])).toBeUndefined();
  });
});

describe('aggregations on partly decoded documents answer as on whole ones', () => {
  let store: TestStore;
  let items: Collection<Document>;
  beforeAll(async () => {
    store = await openTestStore();
    items = store.db.collection('items');
    const random = prng(17);
    const pick = <T>(values: T[]) => values[Math.floor(random() * values.length)];
    const docs = Array.from({ length: 400 }, (_, i) => {
      const doc: Document = { _id: i, account: pick(['a', 'b']), status: pick(['open', 'paid', null, undefined]), n: pick([1, 2.5, -3, null, 'x', [1, 2]]) };
      if (random() < 0.8) doc.at = new Date(Date.UTC(2025, 11, 1 + Math.floor(random() * 28), 3));
      doc.lines = Array.from({ length: Math.floor(random() * 3) }, () => ({ amount: Math.floor(random() * 1000), rate: pick([21, 10.5]) }));
      doc.meta = { kind: pick(['x', 'y']), tags: [pick(['t1', 't2'])] };
      doc.noise = 'n'.repeat(Math.floor(random() * 50));
      for (const key of Object.keys(doc)) if (doc[key] === undefined) delete doc[key];
      return doc;
    });
    await items.insertMany(docs);
    await items.createIndex({ account: 1, at: 1 });
  });
  afterAll(async () => {
    await store?.close();
  });

  it.each([
    // Groups come out in no set order: sorted, whatever order the documents were read in.
    [[{ $match: { account: 'a' } }, { $group: { _id: '$status', n: { $sum: 1 }, total: { $sum: '$n' } } }, { $sort: { _id: 1 } }]],
    [
      [
        { $match: { account: 'b', at: { $gte: new Date('2025-12-05T03:00:00Z') } } },
        {
          $group: {
            _id: { day: { $dateToString: { format: '%Y-%m-%d', date: '$at' } }, kind: '$meta.kind' },
            lines: { $sum: { $size: '$lines' } },
            amount: { $sum: { $sum: '$lines.amount' } },
            first: { $first: '$meta.tags' },
          },
        },
        { $sort: { '_id.day': 1, '_id.kind': 1 } },
      ],
    ],
    [[{ $sort: { n: 1 } }, { $limit: 50 }, { $group: { _id: null, top: { $top: { sortBy: { at: -1 }, output: ['$_id', '$status'] } } } }]],
    [
      [
        { $match: { $or: [{ status: 'open' }, { 'meta.kind': 'x' }] } },
        {
          $facet: {
            open: [{ $match: { status: 'open' } }, { $group: { _id: '$account', n: { $sum: 1 } } }, { $sort: { _id: 1 } }],
            kinds: [{ $group: { _id: '$meta.kind', ids: { $push: '$_id' } } }, { $sort: { _id: 1 } }],
          },
        },
      ],
    ],
  ])('%j', async (pipeline) => {
    // A leading $set needs whole documents: the same pipeline then runs on them.
    const whole = await items.aggregate([{ $set: { __whole: true } }, ...pipeline]).toArray();
    expect(await items.aggregate(pipeline).toArray()).toEqual(whole);
    expect(whole.length).toBeGreaterThan(0);
  });
});

interface Row extends Document {
  _id: number;
}

describe('finds on partly decoded documents answer as on whole ones', () => {
  let store: TestStore;
  let items: Collection<Row>;
  // `$expr` makes the engine decode whole documents; a dotted path the documents lack sends a projection down the
  // general path. Both leave the answer as it is.
  const WHOLE = { $expr: { $eq: [1, 1] } };
  const general = (projection: Document) => ({ ...projection, 'absent.field': 1 });
  beforeAll(async () => {
    store = await openTestStore();
    items = store.db.collection('finds');
    const random = prng(23);
    const pick = <T>(values: T[]) => values[Math.floor(random() * values.length)];
    await items.insertMany(
      Array.from({ length: 300 }, (_, i) => ({
        _id: i,
        account: pick(['a', 'b']),
        status: pick(['open', 'paid']),
        at: new Date(Date.UTC(2025, 11, 1 + (i % 28), 3)),
        n: pick([1, 2.5, new Long(7), 'x', null, [1, 2]]),
        nested: { kind: pick(['x', 'y']), deep: { v: i } },
        tags: [pick(['t1', 't2'])],
        noise: 'n'.repeat(i % 40),
      })),
    );
    await items.createIndex({ account: 1, at: -1, _id: -1 });
  });
  afterAll(async () => {
    await store?.close();
  });

  it.each([
    ['an index-served order', { account: 'a' }, { at: -1, _id: -1 }],
    ['an order sorted in memory', { account: 'b', status: 'open' }, { 'nested.deep.v': 1 }],
    ['a filter on a nested field and no order', { 'nested.kind': 'x' }, undefined],
  ])('%s: whole documents, top-level inclusions with and without _id', async (_name, filter, sort) => {
    const projections: Array<[Document | undefined, Document | undefined]> = [
      [undefined, undefined],
      // An empty projection keeps every field.
      [{}, undefined],
      [{ status: 1, nested: 1, n: 1 }, general({ status: 1, nested: 1, n: 1 })],
      [{ _id: 0, at: true, tags: 1 }, general({ _id: 0, at: true, tags: 1 })],
      [{ _id: false, status: true }, general({ _id: false, status: true })],
    ];
    for (const [projection, slow] of projections) {
      const options = { sort: sort as Document | undefined, skip: 3, limit: 40, batchSize: 7 };
      const fast = await items.find(filter as Document, { ...options, projection }).toArray();
      const whole = await items.find({ ...filter, ...WHOLE }, { ...options, projection: slow }).toArray();
      expect(fast).toEqual(whole);
      expect(fast.length).toBe(40);
      if (projection) expect(Object.keys(fast[0])).toEqual(Object.keys(whole[0]));
    }
    // Numbers keep their BSON type through the copy.
    const typed = await items.find({ _id: { $in: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] } }, { projection: { n: 1 }, promoteLongs: false }).toArray();
    const longs = await items.find({ _id: { $in: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] }, ...WHOLE }, { promoteLongs: false }).toArray();
    expect(typed.map((doc) => doc.n)).toEqual(longs.map((doc) => doc.n));
  });

  it('inside a transaction, its own uncommitted writes are projected as whole documents are', async () => {
    const session = store.client.startSession();
    try {
      await session.withTransaction(async () => {
        await items.insertOne({ _id: 1000, account: 'a', status: 'new', at: new Date(Date.UTC(2026, 0, 1)), nested: { kind: 'z' }, tags: [] }, { session });
        await items.updateOne({ _id: 0 }, { $set: { status: 'changed', extra: 1 } }, { session });
        const projection = { status: 1, nested: 1 };
        const fast = await items.find({ _id: { $in: [0, 1, 1000] } }, { session, projection, sort: { _id: 1 } }).toArray();
        const whole = await items.find({ _id: { $in: [0, 1, 1000] }, ...WHOLE }, { session, projection: general(projection), sort: { _id: 1 } }).toArray();
        expect(fast).toEqual(whole);
        expect(fast.map((doc) => doc.status)).toEqual(['changed', expect.any(String), 'new']);
        await session.abortTransaction();
      });
    } finally {
      await session.endSession();
    }
  });
});
