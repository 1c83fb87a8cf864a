import { MinKey, MaxKey, ObjectId, type Collection, type Document } from 'mongodb';
import { openTestStore, type TestStore } from './support/store';
import { serverError, type Doc } from './helpers';

/**
 * Index use is asserted from `explain` (the stages of the winning plan, keys and documents examined), as one
 * would on MongoDB; results are compared with the answer worked out here.
 */

let store: TestStore;
let items: Collection<Doc>;
const PER_ACCOUNT = 300;
const ACCOUNTS = ['a', 'b', 'c'];

function name(i: number): string {
  return `n${String((i * 7919) % PER_ACCOUNT).padStart(4, '0')}`;
}

beforeAll(async () => {
  store = await openTestStore();
  items = store.db.collection<Doc>('items');
  const docs: Document[] = [];
  for (const account of ACCOUNTS) {
    for (let i = 0; i < PER_ACCOUNT; i++) docs.push({ _id: `${account}-${i}`, account, n: i, name: name(i), status: i % 3 === 0 ? 'paid' : 'open' });
  }
  await items.insertMany(docs);
  await items.createIndex({ account: 1, name: 1 });
  await items.createIndex({ account: 1, n: 1 });
  await items.createIndex({ account: 1, status: 1 });
});

afterAll(async () => {
  await store.close();
});

/** Every stage name in a plan tree (classic and slot-based explain shapes alike). */
function stages(plan: unknown, into: string[] = []): string[] {
  if (Array.isArray(plan)) for (const item of plan) stages(item, into);
  else if (plan && typeof plan === 'object') {
    for (const [key, value] of Object.entries(plan)) {
      if (key === 'stage' && typeof value === 'string') into.push(value);
      else if (key !== 'rejectedPlans') stages(value, into);
    }
  }
  return into;
}

interface Explained {
  stages: string[];
  keys: number;
  docs: number;
  returned: number;
}

async function explainFind(filter: Document, options: { sort?: Document; skip?: number; limit?: number; hint?: Document | string } = {}): Promise<Explained> {
  let cursor = items.find(filter);
  if (options.sort) cursor = cursor.sort(options.sort);
  if (options.skip) cursor = cursor.skip(options.skip);
  if (options.limit) cursor = cursor.limit(options.limit);
  if (options.hint) cursor = cursor.hint(options.hint);
  const explained = await cursor.explain('executionStats');
  const stats = explained.executionStats as Document;
  return { stages: stages(explained.queryPlanner.winningPlan), keys: stats.totalKeysExamined, docs: stats.totalDocsExamined, returned: stats.nReturned };
}

function expectedNames(account: string): Array<{ _id: string; name: string }> {
  return Array.from({ length: PER_ACCOUNT }, (_, i) => ({ _id: `${account}-${i}`, name: name(i) })).sort((x, y) => (x.name < y.name ? -1 : 1));
}

