import { exactBound } from './entry-keys';
import { COUNTED_PREFIX_FIELDS } from './index-keys';
import { AFTER, encodeComponents, encodeValue, invert, TAG, tagOf } from './sort-key';

/**
 * The contract's ranges (values, inclusive or exclusive ends) as LMDB key ranges of an index's key space: the
 * equality values' components one after the other (inverted for a descending field), then an interval on the next
 * field inside its type's bracket, or every key after the prefix.
 */

export interface Bound {
  value: unknown;
  inclusive: boolean;
}

/** Where a value falls in MongoDB's cross-type order: bounds of one interval stay inside one bracket (its type). */
export type Bracket = number & { readonly __bracket: unique symbol };

export interface Interval {
  bracket: Bracket;
  /** A missing side runs to the edge of the bracket. */
  lower?: Bound;
  upper?: Bound;
}

/** A range is not changed once asked about: the storage keeps its encoding on it. */
export interface ScanRange {
  /** The values of the index's leading fields, one per field, matched exactly. */
  equal: unknown[];
  /** An interval on the field after them; without one, every key that begins with the equal values. */
  next?: Interval;
}

/** `[start, end)` in an index's key space (index key bytes, without the index's prefix). */
export interface KeyRange {
  start: Buffer;
  end: Buffer;
  /** Bytes of the equality values' components at the start of every key in range. */
  equalBytes: number;
}

/** The index fields' directions that shape its keys (the `_id` order: one ascending field). */
export interface KeyShape {
  readonly descending: readonly boolean[];
}

/** Types whose encoded values are a few bytes: a leading part of such a value after a short prefix is always counted. */
const SHORT_KEY_TAGS = new Set<number>([TAG.number, TAG.objectId, TAG.boolean, TAG.date, TAG.timestamp]);
/** Far below WHOLE_KEY_BYTES, the longest leading part the index keeps a counter for. */
const SHORT_PREFIX_BYTES = 1024;

export function bracketOf(value: unknown): Bracket {
  return tagOf(value) as Bracket;
}

/** The first and past-the-last key bytes of a type's bracket, e.g. every number. */
function bracketEdges(tag: number): { start: Buffer; end: Buffer } {
  // Numbers start at -Infinity, above NaN, which no range condition matches.
  const start = tag === TAG.number ? encodeValue(-Infinity) : Buffer.from([tag]);
  return { start, end: Buffer.from([tag + 1]) };
}

function withAfter(bytes: Buffer): Buffer {
  return Buffer.concat([bytes, Buffer.from([AFTER])]);
}

/** Where a range keeps its key range: a plan's ranges are asked about and scanned several times, encoded once. */
const ENCODED = Symbol('key range');

type Encoded = ScanRange & { [ENCODED]?: KeyRange };

export function keyRange(shape: KeyShape, range: ScanRange): KeyRange {
  const cached = (range as Encoded)[ENCODED];
  if (cached) return cached;
  const keys = encode(shape, range);
  (range as Encoded)[ENCODED] = keys;
  return keys;
}

function encode(shape: KeyShape, { equal, next }: ScanRange): KeyRange {
  const prefix = encodeComponents(equal, shape.descending).key;
  if (!next) return { start: prefix, end: withAfter(prefix), equalBytes: prefix.length };
  const { bracket: tag, lower, upper } = next;
  const edges = bracketEdges(tag);
  // Ascending key space: [low, high) with bytes of the value sort keys.
  let low = lower ? (lower.inclusive ? encodeValue(lower.value) : withAfter(encodeValue(lower.value))) : edges.start;
  let high = upper ? (upper.inclusive ? withAfter(encodeValue(upper.value)) : encodeValue(upper.value)) : edges.end;
  if (shape.descending[equal.length]) {
    // Inverted keys run the other way: the interval's top becomes the start. A type's keys all begin with ~tag.
    const ownTag = ~tag & 0xff;
    low = upper ? (upper.inclusive ? invert(encodeValue(upper.value)) : withAfter(invert(encodeValue(upper.value)))) : Buffer.from([ownTag]);
    high = lower
      ? lower.inclusive
        ? withAfter(invert(encodeValue(lower.value)))
        : invert(encodeValue(lower.value))
      : tag === TAG.number
        ? withAfter(invert(edges.start))
        : Buffer.from([ownTag + 1]);
  }
  return { start: Buffer.concat([prefix, low]), end: Buffer.concat([prefix, high]), equalBytes: prefix.length };
}

/**
 * Whether a scan of the range yields exactly the entries whose whole keys are in it: a bound longer than a whole
 * index key is widened over the entries of long keys (entry-keys.ts), which the filter must then check.
 */
export function exactRange(shape: KeyShape, range: ScanRange): boolean {
  const { start, end } = keyRange(shape, range);
  return exactBound(start) && exactBound(end);
}

/**
 * How the index's counters can count these ranges (all of one shape, as a plan's are): `prefix`, one counter per
 * range, for an equality on the first one or two fields of a longer key; `range`, the sum of the two-field counters
 * within each range, for an equality on the first field and an interval of a type of short keys on the second.
 * Undefined: the counters do not cover them, and the entries are counted.
 */
export type Counters = 'prefix' | 'range';

export function countersFor(index: { readonly descending: readonly boolean[]; readonly fields: readonly string[] }, ranges: ScanRange[]): Counters | undefined {
  if (ranges.length === 0) return undefined;
  const { equal, next } = ranges[0];
  const eqCount = equal.length;
  if (!next) return eqCount > 0 && eqCount < index.fields.length && eqCount <= COUNTED_PREFIX_FIELDS ? 'prefix' : undefined;
  const counted =
    eqCount === COUNTED_PREFIX_FIELDS - 1 &&
    index.fields.length > COUNTED_PREFIX_FIELDS &&
    SHORT_KEY_TAGS.has(next.bracket) &&
    ranges.every((range) => keyRange(index, range).equalBytes <= SHORT_PREFIX_BYTES);
  return counted ? 'range' : undefined;
}
