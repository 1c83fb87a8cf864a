import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { connectStore, type StoreConnection } from '../../src/store/connect';
import { nextSequenceValue } from '../../src/store/counters';
import { isDuplicateKeyError, Store } from '../../src/store/store';

/**
 * Sequences under contention, through the application's own transaction helper: transactions that each create the
 * same new counter collide on its unique index; the helper runs the losers again on a fresh snapshot.
 */
let connection: StoreConnection;
let store: Store;
let dir: string | undefined;
beforeAll(async () => {
  dir = process.env.MONGODB_URI ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'counters-test-'));
  connection = await connectStore({ mongodbUri: process.env.MONGODB_URI, dataDir: dir ?? os.tmpdir() });
  store = new Store(connection.client, connection.client.db(`counters_${process.pid}_${Date.now().toString(36)}`));
  await store.collection('counters').createIndex({ account_id: 1, name: 1 }, { unique: true });
});
afterAll(async () => {
  await store?.db.dropDatabase().catch(() => undefined);
  await connection?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it('200 concurrent transactions taking the first numbers of a new sequence all succeed, with numbers 1 to 200', async () => {
  const accountId = new ObjectId();
  const numbers = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      store.transaction(async (session) => {
        // A read first fixes the transaction's snapshot before the counter exists, as in the services that issue.
        await store.collection('counters').findOne({ account_id: accountId, name: 'other' }, { session });
        await new Promise((resolve) => setTimeout(resolve, i % 5));
        return nextSequenceValue(store, accountId, 'delivery_notes:1', new Date(), session);
      }),
    ),
  );
  expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  expect(await store.collection('counters').countDocuments({ account_id: accountId })).toBe(1);
}, 180_000);

it('a real duplicate is not retried forever: the duplicate-key error comes back', async () => {
  const accountId = new ObjectId();
  await store.collection('counters').insertOne({ account_id: accountId, name: 'taken', value: 1 });
  let runs = 0;
  const attempt = store.transaction(async (session) => {
    runs++;
    await store.collection('counters').insertOne({ account_id: accountId, name: 'taken', value: 2 }, { session });
  });
  const error = await attempt.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(isDuplicateKeyError(error)).toBe(true);
  expect(runs).toBe(5);
});
