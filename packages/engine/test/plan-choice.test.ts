import type { Collection, Document } from 'mongodb';
import { openTestStore, type TestStore } from './support/store';
import type { Doc } from './helpers';

/**
 * Which index serves a query when several could, as MongoDB's multi-planner decides it: the candidates race, and
 * the one that yields results for the fewest keys wins, not the first index with as long an equality prefix. A
 * query shape's winner is cached, and the cache is emptied when the collection's indexes change. Asserted from
 * `explain` and from the server's count of index keys examined (`serverStatus` metrics.queryExecutor.scanned).
 */

let store: TestStore;
let items: Collection<Doc>;
const PER_ACCOUNT = 320;
const ACCOUNTS = ['a', 'b', 'c'];
const DAY = 86_400_000;

interface Item {
  _id: string;
  account: string;
  status: string;
  supplier: string;
  date: Date;
}

function item(account: string, i: number): Item {
  return { _id: `${account}-${i}`, account, status: i % 2 === 0 ? 'open' : 'paid', supplier: `s${i % 40}`, date: new Date(Date.UTC(2024, 0, 1) + i * DAY) };
}

const all = ACCOUNTS.flatMap((account) => Array.from({ length: PER_ACCOUNT }, (_, i) => item(account, i)));

/** The documents the filter selects, in date order, as the server must answer them. */
function expected(where: (doc: Item) => boolean, limit = Infinity): string[] {
  return all
    .filter(where)
    .sort((x, y) => x.date.getTime() - y.date.getTime())
    .slice(0, limit)
    .map((doc) => doc._id);
}

beforeEach(async () => {
  store = await openTestStore();
  items = store.db.collection<Doc>('items');
  await items.insertMany(all.map((doc) => ({ ...doc })));
});

afterEach(async () => {
  await store.close();
});

interface Explained {
  index?: string;
  sorted: boolean;
  keys: number;
  docs: number;
  rejected: number;
}

function walk(plan: Document, out: { index?: string; sorted: boolean }): void {
  if (plan.stage === 'SORT') out.sorted = true;
  if (plan.stage === 'IXSCAN') out.index = plan.indexName;
  if (plan.inputStage) walk(plan.inputStage, out);
}

async function explainFind(filter: Document, sort: Document, limit: number): Promise<Explained> {
  const explained = await items.find(filter).sort(sort).limit(limit).explain('executionStats');
  const out: { index?: string; sorted: boolean } = { sorted: false };
  walk(explained.queryPlanner.winningPlan, out);
  const stats = explained.executionStats as Document;
  return { ...out, keys: stats.totalKeysExamined, docs: stats.totalDocsExamined, rejected: explained.queryPlanner.rejectedPlans.length };
}

const scanned = async (): Promise<number> => (await store.client.db('admin').command({ serverStatus: 1 })).metrics.queryExecutor.scanned;

/** Index keys one run examines once the shape's plan is cached (MongoDB caches a shape's plan on its second run). */
async function cachedRunKeys(filter: Document, sort: Document, limit: number, answer: string[]): Promise<number> {
  for (let i = 0; i < 3; i++) expect((await items.find(filter).sort(sort).limit(limit).toArray()).map((doc) => doc._id)).toEqual(answer);
  const before = await scanned();
  expect((await items.find(filter).sort(sort).limit(limit).toArray()).map((doc) => doc._id)).toEqual(answer);
  return (await scanned()) - before;
}

const bySupplier = (doc: Item) => doc.account === 'b' && doc.status === 'paid' && doc.supplier === 's7';

