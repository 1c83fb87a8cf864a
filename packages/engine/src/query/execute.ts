import { BSON, type Document } from 'bson';
import { compileFilter } from '../matcher';
import type { Plan } from './planner';
import type { QueryOptions, Source } from './source';
import { checkCachedRun, choosePlan, type Chosen } from './multi-plan';
import { originalBytes } from '../raw-bson';
import { mentionsType, registerTwin } from '../typed-twins';
import { sortBy } from './sort';
import { mergeRanges } from './sort-merge';
import { exactRange } from '../storage/contract';
import { decodeFields, DESERIALIZE } from '../stored-fields';
import { checkDeadline } from '../deadline';

export type { QueryOptions, Source };

export interface Match {
  doc: Document;
  /** The stored BSON, when the document comes from the store unchanged (replies reuse it as is). */
  bytes?: Buffer;
  /** The stored BSON it was read from, also when `doc` holds only some of its fields (see `fields`). */
  record?: Buffer;
}

export interface ExecutionStats {
  plan: Plan;
  /** The candidates the winning plan was chosen over. */
  rejected: Plan[];
  /** The query asks for an order (a rejected plan that does not give it would sort in memory). */
  sorting: boolean;
  keysExamined: number;
  docsExamined: number;
  nReturned: number;
  inMemorySort: boolean;
}

export interface QueryResult {
  matches: Match[];
  stats: ExecutionStats;
}

type Candidate = { idKey: Buffer; bytes: Buffer };

/**
 * The stored candidates of a plan, in plan order: `_id` sort key and BSON. `sort`: the order an index scan gives
 * (sortServed), which entries cut to the same bytes (long keys) do not give among themselves: they are sorted here.
 */
function* candidates(source: Source, plan: Plan, stats: ExecutionStats, unfetched: number, sort?: Document, stepped = false): Iterable<Candidate> {
  const { store, meta, snapshot } = source;
  if (!meta) return;
  if (plan.kind === 'ids') {
    for (const idKey of plan.idKeys) {
      stats.keysExamined++;
      store.queryMetrics.scanned++;
      const bytes = store.getDoc(meta, idKey, snapshot);
      if (bytes) yield { idKey, bytes };
    }
    return;
  }
  if (plan.kind === 'collscan') {
    yield* store.scanDocs(meta, plan.range, plan.reverse, snapshot);
    return;
  }
  // Ranges widened over long keys (see entryBound) may overlap: two long `$in` values with the same first bytes.
  const widened = plan.ranges.length > 1 && plan.ranges.some((range) => !exactRange(plan.index, range));
  const seen = plan.index.multikey || widened ? new Set<string>() : undefined;
  // Merged ranges come in the sort's order already, entries cut alike included.
  const merged = plan.merge ? mergeRanges({ store, meta, snapshot, sort: sort! }, plan.index, plan.ranges, plan.reverse) : undefined;
  const resort = !merged && plan.sortServed && sort !== undefined && Object.keys(sort).length > 0;
  let tied: Buffer[] = [];
  let tiedOn: Buffer | undefined;
  // Entries cut to the same bytes, in the sort's order; those the skip passes over are not read unless they must be sorted.
  function* flushTied(): Iterable<Candidate> {
    const group = tied;
    tied = [];
    tiedOn = undefined;
    if (unfetched >= group.length) {
      unfetched -= group.length;
      return;
    }
    const read: Candidate[] = [];
    for (const idKey of group) {
      const bytes = store.getDoc(meta!, idKey, snapshot);
      if (bytes) read.push({ idKey, bytes });
    }
    const ordered = sortBy(read, ({ bytes }) => BSON.deserialize(bytes, DESERIALIZE), sort!);
    yield* ordered.slice(unfetched);
    unfetched = 0;
  }
  for (const range of merged ? [undefined] : plan.ranges) {
    let offset = 0;
    if (range && unfetched > 0 && !seen && !stepped) {
      // Entries the skip passes over are stepped over inside LMDB: a whole range holding no more of them than are
      // left to skip is counted, and the skip starts inside the next one at an offset.
      const inRange = plan.ranges.length > 1 ? store.countEntries(plan.index, range, snapshot) : Number.POSITIVE_INFINITY;
      offset = Math.min(unfetched, inRange);
      if (offset === inRange) {
        passOver(offset);
        continue;
      }
    }
    let landed = offset === 0;
    let onCut = false;
    for (const { id: idKey, group } of merged ?? store.scanIndex(plan.index, range!, { reverse: plan.reverse, snapshot, offset })) {
      if (!landed) {
        // An entry cut to the same bytes as the one before it may belong, in the sort's order, before the offset:
        // such a group must be read from its start and sorted, so this range is stepped through instead (below).
        onCut = resort && group !== undefined;
        if (onCut) break;
        landed = true;
        passOver(offset);
      }
      stats.keysExamined++;
      store.queryMetrics.scanned++;
      checkDeadline();
      if (seen) {
        const key = idKey.toString('latin1');
        if (seen.has(key)) continue;
        seen.add(key);
      }
      if (resort && group) {
        if (tiedOn && !tiedOn.equals(group)) yield* flushTied();
        tiedOn = Buffer.from(group);
        tied.push(Buffer.from(idKey));
        continue;
      }
      if (tied.length) yield* flushTied();
      if (unfetched > 0) {
        unfetched--;
        continue;
      }
      const bytes = store.getDoc(meta, idKey, snapshot);
      if (bytes) yield { idKey, bytes };
    }
    if (onCut) {
      yield* candidates(source, { ...plan, ranges: [range!] }, stats, unfetched, sort, true);
      unfetched = 0;
      continue;
    }
    // The range held fewer entries than the offset: all of them were passed over.
    if (!landed) passOver(store.countEntries(plan.index, range!, snapshot));
    if (tied.length) yield* flushTied();
  }

  /** Entries skipped without being read count as examined, as MongoDB's SKIP over an IXSCAN counts them. */
  function passOver(entries: number): void {
    stats.keysExamined += entries;
    store.queryMetrics.scanned += entries;
    unfetched -= entries;
  }
}