describe('equality prefix, sort and limit from one index', () => {
  it('page 1 reads only the page: no in-memory sort, documents examined = limit', async () => {
    const page = await items.find({ account: 'b' }).sort({ name: 1 }).limit(10).project({ name: 1 }).toArray();
    expect(page).toEqual(expectedNames('b').slice(0, 10));
    const explained = await explainFind({ account: 'b' }, { sort: { name: 1 }, limit: 10 });
    expect(explained.stages).toContain('IXSCAN');
    expect(explained.stages).not.toContain('SORT');
    expect(explained.docs).toBe(10);
    expect(explained.keys).toBeLessThanOrEqual(11);
  });

  it('a late page examines skip + limit entries, not the whole account', async () => {
    const page = await items.find({ account: 'c' }).sort({ name: 1 }).skip(250).limit(10).project({ name: 1 }).toArray();
    expect(page).toEqual(expectedNames('c').slice(250, 260));
    const explained = await explainFind({ account: 'c' }, { sort: { name: 1 }, skip: 250, limit: 10 });
    expect(explained.stages).not.toContain('SORT');
    expect(explained.keys).toBeLessThanOrEqual(261);
    expect(explained.docs).toBeLessThanOrEqual(260);
  });

  it('a late page walking backwards skips from the end', async () => {
    const page = await items.find({ account: 'c' }).sort({ name: -1 }).skip(250).limit(10).project({ name: 1 }).toArray();
    expect(page).toEqual(expectedNames('c').reverse().slice(250, 260));
    const explained = await explainFind({ account: 'c' }, { sort: { name: -1 }, skip: 250, limit: 10 });
    expect(explained.stages).not.toContain('SORT');
    expect(explained.docs).toBe(10);
  });

  it('a skip over several $in ranges (in index order) passes whole ranges and starts inside the next', async () => {
    const page = await items
      .find({ account: { $in: ['c', 'a'] } })
      .hint({ account: 1, name: 1 })
      .skip(PER_ACCOUNT + 40)
      .limit(5)
      .project({ name: 1 })
      .toArray();
    expect(page).toEqual(expectedNames('c').slice(40, 45));
    const explained = await explainFind({ account: { $in: ['a', 'c'] } }, { hint: { account: 1, name: 1 }, skip: PER_ACCOUNT + 40, limit: 5 });
    expect(explained.stages).not.toContain('SORT');
    expect(explained.docs).toBe(5);
    // Skipped entries count as examined, as MongoDB's SKIP stage counts them.
    expect(explained.keys).toBeGreaterThanOrEqual(PER_ACCOUNT + 45);
  });

  it('a skip past the last entry answers nothing', async () => {
    expect(await items.find({ account: 'b' }).sort({ name: 1 }).skip(PER_ACCOUNT).limit(5).toArray()).toEqual([]);
    expect(
      await items
        .find({ account: { $in: ['a', 'b'] } })
        .hint({ account: 1, name: 1 })
        .skip(2 * PER_ACCOUNT)
        .toArray(),
    ).toEqual([]);
    const last = await items
      .find({ account: 'b' })
      .sort({ name: 1 })
      .skip(PER_ACCOUNT - 1)
      .project({ name: 1 })
      .toArray();
    expect(last).toEqual(expectedNames('b').slice(PER_ACCOUNT - 1));
  });

  it('a descending sort walks the same index backwards', async () => {
    const page = await items.find({ account: 'a' }).sort({ name: -1 }).limit(5).project({ name: 1 }).toArray();
    expect(page).toEqual(expectedNames('a').reverse().slice(0, 5));
    const explained = await explainFind({ account: 'a' }, { sort: { name: -1 }, limit: 5 });
    expect(explained.stages).toContain('IXSCAN');
    expect(explained.stages).not.toContain('SORT');
    expect(explained.docs).toBe(5);
  });

  it('equality then a range on the next field examines only the range', async () => {
    const docs = await items
      .find({ account: 'b', n: { $gte: 100, $lt: 140 } })
      .sort({ n: 1 })
      .toArray();
    expect(docs.map((doc) => doc.n)).toEqual(Array.from({ length: 40 }, (_, i) => 100 + i));
    const explained = await explainFind({ account: 'b', n: { $gte: 100, $lt: 140 } }, { sort: { n: 1 } });
    expect(explained.stages).not.toContain('SORT');
    expect(explained.keys).toBeLessThanOrEqual(41);
    expect(explained.docs).toBe(40);
  });

  it('an aggregation leading with $match, $sort and $limit runs on the index (explain shows it)', async () => {
    const pipeline = [{ $match: { account: 'a' } }, { $sort: { name: 1 } }, { $limit: 5 }, { $project: { name: 1 } }];
    expect(await items.aggregate(pipeline).toArray()).toEqual(expectedNames('a').slice(0, 5));
    const explained = await items.aggregate(pipeline).explain('executionStats');
    const found = stages(explained);
    expect(found).toContain('IXSCAN');
    expect(found).not.toContain('SORT');
    expect(found).not.toContain('COLLSCAN');
  });

  it('$in becomes one range per value', async () => {
    const docs = await items.find({ account: { $in: ['a', 'c'] }, status: 'paid' }).toArray();
    expect(docs).toHaveLength(200);
    expect(new Set(docs.map((doc) => doc.account))).toEqual(new Set(['a', 'c']));
    const explained = await explainFind({ account: { $in: ['a', 'c'] }, status: 'paid' });
    expect(explained.stages).toContain('IXSCAN');
    expect(explained.docs).toBe(200);
  });
});

