import type { Document } from 'bson';
import { duplicateKeyError, ID_INDEX_NAME, Index } from './indexes';
import { isPlainObject, keyOf } from './values';

export interface Entry {
  doc: Document;
  /** Commit sequence number of the last change; transactions use it to detect write conflicts. */
  version: number;
}

/** A past state of a document: `doc` (null: absent) from commit `version` on. */
interface PastState {
  version: number;
  doc: Document | null;
}

/** The committed documents of one collection, in insertion order, with their secondary indexes. */
export class Collection {
  readonly docs = new Map<string, Entry>();
  readonly indexes = new Map<string, Index>();
  /**
   * Past states of documents changed while a transaction is open, oldest first, so that the transaction keeps
   * reading the snapshot it started with. A deleted document's last state is a null tombstone.
   */
  readonly history = new Map<string, PastState[]>();

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

  put(doc: Document, version: number, keepHistory = false): void {
    const id = keyOf(doc._id);
    const previous = this.docs.get(id);
    if (keepHistory) this.remember(id, previous);
    if (previous) for (const index of this.indexes.values()) index.remove(id, previous.doc);
    this.docs.set(id, { doc, version });
    for (const index of this.indexes.values()) index.add(id, doc);
  }

  remove(id: string, version: number, keepHistory = false): void {
    const previous = this.docs.get(id);
    if (!previous) return;
    if (keepHistory) {
      this.remember(id, previous);
      this.history.get(id)!.push({ version, doc: null });
    }
    for (const index of this.indexes.values()) index.remove(id, previous.doc);
    this.docs.delete(id);
  }

  private remember(id: string, previous: Entry | undefined): void {
    let states = this.history.get(id);
    if (!states) this.history.set(id, (states = []));
    if (previous) states.push({ version: previous.version, doc: previous.doc });
    else if (states.length === 0) states.push({ version: 0, doc: null });
  }

  /** The document as a snapshot taken at commit `snapshot` sees it. */
  visibleAt(id: string, snapshot: number): Document | undefined {
    const entry = this.docs.get(id);
    if (entry && entry.version <= snapshot) return entry.doc;
    const states = this.history.get(id);
    if (states) {
      for (let i = states.length - 1; i >= 0; i--) if (states[i].version <= snapshot) return states[i].doc ?? undefined;
    }
    return undefined;
  }

  /** Commit number of the document's last change, deletion included (0: never existed). */
  lastChange(id: string): number {
    return this.docs.get(id)?.version ?? this.history.get(id)?.at(-1)?.version ?? 0;
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
   * undefined when the filter gives no such condition and every document must be examined. `exact` means the
   * filter is nothing but that condition on a single-field index, so every committed candidate matches.
   */
  plan(filter: Document | undefined): { ids: string[]; exact: boolean } | undefined {
    const ids = this.candidates(filter);
    if (!ids || !filter) return undefined;
    const fields = Object.keys(filter);
    const field = fields[0];
    const condition = filter[field];
    const exact =
      fields.length === 1 &&
      (field === '_id' || [...this.indexes.values()].some((index) => index.fields.length === 1 && index.fields[0] === field && index.usableForEquality)) &&
      (isLookupValue(condition) ||
        (isPlainObject(condition) && Object.keys(condition).length === 1 && ('$eq' in condition ? isLookupValue(condition.$eq) : Array.isArray(condition.$in) && condition.$in.every(isLookupValue))));
    return { ids, exact };
  }

  private candidates(filter: Document | undefined): string[] | undefined {
    if (!filter) return undefined;
    const conditions = new Map<string, unknown[]>();
    for (const { field, values } of equalityConditions(filter)) {
      const known = conditions.get(field);
      if (!known || values.length < known.length) conditions.set(field, values);
    }
    if (conditions.size === 0) return undefined;
    let best: string[] | undefined;
    const consider = (ids: string[]) => {
      if (!best || ids.length < best.length) best = ids;
    };
    const ids = conditions.get('_id');
    if (ids) consider([...new Set(ids.map(keyOf))].filter((id) => this.docs.has(id)));
    for (const index of this.indexes.values()) {
      if (!index.usableForEquality || !conditions.has(index.fields[0])) continue;
      // Every key field constrained: look up whole keys (bounded fan-out); otherwise by the first field.
      const perField = index.fields.map((field) => conditions.get(field));
      const whole = perField.every((values) => values !== undefined) && perField.reduce((n, v) => n * v!.length, 1) <= 1000;
      const keys = whole ? Index.combine(perField as unknown[][]) : conditions.get(index.fields[0])!.map(keyOf);
      const found = new Set<string>();
      for (const key of keys) for (const id of (whole ? index.lookupWhole(key) : index.lookup(key)) ?? []) found.add(id);
      consider([...found]);
    }
    return best;
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
