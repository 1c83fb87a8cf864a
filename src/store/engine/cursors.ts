import { BSON, Long, type Document } from 'bson';
import { cursorNotFound } from './errors';

/** First batches hold 101 documents unless asked otherwise, as in MongoDB; every batch stays well under 16 MB. */
const DEFAULT_FIRST_BATCH = 101;
const MAX_BATCH_BYTES = 12 << 20;
const IDLE_TIMEOUT_MS = 10 * 60_000;

interface OpenCursor {
  ns: string;
  docs: Document[];
  position: number;
  touched: number;
}

/** Results waiting for getMore. Cursors hold materialised results, so they never see later writes. */
export class CursorStore {
  private readonly open = new Map<bigint, OpenCursor>();
  private nextId = BigInt(1 + Math.floor(Math.random() * 2 ** 40));

  /** The reply to a command that returns a cursor over `docs`. */
  reply(ns: string, docs: Document[], batchSize?: number, singleBatch = false): Document {
    const cursor: OpenCursor = { ns, docs, position: 0, touched: Date.now() };
    const firstBatch = takeBatch(cursor, batchSize ?? DEFAULT_FIRST_BATCH);
    let id = 0n;
    if (!singleBatch && cursor.position < docs.length) {
      id = this.nextId++;
      this.open.set(id, cursor);
    }
    return { cursor: { firstBatch, id: Long.fromBigInt(id), ns }, ok: 1 };
  }

  getMore(id: bigint, batchSize?: number): Document {
    const cursor = this.open.get(id);
    if (!cursor) throw cursorNotFound(id);
    cursor.touched = Date.now();
    const nextBatch = takeBatch(cursor, batchSize && batchSize > 0 ? batchSize : Infinity);
    const exhausted = cursor.position >= cursor.docs.length;
    if (exhausted) this.open.delete(id);
    return { cursor: { nextBatch, id: Long.fromBigInt(exhausted ? 0n : id), ns: cursor.ns }, ok: 1 };
  }

  kill(ids: bigint[]): Document {
    const cursorsKilled: Long[] = [];
    const cursorsNotFound: Long[] = [];
    for (const id of ids) (this.open.delete(id) ? cursorsKilled : cursorsNotFound).push(Long.fromBigInt(id));
    return { cursorsKilled, cursorsNotFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
  }

  sweep(now = Date.now()): void {
    for (const [id, cursor] of this.open) if (now - cursor.touched > IDLE_TIMEOUT_MS) this.open.delete(id);
  }
}

function takeBatch(cursor: OpenCursor, limit: number): Document[] {
  const batch: Document[] = [];
  let bytes = 0;
  while (cursor.position < cursor.docs.length && batch.length < limit) {
    const doc = cursor.docs[cursor.position];
    bytes += BSON.calculateObjectSize(doc);
    if (bytes > MAX_BATCH_BYTES && batch.length > 0) break;
    batch.push(doc);
    cursor.position++;
  }
  return batch;
}

export function cursorIdOf(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return BigInt(value);
  if (value instanceof Long) return value.toBigInt();
  return 0n;
}