describe('counts and point reads', () => {
  it('a count the index decides exactly examines no document', async () => {
    expect(await items.countDocuments({ account: 'a', status: 'open' })).toBe(200);
    expect(await items.countDocuments({ account: 'b', n: { $gt: 289 } })).toBe(10);
    const explained = await store.db.command({ explain: { count: 'items', query: { account: 'a', status: 'open' } }, verbosity: 'executionStats' });
    expect(explained.executionStats.totalDocsExamined).toBe(0);
    expect(stages(explained.queryPlanner.winningPlan).some((stage) => stage === 'IXSCAN' || stage === 'COUNT_SCAN')).toBe(true);
  });

  it('counters count the first two fields of a key; a longer equality prefix is counted over its range', async () => {
    const vouchers = store.db.collection<Doc>('vouchers');
    await vouchers.createIndex({ account: 1, supplier: 1, type: 1, pos: 1, number: 1 }, { unique: true });
    const docs = Array.from({ length: 120 }, (_, i) => ({ _id: i, account: i % 2 ? 'x' : 'y', supplier: `s${i % 5}`, type: i % 3, pos: 1, number: i }));
    await vouchers.insertMany(docs);
    await vouchers.deleteMany({ _id: { $gte: 110 } });
    const left = docs.filter((doc) => doc._id < 110);
    const count = async (query: Document) => {
      const explained = await store.db.command({ explain: { count: 'vouchers', query }, verbosity: 'executionStats' });
      return { n: await vouchers.countDocuments(query), keys: explained.executionStats.totalKeysExamined as number };
    };
    const matching = (query: Document) => left.filter((doc) => Object.entries(query).every(([field, value]) => (doc as Document)[field] === value)).length;
    for (const query of [{ account: 'x' }, { account: 'y', supplier: 's3' }]) {
      expect(await count(query)).toEqual({ n: matching(query), keys: 0 });
    }
    for (const query of [
      { account: 'x', supplier: 's1', type: 2 },
      { account: 'y', supplier: 's2', type: 0, pos: 1 },
    ]) {
      const n = matching(query);
      expect(n).toBeGreaterThan(0);
      expect(await count(query)).toEqual({ n, keys: n });
    }
  });

  it('a range on the second field after an equality is counted by the counters of its distinct values', async () => {
    const invoices = store.db.collection<Doc>('counted_invoices');
    await invoices.createIndex({ account: 1, day: 1, _id: 1 });
    await invoices.createIndex({ account: 1, amount: -1, _id: -1 });
    const day = (i: number) => new Date(Date.UTC(2025, 11, 1 + (i % 28)));
    const docs = Array.from({ length: 600 }, (_, i) => ({ _id: i, account: i % 3 ? 'x' : 'y', day: day(i), amount: (i * 37) % 50 }));
    await invoices.insertMany(docs);
    await invoices.deleteMany({ _id: { $gte: 580 } });
    await invoices.updateMany({ _id: { $lt: 30 } }, { $set: { day: day(3) } });
    const left = docs.filter((doc) => doc._id < 580).map((doc) => (doc._id < 30 ? { ...doc, day: day(3) } : doc));
    const count = async (query: Document) => {
      const explained = await store.db.command({ explain: { count: 'counted_invoices', query }, verbosity: 'executionStats' });
      return { n: await invoices.countDocuments(query), keys: explained.executionStats.totalKeysExamined as number };
    };
    const [from, to] = [day(9), day(12)];
    const cases: Array<[Document, (doc: (typeof left)[number]) => boolean]> = [
      [{ account: 'x', day: { $gte: from, $lte: to } }, (doc) => doc.account === 'x' && doc.day >= from && doc.day <= to],
      [{ account: 'x', day: { $gt: from, $lt: to } }, (doc) => doc.account === 'x' && doc.day > from && doc.day < to],
      [{ account: 'y', day: { $gte: from } }, (doc) => doc.account === 'y' && doc.day >= from],
      [{ account: { $in: ['x', 'y'] }, day: { $lt: to } }, (doc) => doc.day < to],
      // The same on a descending second field.
      [{ account: 'x', amount: { $gte: 10, $lte: 20 } }, (doc) => doc.account === 'x' && doc.amount >= 10 && doc.amount <= 20],
      [{ account: 'y', amount: { $gt: 40 } }, (doc) => doc.account === 'y' && doc.amount > 40],
      [{ account: 'y', amount: { $lt: 5 } }, (doc) => doc.account === 'y' && doc.amount < 5],
    ];
    for (const [query, matches] of cases) {
      const n = left.filter(matches).length;
      expect(n).toBeGreaterThan(0);
      expect({ query, ...(await count(query)) }).toEqual({ query, n, keys: 0 });
    }
    // More distinct values than counters worth reading: the entries are counted.
    const serials = store.db.collection<Doc>('counted_serials');
    await serials.createIndex({ account: 1, serial: 1, _id: 1 });
    await serials.insertMany(Array.from({ length: 1500 }, (_, i) => ({ _id: i, account: 'x', serial: i })));
    const explained = await store.db.command({
      explain: { count: 'counted_serials', query: { account: 'x', serial: { $gte: 100 } } },
      verbosity: 'executionStats',
    });
    expect(await serials.countDocuments({ account: 'x', serial: { $gte: 100 } })).toBe(1400);
    expect(explained.executionStats.totalKeysExamined).toBe(1400);
    // A range of strings may hold keys too long to be counted: its entries are counted instead.
    await invoices.createIndex({ account: 1, name: 1, _id: 1 });
    await invoices.updateMany({}, [{ $set: { name: { $concat: ['n', { $toString: '$amount' }] } } }]);
    const named = left.filter((doc) => doc.account === 'x' && `n${doc.amount}` >= 'n2').length;
    expect(await count({ account: 'x', name: { $gte: 'n2' } })).toEqual({ n: named, keys: named });
  });

  it('counts stay exact through updates, deletes, transactions and a dropped index', async () => {
    const ledger = store.db.collection<Doc>('ledger');
    await ledger.createIndex({ account: 1, status: 1, at: 1 });
    await ledger.insertMany(Array.from({ length: 60 }, (_, i) => ({ _id: i, account: i % 2 ? 'x' : 'y', status: 'open', at: i })));
    await ledger.updateMany({ account: 'x', _id: { $lt: 20 } }, { $set: { status: 'paid' } });
    await ledger.deleteMany({ account: 'y', _id: { $gte: 50 } });
    await ledger.replaceOne({ _id: 1 }, { account: 'y', status: 'open', at: 1 });
    const session = store.client.startSession();
    try {
      await session.withTransaction(async () => {
        await ledger.insertOne({ _id: 100, account: 'x', status: 'paid', at: 100 }, { session });
        await ledger.deleteOne({ _id: 3 }, { session });
        // Odd ids below 20 were paid; _id 1 moved to y; +100, −3 in here.
        expect(await ledger.countDocuments({ account: 'x', status: 'paid' }, { session })).toBe(9);
      });
    } finally {
      await session.endSession();
    }
    const all = await ledger.find({}).toArray();
    const expected = (account: string, status?: string) => all.filter((doc) => doc.account === account && (!status || doc.status === status)).length;
    for (const [account, status] of [
      ['x', 'paid'],
      ['x', 'open'],
      ['y', 'open'],
      ['x', undefined],
      ['y', undefined],
    ] as const) {
      const filter = status ? { account, status } : { account };
      expect(await ledger.countDocuments(filter)).toBe(expected(account, status));
    }
    expect(await ledger.countDocuments({})).toBe(all.length);
    expect(await ledger.estimatedDocumentCount()).toBe(all.length);
    await ledger.dropIndexes();
    expect(await ledger.countDocuments({ account: 'x' })).toBe(expected('x'));
  });

  it('an _id read with another condition reads that one document and checks the rest', async () => {
    expect(await items.findOne({ _id: 'a-5', account: 'b' })).toBeNull();
    expect(await items.findOne({ _id: 'a-5', account: 'a' })).toMatchObject({ _id: 'a-5', n: 5 });
    const explained = await explainFind({ _id: 'a-5', account: 'b' });
    expect(explained.docs).toBeLessThanOrEqual(1);
    expect(explained.keys).toBeLessThanOrEqual(1);
  });

  it('a hint naming no index is refused (BadValue)', async () => {
    const error = await serverError(items.find({ account: 'a' }).hint('no_such_index').toArray());
    expect(error.code).toBe(2);
  });

  it('a hint chooses the index', async () => {
    const explained = await explainFind({ account: 'a', status: 'paid' }, { hint: { account: 1, n: 1 } });
    expect(explained.stages).toContain('IXSCAN');
    expect(explained.returned).toBe(100);
  });
});

