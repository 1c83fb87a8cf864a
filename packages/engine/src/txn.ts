import type { Document } from 'bson';
import type { Collection } from './collection';
import { writeConflict } from './errors';
import { duplicateKeyError, ID_INDEX_NAME } from './indexes';
import type { Predicate } from './matcher';
import type { EngineState, Op } from './state';
import { keyOf } from './values';

interface PendingDoc {
  /** The new version, or null for a delete. */
  doc: Document | null;
  idValue: unknown;
  /** Version of the committed document when first written here (0: it did not exist). */
  baseVersion: number;
}

interface Overlay {
  collection: Collection;
  docs: Map<string, PendingDoc>;
  /** Unique index name → key → id, for the pending documents. */
  uniqueKeys: Map<string, Map<string, string>>;
}

/** Which multi-document transaction has written a document (`ns\0id`) and not yet finished. */
export type LockTable = Map<string, Txn>;

/**
 * A unit of work: writes are buffered and become visible to others only on commit, as one journal record. A single
 * statement outside a transaction runs as a unit too (committed at once); a multi-document transaction detects
 * conflicts optimistically: a document changed by someone else since the transaction started, or written by
 * another open transaction, answers WriteConflict.
 */
export class Txn {
  private readonly overlays = new Map<string, Overlay>();
  readonly startSeq: number;
  private finished = false;

  constructor(
    private readonly state: EngineState,
    /** Present for multi-document transactions. */
    private readonly locks?: LockTable,
  ) {
    this.startSeq = state.seq;
    if (locks) state.openSnapshot();
  }

  /** The committed version this unit reads: its snapshot's in a transaction, else the latest. */
  private committed(collection: Collection, id: string): Document | undefined {
    return this.locks ? collection.visibleAt(id, this.startSeq) : collection.docs.get(id)?.doc;
  }

  /** Documents of the collection matching the predicate, as this unit sees them (its own writes included). */
  read(collection: Collection | undefined, filter: Document | undefined, matches: Predicate): Document[] {
    if (!collection) return [];
    const overlay = this.overlays.get(collection.ns);
    const out: Document[] = [];
    const planned = collection.plan(filter);
    const snapshot = this.locks !== undefined;
    const seen = overlay || snapshot ? new Set<string>() : undefined;
    const visit = (id: string, known = false) => {
      if (seen) {
        if (seen.has(id)) return;
        seen.add(id);
      }
      const pending = overlay?.docs.get(id);
      if (pending) {
        if (pending.doc && matches(pending.doc)) out.push(pending.doc);
        return;
      }
      const entry = collection.docs.get(id);
      // The index answered the whole filter for the latest committed version; older (snapshot) versions are checked.
      if (known && entry && (!snapshot || entry.version <= this.startSeq)) {
        out.push(entry.doc);
        return;
      }
      const doc = this.committed(collection, id);
      if (doc && matches(doc)) out.push(doc);
    };
    if (planned) for (const id of planned.ids) visit(id, planned.exact);
    else for (const id of collection.docs.keys()) visit(id);
    // Documents changed since the snapshot may match in their old state (or be deleted since): look at them too.
    if (snapshot) for (const id of collection.history.keys()) visit(id);
    if (overlay) for (const id of overlay.docs.keys()) visit(id);
    return out;
  }

  current(collection: Collection, id: string): Document | undefined {
    const pending = this.overlays.get(collection.ns)?.docs.get(id);
    if (pending) return pending.doc ?? undefined;
    return this.committed(collection, id);
  }

  insert(collection: Collection, doc: Document): void {
    const id = keyOf(doc._id);
    if (this.current(collection, id)) throw duplicateKeyError(collection.ns, ID_INDEX_NAME, { _id: 1 }, doc);
    this.write(collection, id, doc._id, doc);
  }

  replace(collection: Collection, doc: Document): void {
    this.write(collection, keyOf(doc._id), doc._id, doc);
  }

  remove(collection: Collection, doc: Document): void {
    this.write(collection, keyOf(doc._id), doc._id, null);
  }

