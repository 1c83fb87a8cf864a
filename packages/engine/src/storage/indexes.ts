import { BSON, type Document } from 'bson';
import type { Transaction } from 'lmdb';
import { duplicateKeyError } from '../index-spec';
import { type Backend, CUT_KEYS_FORMAT, idRange, joined, prefix, rangeOptions, removeRange } from './backend';
import { type CollectionMeta, type IndexMeta, nsOf } from './catalog';
import type { IndexEntry, IndexScan } from './contract';
import type { Counters } from './counters';
import { cutGroup, cutRange, entryBound, entryId, entryValue, isCut, longEntryKey, PREFIX_BYTES, storedWhole, WHOLE_KEY_BYTES } from './entry-keys';
import { indexEntries } from './index-keys';
import { keyRange, type ScanRange } from './key-ranges';
import { AFTER } from './sort-key';

/** The index entries a document puts in each index of its collection. */
export type Entries = Array<{ index: IndexMeta } & ReturnType<typeof indexEntries>>;

/** Reads a stored document (unique checks of long keys compare whole keys from the documents). */
type ReadDoc = (meta: CollectionMeta, idKey: Buffer, snapshot?: Transaction) => Buffer | undefined;

function markMultikey(index: IndexMeta, field: number): void {
  index.multikey = true;
  index.multikeyFields[field] = true;
}

function after(bytes: Buffer): Buffer {
  return Buffer.concat([bytes, Buffer.from([AFTER])]);
}

/** An entry's LMDB key (in the scratch buffer when stored whole: valid until the next write's key). */
function entryKey(base: Buffer, key: Buffer, idKey: Buffer): Buffer {
  return storedWhole(key, idKey) ? joined(base, key, idKey) : longEntryKey(base, key, idKey);
}

/**
 * The `entries` database: keeping each index's entries and counters in step with the documents (inside a write
 * batch), unique keys, and reading entries over ranges.
 */
export class Indexes {
  constructor(
    private readonly backend: Backend,
    private readonly counters: Counters,
    private readonly readDoc: ReadDoc,
  ) {}

  /**
   * The index entries of a document, refused (DuplicateKey) if a unique one is held by another document. Unique
   * indexes come first: a refused document (a file imported again) costs no other index's keys.
   */
  entriesOf(meta: CollectionMeta, doc: Document, idKey: Buffer): Entries {
    const entries: Entries = [];
    for (const index of meta.indexes.values()) {
      if (!index.unique) continue;
      const entry = { index, ...indexEntries(index, doc) };
      for (const key of entry.keys) {
        if (this.firstOwner(meta, index, key, idKey)) throw duplicateKeyError(nsOf(meta), index.name, index.spec.key, doc);
      }
      entries.push(entry);
    }
    for (const index of meta.indexes.values()) if (!index.unique) entries.push({ index, ...indexEntries(index, doc) });
    return entries;
  }

  /** Writes a document's entries and counts them; true when an index became multikey (the catalog must be saved). */
  write(entries: Entries, idKey: Buffer): boolean {
    let catalogChanged = false;
    for (const { index, keys, prefixes, arrayAt } of entries) {
      const base = prefix(index.id);
      for (const key of keys) this.putEntry(base, key, idKey);
      for (let i = 0; i < prefixes.length; i++) this.counters.add(this.counters.countKey(index.id, i, prefixes[i]), 1);
      if (arrayAt !== undefined && !index.multikeyFields[arrayAt]) {
        markMultikey(index, arrayAt);
        catalogChanged = true;
      }
    }
    return catalogChanged;
  }

  /** Adds a document's entries to an index being built. */
  add(meta: CollectionMeta, index: IndexMeta, doc: Document, idKey: Buffer): void {
    const { keys, prefixes, arrayAt } = indexEntries(index, doc);
    for (const leading of prefixes) this.counters.addLeading(index.id, leading, 1);
    for (const key of keys) {
      if (index.unique && this.firstOwner(meta, index, key, idKey)) {
        throw duplicateKeyError(nsOf(meta), index.name, index.spec.key, doc);
      }
      this.putEntry(prefix(index.id), key, idKey);
    }
    if (arrayAt !== undefined) markMultikey(index, arrayAt);
  }