describe('the most productive candidate wins', () => {
  it('of two indexes with the same shape, the one whose range holds the matches, whatever their order', async () => {
    await items.createIndex({ account: 1, status: 1, date: 1 });
    await items.createIndex({ account: 1, supplier: 1, date: 1 });
    const filter = { account: 'b', status: 'paid', supplier: 's7' };
    expect((await items.find(filter).sort({ date: 1 }).limit(20).toArray()).map((doc) => doc._id)).toEqual(expected(bySupplier, 20));
    const explained = await explainFind(filter, { date: 1 }, 20);
    expect(explained.index).toBe('account_1_supplier_1_date_1');
    expect(explained.sorted).toBe(false);
    // Eight documents of supplier s7 in the account, all paid: their keys, not the account's 160 paid ones.
    expect(explained.keys).toBeLessThanOrEqual(9);
    expect(explained.docs).toBe(8);
    expect(explained.rejected).toBeGreaterThanOrEqual(1);
  });

  it('a narrow range sorted in memory beats a walk in order through many non-matching keys', async () => {
    await items.createIndex({ account: 1, date: 1 });
    await items.createIndex({ account: 1, supplier: 1 });
    const filter = { account: 'b', status: 'paid', supplier: 's7' };
    expect((await items.find(filter).sort({ date: 1 }).limit(20).toArray()).map((doc) => doc._id)).toEqual(expected(bySupplier, 20));
    const explained = await explainFind(filter, { date: 1 }, 20);
    expect(explained.index).toBe('account_1_supplier_1');
    expect(explained.sorted).toBe(true);
    expect(explained.keys).toBeLessThanOrEqual(9);
  });

  it('an index walked in order wins when matches are frequent and a limit ends it early', async () => {
    await items.createIndex({ account: 1, status: 1 });
    await items.createIndex({ account: 1, date: 1 });
    const filter = { account: 'a', status: 'open' };
    const where = (doc: Item) => doc.account === 'a' && doc.status === 'open';
    expect((await items.find(filter).sort({ date: 1 }).limit(5).toArray()).map((doc) => doc._id)).toEqual(expected(where, 5));
    const explained = await explainFind(filter, { date: 1 }, 5);
    expect(explained.index).toBe('account_1_date_1');
    expect(explained.sorted).toBe(false);
    // Every other document of the account is open: about two keys per result, not the 160 open keys sorted.
    expect(explained.keys).toBeLessThanOrEqual(11);
  });
});

describe('ranges of a $in prefix merged in the sort order (SORT_MERGE)', () => {
  const suppliers = ['s3', 's7', 's11'];
  const inSuppliers = (doc: Item) => doc.account === 'c' && suppliers.includes(doc.supplier);

  it.each([1, -1] as const)('yield the order without an in-memory sort, reading only the page (date %i)', async (direction) => {
    await items.createIndex({ account: 1, supplier: 1, date: 1 });
    const filter = { account: 'c', supplier: { $in: suppliers } };
    const answer = expected(inSuppliers);
    if (direction === -1) answer.reverse();
    const page = await items.find(filter).sort({ date: direction }).skip(4).limit(6).toArray();
    expect(page.map((doc) => doc._id)).toEqual(answer.slice(4, 10));
    const explained = await items.find(filter).sort({ date: direction }).skip(4).limit(6).explain('executionStats');
    const winning = JSON.stringify(explained.queryPlanner.winningPlan);
    expect(winning).toContain('SORT_MERGE');
    expect(winning).not.toContain('"SORT"');
    // The page and what it skips, plus at most one key past the end of each of the three ranges.
    expect(explained.executionStats.totalKeysExamined).toBeLessThanOrEqual(10 + suppliers.length);
  });

  it('keep the order among keys too long to be stored whole', async () => {
    await items.createIndex({ account: 1, supplier: 1, label: 1 });
    const long = 'x'.repeat(1950);
    const labelled = Array.from({ length: 30 }, (_, i) => ({
      _id: `long-${i}`,
      account: 'long',
      supplier: `s${i % 3}`,
      label: `${long}${String((i * 7) % 30).padStart(2, '0')}`,
    }));
    await items.insertMany(labelled);
    const answer = labelled
      .filter((doc) => doc.supplier !== 's2')
      .sort((x, y) => (x.label < y.label ? -1 : 1))
      .map((doc) => doc._id);
    const found = await items
      .find({ account: 'long', supplier: { $in: ['s0', 's1'] } })
      .sort({ label: 1 })
      .toArray();
    expect(found.map((doc) => doc._id)).toEqual(answer);
  });
});

