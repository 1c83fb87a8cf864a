import { BSON, Long, type Document } from 'bson';
import type { ChangeStream } from './change-stream';
import { remainingTime, withinTime } from './deadline';
import { cursorNotFound, EngineError } from './errors';
import { RawReply } from './wire';

/** First batches hold 101 documents unless asked otherwise, as in MongoDB; every batch stays well under 16 MB. */
const DEFAULT_FIRST_BATCH = 101;
const MAX_BATCH_BYTES = 12 << 20;
const IDLE_TIMEOUT_MS = 10 * 60_000;

type Item = Document | Uint8Array;

interface OpenCursor {
  ns: string;
  /** Documents, or BSON already encoded (stored documents are sent as they are on disk), produced on demand. */
  items: Iterator<Item>;
  /** The next item, read ahead to know whether the cursor is exhausted. */
  next: IteratorResult<Item>;
  touched: number;
  /** Releases what the cursor holds (a read snapshot). */
  close?: () => void;
  /** The command's limit (0: none) and how many documents were sent so far. */
  limit: number;
  returned: number;
  /** What is left of the command's maxTimeMS (0: no limit): it bounds the cursor's getMores together. */
  timeLeft: number;
}

/**
 * Whether the cursor ends with the batch just taken. Like MongoDB, which does not look ahead, a batch filled to
 * exactly the size asked for leaves the cursor open (the next getMore answers an empty batch), unless the
 * command's limit is reached; the look-ahead here only releases the read snapshot early.
 */
function ends(cursor: OpenCursor, batch: Uint8Array[], size: number): boolean {
  if (!cursor.next.done) return false;
  if (cursor.close) {
    cursor.close();
    cursor.close = undefined;
  }
  return size === 0 || batch.length < size || (cursor.limit > 0 && cursor.returned >= cursor.limit);
}

/** A change stream's cursor: it stays open until killed, invalidated or idle, and its getMore may wait. */
interface StreamCursor {
  ns: string;
  stream: ChangeStream;
  touched: number;
  /** Wakes a getMore waiting for a change (the cursor was killed). */
  wake?: () => void;
}

/**
 * Results waiting for getMore. A cursor either holds materialised results, or reads its matches as getMore asks
 * for them, from a read snapshot of its own (released when it is exhausted, killed or idle too long).
 */
export class CursorStore {
  private readonly open = new Map<bigint, OpenCursor>();
  private readonly streams = new Map<bigint, StreamCursor>();
  private nextId = BigInt(1 + Math.floor(Math.random() * 2 ** 40));

  /** The reply to a command that returns a cursor over `items`. */
  reply(ns: string, items: Iterable<Item>, batchSize?: number, singleBatch = false, close?: () => void, limit = 0): RawReply {
    const iterator = items[Symbol.iterator]();
    const cursor: OpenCursor = { ns, items: iterator, next: iterator.next(), touched: Date.now(), close, limit, returned: 0, timeLeft: 0 };
    const size = batchSize ?? DEFAULT_FIRST_BATCH;
    let firstBatch: Uint8Array[];
    try {
      firstBatch = takeBatch(cursor, size);
    } catch (error) {
      cursor.close?.();
      throw error;
    }
    cursor.timeLeft = remainingTime();
    let id = 0n;
    if (!singleBatch && !ends(cursor, firstBatch, size)) {
      id = this.nextId++;
      this.open.set(id, cursor);
    } else cursor.close?.();
    return encodeCursorReply('firstBatch', firstBatch, id, ns);
  }

  /** The reply to an aggregate opening a change stream: what is already there, and a cursor for the rest. */
  openStream(ns: string, stream: ChangeStream, batchSize?: number): RawReply {
    const { batch, resumeToken, ended } = stream.take(batchSize ?? DEFAULT_FIRST_BATCH);
    const id = ended ? 0n : this.nextId++;
    if (!ended) this.streams.set(id, { ns, stream, touched: Date.now() });
    return encodeCursorReply('firstBatch', batch, id, ns, { postBatchResumeToken: resumeToken });
  }

  isStream(id: bigint): boolean {
    return this.streams.has(id);
  }

  /**
   * A change stream's next batch. With nothing to answer yet, waits for a committed change (`wait` resolves on one
   * or when the time allowed is up; `wake` given to it ends the wait early), then answers what there is.
   */
  async getMoreStream(id: bigint, batchSize: number | undefined, wait: (wake: (resolve: () => void) => void) => Promise<boolean>): Promise<RawReply> {
    const cursor = this.streams.get(id);
    if (!cursor) throw cursorNotFound(id);
    const size = batchSize && batchSize > 0 ? batchSize : Infinity;
    let taken = cursor.stream.take(size);
    while (taken.batch.length === 0 && !taken.ended) {
      cursor.touched = Date.now();
      const changed = await wait((resolve) => {
        cursor.wake = resolve;
      });
      cursor.wake = undefined;
      if (this.streams.get(id) !== cursor) throw new EngineError(237, 'CursorKilled', `cursor id ${id} was killed while waiting`);
      taken = cursor.stream.take(size);
      if (!changed) break;
    }
    cursor.touched = Date.now();
    if (taken.ended) this.streams.delete(id);
    return encodeCursorReply('nextBatch', taken.batch, taken.ended ? 0n : id, cursor.ns, { postBatchResumeToken: taken.resumeToken });
  }

