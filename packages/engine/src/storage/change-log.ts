import { BSON, type Document, Timestamp } from 'bson';
import type { Database, Transaction } from 'lmdb';
import { elementValueSize } from '../bson-elements';
import { currentClusterTime, nextClusterTime, observeClusterTime } from '../cluster-time';

/**
 * What change streams read, as a replica set's oplog: every committed change, in commit order, stored in the same
 * LMDB transaction as the change itself, so a change is logged if and only if it happened (a crash loses neither
 * alone). One record per write transaction (a write command, or a committed multi-document transaction), keyed by
 * its cluster time (seconds and increment, 8 bytes big-endian, so that LMDB's key order is commit order): one put
 * per transaction rather than one per document keeps a large insert's cost to copying its documents once more.
 *
 * A record's value is BSON documents one after the other: the record's header (`wall` time, `n` the namespaces its
 * changes are in as `{d, c}`, and the session of a transaction), then per change its entry (`o` operation, `d` database, `c` collection, `k` `{_id}`, `u` update
 * description, `t` a rename's new namespace, `f` set when the document's BSON follows), then, for an insert or a
 * replacement, the document's BSON
 * as it is stored. A change is addressed by its record's key and its position in the record (a 12-byte key). A stream
 * that sees none of a record's namespaces passes the record after decoding its header only (a large import's record
 * holds thousands of changes); a record without `n` (written before it existed) has each change read.
 */

export type ChangeOperation = 'insert' | 'update' | 'replace' | 'delete' | 'drop' | 'dropDatabase' | 'rename';

export interface ChangeEntry {
  op: ChangeOperation;
  db: string;
  coll?: string;
  /** `{_id}` of the document changed. */
  key?: Document;
  /** For an update: `{updatedFields, removedFields, truncatedArrays}`. */
  ud?: Document;
  /** For a rename: the collection's new namespace. */
  to?: { db: string; coll: string };
}

export interface LoggedChange extends ChangeEntry {
  /** The record's key and the change's position in it. */
  key12: Buffer;
  time: Timestamp;
  wall: Date;
  /** For a change made by a multi-document transaction: its session id and transaction number. */
  lsid?: Document;
  txnNumber?: bigint;
  /** The inserted or replacing document's BSON. */
  doc?: Buffer;
}

export const KEY_LENGTH = 12;
const RECORD_KEY_LENGTH = 8;
const LAST_POSITION = 0xffffffff;

export function changeKey(time: Timestamp, position: number): Buffer {
  const key = Buffer.alloc(KEY_LENGTH);
  key.writeUInt32BE(time.high, 0);
  key.writeUInt32BE(time.low, 4);
  key.writeUInt32BE(position, 8);
  return key;
}

function recordKey(time: Timestamp): Buffer {
  return changeKey(time, 0).subarray(0, RECORD_KEY_LENGTH);
}

function timeOfKey(key: Buffer): Timestamp {
  return new Timestamp({ t: key.readUInt32BE(0), i: key.readUInt32BE(4) });
}

/** A key after every change committed at `time` or before it (no change has a record's last position). */
export function keyAfterTime(time: Timestamp): Buffer {
  return changeKey(time, LAST_POSITION);
}

/** The first key a change committed from `time` on can have. */
export function keyAtTime(time: Timestamp): Buffer {
  return changeKey(time, 0);
}

const BSON_OPTIONS = { ignoreUndefined: true } as const;
const READ_OPTIONS = { useBigInt64: true } as const;
const BYTES = 'changeBytes';
const TRIMMED = 'changesTrimmedTo';

/** The `o`, `d` and `c` elements of an entry, per operation and collection: most entries differ only in `k`. */
const entryHeads = new Map<string, Buffer>();

function entryHead(op: string, db: string, coll: string | undefined): Buffer {
  const name = `${op}\0${db}\0${coll ?? ''}`;
  let head = entryHeads.get(name);
  if (!head) {
    const encoded = Buffer.from(BSON.serialize(coll === undefined ? { o: op, d: db } : { o: op, d: db, c: coll }));
    head = encoded.subarray(4, encoded.length - 1);
    if (entryHeads.size > 10_000) entryHeads.clear();
    entryHeads.set(name, head);
  }
  return head;
}

