import fs from 'node:fs';
import path from 'node:path';
import { BSON, type Document } from 'bson';
import { TransactionFlags, type Transaction } from 'lmdb';
import { EngineError } from '../errors';
import { duplicateKeyError, ID_INDEX_NAME } from '../index-spec';
import { originalBytes } from '../raw-bson';
import { describeUpdate } from '../update-description';
import { type Backend, estimate, idRange, joined, openBackend, prefix, rangeOptions, removeRange } from './backend';
import { checkNamespace, collectionMeta, indexMeta, nsOf, storedCollection, type CollectionMeta, type IndexMeta, type StoredCollection } from './catalog';
import { ChangeLog, type ChangeEntry } from './change-log';
import type { DocKey, IndexEntry, IndexScan, Snapshot, Storage } from './contract';
import { Counters } from './counters';
import { LMDB_MAX_KEY } from './entry-keys';
import { type Entries, Indexes } from './indexes';
import { type Counters as CounterUse, keyRange, type ScanRange } from './key-ranges';
import { withNumberTypes } from './number-types';
import { Retries } from './retries';
import { Snapshots } from './snapshots';
import { encodeValue } from './sort-key';

/**
 * The storage contract (contract.ts) over LMDB (backend.ts): documents and the catalog here; index entries in
 * indexes.ts, counters in counters.ts, snapshots and write conflicts in snapshots.ts, retryable writes in
 * retries.ts, the change log in change-log.ts.
 *
 * Writes run in synchronous LMDB transactions (one per write command or committed multi-document transaction),
 * so a command's reads and writes see one consistent state and nothing interleaves. The commit is visible and
 * survives a crash of this process at once; `durable()` resolves when it is also flushed to disk (LMDB's
 * overlapping sync), and every write is acknowledged only after that.
 */

const WRITE_FLAGS = TransactionFlags.ABORTABLE | TransactionFlags.SYNCHRONOUS_COMMIT | TransactionFlags.NO_SYNC_FLUSH;
const NO_OVERWRITE = { noOverwrite: true } as const;
export const DEFAULT_CHANGE_LOG_MB = 128;
/** The most counters a count reads for a range: beyond them, counting the entries natively is as cheap. */
const COUNTERS_READ = 1000;

/** The LMDB transaction behind a contract snapshot. */
const txn = (snapshot: Snapshot | undefined) => snapshot as Transaction | undefined;

export class Store implements Storage {
  readonly collections = new Map<string, CollectionMeta>();
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
  private readonly counters: Counters;
  private readonly indexes: Indexes;
  private readonly snapshots: Snapshots;
  private readonly retries: Retries;

  private constructor(private readonly backend: Backend) {
    this.changeLog = new ChangeLog(backend.changes, backend.meta);
    this.counters = new Counters(backend.counts);
    this.indexes = new Indexes(backend, this.counters, (meta, idKey, snapshot) => this.getDoc(meta, idKey, snapshot));
    this.snapshots = new Snapshots(backend.env);
    this.retries = new Retries(backend.retries, (action) => this.write(action));
  }

