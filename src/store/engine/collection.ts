import type { Document } from 'bson';
import { duplicateKeyError, ID_INDEX_NAME, Index } from './indexes';
import { isPlainObject, keyOf } from './values';

export interface Entry {
  doc: Document;
  /** Commit sequence number of the last change; transactions use it to detect write conflicts. */
  version: number;
}

/** The committed documents of one collection, in insertion order, with their secondary indexes. */
export class Collection {
  readonly docs = new Map<string, Entry>();
  readonly indexes = new Map<string, Index>();

  constructor(
    readonly db: string,
    readonly name: string,
    readonly options: Document = {},
  ) {}

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  indexSpecs(): Document[] {
    return [{ v: 2, key: { _id: 1 }, name: ID_INDEX_NAME }, ...[...this.indexes.values()].map((index) => index.spec)];
  }

  put(doc: Document, version: number): void {
    const id = keyOf(doc._id);
    const previous = this.docs.get(id);
    if (previous) for (const index of this.indexes.values()) index.remove(id, previous.doc);
    this.docs.set(id, { doc, version });
    for (const index of this.indexes.values()) index.add(id, doc);
  }

  remove(id: string): void {
    const previous = this.docs.get(id);
    if (!previous) return;
    for (const index of this.indexes.values()) index.remove(id, previous.doc);
    this.docs.delete(id);
  }

  /** Builds an index over the current documents without registering it; a unique index over duplicates throws. */
  buildIndex(spec: Document): Index {
    const index = new Index(spec);
    for (const [id, { doc }] of this.docs) {
      if (index.unique) {
        for (const key of index.keysOf(doc).whole) {
          const owner = index.owner(key);
          if (owner !== undefined && owner !== id) throw duplicateKeyError(this.ns, index.name, spec.key, doc);
        }
      }
      index.add(id, doc);
    }
    return index;
  }

  addIndex(spec: Document): void {
    const index = this.buildIndex(spec);
    this.indexes.set(index.name, index);
  }

  /**
   * Ids of the only documents that can match `filter`, from `_id` or an index on an equality or `$in` condition;
   * undefined when the filter gives no such condition and every document must be examined.
   */
  plan(filter: Document | undefined): string[] | undefined {
    if (!filter) return undefined;
    let best: string[] | undefined;
    for (const { field, values } of equalityConditions(filter)) {
      const ids = this.candidatesFor(field, values);
      if (ids && (!best || ids.length < best.length)) best = ids;
    }
    return best;
  }

  private candidatesFor(field: string, values: unknown[]): string[] | undefined {
    if (field === '_id') return [...new Set(values.map(keyOf))].filter((id) => this.docs.has(id));
    for (const index of this.indexes.values()) {
      if (index.fields[0] !== field || !index.usableForEquality) continue;
      const ids = new Set<string>();
      for (const value of values) for (const id of index.lookup(keyOf(value)) ?? []) ids.add(id);
      return [...ids];
    }
    return undefined;
  }
}

/** A value an index lookup can answer exactly: not null (which also matches missing fields), arrays or operators. */
function isLookupValue(value: unknown): boolean {
  return value !== null && value !== undefined && !Array.isArray(value) && !(value instanceof RegExp) && !isPlainObject(value);
}

function equalityConditions(filter: Document): Array<{ field: string; values: unknown[] }> {
  const out: Array<{ field: string; values: unknown[] }> = [];
  for (const [field, condition] of Object.entries(filter)) {
    if (field === '$and' && Array.isArray(condition)) {
      for (const part of condition) if (isPlainObject(part)) out.push(...equalityConditions(part));
    } else if (field.startsWith('$')) {
      continue;
    } else if (isLookupValue(condition)) {
      out.push({ field, values: [condition] });
    } else if (isPlainObject(condition)) {
      if ('$eq' in condition && isLookupValue(condition.$eq)) out.push({ field, values: [condition.$eq] });
      else if (Array.isArray(condition.$in) && condition.$in.every(isLookupValue)) out.push({ field, values: condition.$in });
    }
  }
  return out;
}
