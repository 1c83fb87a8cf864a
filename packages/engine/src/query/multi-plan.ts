import { BSON, type Document } from 'bson';
import { compileFilter } from '../matcher';
import type { CollectionMeta, IndexMeta } from '../storage/contract';
import { decodeFields, DESERIALIZE } from '../stored-fields';
import { planCandidates, type Plan, type PlanCandidate } from './planner';
import type { QueryOptions, Source } from './source';
import { mergeRanges } from './sort-merge';

/**
 * Chooses among the candidate plans as MongoDB's multi-planner does: each candidate runs, one unit of work at a
 * time in turn (a work: one index key, or one document of a collection scan), until one of them has produced 101
 * results or reached its end (a limit reached is an end), or each has done max(10,000, 0.3 × documents) works; a plan
 * that reached its end wins, else the most productive (results per work), a plan without an in-memory sort winning a
 * tie of productivity, then the one that fetched fewer documents, then the longer equality prefix. The winner is cached per query shape, until the
 * collection's indexes change or a run of the cached plan does more than 10 × the works it won with.
 */

/** MongoDB's internalQueryPlanEvaluationWorks, …CollFraction, …MaxResults and internalQueryCacheEvictionRatio. */
const TRIAL_WORKS = 10_000;
const TRIAL_COLLECTION_FRACTION = 0.3;
const TRIAL_RESULTS = 101;
export const EVICTION_RATIO = 10;
/** Shapes kept per collection (MongoDB bounds its cache by size); the oldest go first. */
const CACHE_ENTRIES = 1000;

export interface PlanRequest extends QueryOptions {
  /** A count: no order, no limit, and index key counts serve an exact plan without a race. */
  counting?: boolean;
}

export interface CacheEntry {
  winner: string;
  works: number;
}

export interface Chosen {
  plan: Plan;
  rejected: Plan[];
  /** The cache entry the plan came from: a run doing more than EVICTION_RATIO × its works evicts it. */
  cached?: CacheEntry;
}

interface PlanCache {
  indexes: IndexMeta[];
  multikey: boolean[];
  entries: Map<string, CacheEntry>;
}

const caches = new WeakMap<CollectionMeta, PlanCache>();

function planKey(plan: Plan): string {
  return plan.kind === 'ixscan' ? `ix:${plan.index.name}` : plan.kind;
}

/** The collection's cache, emptied when its indexes (or their multikey state) have changed since it was filled. */
function cacheOf(meta: CollectionMeta): PlanCache {
  const indexes = [...meta.indexes.values()];
  let cache = caches.get(meta);
  const current =
    cache && cache.indexes.length === indexes.length && indexes.every((index, i) => cache!.indexes[i] === index && cache!.multikey[i] === index.multikey);
  if (!cache || !current) {
    cache = { indexes, multikey: indexes.map((index) => index.multikey), entries: new Map() };
    caches.set(meta, cache);
  }
  return cache;
}

/** A value's part in a query shape: its kind, not the value (a one-value `$in` is an equality, as MongoDB rewrites it). */
function shapeOf(value: unknown): unknown {
  if (value === null || value === undefined) return 'null';
  if (value instanceof RegExp) return 'regex';
  if (value instanceof Date) return 'date';
  if (Array.isArray(value)) return value.map(shapeOf);
  if (typeof value !== 'object') return typeof value;
  const bsonType = (value as { _bsontype?: string })._bsontype;
  if (bsonType) return bsonType;
  const out: Document = {};
  for (const [key, inner] of Object.entries(value as Document)) {
    if (key === '$in' && Array.isArray(inner))
      out[key] = inner.length === 1 ? ['one', shapeOf(inner[0])] : ['many', ...new Set(inner.map((v) => JSON.stringify(shapeOf(v))))];
    else out[key] = shapeOf(inner);
  }
  return out;
}

function cacheKey(request: PlanRequest): string {
  return JSON.stringify([request.counting ? 1 : 0, shapeOf(request.filter ?? {}), request.sort ?? {}, request.fields ?? null]);
}

