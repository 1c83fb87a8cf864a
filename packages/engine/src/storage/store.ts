import fs from 'node:fs';
import path from 'node:path';
import { BSON, type Document } from 'bson';
import { open, TransactionFlags, type Database, type RootDatabase, type Transaction } from 'lmdb';
import { EngineError } from '../errors';
import { duplicateKeyError, ID_INDEX_NAME } from '../index-spec';
import { originalBytes } from '../raw-bson';
import { describeUpdate } from '../update-description';
import { ChangeLog, type ChangeEntry } from './change-log';
import { checkNamespace, collectionMeta, indexMeta, nsOf, storedCollection, type CollectionMeta, type IndexMeta, type StoredCollection } from './catalog';
import { entryBound, entryId, entryValue, cutRange, LMDB_MAX_KEY, longEntryKey, storedWhole, WHOLE_KEY_BYTES } from './entry-keys';
import { indexEntries } from './index-keys';
import { withNumberTypes } from './number-types';
import { AFTER, encodeValue } from './sort-key';

/**
 * The data directory as one LMDB environment (`data.mdb`, `lock.mdb`) with four databases:
 * - `docs`: `collection id (4 bytes) + sort key of _id` → the document as BSON (stored once);
 * - `entries`: `index id (4 bytes) + index key + sort key of _id` → sort key of _id, in MongoDB's order (a key too
 *   long for LMDB is stored cut: see entry-keys.ts);
 * - `counts`: `collection id` → its number of documents, and `index id + leading fields of a key` → how many
 *   entries start so, so that counting an account's documents (or those of an account and a status) is one read;
 * - `catalog`: namespace → the collection's options and index specs; `meta`: id counter and format version;
 * - `retries`: session id → its last retryable write (txnNumber, time, reply), as MongoDB's config.transactions;
 * - `changes`: every committed change in commit order, for change streams (see change-log.ts).
 *
 * Writes run in synchronous LMDB transactions (one per write command or committed multi-document transaction),
 * so a command's reads and writes see one consistent state and nothing interleaves. The commit is visible and
 * survives a crash of this process at once; `durable()` resolves when it is also flushed to disk (LMDB's
 * overlapping sync), and every write is acknowledged only after that.
 */

const WRITE_FLAGS = TransactionFlags.ABORTABLE | TransactionFlags.SYNCHRONOUS_COMMIT | TransactionFlags.NO_SYNC_FLUSH;
const NO_OVERWRITE = { noOverwrite: true } as const;
/**
 * 1: every index key stored whole; 2: some stored cut (entry-keys.ts), entries an engine reading format 1 only would
 * take for missing documents, so it refuses the directory instead. A directory becomes format 2 with its first cut
 * entry; format 1 directories open as they are.
 */
const FORMAT_VERSIONS = [1, 2];
const CUT_KEYS_FORMAT = 2;
export const DEFAULT_CHANGE_LOG_MB = 128;
/** Address space reserved for the map; the file only grows as data does. */
const MAP_SIZE = 64 * 1024 ** 3;

export type Snapshot = Transaction | undefined;

type Entries = Array<{ index: IndexMeta } & ReturnType<typeof indexEntries>>;

export interface KeyRange {
  start: Buffer;
  end: Buffer;
}

const prefixes = new Map<number, Buffer>();

/** The 4-byte big-endian id that starts a collection's or an index's keys (shared, never modified). */
function prefix(id: number): Buffer {
  let bytes = prefixes.get(id);
  if (!bytes) {
    bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(id);
    prefixes.set(id, bytes);
  }
  return bytes;
}

/** The same prefix as a latin1 string, as counter keys are accumulated during a write. */
const prefixKeys = new Map<number, string>();

function prefixKey(id: number): string {
  let key = prefixKeys.get(id);
  if (key === undefined) {
    key = prefix(id).toString('latin1');
    prefixKeys.set(id, key);
  }
  return key;
}

/**
 * LMDB copies a key into its own buffer when it writes, so the keys of a write are assembled in one scratch buffer
 * instead of a new one each (an insert writes a document key and one key per index entry).
 */
const scratch = Buffer.allocUnsafe(4096);

/** Views of the scratch buffer by length, made once each: a view per write would be one more object per key. */
const scratchViews: Buffer[] = [];