/**
 * The matches of a plan in plan order: candidates checked against the whole filter, pending writes laid over the
 * stored state (and added at the end). When the plan yields the requested order (`ordered`), skip and limit are
 * applied here and the scan stops after `skip + limit` matches.
 */
function* scan(source: Source, options: QueryOptions, plan: Plan, stats: ExecutionStats, ordered: boolean): Generator<Match> {
  const filterMatches = compileFilter(options.filter);
  // `$type` tells number types apart on the stored BSON (see typed-twins): decoded again only when it is asked.
  const typed = mentionsType(options.filter);
  const matches = (doc: Document, bytes?: Buffer) => {
    if (typed && bytes) registerTwin(doc, bytes);
    return filterMatches(doc);
  };
  const pending = source.pending?.size ? source.pending : undefined;
  // When every index entry in range is a match in the right order, skipped entries need not be fetched.
  const skipInScan = ordered && plan.exact && plan.kind === 'ixscan' && !plan.index.multikey ? (options.skip ?? 0) : 0;
  let toSkip = ordered ? (options.skip ?? 0) - skipInScan : 0;
  let remaining = ordered && options.limit ? options.limit : Infinity;
  const seen = pending ? new Set<string>() : undefined;
  for (const { idKey, bytes } of candidates(source, plan, stats, skipInScan, options.sort)) {
    stats.docsExamined++;
    source.store.queryMetrics.scannedObjects++;
    checkDeadline();
    let doc: Document | null;
    let stored: Buffer | undefined = bytes;
    let record: Buffer | undefined = bytes;
    const key = pending ? idKey.toString('latin1') : '';
    if (pending?.has(key)) {
      doc = pending.get(key)!;
      stored = undefined;
      record = undefined;
    } else if (options.fields) {
      doc = decodeFields(bytes, options.fields);
      // Not the whole document: replies must not reuse the stored bytes for it.
      stored = undefined;
    } else doc = BSON.deserialize(bytes, DESERIALIZE);
    seen?.add(key);
    if (!doc || !matches(doc, stored ?? originalBytes(doc))) continue;
    if (toSkip > 0) {
      toSkip--;
      continue;
    }
    stats.nReturned++;
    yield { doc, bytes: stored, record };
    if (--remaining === 0) return;
  }
  if (pending) {
    // Only the pending documents the scan could have missed: an `_id` point read names its ids; an index scan saw
    // every pending document whose keys in that index are its stored ones. So a transaction's statements do not
    // walk every document it wrote.
    const keys =
      plan.kind === 'ids'
        ? plan.idKeys.map((idKey) => idKey.toString('latin1'))
        : (source.moved?.(plan.kind === 'ixscan' ? plan.index.name : '') ?? pending.keys());
    for (const key of keys) {
      const doc = pending.get(key);
      if (doc && !seen!.has(key) && matches(doc, originalBytes(doc))) yield { doc };
    }
  }
}