/** The `_id` element of a stored document: its first element, as the engine stores documents. */
function idElement(doc: Uint8Array): Buffer | undefined {
  const bytes = Buffer.from(doc.buffer, doc.byteOffset, doc.byteLength);
  if (bytes.length < 10 || bytes.toString('latin1', 5, 9) !== '_id\0') return undefined;
  const size = elementValueSize(bytes, bytes[4], 9);
  return size < 0 ? undefined : bytes.subarray(4, 9 + size);
}

/**
 * An entry's BSON, assembled in one buffer: the cached `o`/`d`/`c` elements, `k` as `{_id}` (copied from the stored
 * document's first element when there is one, so an insert encodes nothing), `u`, and `f`.
 */
function entryBytes(entry: ChangeEntry, doc: Uint8Array | undefined): Buffer {
  const head = entryHead(entry.op, entry.db, entry.coll);
  const id = doc ? idElement(doc) : undefined;
  const rest = id ? undefined : serializedElements({ k: entry.key, u: entry.ud, t: entry.to });
  const restLength = id ? 0 : rest!.length;
  const update = id && entry.ud ? serializedElements({ u: entry.ud }) : undefined;
  const keyLength = id ? 3 + 4 + id.length + 1 : 0;
  const length = 4 + head.length + keyLength + restLength + (update?.length ?? 0) + (doc ? 4 : 0) + 1;
  const out = Buffer.allocUnsafe(length);
  out.writeInt32LE(length, 0);
  let at = 4;
  at += head.copy(out, at);
  if (id) {
    out[at] = 0x03;
    out[at + 1] = 0x6b; // k
    out[at + 2] = 0;
    out.writeInt32LE(4 + id.length + 1, at + 3);
    at += 7;
    at += id.copy(out, at);
    out[at++] = 0;
  }
  if (rest) at += rest.copy(out, at);
  if (update) at += update.copy(out, at);
  if (doc) {
    out[at] = 0x08; // f: true
    out[at + 1] = 0x66;
    out[at + 2] = 0;
    out[at + 3] = 1;
    at += 4;
  }
  out[at] = 0;
  return out;
}

/** The elements of a document's BSON, without its length and terminator. */
function serializedElements(fields: Document): Buffer {
  const encoded = Buffer.from(BSON.serialize(fields, BSON_OPTIONS));
  return encoded.subarray(4, encoded.length - 1);
}

export class ChangeLog {
  /** The write transaction's record: its parts, in order, and how many changes it holds. */
  private parts: Uint8Array[] = [];
  private count = 0;
  private session: { lsid: Document; txnNumber: bigint } | undefined;
  /** The record's namespaces, by `db\0coll` (coll '' for a whole database's change). */
  private namespaces = new Map<string, { d: string; c?: string }>();

  constructor(
    private readonly db: Database<Buffer, Buffer>,
    private readonly meta: Database<unknown, string>,
  ) {
    // After a restart, the next cluster time must still come after every logged one, or resumed streams would miss
    // changes logged later under an earlier time.
    for (const key of this.db.getKeys({ reverse: true, limit: 1 })) observeClusterTime(timeOfKey(key));
  }

  /** Starts a write transaction's record (called inside the LMDB write transaction). */
  begin(): void {
    this.parts = [];
    this.count = 0;
    this.session = undefined;
    this.namespaces.clear();
  }

  /** The changes logged from now on in this transaction were made by a multi-document transaction of this session. */
  setSession(lsid: Document, txnNumber: bigint): void {
    this.session = { lsid, txnNumber };
  }

  append(entry: ChangeEntry, doc?: Uint8Array): void {
    this.parts.push(entryBytes(entry, doc));
    if (doc) this.parts.push(doc);
    this.count++;
    const name = `${entry.db}\0${entry.coll ?? ''}`;
    if (!this.namespaces.has(name)) this.namespaces.set(name, entry.coll === undefined ? { d: entry.db } : { d: entry.db, c: entry.coll });
  }

