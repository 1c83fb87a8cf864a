/**
 * Engine-only (MONGODB_URI is ignored): the storage contract as the planner and executor use it, against a real
 * store on a temporary directory. Ranges are values with inclusive or exclusive ends; what follows from the key
 * encoding (exactRange, countersFor, the order of values) is answered by the contract's functions.
 */
import { BSON, Int32, ObjectId } from 'bson';
import {
  bracketOf,
  compareValues,
  countersFor,
  docKeyOf,
  exactRange,
  type IndexMeta,
  indexKeysOf,
  type ScanRange,
  type Storage,
  sortedDistinct,
} from '../src/storage/contract';
import { closeStore, openStore } from '../src/storage/open';
import type { Store } from '../src/storage/store';
import { tempDir } from './support/store';

const account = new ObjectId();
const days = [1, 2, 3, 4, 5].map((day) => new Date(Date.UTC(2026, 10, day)));

let dir: string;
let opened: Store;
let store: Storage;
let byDay: IndexMeta;
let byAmountDescending: IndexMeta;
let byCode: IndexMeta;
const ids: unknown[] = [];

beforeAll(async () => {
  dir = tempDir('engine-contract-');
  opened = await openStore(dir);
  store = opened;
  const meta = store.createCollection('db', 'vouchers');
  store.createIndexes(meta, [
    { key: { account_id: 1, date: 1, amount: 1 }, name: 'by_day' },
    { key: { amount: -1 }, name: 'by_amount_desc' },
    { key: { code: 1 }, name: 'by_code', unique: true },
  ]);
  store.write(() => {
    days.forEach((date, i) => {
      for (let k = 0; k < 3; k++) {
        const _id = new ObjectId();
        ids.push(_id);
        store.insert(meta, { _id, account_id: account, date, amount: i * 10 + k, code: `v-${i}-${k}` });
      }
    });
  });
  byDay = meta.indexes.get('by_day')!;
  byAmountDescending = meta.indexes.get('by_amount_desc')!;
  byCode = meta.indexes.get('by_code')!;
});

afterAll(async () => {
  await closeStore(dir, opened);
});

/** The amounts of the documents an index scan yields, in scan order. */
function amounts(index: IndexMeta, range: ScanRange, reverse = false): number[] {
  const meta = store.collections.get('db.vouchers')!;
  return [...store.scanIndex(index, range, { reverse })].map(({ id }) => BSON.deserialize(store.getDoc(meta, id)!).amount);
}

describe('storage contract', () => {
  it('scans an interval after equality values, ends inclusive or exclusive, in either direction', () => {
    const next = { bracket: bracketOf(days[0]), lower: { value: days[1], inclusive: true }, upper: { value: days[3], inclusive: false } };
    expect(amounts(byDay, { equal: [account], next })).toEqual([10, 11, 12, 20, 21, 22]);
    expect(amounts(byDay, { equal: [account], next }, true)).toEqual([22, 21, 20, 12, 11, 10]);
    const open = { bracket: bracketOf(days[0]), lower: { value: days[3], inclusive: false } };
    expect(amounts(byDay, { equal: [account], next: open })).toEqual([40, 41, 42]);
  });

  it('walks a descending index from the top of an interval', () => {
    const next = { bracket: bracketOf(0), lower: { value: 20, inclusive: false }, upper: { value: 40, inclusive: true } };
    expect(amounts(byAmountDescending, { equal: [], next })).toEqual([40, 32, 31, 30, 22, 21]);
    expect(amounts(byAmountDescending, { equal: [], next }, true)).toEqual([21, 22, 30, 31, 32, 40]);
  });

  it('counts a range entry by entry, and from counters where the index keeps them', () => {
    const meta = store.collections.get('db.vouchers')!;
    const oneDay: ScanRange = { equal: [account, days[2]] };
    expect(countersFor(byDay, [oneDay])).toBe('prefix');
    expect(store.countByCounters(byDay, oneDay, 'prefix')).toBe(3);
    const week: ScanRange = { equal: [account], next: { bracket: bracketOf(days[0]), lower: { value: days[1], inclusive: true } } };
    expect(countersFor(byDay, [week])).toBe('range');
    expect(store.countByCounters(byDay, week, 'range')).toBe(12);
    expect(store.countEntries(byDay, week)).toBe(12);
    expect(store.countDocs(meta)).toBe(15);
    // A string interval makes no short leading parts, and an equality on every field has no counter.
    expect(countersFor(byDay, [{ equal: [account], next: { bracket: bracketOf('a'), lower: { value: 'a', inclusive: true } } }])).toBeUndefined();
    expect(countersFor(byDay, [{ equal: [account, days[0], 0] }])).toBeUndefined();
  });

  it('answers point gets and unique holders by document key', () => {
    const meta = store.collections.get('db.vouchers')!;
    expect(store.getDoc(meta, docKeyOf(ids[4]))).toBeDefined();
    expect(store.getDoc(meta, docKeyOf(new ObjectId()))).toBeUndefined();
    const [key] = indexKeysOf(byCode, { code: 'v-1-1' });
    expect([...store.holders(meta, byCode, key)].map((id) => id.equals(docKeyOf(ids[4])))).toEqual([true]);
  });

  it('says a range is exact unless a bound is longer than a whole key', () => {
    expect(exactRange(byCode, { equal: ['v-1-1'] })).toBe(true);
    expect(exactRange(byCode, { equal: ['x'.repeat(3000)] })).toBe(false);
  });

  it("orders values in MongoDB's cross-type order, equal numbers of any width once", () => {
    expect(sortedDistinct(['b', 3, true, null, 1, 'a', days[0]])).toEqual([null, 1, 3, 'a', 'b', true, days[0]]);
    expect(sortedDistinct([new Int32(3), 3, 2.5])).toHaveLength(2);
    expect(compareValues(1, 1.0)).toBe(0);
    expect(compareValues(days[0], true)).toBeGreaterThan(0);
    expect(compareValues(null, -Infinity)).toBeLessThan(0);
  });
});