/** `parts` joined, in the scratch buffer when they fit (valid until the next call). */
function joined(a: Buffer, b: Buffer, c?: Buffer): Buffer {
  const length = a.length + b.length + (c ? c.length : 0);
  if (length > scratch.length) return Buffer.concat(c ? [a, b, c] : [a, b]);
  scratch.set(a, 0);
  scratch.set(b, a.length);
  if (c) scratch.set(c, a.length + b.length);
  let view = scratchViews[length];
  if (!view) {
    view = scratch.subarray(0, length);
    scratchViews[length] = view;
  }
  return view;
}

function markMultikey(index: IndexMeta, field: number): void {
  index.multikey = true;
  index.multikeyFields[field] = true;
}

function after(bytes: Buffer): Buffer {
  return Buffer.concat([bytes, Buffer.from([AFTER])]);
}

export class Store {
  readonly collections = new Map<string, CollectionMeta>();
  /** Bumped by every write transaction; multi-document transactions compare it to detect write conflicts. */
  seq = 0;
  private openTransactions = 0;
  /** Document key → seq of its last change, kept only while a multi-document transaction is open. */
  private readonly changes = new Map<string, number>();
  /** Per index id, the last counter key made at each position of its leading parts (see countKey). */
  private readonly recentCountKeys = new Map<number, Array<{ bytes: Buffer; key: string }>>();
  /** Counter changes of the write transaction under way, saved once at its end (latin1 key → delta). */
  private countDeltas: Map<string, number> | undefined;
  readonly changeLog: ChangeLog;
  /** The change log is trimmed, oldest changes first, to stay within this size (mongod's `--oplogSizeMB`). */
  changeLogMaxBytes = DEFAULT_CHANGE_LOG_MB * 1024 * 1024;
  /** While false, writes log no change (a transaction's commit logs its own statements, in their order). */
  private logging = true;
  /** Called after each write transaction that logged a change has committed (change streams waiting for one). */
  private readonly changeListeners = new Set<() => void>();
  /**
   * Documents written since the engine started, as MongoDB's `serverStatus.metrics.document`, counted when their
   * LMDB transaction commits (a refused or aborted write counts nothing): tests assert with them that reads write
   * nothing.
   */
  readonly documentMetrics = { inserted: 0, updated: 0, deleted: 0 };
  /** Index keys and documents examined by queries since the engine started (`serverStatus.metrics.queryExecutor`). */
  readonly queryMetrics = { scanned: 0, scannedObjects: 0 };
  private pendingMetrics = { inserted: 0, updated: 0, deleted: 0 };
  private trimScheduled = false;

  private constructor(
    private readonly env: RootDatabase,
    private readonly docs: Database<Buffer, Buffer>,
    private readonly entries: Database<Buffer, Buffer>,
    private readonly counts: Database<number, Buffer>,
    private readonly catalog: Database<Buffer, string>,
    private readonly meta: Database<unknown, string>,
    private readonly retries: Database<Buffer, string>,
    changes: Database<Buffer, Buffer>,
  ) {
    this.changeLog = new ChangeLog(changes, meta);
  }

  static open(dir: string): Store {
    // A directory, even one named with a dot (`app.data`), which lmdb would otherwise take for a file.
    const env = open({ path: dir, noSubdir: false, maxDbs: 8, mapSize: MAP_SIZE, overlappingSync: true });
    const binary = { keyEncoding: 'binary', encoding: 'binary' } as const;
    const store = new Store(
      env,
      env.openDB<Buffer, Buffer>('docs', binary),
      env.openDB<Buffer, Buffer>('entries', binary),
      env.openDB<number, Buffer>('counts', { keyEncoding: 'binary', encoding: 'msgpack' }),
      env.openDB<Buffer, string>('catalog', { encoding: 'binary' }),
      env.openDB<unknown, string>('meta', { encoding: 'msgpack' }),
      env.openDB<Buffer, string>('retries', { encoding: 'binary' }),
      env.openDB<Buffer, Buffer>('changes', binary),
    );
    const version = store.meta.get('format');
    if (version !== undefined && !FORMAT_VERSIONS.includes(version as number)) {
      throw new Error(`data directory ${dir} has storage format ${String(version)}; this engine reads formats ${FORMAT_VERSIONS.join(' and ')}`);
    }
    for (const { value } of store.catalog.getRange()) {
      const meta = collectionMeta(BSON.deserialize(value) as StoredCollection);
      store.collections.set(nsOf(meta), meta);
    }
    return store;
  }

