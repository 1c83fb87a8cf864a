import { open, type Database, type RootDatabase, type Transaction } from 'lmdb';
import { LMDB_MAX_KEY } from './entry-keys';

/**
 * The data directory as one LMDB environment (`data.mdb`, `lock.mdb`) with these databases:
 * - `docs`: `collection id (4 bytes) + sort key of _id` → the document as BSON (stored once);
 * - `entries`: `index id (4 bytes) + index key + sort key of _id` → sort key of _id, in MongoDB's order (a key too
 *   long for LMDB is stored cut: see entry-keys.ts);
 * - `counts`: `collection id` → its number of documents, and `index id + leading fields of a key` → how many
 *   entries start so, so that counting an account's documents (or those of an account and a status) is one read;
 * - `catalog`: namespace → the collection's options and index specs; `meta`: id counter and format version;
 * - `retries`: session id → its last retryable write (txnNumber, time, reply), as MongoDB's config.transactions;
 * - `changes`: every committed change in commit order, for change streams (see change-log.ts).
 */
export interface Backend {
  env: RootDatabase;
  docs: Database<Buffer, Buffer>;
  entries: Database<Buffer, Buffer>;
  counts: Database<number, Buffer>;
  catalog: Database<Buffer, string>;
  meta: Database<unknown, string>;
  retries: Database<Buffer, string>;
  changes: Database<Buffer, Buffer>;
}

/**
 * 1: every index key stored whole; 2: some stored cut (entry-keys.ts), entries an engine reading format 1 only would
 * take for missing documents, so it refuses the directory instead. A directory becomes format 2 with its first cut
 * entry; format 1 directories open as they are.
 */
const FORMAT_VERSIONS = [1, 2];
export const CUT_KEYS_FORMAT = 2;
/** Address space reserved for the map; the file only grows as data does. */
const MAP_SIZE = 64 * 1024 ** 3;

export function openBackend(dir: string): Backend {
  // A directory, even one named with a dot (`app.data`), which lmdb would otherwise take for a file.
  const env = open({ path: dir, noSubdir: false, maxDbs: 8, mapSize: MAP_SIZE, overlappingSync: true });
  const binary = { keyEncoding: 'binary', encoding: 'binary' } as const;
  const backend: Backend = {
    env,
    docs: env.openDB<Buffer, Buffer>('docs', binary),
    entries: env.openDB<Buffer, Buffer>('entries', binary),
    counts: env.openDB<number, Buffer>('counts', { keyEncoding: 'binary', encoding: 'msgpack' }),
    catalog: env.openDB<Buffer, string>('catalog', { encoding: 'binary' }),
    meta: env.openDB<unknown, string>('meta', { encoding: 'msgpack' }),
    retries: env.openDB<Buffer, string>('retries', { encoding: 'binary' }),
    changes: env.openDB<Buffer, Buffer>('changes', binary),
  };
  const version = backend.meta.get('format');
  if (version !== undefined && !FORMAT_VERSIONS.includes(version as number)) {
    throw new Error(`data directory ${dir} has storage format ${String(version)}; this engine reads formats ${FORMAT_VERSIONS.join(' and ')}`);
  }
  return backend;
}

/** `[start, end)` of LMDB keys. */
export interface KeyBounds {
  start: Buffer;
  end: Buffer;
}

const prefixes = new Map<number, Buffer>();

/** The 4-byte big-endian id that starts a collection's or an index's keys (shared, never modified). */
export function prefix(id: number): Buffer {
  let bytes = prefixes.get(id);
  if (!bytes) {
    bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(id);
    prefixes.set(id, bytes);
  }
  return bytes;
}

/** The same prefix as a latin1 string, as counter keys are accumulated during a write. */
const prefixKeys = new Map<number, string>();

export function prefixKey(id: number): string {
  let key = prefixKeys.get(id);
  if (key === undefined) {
    key = prefix(id).toString('latin1');
    prefixKeys.set(id, key);
  }
  return key;
}

/** Every key under an id's prefix. */
export function idRange(id: number): KeyBounds {
  return { start: prefix(id), end: prefix(id + 1) };
}

/**
 * LMDB copies a key into its own buffer when it writes, so the keys of a write are assembled in one scratch buffer
 * instead of a new one each (an insert writes a document key and one key per index entry).
 */
const scratch = Buffer.allocUnsafe(4096);

/** Views of the scratch buffer by length, made once each: a view per write would be one more object per key. */
const scratchViews: Buffer[] = [];

/** `parts` joined, in the scratch buffer when they fit (valid until the next call). */
export function joined(a: Buffer, b: Buffer, c?: Buffer): Buffer {
  const length = a.length + b.length + (c ? c.length : 0);
  if (length > scratch.length) return Buffer.concat(c ? [a, b, c] : [a, b]);
  scratch.set(a, 0);
  scratch.set(b, a.length);
  if (c) scratch.set(c, a.length + b.length);
  let view = scratchViews[length];
  if (!view) {
    view = scratch.subarray(0, length);
    scratchViews[length] = view;
  }
  return view;
}

/**
 * A range bound LMDB can take. Every document key is at most LMDB_MAX_KEY (longer `_id`s are refused) and entry
 * bounds come through entryBound, so a longer bound cut to that length orders against every stored key as the
 * whole bound does (the filter check drops a key equal to the cut): a filter value longer than any key can hold
 * reads an empty or the same range, never an error.
 */
const fit = (bound: Buffer): Buffer => (bound.length > LMDB_MAX_KEY ? bound.subarray(0, LMDB_MAX_KEY) : bound);

/** LMDB range options for `[start, end)`, walked backwards on request. */
export function rangeOptions(bounds: KeyBounds, reverse: boolean, snapshot: Transaction | undefined) {
  const start = fit(bounds.start);
  const end = fit(bounds.end);
  return reverse
    ? { start: end, end: start, reverse: true, exclusiveStart: true, inclusiveEnd: true, transaction: snapshot }
    : { start, end, transaction: snapshot };
}

export function removeRange(db: Database<unknown, Buffer>, range: KeyBounds): void {
  for (const key of [...db.getKeys(range)]) db.removeSync(key);
}

const SAMPLE = 1000;

/** Total bytes of `count` entries, extrapolated from the first ones. */
export function estimate(db: Database<Buffer, Buffer>, range: KeyBounds, count: number): number {
  let sampled = 0;
  let bytes = 0;
  for (const { key, value } of db.getRange({ ...range, limit: SAMPLE })) {
    sampled++;
    bytes += key.length + value.length;
  }
  return sampled ? Math.round((bytes / sampled) * count) : 0;
}