  /** Writes the transaction's record, if it logged anything (inside the LMDB transaction). Whether it did. */
  end(): boolean {
    if (this.count === 0) return false;
    const time = nextClusterTime();
    const head = BSON.serialize({ wall: new Date(), n: [...this.namespaces.values()], ...this.session }, BSON_OPTIONS);
    const value = Buffer.concat([head, ...this.parts]);
    this.db.putSync(recordKey(time), value);
    this.meta.putSync(BYTES, this.bytes() + RECORD_KEY_LENGTH + value.length);
    this.parts = [];
    return true;
  }

  bytes(): number {
    return (this.meta.get(BYTES) as number | undefined) ?? 0;
  }

  /**
   * The changes logged after `after` (a 12-byte key, exclusive) or from `from` (inclusive), in commit order. With
   * `sees`, a record none of whose namespaces it sees is passed over: the caller would drop each of its changes.
   */
  *read(start: { after?: Buffer; from?: Buffer }, snapshot?: Transaction, sees?: (db: string, coll: string | undefined) => boolean): Iterable<LoggedChange> {
    const position = start.after ?? start.from ?? Buffer.alloc(KEY_LENGTH);
    const first = position.subarray(0, RECORD_KEY_LENGTH);
    for (const { key, value } of this.db.getRange({ start: first, transaction: snapshot })) {
      const headLength = value.readInt32LE(0);
      const head = BSON.deserialize(value.subarray(0, headLength), READ_OPTIONS);
      if (sees && Array.isArray(head.n) && !head.n.some((ns: { d: string; c?: string }) => sees(ns.d, ns.c))) continue;
      yield* this.changesOf(key, value, head, key.equals(first) ? position.readUInt32BE(8) + (start.after ? 1 : 0) : 0);
    }
  }

  private *changesOf(key: Buffer, value: Buffer, head: Document, fromPosition: number): Iterable<LoggedChange> {
    const time = timeOfKey(key);
    let offset = value.readInt32LE(0);
    let position = 0;
    while (offset < value.length) {
      const length = value.readInt32LE(offset);
      const entry = BSON.deserialize(value.subarray(offset, offset + length), READ_OPTIONS);
      offset += length;
      let doc: Buffer | undefined;
      if (entry.f) {
        const docLength = value.readInt32LE(offset);
        doc = value.subarray(offset, offset + docLength);
        offset += docLength;
      }
      if (position >= fromPosition) {
        yield {
          key12: changeKey(time, position),
          time,
          wall: head.wall,
          lsid: head.lsid,
          txnNumber: head.txnNumber,
          op: entry.o,
          db: entry.d,
          coll: entry.c,
          key: entry.k,
          ud: entry.u,
          to: entry.t,
          doc,
        };
      }
      position++;
    }
  }

  /** The last key removed to keep the log within its size: a stream cannot resume from before it. */
  trimmedTo(): Buffer | undefined {
    const value = this.meta.get(TRIMMED) as Uint8Array | undefined;
    return value ? keyAfterTime(timeOfKey(Buffer.from(value))) : undefined;
  }

  /**
   * Removes the oldest records while the log is larger than `maxBytes`, at most `batch` of them (the caller runs it
   * in a write transaction, and again on its next pass). Returns how many were removed.
   */
  trim(maxBytes: number, batch: number): number {
    let bytes = this.bytes();
    let removed = 0;
    let last: Buffer | undefined;
    for (const { key, value } of this.db.getRange({})) {
      if (bytes <= maxBytes || removed >= batch) break;
      this.db.removeSync(key);
      bytes -= RECORD_KEY_LENGTH + value.length;
      last = Buffer.from(key);
      removed++;
    }
    if (last) {
      this.meta.putSync(BYTES, Math.max(0, bytes));
      this.meta.putSync(TRIMMED, last);
    }
    return removed;
  }

  /** The key that sorts after every change logged so far: where a stream that has read everything stands. */
  highWaterKey(): Buffer {
    return keyAfterTime(currentClusterTime());
  }
}