describe("MongoDB's cross-type order in indexes", () => {
  const oid = new ObjectId('65a000000000000000000001');
  const values: Array<[string, unknown]> = [
    ['minkey', new MinKey()],
    ['null', null],
    ['neg', -5.5],
    ['int', 3],
    ['double', 3.25],
    ['big', 1e20],
    ['empty-string', ''],
    ['string', 'abc'],
    ['longer-string', 'abd'],
    ['object', { a: 1 }],
    ['oid', oid],
    ['false', false],
    ['true', true],
    ['date', new Date('2024-01-01T00:00:00Z')],
    ['maxkey', new MaxKey()],
  ];

  it('ascending and descending index scans give the same order as MongoDB sorts', async () => {
    const mixed = store.db.collection<Doc>('mixed');
    await mixed.insertMany(values.map(([label, v]) => ({ _id: label, g: 1, v })));
    await mixed.insertOne({ _id: 'missing', g: 1 });
    await mixed.createIndex({ g: 1, v: -1 });
    const ascending = [
      'minkey',
      'missing',
      'null',
      'neg',
      'int',
      'double',
      'big',
      'empty-string',
      'string',
      'longer-string',
      'object',
      'oid',
      'false',
      'true',
      'date',
      'maxkey',
    ];
    const up = (await mixed.find({ g: 1 }).sort({ v: 1 }).toArray()).map((doc) => doc._id);
    const down = (await mixed.find({ g: 1 }).sort({ v: -1 }).toArray()).map((doc) => doc._id);
    // null and a missing field compare equal: their relative order is not specified.
    const strip = (ids: string[]) => ids.filter((id) => id !== 'missing' && id !== 'null');
    expect(strip(up)).toEqual(strip(ascending));
    expect(strip(down)).toEqual(strip([...ascending].reverse()));
  });

  it('a range stays inside its type (type bracketing), ascending and descending', async () => {
    const mixed = store.db.collection<Doc>('mixed');
    const numbers = (
      await mixed
        .find({ g: 1, v: { $gt: 0 } })
        .sort({ v: 1 })
        .toArray()
    ).map((doc) => doc._id);
    expect(numbers).toEqual(['int', 'double', 'big']);
    const strings = (
      await mixed
        .find({ g: 1, v: { $lte: 'abc' } })
        .sort({ v: -1 })
        .toArray()
    ).map((doc) => doc._id);
    expect(strings).toEqual(['string', 'empty-string']);
  });
});

