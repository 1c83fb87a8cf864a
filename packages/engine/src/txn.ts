import { BSON, type Document } from 'bson';
import { DuplicateKeyError, writeConflict } from './errors';
import { duplicateKeyError, ID_INDEX_NAME } from './index-spec';
import { countMatches, runQuery, streamQuery, type ExecutionStats, type Match, type QueryOptions, type QueryResult, type Source } from './query/execute';
import { originalBytes } from './raw-bson';
import { checkNamespace, type CollectionMeta, docKeyOf, type IndexMeta, indexKeysOf, nsOf, type Snapshot, type Storage } from './storage/contract';
import { describeUpdate } from './update-description';

/** How statements read and write: straight into the store, or buffered in a multi-document transaction. */
export interface Unit {
  collection(db: string, name: string): CollectionMeta | undefined;
  ensureCollection(db: string, name: string): CollectionMeta;
  query(meta: CollectionMeta | undefined, options: QueryOptions): QueryResult;
  /** The matches read lazily by a cursor, when the query allows it; `close` releases what the reading holds. */
  stream(meta: CollectionMeta | undefined, options: QueryOptions): { matches: Iterable<Match>; close(): void } | undefined;
  count(meta: CollectionMeta | undefined, filter: Document | undefined, hint?: unknown, fresh?: boolean): { n: number; stats: ExecutionStats };
  /** `bytes`: the document's BSON, when `doc` holds only the fields its indexes read (outside a transaction). */
  insert(meta: CollectionMeta, doc: Document, bytes?: Buffer): void;
  /** `kind`: whether the change was made by update operators (or a pipeline) or by a replacement document. */
  replace(meta: CollectionMeta, previous: Document, doc: Document, kind: ChangeKind): void;
  remove(meta: CollectionMeta, doc: Document): void;
}

export type ChangeKind = 'update' | 'replace';

/** Statements outside a transaction: they run inside the command's LMDB write transaction (or read the latest state). */
export class DirectUnit implements Unit {
  constructor(private readonly store: Storage) {}

  collection(db: string, name: string): CollectionMeta | undefined {
    return this.store.collections.get(`${db}.${name}`);
  }

  ensureCollection(db: string, name: string): CollectionMeta {
    return this.store.createCollection(db, name);
  }

  query(meta: CollectionMeta | undefined, options: QueryOptions): QueryResult {
    return runQuery({ store: this.store, meta }, options);
  }

  stream(meta: CollectionMeta | undefined, options: QueryOptions) {
    const snapshot = this.store.readSnapshot();
    const matches = streamQuery({ store: this.store, meta, snapshot }, options);
    if (!matches) {
      snapshot.done();
      return undefined;
    }
    return { matches, close: () => snapshot.done() };
  }

  count(meta: CollectionMeta | undefined, filter: Document | undefined, hint?: unknown, fresh?: boolean) {
    return countMatches({ store: this.store, meta }, filter, hint, fresh);
  }

  insert(meta: CollectionMeta, doc: Document, bytes?: Buffer): void {
    this.store.insert(meta, doc, bytes);
  }

  replace(meta: CollectionMeta, previous: Document, doc: Document, kind: ChangeKind): void {
    this.store.put(meta, doc, previous, kind);
  }

  remove(meta: CollectionMeta, doc: Document): void {
    this.store.remove(meta, doc);
  }
}

/** Which open multi-document transaction has written a document (`ns\0idKey`). */
export type LockTable = Map<string, Transaction>;

/** A statement's change, logged in statement order when the transaction commits (as MongoDB's oplog entries). */
interface Statement {
  meta: CollectionMeta;
  op: 'insert' | ChangeKind | 'delete';
  before?: Document;
  after?: Document;
}

/** Who the change events of a transaction name: its session and transaction number. */
export interface TransactionId {
  lsid: Document;
  txnNumber: bigint;
}

interface Pending {
  meta: CollectionMeta;
  /** `_id` sort key (latin1) → the new document, or null for a delete. */
  docs: Map<string, Document | null>;
}

/**
 * A multi-document transaction: reads see the LMDB snapshot taken at its start plus its own writes, which are
 * buffered and committed in one LMDB transaction. Conflicts are detected optimistically: writing a document that
 * another open transaction has written, or that changed since the snapshot, answers WriteConflict (112).
 */
export class Transaction implements Unit {
  private readonly pending = new Map<string, Pending>();
  /**
   * The unique keys the pending documents hold, per unique index (`ns\0index`): key (latin1) → `_id` key (latin1).
   * A write checks its keys here instead of against every pending document, so a transaction of n writes stays
   * linear.
   */
  private readonly pendingUnique = new Map<string, Map<string, string>>();
  /** Per `ns\0index` ('' after the NUL for a collection scan): pending documents a scan of it may miss (see Source). */
  private readonly moved = new Map<string, Set<string>>();
  /** Collections first written by this transaction: created only if it commits. */
  private readonly created = new Map<string, CollectionMeta>();
  private readonly statements: Statement[] = [];
  private readonly snapshot: Snapshot;
  private readonly startSeq: number;
  private finished = false;

