import { BSON, type Document } from 'bson';
import { type Backend, idRange, removeRange } from './backend';
import { checkNamespace, collectionMeta, indexMeta, nsOf, storedCollection, type CollectionMeta, type StoredCollection } from './catalog';
import type { ChangeEntry } from './change-log';
import type { Counters } from './counters';
import type { Indexes } from './indexes';
import { encodeValue } from './sort-key';

/** Where catalog changes are written: the store's write batch and change log. */
interface Batch {
  write<T>(action: () => T): T;
  logChange(entry: ChangeEntry): void;
}

/**
 * The `catalog` database and the collections it names: creating, renaming and dropping collections and their
 * indexes (an index is built over the collection's documents in the batch that creates it).
 */
export class Collections {
  /** Namespace → collection, as the catalog stores them. */
  readonly byName = new Map<string, CollectionMeta>();

  constructor(
    private readonly backend: Backend,
    private readonly counters: Counters,
    private readonly indexes: Indexes,
    private readonly batch: Batch,
  ) {
    for (const { value } of backend.catalog.getRange()) {
      const meta = collectionMeta(BSON.deserialize(value) as StoredCollection);
      this.byName.set(nsOf(meta), meta);
    }
  }

  create(db: string, name: string, options: Document = {}): CollectionMeta {
    const existing = this.byName.get(`${db}.${name}`);
    if (existing) return existing;
    checkNamespace(db, name);
    return this.batch.write(() => {
      const meta: CollectionMeta = { id: this.allocateId(), db, name, options, indexes: new Map() };
      this.save(meta);
      if (this.backend.meta.get('format') === undefined) this.backend.meta.putSync('format', 1);
      this.byName.set(nsOf(meta), meta);
      return meta;
    });
  }

  /** Replaces a collection's options (`collMod`). */
  setOptions(meta: CollectionMeta, options: Document): void {
    this.batch.write(() => {
      meta.options = options;
      this.save(meta);
    });
  }

  /** Gives a collection another namespace: its documents and indexes live under its id, which does not change. */
  rename(meta: CollectionMeta, db: string, name: string): void {
    checkNamespace(db, name);
    this.batch.write(() => {
      this.batch.logChange({ op: 'rename', db: meta.db, coll: meta.name, to: { db, coll: name } });
      this.backend.catalog.removeSync(nsOf(meta));
      this.byName.delete(nsOf(meta));
      meta.db = db;
      meta.name = name;
      this.save(meta);
      this.byName.set(nsOf(meta), meta);
    });
  }

  drop(meta: CollectionMeta): void {
    this.batch.write(() => {
      removeRange(this.backend.docs, idRange(meta.id));
      this.counters.removeCollection(meta.id);
      for (const index of meta.indexes.values()) this.indexes.drop(index);
      this.backend.catalog.removeSync(nsOf(meta));
      this.batch.logChange({ op: 'drop', db: meta.db, coll: meta.name });
    });
    this.byName.delete(nsOf(meta));
  }

  /** Drops every collection of a database in one transaction; false if it had none. */
  dropDatabase(db: string): boolean {
    const collections = this.of(db);
    if (collections.length === 0) return false;
    this.batch.write(() => {
      for (const meta of collections) this.drop(meta);
      this.batch.logChange({ op: 'dropDatabase', db });
    });
    return true;
  }

  databaseNames(): string[] {
    return [...new Set([...this.byName.values()].map((meta) => meta.db))];
  }

  of(db: string): CollectionMeta[] {
    return [...this.byName.values()].filter((meta) => meta.db === db);
  }

  /** Builds the indexes over the collection's documents and registers them, all in one transaction. */
  createIndexes(meta: CollectionMeta, specs: Document[]): void {
    this.batch.write(() => {
      const built = specs.map((spec) => indexMeta(this.allocateId(), spec));
      for (const { value } of this.backend.docs.getRange(idRange(meta.id))) {
        const doc = BSON.deserialize(value);
        const idKey = encodeValue(doc._id);
        for (const index of built) this.indexes.add(meta, index, doc, idKey);
      }
      for (const index of built) meta.indexes.set(index.name, index);
      this.save(meta);
    });
  }

  dropIndex(meta: CollectionMeta, name: string): void {
    const index = meta.indexes.get(name);
    if (!index) return;
    this.batch.write(() => {
      this.indexes.drop(index);
      meta.indexes.delete(name);
      this.save(meta);
    });
  }

  save(meta: CollectionMeta): void {
    this.backend.catalog.putSync(nsOf(meta), Buffer.from(BSON.serialize(storedCollection(meta))));
  }

  private allocateId(): number {
    const id = ((this.backend.meta.get('nextId') as number | undefined) ?? 1) as number;
    this.backend.meta.putSync('nextId', id + 1);
    return id;
  }
}
