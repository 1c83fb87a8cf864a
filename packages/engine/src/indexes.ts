import type { Document } from 'bson';
import { badValue, DuplicateKeyError, notImplemented } from './errors';
import { compileFilter, type Predicate } from './matcher';
import { firstPathValue, pathValues } from './paths';
import { keyOf } from './values';

export const ID_INDEX_NAME = '_id_';

/** A secondary index: a hash of key → documents, enough for equality and `$in` lookups and for uniqueness. */
export class Index {
  readonly name: string;
  readonly fields: string[];
  readonly unique: boolean;
  readonly sparse: boolean;
  private readonly partial?: Predicate;
  /** First key field's value key → ids of the documents holding it. */
  private readonly byFirst = new Map<string, Set<string>>();
  /** Compound indexes: whole key → ids, so an equality on every key field (tenant + field) is one lookup. */
  private readonly byWhole = new Map<string, Set<string>>();
  /** Unique indexes: whole key → the id of the document that owns it. */
  private readonly owners = new Map<string, string>();

  constructor(readonly spec: Document) {
    this.name = spec.name;
    this.fields = Object.keys(spec.key);
    this.unique = spec.unique === true;
    this.sparse = spec.sparse === true;
    if (spec.partialFilterExpression) this.partial = compileFilter(spec.partialFilterExpression);
  }

  /** Whether the planner may answer an equality on the first field from this index. */
  get usableForEquality(): boolean {
    return !this.partial;
  }

  /** Index keys of a document: every combination of its (possibly multikey) field values; none if not indexed. */
  keysOf(doc: Document): { first: string[]; whole: string[] } {
    if (this.partial && !this.partial(doc)) return { first: [], whole: [] };
    const perField = this.fields.map((field) => pathValues(doc, field));
    if (this.sparse && perField.every((values) => values.length === 1 && values[0] === undefined)) {
      return { first: [], whole: [] };
    }
    const first = [...new Set(perField[0].map(keyOf))];
    let whole = [''];
    for (const values of perField) {
      const keys = [...new Set(values.map(keyOf))];
      const next: string[] = [];
      for (const prefix of whole) for (const key of keys) next.push(prefix ? `${prefix}\u0001${key}` : key);
      if (next.length > 10_000) throw badValue(`index ${this.name}: too many keys for one document`);
      whole = next;
    }
    return { first, whole };
  }

  add(id: string, doc: Document): void {
    const { first, whole } = this.keysOf(doc);
    for (const key of first) addTo(this.byFirst, key, id);
    if (this.fields.length > 1) for (const key of whole) addTo(this.byWhole, key, id);
    if (this.unique) for (const key of whole) this.owners.set(key, id);
  }

  remove(id: string, doc: Document): void {
    const { first, whole } = this.keysOf(doc);
    for (const key of first) removeFrom(this.byFirst, key, id);
    if (this.fields.length > 1) for (const key of whole) removeFrom(this.byWhole, key, id);
    if (this.unique) for (const key of whole) if (this.owners.get(key) === id) this.owners.delete(key);
  }

  /** Ids of documents whose first key field holds the value with this key. */
  lookup(valueKey: string): ReadonlySet<string> | undefined {
    return this.byFirst.get(valueKey);
  }

  /** Ids of documents whose whole compound key is this one. */
  lookupWhole(wholeKey: string): ReadonlySet<string> | undefined {
    return this.fields.length > 1 ? this.byWhole.get(wholeKey) : this.byFirst.get(wholeKey);
  }

  /** The whole keys for one choice of candidate values per field (an equality or `$in` on each). */
  static combine(valuesPerField: unknown[][]): string[] {
    let keys = [''];
    for (const values of valuesPerField) {
      const next: string[] = [];
      for (const prefix of keys) for (const value of values) next.push(prefix ? `${prefix}\u0001${keyOf(value)}` : keyOf(value));
      keys = next;
    }
    return keys;
  }

  owner(wholeKey: string): string | undefined {
    return this.owners.get(wholeKey);
  }

}

function addTo(map: Map<string, Set<string>>, key: string, id: string): void {
  let ids = map.get(key);
  if (!ids) map.set(key, (ids = new Set()));
  ids.add(id);
}

function removeFrom(map: Map<string, Set<string>>, key: string, id: string): void {
  const ids = map.get(key);
  if (!ids) return;
  ids.delete(id);
  if (ids.size === 0) map.delete(key);
}

export function duplicateKeyError(ns: string, indexName: string, keyPattern: Document, doc: Document): DuplicateKeyError {
  const keyValue: Document = {};
  for (const field of Object.keys(keyPattern)) keyValue[field] = firstPathValue(doc, field) ?? null;
  const shown = Object.entries(keyValue)
    .map(([field, value]) => `${field}: ${JSON.stringify(value)}`)
    .join(', ');
  return new DuplicateKeyError(
    `E11000 duplicate key error collection: ${ns} index: ${indexName} dup key: { ${shown} }`,
    keyPattern,
    keyValue,
  );
}

/** Checks a createIndexes spec and fills in the default name. */
export function normalizeIndexSpec(raw: Document): Document {
  const key = raw.key;
  if (!key || typeof key !== 'object' || Array.isArray(key) || Object.keys(key).length === 0) {
    throw badValue('index key pattern must be a non-empty object');
  }
  for (const [field, direction] of Object.entries(key)) {
    if (direction === 'text' || direction === '2d' || direction === '2dsphere' || direction === 'geoHaystack') {
      throw notImplemented(`${direction} indexes are not supported by the embedded engine`);
    }
    if (direction !== 1 && direction !== -1 && direction !== 'hashed') {
      throw badValue(`bad index key pattern for field ${field}: ${JSON.stringify(direction)}`);
    }
  }
  const name =
    typeof raw.name === 'string' && raw.name
      ? raw.name
      : Object.entries(key)
          .map(([field, direction]) => `${field}_${direction}`)
          .join('_');
  const spec: Document = { v: 2, key, name };
  for (const option of ['unique', 'sparse', 'partialFilterExpression', 'expireAfterSeconds', 'hidden'] as const) {
    if (raw[option] !== undefined) spec[option] = raw[option];
  }
  if (spec.partialFilterExpression !== undefined) compileFilter(spec.partialFilterExpression);
  return spec;
}

/** Two specs name the same index definition (MongoDB treats re-creating it as a no-op). */
export function sameIndex(a: Document, b: Document): boolean {
  return (
    keyOf(a.key) === keyOf(b.key) &&
    Boolean(a.unique) === Boolean(b.unique) &&
    Boolean(a.sparse) === Boolean(b.sparse) &&
    keyOf(a.partialFilterExpression) === keyOf(b.partialFilterExpression)
  );
}