  constructor(
    private readonly store: Storage,
    private readonly locks: LockTable,
    private readonly id?: TransactionId,
  ) {
    const { snapshot, seq } = store.openSnapshot();
    this.snapshot = snapshot;
    this.startSeq = seq;
  }

  get active(): boolean {
    return !this.finished;
  }

  collection(db: string, name: string): CollectionMeta | undefined {
    const ns = `${db}.${name}`;
    return this.store.collections.get(ns) ?? this.created.get(ns);
  }

  ensureCollection(db: string, name: string): CollectionMeta {
    const existing = this.collection(db, name);
    if (existing) return existing;
    checkNamespace(db, name);
    // Id 0 is never allocated, so the store holds nothing under it: reads see only this transaction's writes.
    const meta: CollectionMeta = { id: 0, db, name, options: {}, indexes: new Map() };
    this.created.set(nsOf(meta), meta);
    return meta;
  }

  private source(meta: CollectionMeta | undefined): Source {
    if (!meta) return { store: this.store, meta, snapshot: this.snapshot };
    const ns = nsOf(meta);
    return {
      store: this.store,
      meta,
      snapshot: this.snapshot,
      pending: this.pending.get(ns)?.docs,
      moved: (index) => this.moved.get(`${ns}\0${index}`) ?? [],
    };
  }

  query(meta: CollectionMeta | undefined, options: QueryOptions): QueryResult {
    return runQuery(this.source(meta), options);
  }

  /** Results are materialised: the transaction's snapshot ends with it, possibly before its cursors do. */
  stream(): undefined {
    return undefined;
  }

  count(meta: CollectionMeta | undefined, filter: Document | undefined, hint?: unknown, fresh?: boolean) {
    return countMatches(this.source(meta), filter, hint, fresh);
  }

  insert(meta: CollectionMeta, doc: Document): void {
    const idKey = docKeyOf(doc._id);
    if (this.current(meta, idKey)) throw duplicateKeyError(nsOf(meta), ID_INDEX_NAME, { _id: 1 }, doc);
    this.write(meta, idKey, doc);
    this.statements.push({ meta, op: 'insert', after: doc });
  }

  replace(meta: CollectionMeta, previous: Document, doc: Document, kind: ChangeKind): void {
    this.write(meta, docKeyOf(doc._id), doc);
    this.statements.push({ meta, op: kind, before: previous, after: doc });
  }

  remove(meta: CollectionMeta, doc: Document): void {
    this.write(meta, docKeyOf(doc._id), null);
    this.statements.push({ meta, op: 'delete', before: doc });
  }

  /** The document as this transaction sees it. */
  private current(meta: CollectionMeta, idKey: Buffer): Document | undefined {
    const pending = this.pending.get(nsOf(meta))?.docs;
    const key = idKey.toString('latin1');
    if (pending?.has(key)) return pending.get(key) ?? undefined;
    const bytes = this.store.getDoc(meta, idKey, this.snapshot);
    return bytes ? BSON.deserialize(bytes) : undefined;
  }

  private write(meta: CollectionMeta, idKey: Buffer, doc: Document | null): void {
    const ns = nsOf(meta);
    const lockKey = `${ns}\0${idKey.toString('latin1')}`;
    const holder = this.locks.get(lockKey);
    if (holder && holder !== this) throw writeConflict();
    if (this.store.lastChange(meta, idKey) > this.startSeq) throw writeConflict();
    if (doc) this.checkUnique(meta, idKey, doc);
    let pending = this.pending.get(ns);
    if (!pending) {
      pending = { meta, docs: new Map() };
      this.pending.set(ns, pending);
    }
    const id = idKey.toString('latin1');
    if (doc) this.noteMoved(meta, idKey, id, doc);
    const replaced = pending.docs.get(id);
    if (replaced) this.indexUnique(meta, id, replaced, false);
    if (doc) this.indexUnique(meta, id, doc, true);
    pending.docs.set(id, doc);
    this.locks.set(lockKey, this);
  }

  /** Records which scans may miss the document's pending version: every scan for a new one, else the indexes whose keys changed. */
  private noteMoved(meta: CollectionMeta, idKey: Buffer, id: string, doc: Document): void {
    const ns = nsOf(meta);
    const mark = (index: string) => {
      let set = this.moved.get(`${ns}\0${index}`);
      if (!set) {
        set = new Set();
        this.moved.set(`${ns}\0${index}`, set);
      }
      set.add(id);
    };
    const bytes = meta.id === 0 ? undefined : this.store.getDoc(meta, idKey, this.snapshot);
    if (!bytes) {
      mark('');
      for (const index of meta.indexes.values()) mark(index.name);
      return;
    }
    const stored = BSON.deserialize(bytes);
    const keysOf = (index: IndexMeta, version: Document) =>
      indexKeysOf(index, version)
        .map((key) => key.toString('latin1'))
        .join('\0');
    for (const index of meta.indexes.values()) if (keysOf(index, doc) !== keysOf(index, stored)) mark(index.name);
  }