/** The plan to run, from the cache when its shape has been planned, else from a race of the candidates. */
export function choosePlan(source: Source, request: PlanRequest): Chosen {
  const candidates = planCandidates(source.meta, request.filter, request.counting ? undefined : request.sort, request.hint);
  const meta = source.meta;
  if (candidates.length === 1 || !meta) return { plan: candidates[0].plan, rejected: [] };
  if (request.counting) {
    // A count an index decides exactly counts keys (MongoDB's COUNT_SCAN, chosen without a race): the longest prefix.
    const exact = candidates.filter(({ plan }) => plan.exact);
    if (exact.length) {
      const best = exact.reduce((a, b) => (b.score > a.score ? b : a));
      return { plan: best.plan, rejected: candidates.filter((c) => c !== best).map(({ plan }) => plan) };
    }
  }
  const cache = request.fresh || request.hint !== undefined ? undefined : cacheOf(meta);
  const key = cache ? cacheKey(request) : '';
  const entry = cache?.entries.get(key);
  if (entry) {
    const hit = candidates.find(({ plan }) => planKey(plan) === entry.winner);
    if (hit) return { plan: hit.plan, rejected: candidates.filter((c) => c !== hit).map(({ plan }) => plan), cached: entry };
  }
  const { winner, works } = race(source, candidates, request);
  if (cache) {
    if (cache.entries.size >= CACHE_ENTRIES) cache.entries.delete(cache.entries.keys().next().value!);
    cache.entries.set(key, { winner: planKey(winner.plan), works });
  }
  return { plan: winner.plan, rejected: candidates.filter((c) => c !== winner).map(({ plan }) => plan) };
}

/** Evicts a cached plan whose run did far more work than it won with, so the next query of its shape races again. */
export function checkCachedRun(meta: CollectionMeta | undefined, chosen: Chosen, works: number): void {
  if (!meta || !chosen.cached || works <= EVICTION_RATIO * Math.max(chosen.cached.works, 1)) return;
  const entries = caches.get(meta)?.entries;
  if (!entries) return;
  for (const [key, entry] of entries) if (entry === chosen.cached) entries.delete(key);
}

interface Trial {
  candidate: PlanCandidate;
  works: number;
  advanced: number;
  fetched: number;
  done: boolean;
  /** Reached its end (or its limit) in the trial. */
  ended: boolean;
  failed: boolean;
  /** An in-memory sort: nothing comes out before the scan ends. */
  blocking: boolean;
  steps: Iterator<boolean>;
}

function race(source: Source, candidates: PlanCandidate[], request: PlanRequest): { winner: PlanCandidate; works: number } {
  const sorted = !request.counting && request.sort !== undefined && Object.keys(request.sort).length > 0;
  const trials: Trial[] = candidates.map((candidate) => {
    const trial: Trial = {
      candidate,
      works: 0,
      advanced: 0,
      fetched: 0,
      done: false,
      ended: false,
      failed: false,
      blocking: sorted && !candidate.plan.sortServed,
      steps: undefined as unknown as Iterator<boolean>,
    };
    trial.steps = works(source, trial, request);
    return trial;
  });
  const documents = source.store.countDocs(source.meta!, source.snapshot);
  const maxWorks = Math.max(TRIAL_WORKS, Math.ceil(TRIAL_COLLECTION_FRACTION * documents));
  let ended = false;
  for (let round = 0; round < maxWorks && !ended; round++) {
    let running = 0;
    for (const trial of trials) {
      if (trial.done) continue;
      let step: IteratorResult<boolean>;
      try {
        step = trial.steps.next();
      } catch {
        // A plan that fails in its trial is dropped, as MongoDB's multi-planner drops it.
        trial.done = trial.failed = true;
        continue;
      }
      trial.works++;
      if (step.done) {
        trial.done = trial.ended = ended = true;
        continue;
      }
      running++;
      if (step.value && ++trial.advanced >= TRIAL_RESULTS) ended = true;
    }
    if (!running) break;
  }
  const ranked = trials.filter((trial) => !trial.failed);
  if (!ranked.length) return { winner: candidates[0], works: 0 };
  let best = ranked[0];
  for (const trial of ranked.slice(1)) if (better(trial, best)) best = trial;
  return { winner: best.candidate, works: best.works };
}