  remove(meta: CollectionMeta, doc: Document, idKey: Buffer): void {
    for (const index of meta.indexes.values()) {
      const { keys, prefixes } = indexEntries(index, doc);
      for (const key of keys) this.backend.entries.removeSync(entryKey(prefix(index.id), key, idKey));
      for (const leading of prefixes) this.counters.addLeading(index.id, leading, -1);
    }
  }

  /** Removes an index's entries and counters. */
  drop(index: IndexMeta): void {
    removeRange(this.backend.entries, idRange(index.id));
    removeRange(this.backend.counts, idRange(index.id));
  }

  private putEntry(base: Buffer, key: Buffer, idKey: Buffer): void {
    const value = entryValue(key, idKey);
    const { meta, entries } = this.backend;
    if (value !== idKey && meta.get('format') !== CUT_KEYS_FORMAT) meta.putSync('format', CUT_KEYS_FORMAT);
    entries.putSync(entryKey(base, key, idKey), value);
  }

  /** The id key of another document holding `key` in a unique index, if any. */
  private firstOwner(meta: CollectionMeta, index: IndexMeta, key: Buffer, idKey: Buffer): Buffer | undefined {
    for (const owner of this.holders(meta, index, key)) if (!owner.equals(idKey)) return owner;
    return undefined;
  }

  /**
   * The `_id` sort keys of the documents holding exactly `key` in the index. A key stored cut is compared with the
   * whole keys of the documents whose entries are cut to the same bytes (each one read and decoded).
   */
  *holders(meta: CollectionMeta, index: IndexMeta, key: Buffer, snapshot?: Transaction): Iterable<Buffer> {
    const base = prefix(index.id);
    const { entries } = this.backend;
    if (key.length <= WHOLE_KEY_BYTES) {
      const start = Buffer.concat([base, key]);
      for (const { value } of entries.getRange({ start, end: after(start), transaction: snapshot })) yield value;
      return;
    }
    for (const { value } of entries.getRange({ ...cutRange(base, key), transaction: snapshot })) {
      const idKey = entryId(value);
      const bytes = this.readDoc(meta, idKey, snapshot);
      if (bytes && indexEntries(index, BSON.deserialize(bytes)).keys.some((held) => held.equals(key))) yield idKey;
    }
  }

  /** The LMDB bounds of a range: a bound longer than a whole key widens the range (entryBound). */
  private bounds(index: IndexMeta, range: ScanRange): { start: Buffer; end: Buffer; equalBytes: number } {
    const base = prefix(index.id);
    const keys = keyRange(index, range);
    return {
      start: entryBound(Buffer.concat([base, keys.start]), 'start'),
      end: entryBound(Buffer.concat([base, keys.end]), 'end'),
      equalBytes: keys.equalBytes,
    };
  }

  *scan(index: IndexMeta, range: ScanRange, { reverse, snapshot, offset = 0, rest }: IndexScan): Iterable<IndexEntry> {
    const { start, end, equalBytes } = this.bounds(index, range);
    // `offset` entries are stepped over by LMDB's cursor itself, none of them copied out (a deep page's skip).
    const options = { ...rangeOptions({ start, end }, reverse, snapshot as Transaction | undefined), ...(offset > 0 ? { offset } : {}) };
    for (const { key, value } of this.backend.entries.getRange(options)) {
      if (rest) {
        const group = isCut(value) ? Buffer.from(cutGroup(key)) : undefined;
        yield { id: Buffer.from(entryId(value)), group, rest: Buffer.from(key.subarray(PREFIX_BYTES + equalBytes)) };
      } else yield isCut(value) ? { id: entryId(value), group: cutGroup(key) } : { id: value };
    }
  }

  /** How many entries are within the range (whose bounds the caller knows to be exact: see exactRange). */
  count(index: IndexMeta, range: ScanRange, snapshot?: Transaction): number {
    const { start, end } = this.bounds(index, range);
    return this.backend.entries.getKeysCount({ start, end, transaction: snapshot });
  }
}