describe('a multikey index', () => {
  it('counts a key examined per array element in range and a document examined once', async () => {
    await items.createIndex({ tags: 1 });
    const tagged = Array.from({ length: 12 }, (_, i) => ({ _id: `tagged-${i}`, account: 'tags', tags: ['red', 'blue', `t${i % 4}`] }));
    await items.insertMany(tagged);
    const filter = { tags: { $in: ['red', 'blue', 't1'] } };
    expect((await items.find(filter).toArray()).map((doc) => doc._id).sort()).toEqual(tagged.map((doc) => doc._id).sort());
    const explained = await items.find(filter).explain('executionStats');
    const stats = explained.executionStats as Document;
    // 12 red, 12 blue and 3 t1 entries; each of the 12 documents fetched once.
    expect(stats.totalKeysExamined).toBeGreaterThanOrEqual(27);
    expect(stats.totalKeysExamined).toBeLessThanOrEqual(27 + 3);
    expect(stats.totalDocsExamined).toBe(12);
    expect(stats.nReturned).toBe(12);
  });
});

describe('a one-branch $or', () => {
  it('is planned as its branch', async () => {
    await items.createIndex({ account: 1, supplier: 1, date: 1 });
    const filter = { $or: [{ account: 'b', supplier: 's7' }] };
    const where = (doc: Item) => doc.account === 'b' && doc.supplier === 's7';
    expect((await items.find(filter).sort({ date: 1 }).toArray()).map((doc) => doc._id)).toEqual(expected(where));
    const explained = await explainFind(filter, { date: 1 }, 0);
    expect(explained.index).toBe('account_1_supplier_1_date_1');
    expect(explained.sorted).toBe(false);
    expect(explained.keys).toBeLessThanOrEqual(9);
  });
});

describe('the plan cache', () => {
  const filter = { account: 'b', status: 'paid', supplier: 's7' };
  const answer = () => expected(bySupplier, 20);

  it('is emptied when an index is created, so a better index serves the cached shape at once', async () => {
    await items.createIndex({ account: 1, status: 1, date: 1 });
    await items.createIndex({ account: 1, date: 1 });
    // The account's 160 paid keys, walked in date order: the best of the two.
    expect(await cachedRunKeys(filter, { date: 1 }, 20, answer())).toBeGreaterThanOrEqual(150);
    await items.createIndex({ account: 1, supplier: 1, date: 1 });
    expect(await cachedRunKeys(filter, { date: 1 }, 20, answer())).toBeLessThanOrEqual(9);
  });

  it('drops a plan whose run does far more work than it won with, and plans the shape again', async () => {
    await items.createIndex({ account: 1, status: 1, date: 1 });
    await items.createIndex({ account: 1, supplier: 1, date: 1 });
    // Account z: 200 documents of supplier "big", 2 of them "rare" in status; 2 of supplier "few", in the common status.
    const skewed = Array.from({ length: 202 }, (_, i) => ({
      _id: `z-${i}`,
      account: 'z',
      status: i < 2 ? 'rare' : 'common',
      supplier: i < 200 ? 'big' : 'few',
      date: new Date(Date.UTC(2024, 0, 1) + i * DAY),
    }));
    await items.insertMany(skewed);
    const ids = (status: string, supplier: string) => skewed.filter((doc) => doc.status === status && doc.supplier === supplier).map((doc) => doc._id);
    // The status index wins for a rare status: its range ends after two keys.
    expect(await cachedRunKeys({ account: 'z', status: 'rare', supplier: 'big' }, { date: 1 }, 20, ids('rare', 'big'))).toBeLessThanOrEqual(3);
    // The same shape for a common status: the cached plan would walk 200 keys for two results; planned again, the
    // supplier index reads two.
    expect(await cachedRunKeys({ account: 'z', status: 'common', supplier: 'few' }, { date: 1 }, 20, ids('common', 'few'))).toBeLessThanOrEqual(3);
  });

  it('is emptied when an index is dropped, so the shape is planned again over what is left', async () => {
    await items.createIndex({ account: 1, date: 1 });
    await items.createIndex({ account: 1, supplier: 1, date: 1 });
    expect(await cachedRunKeys(filter, { date: 1 }, 20, answer())).toBeLessThanOrEqual(9);
    await items.dropIndex('account_1_supplier_1_date_1');
    await items.createIndex({ account: 1, status: 1, date: 1 });
    expect(await cachedRunKeys(filter, { date: 1 }, 20, answer())).toBeGreaterThanOrEqual(150);
    await items.dropIndex('account_1_status_1_date_1');
    // Only the account's index is left: all 320 of its keys.
    expect(await cachedRunKeys(filter, { date: 1 }, 20, answer())).toBeGreaterThanOrEqual(300);
  });
});
