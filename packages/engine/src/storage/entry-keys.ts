import { createHash } from 'node:crypto';

/**
 * How an index entry is laid out in LMDB, whose keys hold at most LMDB_MAX_KEY bytes while an index key (a long
 * string, say) may be any length, as on MongoDB since 4.2.
 *
 * An entry's LMDB key is `index id (4 bytes) + index key + id suffix` and its value the `_id` sort key:
 * - an index key of up to WHOLE_KEY_BYTES is stored whole (every key stored before long keys were accepted is);
 * - a longer one is cut to its first WHOLE_KEY_BYTES followed by CUT_MARK, and its value is flagged (a leading
 *   0x00, which no sort key begins with). No whole key extends the cut bytes (encoded keys are prefix-free, and a
 *   whole key no longer than the cut that began with them would be them), so a cut entry sorts against every
 *   whole key as its whole key would, and against every bound of at most WHOLE_KEY_BYTES. Entries cut to the same
 *   bytes sort among themselves by `_id`, not by value: readers that need their order or their exact value fetch
 *   the documents (see cutGroup);
 * - the id suffix is the `_id` sort key when the whole LMDB key fits, otherwise 0x00 and the SHA-256 of it (which no
 *   sort key can equal), only to keep the entries of different documents apart.
 */

/** The longest key LMDB reads or writes (lmdb-js's compiled maximum). */
export const LMDB_MAX_KEY = 1978;
/** The longest index key stored whole (the limit writes enforced before longer keys were stored cut). */
export const WHOLE_KEY_BYTES = 1900;
export const PREFIX_BYTES = 4;
const CUT_MARK = 0x00;
const CUT_FLAG = 0x00;
/** Length of a cut entry's LMDB key up to its id suffix: entries cut to the same bytes share it. */
const CUT_KEY_BYTES = PREFIX_BYTES + WHOLE_KEY_BYTES + 1;

/** Whether `prefix + key + idKey` is the entry's LMDB key as is (nearly always: the caller's fast path). */
export function storedWhole(key: Buffer, idKey: Buffer): boolean {
  return key.length <= WHOLE_KEY_BYTES && PREFIX_BYTES + key.length + idKey.length <= LMDB_MAX_KEY;
}

/** The LMDB key of an entry that is not storedWhole. */
export function longEntryKey(prefix: Buffer, key: Buffer, idKey: Buffer): Buffer {
  const stored = key.length > WHOLE_KEY_BYTES ? Buffer.concat([key.subarray(0, WHOLE_KEY_BYTES), Buffer.from([CUT_MARK])]) : key;
  const suffix =
    PREFIX_BYTES + stored.length + idKey.length <= LMDB_MAX_KEY ? idKey : Buffer.concat([Buffer.from([0]), createHash('sha256').update(idKey).digest()]);
  return Buffer.concat([prefix, stored, suffix]);
}

/** The stored value of an entry: the `_id` sort key, flagged when the index key is cut. */
export function entryValue(key: Buffer, idKey: Buffer): Buffer {
  return key.length > WHOLE_KEY_BYTES ? Buffer.concat([Buffer.from([CUT_FLAG]), idKey]) : idKey;
}

export function isCut(value: Buffer): boolean {
  return value[0] === CUT_FLAG;
}

/** The `_id` sort key of a stored entry. */
export function entryId(value: Buffer): Buffer {
  return isCut(value) ? value.subarray(1) : value;
}

/** The bytes a cut entry shares with every entry cut from a key with the same first WHOLE_KEY_BYTES. */
export function cutGroup(entryKey: Buffer): Buffer {
  return entryKey.subarray(0, CUT_KEY_BYTES);
}

/** The LMDB key range holding the cut entries of `key` (longer than WHOLE_KEY_BYTES) and of its near-duplicates. */
export function cutRange(prefix: Buffer, key: Buffer): { start: Buffer; end: Buffer } {
  const start = Buffer.concat([prefix, key.subarray(0, WHOLE_KEY_BYTES), Buffer.from([CUT_MARK])]);
  return { start, end: Buffer.concat([start, Buffer.from([0xff])]) };
}

/**
 * Whether a range bound (index key bytes, without prefix) orders every entry as it orders the entry's whole key: a
 * bound of at most WHOLE_KEY_BYTES does (see above). Over longer bounds, entryBound widens the range and what it
 * yields must be checked against the filter.
 */
export function exactBound(bound: Buffer): boolean {
  return bound.length <= WHOLE_KEY_BYTES;
}

/**
 * A range bound (with prefix) LMDB can take that keeps every entry whose whole key is within the range: a longer
 * bound is cut to WHOLE_KEY_BYTES, a start as it is (before every entry cut from keys it begins), an end followed by
 * 0xff (after them; 0xff sorts after CUT_MARK). Whole keys the widening lets in are out of range only when they
 * begin with the bound's first WHOLE_KEY_BYTES, and the filter check drops them.
 */
export function entryBound(bound: Buffer, side: 'start' | 'end'): Buffer {
  const limit = PREFIX_BYTES + WHOLE_KEY_BYTES;
  if (bound.length <= limit) return bound;
  return side === 'start' ? bound.subarray(0, limit) : Buffer.concat([bound.subarray(0, limit), Buffer.from([0xff])]);
}