  private overlay(collection: Collection): Overlay {
    let overlay = this.overlays.get(collection.ns);
    if (!overlay) {
      overlay = { collection, docs: new Map(), uniqueKeys: new Map() };
      this.overlays.set(collection.ns, overlay);
    }
    return overlay;
  }

  private write(collection: Collection, id: string, idValue: unknown, doc: Document | null): void {
    const overlay = this.overlay(collection);
    const lastChange = collection.lastChange(id);
    if (this.locks) {
      const holder = this.locks.get(`${collection.ns}\0${id}`);
      if (holder && holder !== this) throw writeConflict();
      if (!overlay.docs.has(id) && lastChange > this.startSeq) throw writeConflict();
    }
    const previous = overlay.docs.get(id);
    if (doc) this.checkUnique(overlay, id, doc);
    for (const index of collection.indexes.values()) {
      if (!index.unique) continue;
      let keys = overlay.uniqueKeys.get(index.name);
      if (!keys) overlay.uniqueKeys.set(index.name, (keys = new Map()));
      if (previous?.doc) for (const key of index.keysOf(previous.doc).whole) if (keys.get(key) === id) keys.delete(key);
      if (doc) for (const key of index.keysOf(doc).whole) keys.set(key, id);
    }
    overlay.docs.set(id, { doc, idValue, baseVersion: previous ? previous.baseVersion : lastChange });
    this.locks?.set(`${collection.ns}\0${id}`, this);
  }

  /** A unique key is taken if another pending document holds it, or a committed one this unit has not rewritten. */
  private checkUnique(overlay: Overlay, id: string, doc: Document): void {
    for (const index of overlay.collection.indexes.values()) {
      if (!index.unique) continue;
      const pendingKeys = overlay.uniqueKeys.get(index.name);
      for (const key of index.keysOf(doc).whole) {
        const pendingOwner = pendingKeys?.get(key);
        const committedOwner = index.owner(key);
        const taken =
          (pendingOwner !== undefined && pendingOwner !== id) ||
          (committedOwner !== undefined && committedOwner !== id && !overlay.docs.has(committedOwner));
        if (taken) throw duplicateKeyError(overlay.collection.ns, index.name, index.spec.key, doc);
      }
    }
  }

  /** Makes the writes visible; the promise settles when the journal has them (on disk if `journaled`). */
  commit(journaled = false): Promise<void> {
    if (this.finished) return Promise.resolve();
    try {
      if (this.locks) this.validate();
    } finally {
      this.finish();
    }
    const ops: Op[] = [];
    for (const overlay of this.overlays.values()) {
      const { db, name } = overlay.collection;
      for (const pending of overlay.docs.values()) {
        ops.push(pending.doc ? { o: 'p', db, c: name, d: pending.doc } : { o: 'd', db, c: name, id: pending.idValue });
      }
    }
    return this.state.commit(ops, journaled);
  }

  abort(): void {
    if (!this.finished) this.finish();
  }

  get active(): boolean {
    return !this.finished;
  }

  /** Nothing this transaction wrote may have changed underneath it since. */
  private validate(): void {
    for (const overlay of this.overlays.values()) {
      const { collection } = overlay;
      if (this.state.collection(collection.db, collection.name) !== collection) throw writeConflict();
      for (const [id, pending] of overlay.docs) {
        if (collection.lastChange(id) !== pending.baseVersion) throw writeConflict();
        if (!pending.doc) continue;
        for (const index of collection.indexes.values()) {
          if (!index.unique) continue;
          for (const key of index.keysOf(pending.doc).whole) {
            const owner = index.owner(key);
            if (owner !== undefined && owner !== id && !overlay.docs.has(owner)) throw writeConflict();
          }
        }
      }
    }
  }

  private finish(): void {
    this.finished = true;
    if (!this.locks) return;
    this.state.closeSnapshot();
    for (const overlay of this.overlays.values()) {
      for (const id of overlay.docs.keys()) {
        const key = `${overlay.collection.ns}\0${id}`;
        if (this.locks.get(key) === this) this.locks.delete(key);
      }
    }
  }
}