function newStats(chosen: Chosen, sorting: boolean): ExecutionStats {
  return { plan: chosen.plan, rejected: chosen.rejected, sorting, keysExamined: 0, docsExamined: 0, nReturned: 0, inMemorySort: false };
}

function prepare(source: Source, options: QueryOptions): { plan: Plan; chosen: Chosen; stats: ExecutionStats; ordered: boolean } {
  const chosen = choosePlan(source, options);
  const { plan } = chosen;
  const stats = newStats(chosen, options.sort !== undefined && Object.keys(options.sort).length > 0);
  return { plan, chosen, stats, ordered: plan.sortServed && !source.pending?.size };
}

/** The works of a run as the multi-planner counts them: keys, or documents of a collection scan. */
function worksOf(stats: ExecutionStats): number {
  return stats.plan.kind === 'collscan' ? stats.docsExamined : stats.keysExamined;
}

/** Runs a query to the end: the plan's matches, sorted in memory when the plan does not give the order. */
export function runQuery(source: Source, options: QueryOptions): QueryResult {
  const { plan, chosen, stats, ordered } = prepare(source, options);
  let result = [...scan(source, options, plan, stats, ordered)];
  checkCachedRun(source.meta, chosen, worksOf(stats));
  if (!ordered) {
    if (options.sort && Object.keys(options.sort).length) {
      stats.inMemorySort = true;
      result = sortBy(result, (match) => match.doc, options.sort);
      checkDeadline();
    }
    const skip = options.skip ?? 0;
    if (skip || options.limit) result = result.slice(skip, options.limit ? skip + options.limit : undefined);
  }
  stats.nReturned = result.length;
  return { matches: result, stats };
}

/**
 * The matches one at a time, read as a cursor asks for them, when the plan gives the order without pending writes
 * (else undefined: the query must run to the end first). The source's snapshot must outlive the iteration.
 */
export function streamQuery(source: Source, options: QueryOptions): Iterable<Match> | undefined {
  const { plan, chosen, stats, ordered } = prepare(source, options);
  return ordered ? checkedAtEnd(source, chosen, stats, scan(source, options, plan, stats, true)) : undefined;
}

/** A cursor read to its end has its works checked against the cached plan's (one closed early is not). */
function* checkedAtEnd(source: Source, chosen: Chosen, stats: ExecutionStats, matches: Iterable<Match>): Generator<Match> {
  yield* matches;
  checkCachedRun(source.meta, chosen, worksOf(stats));
}

/** How many documents match, from index key counts when the plan's ranges say exactly which ones do. */
export function countMatches(source: Source, filter: Document | undefined, hint?: unknown, fresh?: boolean): { n: number; stats: ExecutionStats } {
  const chosen = choosePlan(source, { filter, hint, counting: true, fresh });
  const { plan } = chosen;
  const { store, meta, snapshot } = source;
  if (meta && plan.exact && !source.pending?.size) {
    const stats = newStats(chosen, false);
    let n = 0;
    if (plan.kind === 'ixscan') {
      for (const range of plan.ranges) {
        // An equality on a key's leading fields, or a range holding a few distinct leading parts (days, amounts), is
        // counted by the index's counters.
        const counted = plan.counters && !plan.index.multikey ? store.countByCounters(plan.index, range, plan.counters, snapshot) : undefined;
        if (counted !== undefined) n += counted;
        else {
          const keys = store.countEntries(plan.index, range, snapshot);
          stats.keysExamined += keys;
          n += keys;
        }
      }
    } else if (plan.kind === 'collscan' && !plan.range) n = store.countDocs(meta, snapshot);
    else return countByScan(source, filter, chosen);
    stats.nReturned = n;
    return { n, stats };
  }
  return countByScan(source, filter, chosen);
}

function countByScan(source: Source, filter: Document | undefined, chosen: Chosen): { n: number; stats: ExecutionStats } {
  const stats = newStats(chosen, false);
  const matches = [...scan(source, { filter }, chosen.plan, stats, true)];
  checkCachedRun(source.meta, chosen, worksOf(stats));
  stats.nReturned = matches.length;
  return { n: matches.length, stats };
}
