import { BSON, type Document } from 'bson';
import type { Transaction } from 'lmdb';
import { EngineError } from '../errors';
import { duplicateKeyError, ID_INDEX_NAME } from '../index-spec';
import { originalBytes } from '../raw-bson';
import { describeUpdate } from '../update-description';
import { type Backend, idRange, joined, prefix, rangeOptions } from './backend';
import { type CollectionMeta, nsOf } from './catalog';
import type { ChangeEntry } from './change-log';
import type { Collections } from './collections';
import type { Counters } from './counters';
import { LMDB_MAX_KEY } from './entry-keys';
import type { Entries, Indexes } from './indexes';
import { keyRange, type ScanRange } from './key-ranges';
import { withNumberTypes } from './number-types';
import type { Snapshots } from './snapshots';
import { encodeValue } from './sort-key';

const NO_OVERWRITE = { noOverwrite: true } as const;

/** Where document writes report their changes: the store's change log, unless a transaction logs its own. */
interface Log {
  readonly logging: boolean;
  logChange(entry: ChangeEntry, doc?: Uint8Array): void;
}

/**
 * The `docs` database: documents as BSON under their collection's prefix and `_id` sort key, read by point or in
 * `_id` order, and written (inside a write batch) with their index entries, counters and change log entries.
 */
export class Documents {
  /** Documents written by the batch under way, added to the engine's metrics when it commits. */
  written = { inserted: 0, updated: 0, deleted: 0 };

  constructor(
    private readonly backend: Backend,
    private readonly counters: Counters,
    private readonly indexes: Indexes,
    private readonly snapshots: Snapshots,
    private readonly collections: Collections,
    private readonly log: Log,
  ) {}

  get(meta: CollectionMeta, idKey: Buffer, snapshot?: Transaction): Buffer | undefined {
    const key = this.docKey(meta, idKey);
    // No stored key is longer than LMDB takes: a longer one names nothing.
    if (key.length > LMDB_MAX_KEY) return undefined;
    return this.backend.docs.get(key, snapshot ? { transaction: snapshot } : undefined);
  }

  /** The collection's documents in `_id` order (reversed on request). */
  *scan(meta: CollectionMeta, range: ScanRange | undefined, reverse: boolean, snapshot?: Transaction): Iterable<{ idKey: Buffer; bytes: Buffer }> {
    const base = prefix(meta.id);
    const ids = range ? keyRange(ID_ORDER, range) : undefined;
    const bounds = ids ? { start: Buffer.concat([base, ids.start]), end: Buffer.concat([base, ids.end]) } : idRange(meta.id);
    for (const { key, value } of this.backend.docs.getRange(rangeOptions(bounds, reverse, snapshot))) {
      yield { idKey: key.subarray(4), bytes: value };
    }
  }

  /**
   * Stores a new document. A taken `_id` or unique key refuses it and leaves no trace: the `_id` is claimed by the
   * document write itself (LMDB's no-overwrite put, one B-tree descent instead of a lookup and a put). With `bytes`
   * given, `doc` need only hold `_id` and the fields the collection's indexes read.
   */
  insert(meta: CollectionMeta, doc: Document, bytes = originalBytes(doc) ?? Buffer.from(BSON.serialize(doc))): void {
    const idKey = encodeValue(doc._id);
    checkIdKey(idKey);
    if (!this.claim(joined(prefix(meta.id), idKey), bytes)) throw duplicateKeyError(nsOf(meta), ID_INDEX_NAME, { _id: 1 }, doc);
    let entries: Entries;
    try {
      entries = this.indexes.entriesOf(meta, doc, idKey);
    } catch (error) {
      this.backend.docs.removeSync(this.docKey(meta, idKey));
      throw error;
    }
    this.counters.addDocs(meta.id, 1);
    if (this.indexes.write(entries, idKey)) this.collections.save(meta);
    this.snapshots.record(this.docKey(meta, idKey));
    this.written.inserted++;
    this.log.logChange({ op: 'insert', db: meta.db, coll: meta.name, key: { _id: doc._id } }, bytes);
  }

  /**
   * Writes a key that must not exist yet. lmdb's putSync reports whether a conditional put took place (its typings
   * say void): were that to change, every insert would be refused and the suites would fail, never a silent
   * overwrite.
   */
  private claim(key: Buffer, bytes: Buffer): boolean {
    return (this.backend.docs.putSync(key, bytes, NO_OVERWRITE) as unknown) === true;
  }

  /**
   * Stores a document (`previous`: the committed version it replaces, if any), keeping index entries in step.
   * Unique keys are checked before anything is written, so a refused document leaves no trace.
   */
  put(meta: CollectionMeta, doc: Document, previous: Document | undefined, kind: 'update' | 'replace' = 'replace'): void {
    const idKey = encodeValue(doc._id);
    checkIdKey(idKey);
    const entries = this.indexes.entriesOf(meta, doc, idKey);
    const bytes = originalBytes(doc) ?? this.encode(meta, idKey, doc, previous);
    if (previous) this.indexes.remove(meta, previous, idKey);
    else this.counters.addDocs(meta.id, 1);
    this.backend.docs.putSync(this.docKey(meta, idKey), bytes);
    if (this.indexes.write(entries, idKey)) this.collections.save(meta);
    this.snapshots.record(this.docKey(meta, idKey));
    if (previous) this.written.updated++;
    else this.written.inserted++;
    if (!this.log.logging) return;
    const where = { db: meta.db, coll: meta.name, key: { _id: doc._id } };
    if (!previous) this.log.logChange({ op: 'insert', ...where }, bytes);
    else if (kind === 'update') this.log.logChange({ op: 'update', ...where, ud: describeUpdate(previous, doc) });
    else this.log.logChange({ op: 'replace', ...where }, bytes);
  }

  remove(meta: CollectionMeta, doc: Document): void {
    const idKey = encodeValue(doc._id);
    this.indexes.remove(meta, doc, idKey);
    this.counters.addDocs(meta.id, -1);
    this.backend.docs.removeSync(this.docKey(meta, idKey));
    this.snapshots.record(this.docKey(meta, idKey));
    this.written.deleted++;
    this.log.logChange({ op: 'delete', db: meta.db, coll: meta.name, key: { _id: doc._id } });
  }

  /** The BSON of a document; an update keeps the numeric types of the version it replaces. */
  private encode(meta: CollectionMeta, idKey: Buffer, doc: Document, previous: Document | undefined): Buffer {
    const stored = previous ? this.get(meta, idKey) : undefined;
    const typed = stored ? withNumberTypes(doc, BSON.deserialize(stored, { promoteValues: false })) : doc;
    return Buffer.from(BSON.serialize(typed as Document));
  }

  /** A document's LMDB key. */
  docKey(meta: CollectionMeta, idKey: Buffer): Buffer {
    return Buffer.concat([prefix(meta.id), idKey]);
  }
}

/** The `_id` order of a collection's documents, as a key shape. */
const ID_ORDER = { descending: [false] } as const;

/**
 * Refuses an `_id` whose sort key LMDB cannot hold as a document key. Documents are keyed by `_id` so that scans
 * walk them in `_id` order and point reads are one lookup; a cut `_id` key would cost both a check of the document
 * read, for values no application uses as ids (MongoDB before 4.2 refused them too, with this error).
 */
function checkIdKey(idKey: Buffer): void {
  if (idKey.length > LMDB_MAX_KEY - 4) {
    throw new EngineError(17280, 'KeyTooLong', `_id of ${idKey.length} bytes once encoded is longer than the embedded engine's limit of ${LMDB_MAX_KEY - 4}`);
  }
}