  getMore(id: bigint, batchSize?: number): RawReply {
    const cursor = this.open.get(id);
    if (!cursor) throw cursorNotFound(id);
    cursor.touched = Date.now();
    let nextBatch: Uint8Array[];
    const size = batchSize && batchSize > 0 ? batchSize : Infinity;
    try {
      nextBatch = withinTime(cursor.timeLeft, () => {
        const batch = takeBatch(cursor, size);
        cursor.timeLeft = remainingTime();
        return batch;
      });
    } catch (error) {
      this.release(id);
      throw error;
    }
    const exhausted = ends(cursor, nextBatch, size);
    if (exhausted) this.release(id);
    return encodeCursorReply('nextBatch', nextBatch, exhausted ? 0n : id, cursor.ns);
  }

  kill(ids: bigint[]): Document {
    const cursorsKilled: Long[] = [];
    const cursorsNotFound: Long[] = [];
    for (const id of ids) (this.release(id) ? cursorsKilled : cursorsNotFound).push(Long.fromBigInt(id));
    return { cursorsKilled, cursorsNotFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
  }

  sweep(now = Date.now()): void {
    for (const [id, cursor] of this.open) if (now - cursor.touched > IDLE_TIMEOUT_MS) this.release(id);
    for (const [id, cursor] of this.streams) if (!cursor.wake && now - cursor.touched > IDLE_TIMEOUT_MS) this.release(id);
  }

  /** Ends every cursor (the engine is stopping): their snapshots must be released before the store closes. */
  closeAll(): void {
    for (const id of [...this.open.keys(), ...this.streams.keys()]) this.release(id);
  }

  private release(id: bigint): boolean {
    const stream = this.streams.get(id);
    if (stream) {
      this.streams.delete(id);
      stream.wake?.();
      return true;
    }
    const cursor = this.open.get(id);
    if (!cursor) return false;
    this.open.delete(id);
    cursor.close?.();
    return true;
  }
}

/** The next documents of a cursor, serialised once (the reply is assembled from these bytes). */
function takeBatch(cursor: OpenCursor, limit: number): Uint8Array[] {
  const batch: Uint8Array[] = [];
  let bytes = 0;
  while (!cursor.next.done && batch.length < limit) {
    const doc = cursor.next.value;
    const encoded = doc instanceof Uint8Array ? doc : BSON.serialize(doc);
    if (bytes + encoded.length > MAX_BATCH_BYTES && batch.length > 0) break;
    bytes += encoded.length;
    batch.push(encoded);
    cursor.returned++;
    cursor.next = cursor.items.next();
  }
  return batch;
}

/** `{cursor: {<batch>: [...], id: Long, ns}, ok: 1.0}` as BSON, built around already serialised documents. */
function encodeCursorReply(batchName: string, docs: Uint8Array[], id: bigint, ns: string, extra?: Document): RawReply {
  const elements: Buffer[] = docs.map((doc, index) => Buffer.concat([Buffer.from([0x03]), cstring(String(index)), doc]));
  const array = document(elements);
  const idBytes = Buffer.alloc(8);
  idBytes.writeBigInt64LE(id);
  const nsBytes = Buffer.from(ns, 'utf8');
  const nsLength = Buffer.alloc(4);
  nsLength.writeInt32LE(nsBytes.length + 1);
  const extraBytes = extra ? Buffer.from(BSON.serialize(extra)) : undefined;
  const cursor = document([
    Buffer.concat([Buffer.from([0x04]), cstring(batchName), array]),
    ...(extraBytes ? [extraBytes.subarray(4, extraBytes.length - 1)] : []),
    Buffer.concat([Buffer.from([0x12]), cstring('id'), idBytes]),
    Buffer.concat([Buffer.from([0x02]), cstring('ns'), nsLength, nsBytes, Buffer.from([0])]),
  ]);
  const ok = Buffer.alloc(8);
  ok.writeDoubleLE(1);
  return new RawReply(document([Buffer.concat([Buffer.from([0x03]), cstring('cursor'), cursor]), Buffer.concat([Buffer.from([0x01]), cstring('ok'), ok])]));
}

function cstring(value: string): Buffer {
  return Buffer.from(`${value}\0`, 'utf8');
}

function document(elements: Buffer[]): Buffer {
  const size = 4 + elements.reduce((sum, element) => sum + element.length, 0) + 1;
  const head = Buffer.alloc(4);
  head.writeInt32LE(size);
  return Buffer.concat([head, ...elements, Buffer.from([0])], size);
}

export function cursorIdOf(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return BigInt(value);
  if (value instanceof Long) return value.toBigInt();
  return 0n;
}
