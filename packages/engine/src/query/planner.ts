import type { Document } from 'bson';
import { badValue } from '../errors';
import { ID_INDEX_NAME } from '../index-spec';
import { type CollectionMeta, type Counters, countersFor, type DocKey, docKeyOf, exactRange, type IndexMeta, type ScanRange } from '../storage/contract';
import { keyOf } from '../values';
import { filterBounds, type FieldBounds } from './bounds';
import { sortDirections } from './sort';

/**
 * Chooses how to find a filter's documents: `_id` point reads, one index scanned over key ranges (equality prefix,
 * then a range, the order serving the sort when it can), or the whole collection in `_id` order.
 */

export type Plan =
  | { kind: 'ids'; idKeys: DocKey[]; sortServed: boolean; exact: boolean }
  | { kind: 'collscan'; range?: ScanRange; reverse: boolean; sortServed: boolean; exact: boolean }
  | {
      kind: 'ixscan';
      index: IndexMeta;
      ranges: ScanRange[];
      reverse: boolean;
      sortServed: boolean;
      exact: boolean;
      bounds: string[];
      /** How the index's counters count the ranges, when they can (see countersFor). */
      counters?: Counters;
      /**
       * MongoDB's SORT_MERGE: the ranges (one per `$in` value of the equality prefix) each yield the sort, and are
       * merged on the index fields after their equality values.
       */
      merge?: boolean;
    };

/** Limits how many key ranges an equality prefix of several `$in` lists may expand to. */
const MAX_RANGES = 1000;

/** MongoDB's internalQueryMaxScansToExplode: at most this many ranges are merged to yield a sort. */
const MAX_MERGED_RANGES = 200;

const ID_INDEX = { name: ID_INDEX_NAME, fields: ['_id'], descending: [false], multikey: false, sparse: false } as const;

export interface PlanCandidate {
  plan: Plan;
  score: number;
}

/** MongoDB's internalQueryPlannerMaxIndexedSolutions. */
const MAX_CANDIDATES = 64;

/** Each prefix of equality values followed by each of the next field's points. */
function pointPrefixes(prefixes: unknown[][], points: unknown[]): unknown[][] {
  const out: unknown[][] = [];
  for (const prefix of prefixes) for (const point of points) out.push([...prefix, point]);
  return out;
}

/** One range per prefix over an interval of the next field (on a multikey index, bounded on one side only). */
function intervalRanges(prefixes: unknown[][], bounds: FieldBounds, useBothSides: boolean): ScanRange[] {
  const { bracket, lower, upper } = bounds.interval!;
  const next = { bracket, lower, upper: useBothSides || !lower ? upper : undefined };
  return prefixes.map((equal) => ({ equal, next }));
}

function wholeRanges(prefixes: unknown[][]): ScanRange[] {
  return prefixes.map((equal) => ({ equal }));
}

/** Whether scanning this index (forwards or backwards) yields the sort order, after the equality prefix. */
function sortDirection(
  index: { fields: readonly string[]; descending: readonly boolean[]; multikey: boolean; multikeyFields?: readonly boolean[] },
  sort: Array<[string, 1 | -1]>,
  equalities: Map<string, FieldBounds>,
  eqCount: number,
): 'forward' | 'reverse' | undefined {
  const rest = sort.filter(([field]) => !(equalities.get(field)?.points?.length === 1));
  if (rest.length === 0) return 'forward';
  let direction: 'forward' | 'reverse' | undefined;
  for (let i = 0; i < rest.length; i++) {
    const at = eqCount + i;
    if (index.fields[at] !== rest[i][0]) return undefined;
    // A field that has held an array has one entry per element: its entries are not in the documents' order. The
    // others keep it, after an equality on an array field too (one entry per document for one value).
    if (index.multikey && (index.multikeyFields?.[at] ?? true)) return undefined;
    const same = (rest[i][1] === -1) === index.descending[at];
    const wanted = same ? 'forward' : 'reverse';
    if (direction && direction !== wanted) return undefined;
    direction = wanted;
  }
  return direction;
}

