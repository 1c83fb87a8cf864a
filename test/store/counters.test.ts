import { ObjectId } from 'mongodb';
import { nextSequenceValue } from '../../src/store/counters';
import { isDuplicateKeyError, type Store } from '../../src/store/store';
import { suiteDatabase } from '../support/database';

/**
 * Sequences under contention, through the application's own transaction helper: transactions that each create the
 * same new counter collide on its unique index; the helper runs the losers again on a fresh snapshot.
 */
const opened = suiteDatabase('counters', async (store) => {
  await store.collection('counters').createIndex({ account_id: 1, name: 1 }, { unique: true });
});
let store: Store;
beforeAll(() => {
  store = opened();
});

it('50 concurrent transactions taking the first numbers of a new sequence all succeed, with numbers 1 to 50', async () => {
  const accountId = new ObjectId();
  const numbers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      store.transaction(async (session) => {
        // A read first fixes the transaction's snapshot before the counter exists, as in the services that issue.
        await store.collection('counters').findOne({ account_id: accountId, name: 'other' }, { session });
        await new Promise((resolve) => setTimeout(resolve, i % 5));
        return nextSequenceValue(store, accountId, 'delivery_notes:1', new Date(), session);
      }),
    ),
  );
  expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  expect(await store.collection('counters').countDocuments({ account_id: accountId })).toBe(1);
}, 180_000);

it('transactions queued under one key run one after another, in order, and a failure does not stop the queue', async () => {
  const order: number[] = [];
  let running = 0;
  let most = 0;
  const runs = Array.from({ length: 20 }, (_, i) =>
    store.transaction(
      async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 1));
        order.push(i);
        running--;
        if (i === 5) throw new Error('this one fails');
        return i;
      },
      { queue: 'queue-test' },
    ),
  );
  const results = await Promise.allSettled(runs);
  expect(most).toBe(1);
  expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i));
  expect(results.filter((result) => result.status === 'rejected')).toHaveLength(1);
});

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