/**
 * MongoDB's plan score: productivity, a bonus smaller than any difference of it for no in-memory sort, and 1 for
 * having reached the end (all its results found in fewer works than the others).
 */
function score(trial: Trial): number {
  const works = Math.max(trial.works, 1);
  const bonus = Math.min(1 / (10 * works), 1e-4);
  return trial.advanced / works + (trial.blocking ? 0 : bonus) + (trial.ended ? 1 : 0);
}

function better(a: Trial, b: Trial): boolean {
  const difference = score(a) - score(b);
  if (Math.abs(difference) > 1e-12) return difference > 0;
  if (a.fetched !== b.fetched) return a.fetched < b.fetched;
  return a.candidate.score > b.candidate.score;
}

/**
 * A candidate's trial, one `next()` per work; each yields whether the work produced a result. It reads the stored
 * state at the source's snapshot (a transaction's pending writes do not change which index serves best).
 */
function* works(source: Source, trial: Trial, request: PlanRequest): Generator<boolean, void> {
  const { store, meta, snapshot } = source;
  const { plan } = trial.candidate;
  if (!meta) return;
  if (request.counting && plan.kind === 'ixscan' && plan.exact && plan.counters === 'prefix' && !plan.index.multikey) {
    yield true;
    return;
  }
  const filter = plan.exact ? undefined : compileFilter(request.filter);
  let skip = request.counting ? 0 : (request.skip ?? 0);
  const limit = request.counting || !request.limit ? Infinity : request.limit;
  let matched = 0;
  const matches = (bytes: Buffer): boolean => {
    trial.fetched++;
    if (!filter) return true;
    const doc = request.fields ? decodeFields(bytes, request.fields) : BSON.deserialize(bytes, DESERIALIZE);
    return doc !== null && filter(doc);
  };
  // Whether a match is a result now (else it is skipped or, under an in-memory sort, held until the scan ends).
  const produced = (): boolean => {
    matched++;
    if (trial.blocking) return false;
    if (skip > 0) {
      skip--;
      return false;
    }
    return true;
  };
  let out = 0;
  const ended = () => out >= limit;
  if (plan.kind === 'ids') {
    for (const idKey of plan.idKeys) {
      const bytes = store.getDoc(meta, idKey, snapshot);
      const result = bytes !== undefined && matches(bytes) && produced();
      if (result) out++;
      yield result;
      if (ended()) return;
    }
  } else if (plan.kind === 'collscan') {
    for (const { bytes } of store.scanDocs(meta, plan.range, plan.reverse, snapshot)) {
      const result = matches(bytes) && produced();
      if (result) out++;
      yield result;
      if (ended()) return;
    }
  } else {
    const seen = plan.index.multikey ? new Set<string>() : undefined;
    const merged = plan.merge ? mergeRanges({ store, meta, snapshot, sort: request.sort! }, plan.index, plan.ranges, plan.reverse) : undefined;
    for (const range of merged ? [undefined] : plan.ranges) {
      for (const { id: idKey } of merged ?? store.scanIndex(plan.index, range!, { reverse: plan.reverse, snapshot })) {
        if (seen) {
          const id = idKey.toString('latin1');
          if (seen.has(id)) {
            yield false;
            continue;
          }
          seen.add(id);
        }
        let result: boolean;
        if (plan.exact) {
          trial.fetched++;
          result = produced();
        } else {
          const bytes = store.getDoc(meta, idKey, snapshot);
          result = bytes !== undefined && matches(bytes) && produced();
        }
        if (result) out++;
        yield result;
        if (ended()) return;
      }
    }
  }
  // An in-memory sort hands out its results once its input has ended, one per work.
  if (trial.blocking) {
    const results = Math.min(Math.max(matched - skip, 0), limit);
    for (let i = 0; i < results; i++) yield true;
  }
}
