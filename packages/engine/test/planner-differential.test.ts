import { ObjectId, type Collection, type Document } from 'mongodb';
import { suiteStore } from './support/store';
import type { Doc } from './helpers';
import { prng } from './support/prng';

/**
 * The same generated queries against two copies of the same documents, one with indexes (ascending, descending,
 * compound) and one without: whatever plan answers, the answers must be the same.
 */

const store = suiteStore('differential');
let indexed: Collection<Doc>;
let plain: Collection<Doc>;

const random = prng(7);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
const VALUES: unknown[] = [
  null,
  -3,
  -1.5,
  0,
  1,
  2,
  2.5,
  7,
  100,
  '',
  'a',
  'ab',
  'b',
  'zz',
  new Date('2024-01-01T00:00:00Z'),
  new Date('2025-06-01T00:00:00Z'),
  true,
  false,
  new ObjectId('65a000000000000000000001'),
  new ObjectId('65a000000000000000000009'),
];
const RANGE_VALUES = VALUES.filter((value) => value !== null && typeof value !== 'boolean');

function document(i: number): Document {
  const doc: Document = { _id: i, b: i % 7, c: `c${String((i * 37) % 400).padStart(3, '0')}-${i}` };
  const shape = random();
  if (shape < 0.75) doc.a = pick(VALUES);
  else if (shape < 0.85) doc.a = [pick(VALUES), pick(VALUES)];
  // else: a is missing
  return doc;
}

function condition(): unknown {
  const kind = random();
  if (kind < 0.3) return pick(VALUES);
  if (kind < 0.45) return { $in: [pick(VALUES), pick(VALUES), pick(VALUES)] };
  const low = pick(RANGE_VALUES);
  const operator = pick(['$gt', '$gte', '$lt', '$lte']);
  if (kind < 0.75) return { [operator]: low };
  return { [pick(['$gt', '$gte'])]: low, [pick(['$lt', '$lte'])]: pick(RANGE_VALUES) };
}

function filter(): Document {
  const shape = random();
  if (shape < 0.4) return { a: condition() };
  if (shape < 0.7) return { b: pick([0, 1, 2, 3, 4, 5, 6]), a: condition() };
  if (shape < 0.85) return { b: { $in: [1, 3, 5] }, a: condition() };
  return { c: { $gte: `c${String(Math.floor(random() * 400)).padStart(3, '0')}` }, b: condition() };
}

beforeAll(async () => {
  indexed = store.fresh<Doc>();
  plain = store.fresh<Doc>();
  const docs = Array.from({ length: 400 }, (_, i) => document(i));
  await indexed.createIndexes([{ key: { a: 1 } }, { key: { b: 1, a: -1 } }, { key: { c: -1, b: 1 } }, { key: { b: 1, c: 1 } }]);
  await indexed.insertMany(docs.map((doc) => ({ ...doc })));
  await plain.insertMany(docs.map((doc) => ({ ...doc })));
});

const ids = (docs: Document[]) => docs.map((doc) => doc._id as number).sort((x, y) => x - y);

it('300 generated filters find and count the same documents with and without indexes', async () => {
  for (let i = 0; i < 300; i++) {
    const query = filter();
    const expected = ids(await plain.find(query).toArray());
    expect({ query, ids: ids(await indexed.find(query).toArray()) }).toEqual({ query, ids: expected });
    expect({ query, n: await indexed.countDocuments(query) }).toEqual({ query, n: expected.length });
  }
});

it('pages sorted on a field with distinct values are the same with and without indexes', async () => {
  for (let i = 0; i < 100; i++) {
    const query = random() < 0.5 ? {} : { b: pick([0, 1, 2, 3, 4, 5, 6]) };
    const sort = { c: pick([1, -1] as const) };
    const skip = Math.floor(random() * 50);
    const limit = 1 + Math.floor(random() * 20);
    const page = async (coll: Collection<Doc>) => (await coll.find(query).sort(sort).skip(skip).limit(limit).toArray()).map((doc) => doc._id);
    expect({ query, sort, skip, limit, page: await page(indexed) }).toEqual({ query, sort, skip, limit, page: await page(plain) });
  }
});

it('pages sorted on the field after a $in prefix (ranges merged in order) are the same with and without indexes', async () => {
  for (let i = 0; i < 60; i++) {
    const query = { b: { $in: [pick([0, 1, 2]), pick([3, 4]), pick([5, 6])] } };
    const sort = { c: pick([1, -1] as const) };
    const skip = Math.floor(random() * 50);
    const limit = 1 + Math.floor(random() * 20);
    const page = async (coll: Collection<Doc>) => (await coll.find(query).sort(sort).skip(skip).limit(limit).toArray()).map((doc) => doc._id);
    expect({ query, sort, skip, limit, page: await page(indexed) }).toEqual({ query, sort, skip, limit, page: await page(plain) });
  }
});
