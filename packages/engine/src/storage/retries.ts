import { BSON, type Document } from 'bson';
import type { Database } from 'lmdb';

/**
 * The `retries` database: per session, its last retryable write (txnNumber, time, reply), stored in the same write
 * batch as the write, as MongoDB's config.transactions.
 */
export class Retries {
  constructor(
    private readonly retries: Database<Buffer, string>,
    private readonly write: <T>(action: () => T) => T,
  ) {}

  /** Stores the reply of a session's retryable write (inside the batch of that write, so with its changes). */
  save(session: string, txnNumber: bigint, reply: Document): void {
    const record = BSON.serialize({ txnNumber: txnNumber.toString(), reply }, { ignoreUndefined: true });
    const value = Buffer.allocUnsafe(8 + record.length);
    value.writeDoubleBE(Date.now(), 0);
    value.set(record, 8);
    this.retries.putSync(session, value);
  }

  /** The last retryable write stored for a session: its txnNumber and its reply. */
  load(session: string): { txnNumber: bigint; reply: Document } | undefined {
    const value = this.retries.get(session);
    if (!value) return undefined;
    const record = BSON.deserialize(value.subarray(8), { promoteLongs: true, promoteValues: true });
    return { txnNumber: BigInt(record.txnNumber), reply: record.reply as Document };
  }

  /** Forgets the retryable writes of sessions that wrote nothing since `before` (ms since the epoch). */
  expire(before: number): number {
    const stale: string[] = [];
    for (const { key, value } of this.retries.getRange()) if (value.readDoubleBE(0) < before) stale.push(key);
    if (stale.length) {
      this.write(() => {
        for (const key of stale) this.retries.removeSync(key);
      });
    }
    return stale.length;
  }
}
