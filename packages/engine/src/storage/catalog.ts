import type { Document } from 'bson';
import { invalidNamespace } from '../errors';
import { ID_INDEX_NAME } from '../index-spec';
import { compileFilter, type Predicate } from '../matcher';

/** A secondary index as the engine uses it; its entries live in LMDB under a 4-byte prefix of its own id. */
export interface IndexMeta {
  id: number;
  name: string;
  spec: Document;
  fields: string[];
  descending: boolean[];
  unique: boolean;
  sparse: boolean;
  partial?: Predicate;
  /** Some document has had an array on an indexed path: ranges may hold a document more than once. */
  multikey: boolean;
  /**
   * Per field, whether a document has had an array on its path (MongoDB's multikey paths): the index still gives
   * the order of a field that never has. A catalog from before them marks every field of a multikey index.
   */
  multikeyFields: boolean[];
}

/** A collection: its documents live in LMDB under a 4-byte prefix of its id, keyed by the sort key of `_id`. */
export interface CollectionMeta {
  id: number;
  db: string;
  name: string;
  options: Document;
  indexes: Map<string, IndexMeta>;
}

/** What the catalog database stores per collection (JSON-safe through BSON). */
export interface StoredCollection {
  id: number;
  db: string;
  name: string;
  options: Document;
  indexes: Array<{ id: number; spec: Document; multikey: boolean; multikeyFields?: boolean[] }>;
}

export function indexMeta(id: number, spec: Document, multikey = false, multikeyFields?: boolean[]): IndexMeta {
  const fields = Object.keys(spec.key);
  return {
    id,
    name: spec.name,
    spec,
    fields,
    descending: fields.map((field) => spec.key[field] === -1),
    unique: spec.unique === true,
    sparse: spec.sparse === true,
    partial: spec.partialFilterExpression ? compileFilter(spec.partialFilterExpression) : undefined,
    multikey,
    multikeyFields: multikeyFields ?? fields.map(() => multikey),
  };
}

export function collectionMeta(stored: StoredCollection): CollectionMeta {
  const indexes = new Map<string, IndexMeta>();
  for (const index of stored.indexes) indexes.set(index.spec.name, indexMeta(index.id, index.spec, index.multikey, index.multikeyFields));
  return { id: stored.id, db: stored.db, name: stored.name, options: stored.options, indexes };
}

export function storedCollection(meta: CollectionMeta): StoredCollection {
  return {
    id: meta.id,
    db: meta.db,
    name: meta.name,
    options: meta.options,
    indexes: [...meta.indexes.values()].map((index) => ({ id: index.id, spec: index.spec, multikey: index.multikey, multikeyFields: index.multikeyFields })),
  };
}

export function nsOf(meta: { db: string; name: string }): string {
  return `${meta.db}.${meta.name}`;
}

export function indexSpecs(meta: CollectionMeta): Document[] {
  return [{ v: 2, key: { _id: 1 }, name: ID_INDEX_NAME }, ...[...meta.indexes.values()].map((index) => index.spec)];
}

/** Names MongoDB refuses for databases and collections. */
export function checkNamespace(db: string, name: string): void {
  if (!db || /[/\\. "$\0]/.test(db)) throw invalidNamespace(`Invalid database name: '${db}'`);
  if (!name || name.includes('\0') || name.startsWith('$') || name.startsWith('system.')) {
    throw invalidNamespace(`Invalid collection name: '${name}'`);
  }
}