  static open(dir: string): Store {
    const store = new Store(openBackend(dir));
    for (const { value } of store.backend.catalog.getRange()) {
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
      await this.backend.env.backup(dir, true);
      fs.renameSync(path.join(dir, 'data.mdb'), file);
      fs.chmodSync(file, 0o600);
      return fs.statSync(file).size;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  async close(): Promise<void> {
    await this.backend.env.flushed;
    await this.backend.env.close();
  }

  /** Resolves when every committed write is flushed to disk. */
  async durable(): Promise<void> {
    await this.backend.env.flushed;
  }

  isEmpty(): boolean {
    return this.collections.size === 0 && this.backend.docs.getKeysCount({ limit: 1 }) === 0;
  }

  /** Runs `action` in one LMDB write transaction (nested calls join the outer one); an exception aborts it. */
  write<T>(action: () => T): T {
    if (this.counters.writing) return action();
    let logged = false;
    this.pendingMetrics = { inserted: 0, updated: 0, deleted: 0 };
    const result = this.backend.env.transactionSync(() => {
      this.snapshots.seq++;
      this.counters.begin();
      this.changeLog.begin();
      try {
        const result = action();
        this.counters.save();
        logged = this.changeLog.end();
        return result;
      } finally {
        this.counters.clear();
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

  /** Keeps the change log within `maxBytes`, a batch of its oldest changes at a time. */
  trimChanges(maxBytes = this.changeLogMaxBytes): number {
    if (this.changeLog.bytes() <= maxBytes) return 0;
    return this.write(() => this.changeLog.trim(maxBytes, 10_000));
  }

  // ---- snapshots ----

  openSnapshot(): { snapshot: Snapshot; seq: number } {
    return this.snapshots.open();
  }

  readSnapshot(): Snapshot {
    return this.snapshots.read();
  }

  closeSnapshot(snapshot: Snapshot): void {
    this.snapshots.close(snapshot as Transaction);
  }

  lastChange(meta: CollectionMeta, idKey: DocKey): number {
    return this.snapshots.lastChange(this.docKey(meta, idKey));
  }

  // ---- catalog ----

  createCollection(db: string, name: string, options: Document = {}): CollectionMeta {
    const existing = this.collections.get(`${db}.${name}`);
    if (existing) return existing;
    checkNamespace(db, name);
    return this.write(() => {
      const meta: CollectionMeta = { id: this.allocateId(), db, name, options, indexes: new Map() };
      this.saveCollection(meta);
      if (this.backend.meta.get('format') === undefined) this.backend.meta.putSync('format', 1);
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
      this.backend.catalog.removeSync(nsOf(meta));
      this.collections.delete(nsOf(meta));
      meta.db = db;
      meta.name = name;
      this.saveCollection(meta);
      this.collections.set(nsOf(meta), meta);
    });
  }

  dropCollection(meta: CollectionMeta): void {
    this.write(() => {
      removeRange(this.backend.docs, idRange(meta.id));
      this.counters.removeCollection(meta.id);
      for (const index of meta.indexes.values()) this.indexes.drop(index);
      this.backend.catalog.removeSync(nsOf(meta));
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
      for (const { value } of this.backend.docs.getRange(idRange(meta.id))) {
        const doc = BSON.deserialize(value);
        const idKey = encodeValue(doc._id);
        for (const index of built) this.indexes.add(meta, index, doc, idKey);
      }
      for (const index of built) meta.indexes.set(index.name, index);
      this.saveCollection(meta);
    });
  }

  dropIndex(meta: CollectionMeta, name: string): void {
    const index = meta.indexes.get(name);
    if (!index) return;
    this.write(() => {
      this.indexes.drop(index);
      meta.indexes.delete(name);
      this.saveCollection(meta);
    });
  }

  private saveCollection(meta: CollectionMeta): void {
    this.backend.catalog.putSync(nsOf(meta), Buffer.from(BSON.serialize(storedCollection(meta))));
  }

  private allocateId(): number {
    const id = ((this.backend.meta.get('nextId') as number | undefined) ?? 1) as number;
    this.backend.meta.putSync('nextId', id + 1);
    return id;
  }

  // ---- reads ----

  getDoc(meta: CollectionMeta, idKey: DocKey, snapshot?: Snapshot): Buffer | undefined {
    const key = this.docKey(meta, idKey);
    // No stored key is longer than LMDB takes: a longer one names nothing.
    if (key.length > LMDB_MAX_KEY) return undefined;
    return this.backend.docs.get(key, snapshot ? { transaction: txn(snapshot) } : undefined);
  }

  /** The collection's documents in `_id` order (reversed on request). */
  *scanDocs(meta: CollectionMeta, range: ScanRange | undefined, reverse: boolean, snapshot?: Snapshot): Iterable<{ idKey: DocKey; bytes: Buffer }> {
    const base = prefix(meta.id);
    const ids = range ? keyRange(ID_ORDER, range) : undefined;
    const bounds = ids ? { start: Buffer.concat([base, ids.start]), end: Buffer.concat([base, ids.end]) } : idRange(meta.id);
    for (const { key, value } of this.backend.docs.getRange(rangeOptions(bounds, reverse, txn(snapshot)))) {
      yield { idKey: key.subarray(4), bytes: value };
    }
  }

  scanIndex(index: IndexMeta, range: ScanRange, scan: IndexScan): Iterable<IndexEntry> {
    return this.indexes.scan(index, range, scan);
  }

  holders(meta: CollectionMeta, index: IndexMeta, key: Buffer, snapshot?: Snapshot): Iterable<DocKey> {
    return this.indexes.holders(meta, index, key, txn(snapshot));
  }

  // ---- counts ----

  countDocs(meta: CollectionMeta, snapshot?: Snapshot): number {
    return this.counters.docs(meta.id, txn(snapshot));
  }

  countEntries(index: IndexMeta, range: ScanRange, snapshot?: Snapshot): number {
    return this.indexes.count(index, range, txn(snapshot));
  }

  countByCounters(index: IndexMeta, range: ScanRange, counters: CounterUse, snapshot?: Snapshot): number | undefined {
    const keys = keyRange(index, range);
    if (counters === 'prefix') return this.counters.prefix(index.id, keys.start, txn(snapshot));
    return this.counters.sum(index.id, keys, COUNTERS_READ, txn(snapshot));
  }

  /**
   * Counts, and byte sizes estimated from the first entries (reading every document of a large collection to
   * answer a tool's overview would take seconds): documents, and each index's entries.
   */
  sizes(meta: CollectionMeta): { count: number; dataBytes: number; indexBytes: Map<string, number> } {
    const count = this.countDocs(meta);
    const dataBytes = estimate(this.backend.docs, idRange(meta.id), count);
    const indexBytes = new Map<string, number>([[ID_INDEX_NAME, count * 24]]);
    for (const index of meta.indexes.values()) {
      const range = idRange(index.id);
      // A fresh options object: getKeysCount marks the one it is given as counting only.
      indexBytes.set(index.name, estimate(this.backend.entries, range, this.backend.entries.getKeysCount({ ...range })));
    }
    return { count, dataBytes, indexBytes };
  }

  fileBytes(): number {
    const stats = this.backend.env.getStats() as { pageSize?: number; lastPageNumber?: number; treeDepth?: number };
    return (stats.pageSize ?? 4096) * ((stats.lastPageNumber ?? 0) + 1);
  }

  // ---- retryable writes ----

  saveRetry(session: string, txnNumber: bigint, reply: Document): void {
    this.retries.save(session, txnNumber, reply);
  }

  loadRetry(session: string): { txnNumber: bigint; reply: Document } | undefined {
    return this.retries.load(session);
  }

  expireRetries(before: number): number {
    return this.retries.expire(before);
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
      entries = this.indexes.entriesOf(meta, doc, idKey);
    } catch (error) {
      this.backend.docs.removeSync(this.docKey(meta, idKey));
      throw error;
    }
    this.counters.addDocs(meta.id, 1);
    if (this.indexes.write(entries, idKey)) this.saveCollection(meta);
    this.snapshots.record(this.docKey(meta, idKey));
    this.pendingMetrics.inserted++;
    this.logChange({ op: 'insert', db: meta.db, coll: meta.name, key: { _id: doc._id } }, bytes);
  }

  /**
   * Writes a key that must not exist yet. lmdb's putSync reports whether a conditional put took place (its typings
   * say void): were that to change, every insert would be refused and the suites would fail, never a silent
   * overwrite.
   */
  private claim(key: Buffer, bytes: Buffer): boolean {
    return (this.backend.docs.putSync(key, bytes, NO_OVERWRITE) as unknown) === true;
  }

  /**
   * Stores a document (`previous`: the committed version it replaces, if any), keeping index entries in step.
   * Unique keys are checked before anything is written, so a refused document leaves no trace.
   */
  put(meta: CollectionMeta, doc: Document, previous: Document | undefined, kind: 'update' | 'replace' = 'replace'): void {
    const idKey = encodeValue(doc._id);
    checkIdKey(idKey);
    const entries = this.indexes.entriesOf(meta, doc, idKey);
    const bytes = originalBytes(doc) ?? this.encode(meta, idKey, doc, previous);
    if (previous) this.indexes.remove(meta, previous, idKey);
    else this.counters.addDocs(meta.id, 1);
    this.backend.docs.putSync(this.docKey(meta, idKey), bytes);
    if (this.indexes.write(entries, idKey)) this.saveCollection(meta);
    this.snapshots.record(this.docKey(meta, idKey));
    if (previous) this.pendingMetrics.updated++;
    else this.pendingMetrics.inserted++;
    if (!this.logging) return;
    const where = { db: meta.db, coll: meta.name, key: { _id: doc._id } };
    if (!previous) this.logChange({ op: 'insert', ...where }, bytes);
    else if (kind === 'update') this.logChange({ op: 'update', ...where, ud: describeUpdate(previous, doc) });
    else this.logChange({ op: 'replace', ...where }, bytes);
  }

  remove(meta: CollectionMeta, doc: Document): void {
    const idKey = encodeValue(doc._id);
    this.indexes.remove(meta, doc, idKey);
    this.counters.addDocs(meta.id, -1);
    this.backend.docs.removeSync(this.docKey(meta, idKey));
    this.snapshots.record(this.docKey(meta, idKey));
    this.pendingMetrics.deleted++;
    this.logChange({ op: 'delete', db: meta.db, coll: meta.name, key: { _id: doc._id } });
  }

  /** The BSON of a document; an update keeps the numeric types of the version it replaces. */
  private encode(meta: CollectionMeta, idKey: Buffer, doc: Document, previous: Document | undefined): Buffer {
    const stored = previous ? this.getDoc(meta, idKey) : undefined;
    const typed = stored ? withNumberTypes(doc, BSON.deserialize(stored, { promoteValues: false })) : doc;
    return Buffer.from(BSON.serialize(typed as Document));
  }

  private docKey(meta: CollectionMeta, idKey: Buffer): Buffer {
    return Buffer.concat([prefix(meta.id), idKey]);
  }
}

/** The `_id` order of a collection's documents, as a key shape. */
const ID_ORDER = { descending: [false] } as const;

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