function indexCandidate(
  index: IndexMeta | typeof ID_INDEX,
  fields: Map<string, FieldBounds>,
  complete: boolean,
  sort: Array<[string, 1 | -1]>,
): PlanCandidate | undefined {
  let prefixes: unknown[][] = [[]];
  let eqCount = 0;
  let singlePoints = true;
  const used = new Set<string>();
  for (; eqCount < index.fields.length; eqCount++) {
    const bounds = fields.get(index.fields[eqCount]);
    if (!bounds?.points || prefixes.length * bounds.points.length > MAX_RANGES) break;
    if (eqCount === 0 && index.sparse && bounds.nullable) return undefined;
    if (bounds.points.length > 1) singlePoints = false;
    prefixes = pointPrefixes(prefixes, bounds.points);
    used.add(index.fields[eqCount]);
  }
  const next = index.fields[eqCount];
  const rangeBounds = next !== undefined ? fields.get(next) : undefined;
  let ranges: ScanRange[];
  let hasRange = false;
  if (rangeBounds?.interval) {
    hasRange = true;
    // On a multikey index one element may satisfy the lower side and another the upper: bound one side only.
    ranges = intervalRanges(prefixes, rangeBounds, !index.multikey);
    if (!index.multikey) used.add(next);
  } else ranges = wholeRanges(prefixes);
  if (eqCount === 0 && !hasRange && index.sparse) return undefined;
  let direction = singlePoints || sort.length === 0 ? sortDirection(index, sort, fields, eqCount) : undefined;
  let merge = false;
  if (!singlePoints && sort.length > 0 && ranges.length <= MAX_MERGED_RANGES) {
    // Each `$in` value's range yields the sort on the fields after the prefix: merged, they yield it for the whole.
    direction = sortDirection(index, sort, fields, eqCount);
    merge = direction !== undefined && sort.some(([field]) => !(fields.get(field)?.points?.length === 1));
  }
  const sortServed = direction !== undefined;
  if (eqCount === 0 && !hasRange && !(sortServed && sort.length > 0)) return undefined;
  // On a multikey index a document has one entry per element: entries count documents only for a whole-key point.
  // A bound longer than a whole index key is widened over the entries of long keys, which the filter must check.
  const exact =
    complete &&
    [...fields.keys()].every((field) => used.has(field)) &&
    (!index.multikey || (eqCount === index.fields.length && ranges.length === 1)) &&
    ranges.every((range) => exactRange(index, range));
  const score = eqCount * 10 + (hasRange ? 4 : 0) + (sortServed && sort.length > 0 ? 6 : 0) + (exact ? 1 : 0);
  const reverse = direction === 'reverse';
  if (reverse) ranges.reverse();
  if (index === ID_INDEX) {
    if (eqCount === 1) {
      const idKeys = (reverse ? prefixes.reverse() : prefixes).map(([id]) => docKeyOf(id));
      return { plan: { kind: 'ids', idKeys, sortServed, exact }, score: 1000 };
    }
    return { plan: { kind: 'collscan', range: hasRange ? ranges[0] : undefined, reverse, sortServed, exact }, score };
  }
  const shown = index.fields.map((field) => `${field}: ${fields.has(field) ? 'bounded' : '[MinKey, MaxKey]'}`);
  return {
    plan: {
      kind: 'ixscan',
      index: index as IndexMeta,
      ranges,
      reverse,
      sortServed,
      exact,
      bounds: shown,
      counters: countersFor(index, ranges),
      merge: merge || undefined,
    },
    score,
  };
}

/** The index a `hint` names (by name or key pattern); `$natural` asks for a collection scan. */
function hinted(meta: CollectionMeta, hint: unknown): IndexMeta | typeof ID_INDEX | 'natural' | undefined {
  if (hint === undefined || hint === null) return undefined;
  if (typeof hint === 'object' && !Array.isArray(hint) && Object.keys(hint as Document).length === 0) return undefined;
  if (typeof hint === 'object' && '$natural' in (hint as Document)) return 'natural';
  if (hint === ID_INDEX_NAME || (typeof hint === 'object' && keyOf(hint) === keyOf({ _id: 1 }))) return ID_INDEX;
  for (const index of meta.indexes.values()) {
    if (index.name === hint || (typeof hint === 'object' && keyOf(index.spec.key) === keyOf(hint))) return index;
  }
  throw badValue('error processing query: planner returned error :: caused by :: hint provided does not correspond to an existing index');
}

/**
 * The plans that may serve the filter and sort, in index order, each with a static score (longer equality prefix,
 * then a range, a served sort, exactness): an `_id` point read alone (MongoDB's IDHACK is never raced); otherwise one
 * plan per usable index (the one `hint` names, if any); a collection scan when no index serves.
 */
export function planCandidates(meta: CollectionMeta | undefined, filter: Document | undefined, sortSpec?: Document, hint?: unknown): PlanCandidate[] {
  const { fields, complete } = filterBounds(filter);
  const sort = sortSpec ? sortDirections(sortSpec) : [];
  const emptyFilter = !filter || Object.keys(filter).length === 0;
  const scan: Plan = { kind: 'collscan', reverse: false, sortServed: sort.length === 0, exact: emptyFilter };
  if (!meta) return [{ plan: scan, score: 0 }];
  const forced = hinted(meta, hint);
  if (forced === 'natural') return [{ plan: scan, score: 0 }];
  const indexes = forced ? [forced] : [ID_INDEX, ...[...meta.indexes.values()].filter((index) => !index.partial && index.spec.hidden !== true)];
  const out: PlanCandidate[] = [];
  for (const index of indexes) {
    const candidate = indexCandidate(index, fields, complete, sort);
    if (candidate?.plan.kind === 'ids') return [candidate];
    if (candidate && out.length < MAX_CANDIDATES) out.push(candidate);
  }
  if (out.length) return out;
  if (forced && forced !== ID_INDEX) {
    // A hinted index with nothing to bound is still scanned whole, as MongoDB does.
    const index = forced as IndexMeta;
    const direction = sortDirection(index, sort, fields, 0);
    const plan: Plan = {
      kind: 'ixscan',
      index,
      ranges: wholeRanges([[]]),
      reverse: direction === 'reverse',
      sortServed: direction !== undefined,
      exact: false,
      bounds: [],
    };
    return [{ plan, score: 0 }];
  }
  return [{ plan: scan, score: 0 }];
}
