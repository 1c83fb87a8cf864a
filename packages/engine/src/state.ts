import type { Document } from 'bson';
import { Collection } from './collection';
import { acquireLock, openJournal, recover, releaseLock, writeSnapshot } from './datadir';
import { invalidNamespace, namespaceNotFound } from './errors';
import { normalizeIndexSpec } from './indexes';
import { encodeRecord, Journal } from './journal';
import { deepFreeze, keyOf } from './values';

/**
 * Operations as journaled and replayed: `p` put a whole document, `d` delete by _id, `cc`/`dc` create/drop a
 * collection, `ci`/`di` create/drop an index, `dd` drop a database.
 */
export type Op =
  | { o: 'p'; db: string; c: string; d: Document }
  | { o: 'd'; db: string; c: string; id: unknown }
  | { o: 'cc'; db: string; c: string; opts?: Document }
  | { o: 'dc'; db: string; c: string }
  | { o: 'ci'; db: string; c: string; spec: Document }
  | { o: 'di'; db: string; c: string; name: string }
  | { o: 'dd'; db: string };

/** Journal size that triggers compaction: never below this, and at least twice the last snapshot. */
const MIN_COMPACTION_BYTES = 16 << 20;
/** On open, a journal larger than this and than the snapshot is compacted right away. */
const OPEN_COMPACTION_BYTES = 1 << 20;

export class EngineState {
  private readonly databases = new Map<string, Map<string, Collection>>();
  /** Commit sequence: bumped by every applied change. */
  seq = 0;
  private generation = 0;
  private snapshotBytes = 0;
  private journal!: Journal;
  /** Open multi-document transactions; while there are any, collections keep past document states. */
  private openSnapshots = 0;

  private constructor(readonly dir: string) {}

  static open(dir: string, log: (line: string) => void = () => undefined): EngineState {
    acquireLock(dir);
    try {
      const state = new EngineState(dir);
      const recovered = recover(dir);
      for (const ops of recovered.records) for (const op of ops) state.apply(op as Op);
      if (recovered.discardedBytes) log(`journal: ignored a torn tail of ${recovered.discardedBytes} bytes`);
      state.generation = recovered.generation;
      state.snapshotBytes = recovered.snapshotBytes;
      const { fd, size } = openJournal(dir, state.generation);
      state.journal = new Journal(fd, size, (journal, batchBytes) => state.maybeCompact(journal, batchBytes));
      if (size > OPEN_COMPACTION_BYTES && size > recovered.snapshotBytes) state.compact();
      return state;
    } catch (error) {
      releaseLock(dir);
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.journal.close();
    releaseLock(this.dir);
  }

  /**
   * Applies already-validated operations in memory and journals them as one atomic record. The promise settles
   * when the record is written (it then survives a crash of this process), or when it is on disk if `journaled`.
   */
  commit(ops: Op[], journaled = false): Promise<void> {
    if (ops.length === 0) return Promise.resolve();
    for (const op of ops) this.apply(op);
    return this.journal.append(encodeRecord(ops), journaled);
  }

  openSnapshot(): void {
    this.openSnapshots++;
  }

  closeSnapshot(): void {
    if (--this.openSnapshots > 0) return;
    for (const collections of this.databases.values()) for (const collection of collections.values()) collection.history.clear();
  }

  database(db: string): Map<string, Collection> | undefined {
    return this.databases.get(db);
  }

  databaseNames(): string[] {
    return [...this.databases.keys()];
  }

  collection(db: string, name: string): Collection | undefined {
    return this.databases.get(db)?.get(name);
  }

  /** The collection, created (and journaled) when missing, as MongoDB does on first write. */
  ensureCollection(db: string, name: string): Collection {
    const existing = this.collection(db, name);
    if (existing) return existing;
    checkNamespace(db, name);
    void this.commit([{ o: 'cc', db, c: name }]);
    return this.collection(db, name)!;
  }

  requireCollection(db: string, name: string): Collection {
    const collection = this.collection(db, name);
    if (!collection) throw namespaceNotFound(`ns not found: ${db}.${name}`);
    return collection;
  }

  private apply(op: Op): void {
    this.seq++;
    switch (op.o) {
      case 'p': {
        const collection = this.collection(op.db, op.c) ?? this.create(op.db, op.c);
        collection.put(deepFreeze(op.d), this.seq, this.openSnapshots > 0);
        return;
      }
      case 'd':
        this.collection(op.db, op.c)?.remove(keyOf(op.id), this.seq, this.openSnapshots > 0);
        return;
      case 'cc':
        if (!this.collection(op.db, op.c)) this.create(op.db, op.c, op.opts);
        return;
      case 'dc':
        this.databases.get(op.db)?.delete(op.c);
        if (this.databases.get(op.db)?.size === 0) this.databases.delete(op.db);
        return;
      case 'ci':
        (this.collection(op.db, op.c) ?? this.create(op.db, op.c)).addIndex(normalizeIndexSpec(op.spec));
        return;
      case 'di':
        this.collection(op.db, op.c)?.indexes.delete(op.name);
        return;
      case 'dd':
        this.databases.delete(op.db);
        return;
    }
  }

  private create(db: string, name: string, options: Document = {}): Collection {
    let collections = this.databases.get(db);
    if (!collections) this.databases.set(db, (collections = new Map()));
    const collection = new Collection(db, name, options);
    collections.set(name, collection);
    return collection;
  }

  private *snapshotOps(): Iterable<Op> {
    for (const [db, collections] of this.databases) {
      for (const [name, collection] of collections) {
        yield { o: 'cc', db, c: name, opts: collection.options };
        for (const index of collection.indexes.values()) yield { o: 'ci', db, c: name, spec: index.spec };
        for (const { doc } of collection.docs.values()) yield { o: 'p', db, c: name, d: doc };
      }
    }
  }

  private maybeCompact(journal: Journal, batchBytes: number): boolean {
    if (journal.size + batchBytes < Math.max(MIN_COMPACTION_BYTES, 2 * this.snapshotBytes)) return false;
    this.compact();
    return true;
  }

  /** Writes the whole state as a new snapshot (which covers every queued record) and starts an empty journal. */
  private compact(): void {
    this.generation++;
    const { fd, bytes } = writeSnapshot(this.dir, this.generation, this.snapshotOps());
    this.snapshotBytes = bytes;
    this.journal.replaceFile(fd, 0);
  }
}

function checkNamespace(db: string, name: string): void {
  if (!db || /[/\\. "$\0]/.test(db)) throw invalidNamespace(`Invalid database name: '${db}'`);
  if (!name || name.includes('\0') || name.startsWith('$') || name.startsWith('system.')) {
    throw invalidNamespace(`Invalid collection name: '${name}'`);
  }
}
