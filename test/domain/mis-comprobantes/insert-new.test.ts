import type { Collection, Document } from 'mongodb';
import { duplicatesOf, insertNew } from '../../../src/domain/mis-comprobantes/insert-new';
import type { Store } from '../../../src/store/store';
import { suiteDatabase } from '../../support/database';

/**
 * New documents inserted, the ones a unique index refuses (the export's natural key, docs/fiscal-rules.md "Re-imports")
 * counted as duplicates by their place in the batch, any other refusal thrown; on a database of the suite's own.
 */

const opened = suiteDatabase('mis-comprobantes-insert-new', async (store) => {
  await store.db.collection('vouchers').createIndex({ key: 1 }, { unique: true });
  await store.db.collection('vouchers').createIndex({ positive: 1 }, { partialFilterExpression: { positive: { $exists: true } } });
});
let store: Store;
let vouchers: Collection<Document>;
beforeAll(() => {
  store = opened();
  vouchers = store.db.collection('vouchers');
});

const keysOf = async (batch: string) => (await vouchers.find({ batch }, { sort: { key: 1 } }).toArray()).map((doc) => doc.key);

test('a batch of new documents is inserted whole', async () => {
  expect(
    await insertNew(vouchers, [
      { key: 'a1', batch: 'a' },
      { key: 'a2', batch: 'a' },
    ]),
  ).toEqual({ inserted: 2, duplicates: 0, duplicateAt: new Set() });
  expect(await keysOf('a')).toEqual(['a1', 'a2']);
});

test('an empty batch writes nothing', async () => {
  expect(await insertNew(vouchers, [])).toEqual({ inserted: 0, duplicates: 0, duplicateAt: new Set() });
});

test('documents already stored, or earlier in the same batch, are duplicates by their index; the rest are inserted', async () => {
  await vouchers.insertOne({ key: 'b1', batch: 'b' });
  const answer = await insertNew(vouchers, [
    { key: 'b1', batch: 'b' },
    { key: 'b2', batch: 'b' },
    { key: 'b2', batch: 'b' },
    { key: 'b3', batch: 'b' },
  ]);
  expect(answer).toEqual({ inserted: 2, duplicates: 2, duplicateAt: new Set([0, 2]) });
  expect(await keysOf('b')).toEqual(['b1', 'b2', 'b3']);
});

test('any other refusal is thrown, even beside duplicates', async () => {
  await vouchers.insertOne({ key: 'c0', batch: 'c' });
  // A field name starting with `$` is refused by the server (not a duplicate key).
  const error = await insertNew(vouchers, [
    { key: 'c0', batch: 'c' },
    { key: 'c1', batch: 'c', $bad: 1 },
  ]).catch((caught: unknown) => caught);
  const refusals = (error as { writeErrors: Array<{ index: number; code: number }> }).writeErrors;
  expect(refusals.map(({ index }) => index)).toEqual([0, 1]);
  expect(refusals[0].code).toBe(11000);
  expect(refusals[1].code).not.toBe(11000);
});

describe('what a bulk write error says', () => {
  const writeError = (index: number, code: number) => ({ index, code, errmsg: 'refused' });

  test('only duplicate keys: their indexes', () => {
    expect(duplicatesOf({ writeErrors: [writeError(0, 11000), writeError(3, 11000)] })).toEqual(new Set([0, 3]));
    expect(duplicatesOf({ writeErrors: writeError(2, 11000) })).toEqual(new Set([2]));
  });

  test('another code among them, no write error, or no error object: not duplicates', () => {
    expect(duplicatesOf({ writeErrors: [writeError(0, 11000), writeError(1, 121)] })).toBeNull();
    expect(duplicatesOf({ writeErrors: [] })).toBeNull();
    expect(duplicatesOf({ code: 11000 })).toBeNull();
    expect(duplicatesOf(new Error('network'))).toBeNull();
    expect(duplicatesOf(null)).toBeNull();
  });
});