  /**
   * A consistent copy of the whole store in one file, taken while writes go on: LMDB copies the snapshot of one read
   * transaction, compacted (free pages left out). The file is a data directory's `data.mdb`, readable by its owner only.
   */
  async backup(file: string): Promise<number> {
    const dir = fs.mkdtempSync(path.join(path.dirname(file), '.backup-'));
    try {
      await this.env.backup(dir, true);
      fs.renameSync(path.join(dir, 'data.mdb'), file);
      fs.chmodSync(file, 0o600);
      return fs.statSync(file).size;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  async close(): Promise<void> {
    await this.env.flushed;
    await this.env.close();
  }

  /** Resolves when every committed write is flushed to disk. */
  async durable(): Promise<void> {
    await this.env.flushed;
  }

  isEmpty(): boolean {
    return this.collections.size === 0 && this.docs.getKeysCount({ limit: 1 }) === 0;
  }

  /** Runs `action` in one LMDB write transaction (nested calls join the outer one); an exception aborts it. */
  write<T>(action: () => T): T {
    if (this.countDeltas) return action();
    let logged = false;
    this.pendingMetrics = { inserted: 0, updated: 0, deleted: 0 };
    const result = this.env.transactionSync(() => {
      this.seq++;
      this.countDeltas = new Map();
      this.changeLog.begin();
      try {
        const result = action();
        this.saveCounts(this.countDeltas);
        logged = this.changeLog.end();
        return result;
      } finally {
        this.countDeltas = undefined;
      }
    }, WRITE_FLAGS);
    this.documentMetrics.inserted += this.pendingMetrics.inserted;
    this.documentMetrics.updated += this.pendingMetrics.updated;
    this.documentMetrics.deleted += this.pendingMetrics.deleted;
    if (logged) {
      for (const listener of [...this.changeListeners]) listener();
      // Trimmed soon after the write that outgrew the bound (a large import), not only on the next sweep.
      if (!this.trimScheduled && this.changeLog.bytes() > this.changeLogMaxBytes) {
        this.trimScheduled = true;
        setImmediate(() => {
          this.trimScheduled = false;
          try {
            this.trimChanges();
          } catch {
            // The store closed meanwhile; otherwise the next sweep trims.
          }
        });
      }
    }
    return result;
  }

  /** Runs `action` (inside write()) without logging its changes: the caller logs them itself. */
  unlogged<T>(action: () => T): T {
    this.logging = false;
    try {
      return action();
    } finally {
      this.logging = true;
    }
  }

  /** Logs a change (inside write()). */
  logChange(entry: ChangeEntry, doc?: Uint8Array): void {
    if (this.logging) this.changeLog.append(entry, doc);
  }

  /** `listener` is called after every committed write that logged a change; the returned function stops it. */
  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** A read snapshot for a multi-document transaction, which also starts recording changes for validation. */
  openSnapshot(): { snapshot: Transaction; seq: number } {
    this.openTransactions++;
    return { snapshot: this.env.useReadTransaction(), seq: this.seq };
  }

  /** A read snapshot for a cursor read over several requests (`done()` it when the cursor ends). */
  readSnapshot(): Transaction {
    return this.env.useReadTransaction();
  }

  closeSnapshot(snapshot: Transaction): void {
    snapshot.done();
    if (--this.openTransactions === 0) this.changes.clear();
  }

  /** Seq of the last change to a document (0: none since the oldest open transaction began). */
  lastChange(meta: CollectionMeta, idKey: Buffer): number {
    return this.changes.get(this.docKey(meta, idKey).toString('latin1')) ?? 0;
  }

  // ---- catalog ----

  createCollection(db: string, name: string, options: Document = {}): CollectionMeta {
    const existing = this.collections.get(`${db}.${name}`);
    if (existing) return existing;
    checkNamespace(db, name);
    return this.write(() => {
      const meta: CollectionMeta = { id: this.allocateId(), db, name, options, indexes: new Map() };
      this.saveCollection(meta);
      if (this.meta.get('format') === undefined) this.meta.putSync('format', 1);
      this.collections.set(nsOf(meta), meta);
      return meta;
    });
  }

  /** Replaces a collection's options (`collMod`). */
  setOptions(meta: CollectionMeta, options: Document): void {
    this.write(() => {
      meta.options = options;
      this.saveCollection(meta);
    });
  }

  /** Gives a collection another namespace: its documents and indexes live under its id, which does not change. */
  renameCollection(meta: CollectionMeta, db: string, name: string): void {
    checkNamespace(db, name);
    this.write(() => {
      this.logChange({ op: 'rename', db: meta.db, coll: meta.name, to: { db, coll: name } });
      this.catalog.removeSync(nsOf(meta));
      this.collections.delete(nsOf(meta));
      meta.db = db;
      meta.name = name;
      this.saveCollection(meta);
      this.collections.set(nsOf(meta), meta);
    });
  }

  dropCollection(meta: CollectionMeta): void {
    this.write(() => {
      this.removeRange(this.docs, this.collectionRange(meta));
      this.counts.removeSync(prefix(meta.id));
      for (const index of meta.indexes.values()) this.removeIndexData(index);
      this.catalog.removeSync(nsOf(meta));
      this.logChange({ op: 'drop', db: meta.db, coll: meta.name });
    });
    this.collections.delete(nsOf(meta));
  }

  /** Drops every collection of a database in one transaction; false if it had none. */
  dropDatabase(db: string): boolean {
    const collections = this.collectionsOf(db);
    if (collections.length === 0) return false;
    this.write(() => {
      for (const meta of collections) this.dropCollection(meta);
      this.logChange({ op: 'dropDatabase', db });
    });
    return true;
  }

  databaseNames(): string[] {
    return [...new Set([...this.collections.values()].map((meta) => meta.db))];
  }

  collectionsOf(db: string): CollectionMeta[] {
    return [...this.collections.values()].filter((meta) => meta.db === db);
  }

  /** Builds the indexes over the collection's documents and registers them, all in one transaction. */
  createIndexes(meta: CollectionMeta, specs: Document[]): void {
    this.write(() => {
      const built = specs.map((spec) => indexMeta(this.allocateId(), spec));
      for (const { value } of this.docs.getRange(this.collectionRange(meta))) {
        const doc = BSON.deserialize(value);
        const idKey = encodeValue(doc._id);
        for (const index of built) this.addEntries(meta, index, doc, idKey);
      }
      for (const index of built) meta.indexes.set(index.name, index);
      this.saveCollection(meta);
    });
  }

  dropIndex(meta: CollectionMeta, name: string): void {
    const index = meta.indexes.get(name);
    if (!index) return;
    this.write(() => {
      this.removeIndexData(index);
      meta.indexes.delete(name);
      this.saveCollection(meta);
    });
  }

  // ---- reads ----

  getDoc(meta: CollectionMeta, idKey: Buffer, snapshot?: Snapshot): Buffer | undefined {
    const key = this.docKey(meta, idKey);
    // No stored key is longer than LMDB takes: a longer one names nothing.
    if (key.length > LMDB_MAX_KEY) return undefined;
    return this.docs.get(key, snapshot ? { transaction: snapshot } : undefined);
  }

  hasDoc(meta: CollectionMeta, idKey: Buffer): boolean {
    const key = this.docKey(meta, idKey);
    return key.length <= LMDB_MAX_KEY && this.docs.doesExist(key);
  }

  /** The collection's documents in `_id` order (reversed on request). */
  *scanDocs(meta: CollectionMeta, range: KeyRange | undefined, reverse: boolean, snapshot?: Snapshot): Iterable<{ idKey: Buffer; bytes: Buffer }> {
    const base = prefix(meta.id);
    const bounds = range ? { start: Buffer.concat([base, range.start]), end: Buffer.concat([base, range.end]) } : this.collectionRange(meta);
    for (const { key, value } of this.docs.getRange(rangeOptions(bounds, reverse, snapshot))) {
      yield { idKey: key.subarray(4), bytes: value };
    }
  }

  /**
   * The index entries within `range` (index key bytes without the prefix), as stored (see entry-keys.ts: `entryId`
   * of the value is the `_id` sort key). A bound longer than a whole key widens the range (entryBound).
   */
  scanIndex(index: IndexMeta, range: KeyRange, reverse: boolean, snapshot?: Snapshot, offset = 0): Iterable<{ key: Buffer; value: Buffer }> {
    const base = prefix(index.id);
    const start = entryBound(Buffer.concat([base, range.start]), 'start');
    const end = entryBound(Buffer.concat([base, range.end]), 'end');
    // `offset` entries are stepped over by LMDB's cursor itself, none of them copied out (a deep page's skip).
    return this.entries.getRange({ ...rangeOptions({ start, end }, reverse, snapshot), ...(offset > 0 ? { offset } : {}) });
  }

  /** How many entries are within `range` (whose bounds the caller knows to be exact: see exactBound). */
  countIndex(index: IndexMeta, range: KeyRange, snapshot?: Snapshot): number {
    const base = prefix(index.id);
    const start = entryBound(Buffer.concat([base, range.start]), 'start');
    return this.entries.getKeysCount({ start, end: entryBound(Buffer.concat([base, range.end]), 'end'), transaction: snapshot });
  }

  /**
   * The `_id` sort keys of the documents holding exactly `key` in the index. A key stored cut is compared with the
   * whole keys of the documents whose entries are cut to the same bytes (each one read and decoded).
   */
  *holders(meta: CollectionMeta, index: IndexMeta, key: Buffer, snapshot?: Snapshot): Iterable<Buffer> {
    const base = prefix(index.id);
    if (key.length <= WHOLE_KEY_BYTES) {
      const start = Buffer.concat([base, key]);
      for (const { value } of this.entries.getRange({ start, end: after(start), transaction: snapshot })) yield value;
      return;
    }
    for (const { value } of this.entries.getRange({ ...cutRange(base, key), transaction: snapshot })) {
      const idKey = entryId(value);
      const bytes = this.getDoc(meta, idKey, snapshot);
      if (bytes && indexEntries(index, BSON.deserialize(bytes)).keys.some((held) => held.equals(key))) yield idKey;
    }
  }

  /**
   * How many entries are within `range` from the counters of the index's two-field leading parts, when those are at
   * most `most` (else undefined: stepping over the entries costs less). The caller knows that the range bounds only
   * its first two fields and that every entry in it has a counter (a leading part short enough to be counted).
   */
  sumCounters(index: IndexMeta, range: KeyRange, most: number, snapshot?: Snapshot): number | undefined {
    if (this.countDeltas) return undefined;
    const base = prefix(index.id);
    const bounds = { start: Buffer.concat([base, range.start]), end: Buffer.concat([base, range.end]), transaction: snapshot };
    if (this.counts.getKeysCount({ ...bounds, limit: most + 1 }) > most) return undefined;
    let n = 0;
    for (const { value } of this.counts.getRange(bounds)) n += value;
    return n;
  }

  countDocs(meta: CollectionMeta, snapshot?: Snapshot): number {
    return this.readCount(prefix(meta.id), snapshot);
  }

  /** How many entries of the index begin with these leading fields (fewer than all of the index's fields). */
  countPrefix(index: IndexMeta, leading: Buffer, snapshot?: Snapshot): number {
    return this.readCount(Buffer.concat([prefix(index.id), leading]), snapshot);
  }

  private readCount(key: Buffer, snapshot?: Snapshot): number {
    const stored = key.length > LMDB_MAX_KEY ? 0 : (this.counts.get(key, { transaction: snapshot }) ?? 0);
    return snapshot ? stored : stored + (this.countDeltas?.get(key.toString('latin1')) ?? 0);
  }

  /**
   * Counts, and byte sizes estimated from the first entries (reading every document of a large collection to
   * answer a tool's overview would take seconds): documents, and each index's entries.
   */
  sizes(meta: CollectionMeta): { count: number; dataBytes: number; indexBytes: Map<string, number> } {
    const count = this.countDocs(meta);
    const dataBytes = estimate(this.docs, this.collectionRange(meta), count);
    const indexBytes = new Map<string, number>([[ID_INDEX_NAME, count * 24]]);
    for (const index of meta.indexes.values()) {
      const range = this.indexRange(index);
      // A fresh options object: getKeysCount marks the one it is given as counting only.
      indexBytes.set(index.name, estimate(this.entries, range, this.entries.getKeysCount({ ...range })));
    }
    return { count, dataBytes, indexBytes };
  }

  fileBytes(): number {
    const stats = this.env.getStats() as { pageSize?: number; lastPageNumber?: number; treeDepth?: number };
    return (stats.pageSize ?? 4096) * ((stats.lastPageNumber ?? 0) + 1);
  }

  // ---- retryable writes ----

  /** Stores the reply of a session's retryable write (inside the write() of that write, so with its changes). */
  saveRetry(session: string, txnNumber: bigint, reply: Document): void {
    const record = BSON.serialize({ txnNumber: txnNumber.toString(), reply }, { ignoreUndefined: true });
    const value = Buffer.allocUnsafe(8 + record.length);
    value.writeDoubleBE(Date.now(), 0);
    value.set(record, 8);
    this.retries.putSync(session, value);
  }

  /** The last retryable write stored for a session: its txnNumber and its reply. */
  loadRetry(session: string): { txnNumber: bigint; reply: Document } | undefined {
    const value = this.retries.get(session);
    if (!value) return undefined;
    const record = BSON.deserialize(value.subarray(8), { promoteLongs: true, promoteValues: true });
    return { txnNumber: BigInt(record.txnNumber), reply: record.reply as Document };
  }

  /** Forgets the retryable writes of sessions that wrote nothing since `before` (ms since the epoch). */
  expireRetries(before: number): number {
    const stale: string[] = [];
    for (const { key, value } of this.retries.getRange()) if (value.readDoubleBE(0) < before) stale.push(key);
    if (stale.length) {
      this.write(() => {
        for (const key of stale) this.retries.removeSync(key);
      });
    }
    return stale.length;
  }

  // ---- writes (inside write()) ----

  /**
   * Stores a new document. A taken `_id` or unique key refuses it and leaves no trace: the `_id` is claimed by the
   * document write itself (LMDB's no-overwrite put, one B-tree descent instead of a lookup and a put). With `bytes`
   * given, `doc` need only hold `_id` and the fields the collection's indexes read.
   */
  insert(meta: CollectionMeta, doc: Document, bytes = originalBytes(doc) ?? Buffer.from(BSON.serialize(doc))): void {
    const idKey = encodeValue(doc._id);
    checkIdKey(idKey);
    if (!this.claim(joined(prefix(meta.id), idKey), bytes)) throw duplicateKeyError(nsOf(meta), ID_INDEX_NAME, { _id: 1 }, doc);
    let entries: Entries;
    try {
      entries = this.entriesOf(meta, doc, idKey);
    } catch (error) {
      this.docs.removeSync(this.docKey(meta, idKey));
      throw error;
    }
    this.addCount(prefixKey(meta.id), 1);
    this.writeEntries(meta, entries, idKey);
    this.recordChange(meta, idKey);
    this.pendingMetrics.inserted++;
    this.logChange({ op: 'insert', db: meta.db, coll: meta.name, key: { _id: doc._id } }, bytes);
  }

  /**
   * Writes a key that must not exist yet. lmdb's putSync reports whether a conditional put took place (its typings
   * say void): were that to change, every insert would be refused and the suites would fail, never a silent
   * overwrite.
   */
  private claim(key: Buffer, bytes: Buffer): boolean {
    return (this.docs.putSync(key, bytes, NO_OVERWRITE) as unknown) === true;
  }

  /**
   * Stores a document (`previous`: the committed version it replaces, if any), keeping index entries in step.
   * Unique keys are checked before anything is written, so a refused document leaves no trace.
   */
  put(meta: CollectionMeta, doc: Document, previous: Document | undefined, kind: 'update' | 'replace' = 'replace'): void {
    const idKey = encodeValue(doc._id);
    checkIdKey(idKey);
    const entries = this.entriesOf(meta, doc, idKey);
    const bytes = originalBytes(doc) ?? this.encode(meta, idKey, doc, previous);
    if (previous) this.removeEntries(meta, previous, idKey);
    else this.addCount(prefixKey(meta.id), 1);
    this.docs.putSync(this.docKey(meta, idKey), bytes);
    this.writeEntries(meta, entries, idKey);
    this.recordChange(meta, idKey);
    if (previous) this.pendingMetrics.updated++;
    else this.pendingMetrics.inserted++;
    if (!this.logging) return;
    const where = { db: meta.db, coll: meta.name, key: { _id: doc._id } };
    if (!previous) this.logChange({ op: 'insert', ...where }, bytes);
    else if (kind === 'update') this.logChange({ op: 'update', ...where, ud: describeUpdate(previous, doc) });
    else this.logChange({ op: 'replace', ...where }, bytes);
  }

  /**
   * The index entries of a document, refused (DuplicateKey) if a unique one is held by another document. Unique
   * indexes come first: a refused document (a file imported again) costs no other index's keys.
   */
  private entriesOf(meta: CollectionMeta, doc: Document, idKey: Buffer): Entries {
    const entries: Entries = [];
    for (const index of meta.indexes.values()) {
      if (!index.unique) continue;
      const entry = { index, ...indexEntries(index, doc) };
      for (const key of entry.keys) {
        if (this.firstOwner(meta, index, key, idKey)) throw duplicateKeyError(nsOf(meta), index.name, index.spec.key, doc);
      }
      entries.push(entry);
    }
    for (const index of meta.indexes.values()) if (!index.unique) entries.push({ index, ...indexEntries(index, doc) });
    return entries;
  }

  private writeEntries(meta: CollectionMeta, entries: Entries, idKey: Buffer): void {
    let catalogChanged = false;
    for (const { index, keys, prefixes, arrayAt } of entries) {
      const base = prefix(index.id);
      for (const key of keys) this.putEntry(base, key, idKey);
      for (let i = 0; i < prefixes.length; i++) this.addCount(this.countKey(index.id, i, prefixes[i]), 1);
      if (arrayAt !== undefined && !index.multikeyFields[arrayAt]) {
        markMultikey(index, arrayAt);
        catalogChanged = true;
      }
    }
    if (catalogChanged) this.saveCollection(meta);
  }

  remove(meta: CollectionMeta, doc: Document): void {
    const idKey = encodeValue(doc._id);
    this.removeEntries(meta, doc, idKey);
    this.addCount(prefixKey(meta.id), -1);
    this.docs.removeSync(this.docKey(meta, idKey));
    this.recordChange(meta, idKey);
    this.pendingMetrics.deleted++;
    this.logChange({ op: 'delete', db: meta.db, coll: meta.name, key: { _id: doc._id } });
  }

  /** The BSON of a document; an update keeps the numeric types of the version it replaces. */
  private encode(meta: CollectionMeta, idKey: Buffer, doc: Document, previous: Document | undefined): Buffer {
    const stored = previous ? this.getDoc(meta, idKey) : undefined;
    const typed = stored ? withNumberTypes(doc, BSON.deserialize(stored, { promoteValues: false })) : doc;
    return Buffer.from(BSON.serialize(typed as Document));
  }

  /** The id key of another document holding `key` in a unique index, if any. */
  private firstOwner(meta: CollectionMeta, index: IndexMeta, key: Buffer, idKey: Buffer): Buffer | undefined {
    for (const owner of this.holders(meta, index, key)) if (!owner.equals(idKey)) return owner;
    return undefined;
  }

  private addEntries(meta: CollectionMeta, index: IndexMeta, doc: Document, idKey: Buffer): void {
    const { keys, prefixes, arrayAt } = indexEntries(index, doc);
    for (const leading of prefixes) this.addCount(prefixKey(index.id) + leading.toString('latin1'), 1);
    for (const key of keys) {
      if (index.unique && this.firstOwner(meta, index, key, idKey)) {
        throw duplicateKeyError(nsOf(meta), index.name, index.spec.key, doc);
      }
      this.putEntry(prefix(index.id), key, idKey);
    }
    if (arrayAt !== undefined) markMultikey(index, arrayAt);
  }

  private putEntry(base: Buffer, key: Buffer, idKey: Buffer): void {
    const value = entryValue(key, idKey);
    if (value !== idKey && this.meta.get('format') !== CUT_KEYS_FORMAT) this.meta.putSync('format', CUT_KEYS_FORMAT);
    this.entries.putSync(entryKey(base, key, idKey), value);
  }

  private removeEntries(meta: CollectionMeta, doc: Document, idKey: Buffer): void {
    for (const index of meta.indexes.values()) {
      const { keys, prefixes } = indexEntries(index, doc);
      for (const key of keys) this.entries.removeSync(entryKey(prefix(index.id), key, idKey));
      for (const leading of prefixes) this.addCount(prefixKey(index.id) + leading.toString('latin1'), -1);
    }
  }

  /**
   * The counter key (latin1) of an index's leading part. Consecutive documents mostly share their leading parts
   * (one account's documents), so the last key made at each position is reused when the bytes are the same: the
   * same string object, whose hash the counter map has already computed, instead of a new string per document.
   */
  private countKey(indexId: number, position: number, leading: Buffer): string {
    let recent = this.recentCountKeys.get(indexId);
    if (!recent) {
      recent = [];
      this.recentCountKeys.set(indexId, recent);
    }
    const last = recent[position];
    if (last && last.bytes.length === leading.length) {
      let i = 0;
      while (i < leading.length && last.bytes[i] === leading[i]) i++;
      if (i === leading.length) return last.key;
    }
    const key = prefixKey(indexId) + leading.toString('latin1');
    recent[position] = { bytes: Buffer.from(leading), key };
    return key;
  }

  /** `name`: the counter's key as a latin1 string. */
  private addCount(name: string, delta: number): void {
    this.countDeltas!.set(name, (this.countDeltas!.get(name) ?? 0) + delta);
  }

  private saveCounts(deltas: Map<string, number>): void {
    for (const [name, delta] of deltas) {
      if (delta === 0) continue;
      const key = Buffer.from(name, 'latin1');
      const next = (this.counts.get(key) ?? 0) + delta;
      if (next > 0) this.counts.putSync(key, next);
      else this.counts.removeSync(key);
    }
  }

  private removeIndexData(index: IndexMeta): void {
    this.removeRange(this.entries, this.indexRange(index));
    this.removeRange(this.counts, this.indexRange(index));
  }

  private recordChange(meta: CollectionMeta, idKey: Buffer): void {
    if (this.openTransactions > 0) this.changes.set(this.docKey(meta, idKey).toString('latin1'), this.seq);
  }

  private docKey(meta: CollectionMeta, idKey: Buffer): Buffer {
    return Buffer.concat([prefix(meta.id), idKey]);
  }

  private collectionRange(meta: CollectionMeta): KeyRange {
    return { start: prefix(meta.id), end: prefix(meta.id + 1) };
  }

  private indexRange(index: IndexMeta): KeyRange {
    return { start: prefix(index.id), end: prefix(index.id + 1) };
  }

  private removeRange(db: Database<unknown, Buffer>, range: KeyRange): void {
    for (const key of [...db.getKeys(range)]) db.removeSync(key);
  }

  private saveCollection(meta: CollectionMeta): void {
    this.catalog.putSync(nsOf(meta), Buffer.from(BSON.serialize(storedCollection(meta))));
  }

  /** Keeps the change log within `maxBytes`, a batch of its oldest changes at a time. */
  trimChanges(maxBytes = this.changeLogMaxBytes): number {
    if (this.changeLog.bytes() <= maxBytes) return 0;
    return this.write(() => this.changeLog.trim(maxBytes, 10_000));
  }

  private allocateId(): number {
    const id = ((this.meta.get('nextId') as number | undefined) ?? 1) as number;
    this.meta.putSync('nextId', id + 1);
    return id;
  }
}

/**
 * Refuses an `_id` whose sort key LMDB cannot hold as a document key. Documents are keyed by `_id` so that scans
 * walk them in `_id` order and point reads are one lookup; a cut `_id` key would cost both a check of the document
 * read, for values no application uses as ids (MongoDB before 4.2 refused them too, with this error).
 */
function checkIdKey(idKey: Buffer): void {
  if (idKey.length > LMDB_MAX_KEY - 4) {
    throw new EngineError(17280, 'KeyTooLong', `_id of ${idKey.length} bytes once encoded is longer than the embedded engine's limit of ${LMDB_MAX_KEY - 4}`);
  }
}

/** An entry's LMDB key (in the scratch buffer when stored whole: valid until the next write's key). */
function entryKey(base: Buffer, key: Buffer, idKey: Buffer): Buffer {
  return storedWhole(key, idKey) ? joined(base, key, idKey) : longEntryKey(base, key, idKey);
}

/**
 * A range bound LMDB can take. Every document key is at most LMDB_MAX_KEY (longer `_id`s are refused) and entry
 * bounds come through entryBound, so a longer bound cut to that length orders against every stored key as the
 * whole bound does (the filter check drops a key equal to the cut): a filter value longer than any key can hold
 * reads an empty or the same range, never an error.
 */
const fit = (bound: Buffer): Buffer => (bound.length > LMDB_MAX_KEY ? bound.subarray(0, LMDB_MAX_KEY) : bound);

/** LMDB range options for `[start, end)`, walked backwards on request. */
function rangeOptions(bounds: KeyRange, reverse: boolean, snapshot: Snapshot) {
  const start = fit(bounds.start);
  const end = fit(bounds.end);
  return reverse
    ? { start: end, end: start, reverse: true, exclusiveStart: true, inclusiveEnd: true, transaction: snapshot }
    : { start, end, transaction: snapshot };
}

const SAMPLE = 1000;

/** Total bytes of `count` entries, extrapolated from the first ones. */
function estimate(db: Database<Buffer, Buffer>, range: KeyRange, count: number): number {
  let sampled = 0;
  let bytes = 0;
  for (const { key, value } of db.getRange({ ...range, limit: SAMPLE })) {
    sampled++;
    bytes += key.length + value.length;
  }
  return sampled ? Math.round((bytes / sampled) * count) : 0;
}