  /** Adds (or removes) a pending document's unique keys to (from) `pendingUnique`. */
  private indexUnique(meta: CollectionMeta, id: string, doc: Document, add: boolean): void {
    for (const index of meta.indexes.values()) {
      if (!index.unique) continue;
      const name = `${nsOf(meta)}\0${index.name}`;
      let held = this.pendingUnique.get(name);
      if (!held) {
        held = new Map();
        this.pendingUnique.set(name, held);
      }
      for (const key of indexKeysOf(index, doc)) {
        const text = key.toString('latin1');
        if (add) held.set(text, id);
        else if (held.get(text) === id) held.delete(text);
      }
    }
  }

  /** A unique key is taken by another document of the snapshot (not rewritten here) or of the pending writes. */
  private checkUnique(meta: CollectionMeta, idKey: Buffer, doc: Document): void {
    const pending = this.pending.get(nsOf(meta))?.docs;
    const id = idKey.toString('latin1');
    for (const index of meta.indexes.values()) {
      if (!index.unique) continue;
      const held = this.pendingUnique.get(`${nsOf(meta)}\0${index.name}`);
      for (const key of indexKeysOf(index, doc)) {
        for (const owner of this.store.holders(meta, index, key, this.snapshot)) {
          if (owner.equals(idKey) || pending?.has(owner.toString('latin1'))) continue;
          throw duplicateKeyError(nsOf(meta), index.name, index.spec.key, doc);
        }
        const holder = held?.get(key.toString('latin1'));
        if (holder !== undefined && holder !== id) throw duplicateKeyError(nsOf(meta), index.name, index.spec.key, doc);
      }
    }
  }

  /** Validates and applies the writes in one LMDB transaction; resolves once they are on disk. */
  async commit(): Promise<void> {
    if (this.finished) return;
    try {
      this.validate();
      const targets = [...this.pending.values()].map((pending) => ({
        pending,
        meta: pending.meta.id === 0 ? this.store.createCollection(pending.meta.db, pending.meta.name) : pending.meta,
      }));
      this.store.write(() => {
        this.store.unlogged(() => {
          for (const { pending, meta } of targets) {
            for (const [key, doc] of pending.docs) {
              const idKey = Buffer.from(key, 'latin1');
              const stored = this.store.getDoc(meta, idKey);
              const previous = stored ? BSON.deserialize(stored) : undefined;
              if (doc) this.store.put(meta, doc, previous);
              else if (previous) this.store.remove(meta, previous);
            }
          }
        });
        this.logStatements();
      });
    } catch (error) {
      // A unique key taken by a transaction that committed first is a conflict: the driver retries the whole thing.
      if (error instanceof DuplicateKeyError) throw writeConflict();
      throw error;
    } finally {
      this.finish();
    }
    await this.store.durable();
  }

  private logStatements(): void {
    if (this.id) this.store.changeLog.setSession(this.id.lsid, this.id.txnNumber);
    for (const { meta, op, before, after } of this.statements) {
      const where = { db: meta.db, coll: meta.name, key: { _id: (after ?? before)?._id } };
      if (op === 'insert' || op === 'replace') this.store.logChange({ op, ...where }, originalBytes(after as Document) ?? BSON.serialize(after as Document));
      else if (op === 'update') this.store.logChange({ op, ...where, ud: describeUpdate(before as Document, after as Document) });
      else this.store.logChange({ op, ...where });
    }
  }

  abort(): void {
    if (!this.finished) this.finish();
  }

  /** Nothing this transaction wrote changed underneath it, and its collections are still the ones it read. */
  private validate(): void {
    for (const { meta, docs } of this.pending.values()) {
      const live = this.store.collections.get(nsOf(meta));
      // A collection this transaction creates may have been created by another commit meanwhile: check that one.
      const target = meta.id === 0 ? live : meta;
      if (meta.id !== 0 && live !== meta) throw writeConflict();
      if (!target) continue;
      for (const key of docs.keys()) {
        if (this.store.lastChange(target, Buffer.from(key, 'latin1')) > this.startSeq) throw writeConflict();
      }
    }
  }

  private finish(): void {
    this.finished = true;
    this.store.closeSnapshot(this.snapshot);
    for (const [ns, { docs }] of this.pending) {
      for (const key of docs.keys()) {
        const lockKey = `${ns}\0${key}`;
        if (this.locks.get(lockKey) === this) this.locks.delete(lockKey);
      }
    }
  }
}
