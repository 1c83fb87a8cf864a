import fs from 'node:fs';
import path from 'node:path';
import type { Document } from 'bson';
import { TransactionFlags, type Transaction } from 'lmdb';
import { ID_INDEX_NAME } from '../index-spec';
import { type Backend, estimate, idRange, openBackend } from './backend';
import type { CollectionMeta, IndexMeta } from './catalog';
import { Collections } from './collections';
import { ChangeLog, type ChangeEntry } from './change-log';
import type { DocKey, IndexEntry, IndexScan, Snapshot, Storage } from './contract';
import { Counters } from './counters';
import { Documents } from './documents';
import { Indexes } from './indexes';
import { type Counters as CounterUse, keyRange, type ScanRange } from './key-ranges';
import { Retries } from './retries';
import { Snapshots } from './snapshots';

/**
 * The storage contract (contract.ts) over LMDB (backend.ts): the write batch and the change log's listeners here;
 * documents in documents.ts, collections in collections.ts, index entries in indexes.ts, counters in counters.ts,
 * snapshots and write conflicts in snapshots.ts, retryable writes in retries.ts, the change log in change-log.ts.
 *
 * Writes run in synchronous LMDB transactions (one per write command or committed multi-document transaction),
 * so a command's reads and writes see one consistent state and nothing interleaves. The commit is visible and
 * survives a crash of this process at once; `durable()` resolves when it is also flushed to disk (LMDB's
 * overlapping sync), and every write is acknowledged only after that.
 */

const WRITE_FLAGS = TransactionFlags.ABORTABLE | TransactionFlags.SYNCHRONOUS_COMMIT | TransactionFlags.NO_SYNC_FLUSH;
export const DEFAULT_CHANGE_LOG_MB = 128;
/** The most counters a count reads for a range: beyond them, counting the entries natively is as cheap. */
const COUNTERS_READ = 1000;

/** The LMDB transaction behind a contract snapshot. */
const txn = (snapshot: Snapshot | undefined) => snapshot as Transaction | undefined;

export class Store implements Storage {
  readonly changeLog: ChangeLog;
  /** The change log is trimmed, oldest changes first, to stay within this size (mongod's `--oplogSizeMB`). */
  changeLogMaxBytes = DEFAULT_CHANGE_LOG_MB * 1024 * 1024;
  /** While false, writes log no change (a transaction's commit logs its own statements, in their order). */
  logging = true;
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
  private trimScheduled = false;
  private readonly counters: Counters;
  private readonly indexes: Indexes;
  private readonly snapshots: Snapshots;
  private readonly retries: Retries;
  private readonly catalog: Collections;
  private readonly documents: Documents;

  private constructor(private readonly backend: Backend) {
    this.changeLog = new ChangeLog(backend.changes, backend.meta);
    this.counters = new Counters(backend.counts);
    this.indexes = new Indexes(backend, this.counters, (meta, idKey, snapshot) => this.documents.get(meta, idKey, snapshot));
    this.snapshots = new Snapshots(backend.env);
    this.retries = new Retries(backend.retries, (action) => this.write(action));
    this.catalog = new Collections(backend, this.counters, this.indexes, this);
    this.documents = new Documents(backend, this.counters, this.indexes, this.snapshots, this.catalog, this);
  }

  static open(dir: string): Store {
    return new Store(openBackend(dir));
  }

  get collections(): ReadonlyMap<string, CollectionMeta> {
    return this.catalog.byName;
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
    const written = { inserted: 0, updated: 0, deleted: 0 };
    this.documents.written = written;
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
    this.documentMetrics.inserted += written.inserted;
    this.documentMetrics.updated += written.updated;
    this.documentMetrics.deleted += written.deleted;
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
    return this.snapshots.lastChange(this.documents.docKey(meta, idKey));
  }

  // ---- catalog ----

  createCollection(db: string, name: string, options: Document = {}): CollectionMeta {
    return this.catalog.create(db, name, options);
  }

  setOptions(meta: CollectionMeta, options: Document): void {
    this.catalog.setOptions(meta, options);
  }

  renameCollection(meta: CollectionMeta, db: string, name: string): void {
    this.catalog.rename(meta, db, name);
  }

  dropCollection(meta: CollectionMeta): void {
    this.catalog.drop(meta);
  }

  dropDatabase(db: string): boolean {
    return this.catalog.dropDatabase(db);
  }

  databaseNames(): string[] {
    return this.catalog.databaseNames();
  }

  collectionsOf(db: string): CollectionMeta[] {
    return this.catalog.of(db);
  }

  createIndexes(meta: CollectionMeta, specs: Document[]): void {
    this.catalog.createIndexes(meta, specs);
  }

  dropIndex(meta: CollectionMeta, name: string): void {
    this.catalog.dropIndex(meta, name);
  }

  // ---- reads ----

  getDoc(meta: CollectionMeta, idKey: DocKey, snapshot?: Snapshot): Buffer | undefined {
    return this.documents.get(meta, idKey, txn(snapshot));
  }

  scanDocs(meta: CollectionMeta, range: ScanRange | undefined, reverse: boolean, snapshot?: Snapshot): Iterable<{ idKey: DocKey; bytes: Buffer }> {
    return this.documents.scan(meta, range, reverse, txn(snapshot));
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

  // ---- the write batch (inside write()) ----

  insert(meta: CollectionMeta, doc: Document, bytes?: Buffer): void {
    this.documents.insert(meta, doc, bytes);
  }

  put(meta: CollectionMeta, doc: Document, previous: Document | undefined, kind: 'update' | 'replace' = 'replace'): void {
    this.documents.put(meta, doc, previous, kind);
  }

  remove(meta: CollectionMeta, doc: Document): void {
    this.documents.remove(meta, doc);
  }
}
