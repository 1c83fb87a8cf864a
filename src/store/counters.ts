import type { ClientSession, ObjectId } from 'mongodb';
import type { Store } from './store';

/** An atomic sequence of one account (e.g. the delivery note numbers of one sale point). */
export type CounterDocument = {
  _id: ObjectId;
  account_id: ObjectId;
  name: string;
  value: number;
  created_at: Date;
  updated_at: Date;
};

/**
 * The next value of an account's sequence (1 for a new one): one `findOneAndUpdate` with `$inc` and upsert, inside
 * the caller's transaction. Two transactions taking a number of the same sequence write the same counter document,
 * so one of them waits or is retried (WriteConflict): numbers are never handed out twice, and a number taken by a
 * transaction that aborts is given back with it, so committed numbers have no gaps.
 */
export async function nextSequenceValue(store: Store, accountId: ObjectId, name: string, now: Date, session: ClientSession): Promise<number> {
  const counter = await store
    .collection<CounterDocument>('counters')
    .findOneAndUpdate(
      { account_id: accountId, name },
      { $inc: { value: 1 }, $set: { updated_at: now }, $setOnInsert: { created_at: now } },
      { upsert: true, returnDocument: 'after', session },
    );
  return counter!.value;
}