describe('multikey, sparse and partial indexes', () => {
  it("an equality on an array field leaves the index's order of the fields after it that never held an array", async () => {
    const journal = store.db.collection<Doc>('multikey_journal');
    await journal.createIndex({ account: 1, 'lines.code': 1, date: 1, number: 1 });
    const docs = Array.from({ length: 200 }, (_, i) => ({
      _id: i,
      account: 'a',
      date: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
      number: i,
      // Two lines on one code in some entries, another code in all of them.
      lines: [{ code: i % 3 ? 'cash' : 'bank' }, { code: 'sales' }, ...(i % 5 ? [] : [{ code: 'sales' }])],
    }));
    await journal.insertMany(docs);
    const page = (code: string, direction: 1 | -1) =>
      journal.find({ account: 'a', 'lines.code': code }).sort({ date: direction, number: direction }).limit(7).project({ _id: 1 }).toArray();
    const expected = (code: string, direction: 1 | -1) =>
      docs
        .filter((doc) => doc.lines.some((line) => line.code === code))
        .sort((x, y) => direction * (x.date < y.date ? -1 : x.date > y.date ? 1 : x.number - y.number))
        .slice(0, 7)
        .map((doc) => ({ _id: doc._id }));
    for (const [code, direction] of [
      ['sales', 1],
      ['cash', -1],
      ['bank', 1],
    ] as const) {
      expect(await page(code, direction)).toEqual(expected(code, direction));
      const explained = await journal
        .find({ account: 'a', 'lines.code': code })
        .sort({ date: direction, number: direction })
        .limit(7)
        .explain('executionStats');
      expect(stages(explained.queryPlanner.winningPlan)).not.toContain('SORT');
      expect(explained.executionStats.totalDocsExamined).toBe(7);
    }
    // Once a date has been an array, the index no longer gives the order of dates: sorted in memory, still right.
    await journal.insertOne({ _id: 1000, account: 'a', date: ['2026-01-01', '2026-03-01'], number: 1000, lines: { code: 'none' } });
    expect(await page('sales', 1)).toEqual(expected('sales', 1));
    const explained = await journal.find({ account: 'a', 'lines.code': 'sales' }).sort({ date: 1, number: 1 }).limit(7).explain('executionStats');
    expect(stages(explained.queryPlanner.winningPlan)).toContain('SORT');
  });

  it('array fields: each document once; ascending sorts by the smallest element, descending by the largest', async () => {
    const tagged = store.db.collection<Doc>('tagged');
    await tagged.insertMany([
      { _id: 1, a: [1, 5], t: ['x', 'y'] },
      { _id: 2, a: [3], t: ['x'] },
      { _id: 3, a: [0, 4], t: ['y', 'y'] },
    ]);
    await tagged.createIndex({ t: 1 });
    expect((await tagged.find({ t: { $in: ['x', 'y'] } }).toArray()).map((doc) => doc._id).sort()).toEqual([1, 2, 3]);
    expect((await tagged.find({}).sort({ a: 1 }).toArray()).map((doc) => doc._id)).toEqual([3, 1, 2]);
    expect((await tagged.find({}).sort({ a: -1 }).toArray()).map((doc) => doc._id)).toEqual([1, 3, 2]);
    await tagged.createIndex({ a: 1 });
    expect(
      (
        await tagged
          .find({ a: { $gte: 0 } })
          .sort({ a: 1 })
          .toArray()
      ).map((doc) => doc._id),
    ).toEqual([3, 1, 2]);
    expect(
      (
        await tagged
          .find({ a: { $gte: 0 } })
          .sort({ a: -1 })
          .toArray()
      ).map((doc) => doc._id),
    ).toEqual([1, 3, 2]);
    // One element above 4 and another below 2 satisfy {$gt: 4, $lt: 2} together, as in MongoDB.
    expect((await tagged.find({ a: { $gt: 4, $lt: 2 } }).toArray()).map((doc) => doc._id)).toEqual([1]);
  });

  it('a sparse index does not answer a query for missing values, which still finds them', async () => {
    const people = store.db.collection<Doc>('people');
    await people.createIndex({ email: 1 }, { sparse: true, unique: true });
    await people.insertMany([{ _id: 1, email: 'x@y' }, { _id: 2 }, { _id: 3 }]);
    expect((await people.find({ email: null }).toArray()).map((doc) => doc._id).sort()).toEqual([2, 3]);
    expect((await people.find({ email: 'x@y' }).toArray()).map((doc) => doc._id)).toEqual([1]);
  });

  it('a partial index holds only matching documents; queries still see every document', async () => {
    const orders = store.db.collection<Doc>('orders');
    await orders.createIndex({ code: 1 }, { unique: true, partialFilterExpression: { live: true } });
    await orders.insertMany([
      { _id: 1, code: 'A', live: true },
      { _id: 2, code: 'A', live: false },
      { _id: 3, code: 'A' },
    ]);
    expect((await orders.find({ code: 'A' }).toArray()).map((doc) => doc._id).sort()).toEqual([1, 2, 3]);
    expect((await serverError(orders.insertOne({ _id: 4, code: 'A', live: true }))).code).toBe(11000);
  });
});
