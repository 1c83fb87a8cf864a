import type { Document } from 'bson';
import type { CollectionMeta, IndexMeta } from './catalog';
import type { ChangeEntry, ChangeLog } from './change-log';
import { indexEntries } from './index-keys';
import type { Counters, ScanRange } from './key-ranges';
import { encodeValue, exactlyComparable as keyDecidesEquality } from './sort-key';

/**
 * What the rest of the engine may ask of its storage: point gets, range scans and counts over a collection's
 * documents or an index, a write batch, read snapshots, and the change log. Ranges are given as values with
 * inclusive or exclusive ends; how keys are encoded (sort-key.ts, entry-keys.ts, index-keys.ts) stays inside this
 * folder, and where a caller needs a fact that follows from the encoding, a function here answers it.
 */

export type { CollectionMeta, IndexMeta } from './catalog';
export { checkNamespace, indexSpecs, nsOf } from './catalog';
export type { ChangeEntry, LoggedChange } from './change-log';
export { KEY_LENGTH as CHANGE_KEY_LENGTH, keyAtTime } from './change-log';
export type { Bound, Bracket, Counters, Interval, ScanRange } from './key-ranges';
export { bracketOf, countersFor, exactRange } from './key-ranges';

/** A document's key (from its `_id`): compared and used as a map key (latin1), never read. */
export type DocKey = Buffer;
/** A value's place in MongoDB's cross-type order, compared with compareOrder. */
export type OrderKey = Buffer;
/** One entry's key in an index, as unique checks compare them. */
export type IndexKey = Buffer;

/** A consistent read view, kept until `done()`. */
export interface Snapshot {
  done(): void;
}

export function docKeyOf(id: unknown): DocKey {
  return encodeValue(id);
}

export function orderKey(value: unknown): OrderKey {
  return encodeValue(value);
}

export const compareOrder: (a: OrderKey, b: OrderKey) => number = Buffer.compare;

/** MongoDB's cross-type comparison of two values (negative: `a` first). */
export function compareValues(a: unknown, b: unknown): number {
  return Buffer.compare(encodeValue(a), encodeValue(b));
}

/** The values in MongoDB's order, those it holds equal once. */
export function sortedDistinct(values: unknown[]): unknown[] {
  const keyed = new Map<string, { key: Buffer; value: unknown }>();
  for (const value of values) {
    const key = encodeValue(value);
    keyed.set(key.toString('latin1'), { key, value });
  }
  return [...keyed.values()].sort((a, b) => Buffer.compare(a.key, b.key)).map(({ value }) => value);
}

/** Whether values equal in the order are equal for MongoDB, so that an index range can stand for an equality. */
export const exactlyComparable: (value: unknown) => boolean = keyDecidesEquality;

/** The keys a document holds in an index (none if the index leaves it out). */
export function indexKeysOf(index: IndexMeta, doc: Document): IndexKey[] {
  return indexEntries(index, doc).keys;
}

/** One index entry of a scan. */
export interface IndexEntry {
  id: DocKey;
  /**
   * Set on an entry whose key was too long to store whole: entries of the same group are in `_id` order among
   * themselves, not in their keys' order (a reader that needs it sorts them by their documents).
   */
  group?: Buffer;
  /** With `rest` asked: the entry's key after the range's equality values, to compare entries of several ranges. */
  rest?: OrderKey;
}

export interface IndexScan {
  reverse: boolean;
  snapshot?: Snapshot;
  /** Entries stepped over before the first yielded, inside the storage (none copied out). */
  offset?: number;
  rest?: boolean;
}

export interface Storage {
  readonly collections: ReadonlyMap<string, CollectionMeta>;
  /** Documents inserted, updated and deleted since start, counted when their batch commits. */
  readonly documentMetrics: { inserted: number; updated: number; deleted: number };
  /** Index keys and documents examined by queries since start. */
  readonly queryMetrics: { scanned: number; scannedObjects: number };
  readonly changeLog: ChangeLog;
  changeLogMaxBytes: number;

  // catalog
  createCollection(db: string, name: string, options?: Document): CollectionMeta;
  setOptions(meta: CollectionMeta, options: Document): void;
  renameCollection(meta: CollectionMeta, db: string, name: string): void;
  dropCollection(meta: CollectionMeta): void;
  dropDatabase(db: string): boolean;
  databaseNames(): string[];
  collectionsOf(db: string): CollectionMeta[];
  createIndexes(meta: CollectionMeta, specs: Document[]): void;
  dropIndex(meta: CollectionMeta, name: string): void;

  // reads
  getDoc(meta: CollectionMeta, id: DocKey, snapshot?: Snapshot): Buffer | undefined;
  /** The documents in `_id` order (reversed on request), within an interval of `_id` when given. */
  scanDocs(meta: CollectionMeta, range: ScanRange | undefined, reverse: boolean, snapshot?: Snapshot): Iterable<{ idKey: DocKey; bytes: Buffer }>;
  scanIndex(index: IndexMeta, range: ScanRange, scan: IndexScan): Iterable<IndexEntry>;
  /** The documents holding exactly `key` in the index. */
  holders(meta: CollectionMeta, index: IndexMeta, key: IndexKey, snapshot?: Snapshot): Iterable<DocKey>;

  // counts
  countDocs(meta: CollectionMeta, snapshot?: Snapshot): number;
  /** The entries within the range, counted one by one inside the storage. */
  countEntries(index: IndexMeta, range: ScanRange, snapshot?: Snapshot): number;
  /** The entries within the range from the index's counters (see countersFor); undefined when they cannot say. */
  countByCounters(index: IndexMeta, range: ScanRange, counters: Counters, snapshot?: Snapshot): number | undefined;
  sizes(meta: CollectionMeta): { count: number; dataBytes: number; indexBytes: Map<string, number> };
  fileBytes(): number;
  isEmpty(): boolean;

  // the write batch: everything `action` writes commits atomically, or nothing if it throws
  write<T>(action: () => T): T;
  insert(meta: CollectionMeta, doc: Document, bytes?: Buffer): void;
  put(meta: CollectionMeta, doc: Document, previous: Document | undefined, kind?: 'update' | 'replace'): void;
  remove(meta: CollectionMeta, doc: Document): void;
  unlogged<T>(action: () => T): T;
  logChange(entry: ChangeEntry, doc?: Uint8Array): void;
  onChange(listener: () => void): () => void;
  trimChanges(maxBytes?: number): number;
  saveRetry(session: string, txnNumber: bigint, reply: Document): void;
  loadRetry(session: string): { txnNumber: bigint; reply: Document } | undefined;
  expireRetries(before: number): number;

  // snapshots
  /** A snapshot for a multi-document transaction, with the write sequence it was taken at. */
  openSnapshot(): { snapshot: Snapshot; seq: number };
  closeSnapshot(snapshot: Snapshot): void;
  /** A snapshot for a cursor read over several requests (`done()` it when the cursor ends). */
  readSnapshot(): Snapshot;
  /** Write sequence of the last change to a document while a transaction is open (0: none). */
  lastChange(meta: CollectionMeta, id: DocKey): number;

  durable(): Promise<void>;
  close(): Promise<void>;
  backup(file: string): Promise<number>;
}
