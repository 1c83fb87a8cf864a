import type { Document } from 'bson';
import { Aggregator } from 'mingo/aggregator';
import { Context, ProcessingMode } from 'mingo/core';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import { Query } from 'mingo/query';
import type { QueryOperator } from 'mingo/types';
import { resolve } from 'mingo/util';
import { badValue, conflictingUpdateOperators, EngineError, immutableField, unknownPipelineStage } from './errors';
import { keyOf } from './values';

/**
 * Query and aggregation semantics come from mingo, configured for a server: no script execution, and a hash-set
 * `$in`/`$nin` (mingo's own is a linear scan of the list for every document).
 */

function flattenDeep(values: unknown[], into: unknown[] = []): unknown[] {
  for (const value of values) {
    if (Array.isArray(value)) flattenDeep(value, into);
    else into.push(value);
  }
  return into;
}

/** A predicate telling whether a field value (or one of its array elements) equals one of `values`. */
export function inPredicate(values: unknown): (fieldValue: unknown) => boolean {
  if (!Array.isArray(values)) throw badValue('$in needs an array');
  const keys = new Set<string>();
  const patterns: RegExp[] = [];
  for (const value of values) {
    if (value instanceof RegExp) patterns.push(value);
    else if (value !== null && typeof value === 'object' && Object.keys(value).some((k) => k.startsWith('$')) && !(value as { _bsontype?: string })._bsontype && !(value instanceof Date)) {
      throw badValue("cannot nest $ under $in");
    } else keys.add(keyOf(value));
  }
  const matchesOne = (value: unknown): boolean => {
    if (keys.has(keyOf(value))) return true;
    if (typeof value !== 'string') return false;
    return patterns.some((pattern) => {
      pattern.lastIndex = 0;
      return pattern.test(value);
    });
  };
  return (fieldValue) => {
    if (matchesOne(fieldValue)) return true;
    return Array.isArray(fieldValue) && flattenDeep(fieldValue).some(matchesOne);
  };
}

const $in: QueryOperator = ((selector: string, values: unknown) => {
  const matches = inPredicate(values);
  return (doc: Document) => matches(resolve(doc, selector, { unwrapArray: true }));
}) as unknown as QueryOperator;

const $nin: QueryOperator = ((selector: string, values: unknown) => {
  const matches = inPredicate(values);
  return (doc: Document) => !matches(resolve(doc, selector, { unwrapArray: true }));
}) as unknown as QueryOperator;

// Built whole rather than merged onto mingo's default context: a merge keeps the default operator of a name.
const context = Context.init({
  accumulator: accumulatorOperators,
  expression: expressionOperators,
  pipeline: pipelineOperators,
  projection: projectionOperators,
  query: { ...queryOperators, $in, $nin },
  window: windowOperators,
});

export const mingoOptions = { scriptEnabled: false, context, idKey: '_id' } as const;

/** Turns mingo's plain errors into MongoDB errors with a code the driver understands. */
export function asEngineError(error: unknown): EngineError {
  if (error instanceof EngineError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const stage = /unregistered pipeline operator (\$\w+)/.exec(message);
  if (stage) return unknownPipelineStage(stage[1]);
  const queryOperator = /unknown (?:query|top level) operator:? (\$\w+)/i.exec(message);
  if (queryOperator) return badValue(`unknown operator: ${queryOperator[1]}`);
  if (/scriptEnabled/.test(message)) return badValue(`script execution ($where, $function, $accumulator) is not supported: ${message}`);
  if (/would create a conflict/.test(message)) return conflictingUpdateOperators(message);
  if (/immutable field '_id'/.test(message)) return immutableField(message);
  const expression = /'(\$\w+)' is not registered/.exec(message);
  if (expression) return new EngineError(168, 'InvalidPipelineOperator', `Unrecognized expression '${expression[1]}'`);
  return badValue(message);
}

export function guard<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw asEngineError(error);
  }
}

export type Predicate = (doc: Document) => boolean;

const matchAll: Predicate = () => true;

/**
 * The common filter `{field: value, ...}` on top-level fields with plain values, compiled without mingo (whose
 * per-query set-up dominates a lookup by _id). Undefined when the filter needs the general matcher.
 */
function equalityPredicate(filter: Document): Predicate | undefined {
  const checks: Array<[string, string]> = [];
  for (const [field, value] of Object.entries(filter)) {
    if (field.startsWith('$') || field.includes('.')) return undefined;
    if (value instanceof RegExp || Array.isArray(value)) return undefined;
    if (value !== null && typeof value === 'object' && !(value instanceof Date) && !('_bsontype' in value)) return undefined;
    checks.push([field, keyOf(value)]);
  }
  return (doc) =>
    checks.every(([field, key]) => {
      const value = doc[field];
      return keyOf(value) === key || (Array.isArray(value) && value.some((item) => keyOf(item) === key));
    });
}

export function compileFilter(filter: Document | undefined): Predicate {
  if (filter === undefined || filter === null) return matchAll;
  if (typeof filter !== 'object' || Array.isArray(filter)) throw badValue('filter must be an object');
  if (Object.keys(filter).length === 0) return matchAll;
  const simple = equalityPredicate(filter);
  if (simple) return simple;
  const query = guard(() => new Query(filter, mingoOptions));
  return (doc) => guard(() => query.test(doc));
}

/** Sorts (then limits) documents and applies a find projection, with MongoDB's ordering of mixed types. */
export function sortAndProject(docs: Document[], sort: Document | undefined, limit: number, projection?: Document): Document[] {
  return guard(() => {
    let cursor = new Query({}, mingoOptions).find(docs, projection && Object.keys(projection).length ? projection : undefined);
    if (sort && Object.keys(sort).length) cursor = cursor.sort(sort as Record<string, 1 | -1>);
    if (limit) cursor = cursor.limit(limit);
    return cursor.all() as Document[];
  });
}

/** Stages that only read their input documents; a pipeline of these alone can run on stored documents directly. */
const READ_ONLY_STAGES = new Set(['$match', '$group', '$sort', '$limit', '$skip', '$count', '$sortByCount', '$project']);

/** mingo's $count emits `{n: 0}` for no input where MongoDB emits nothing; $group behaves like MongoDB there. */
function rewriteCount(stage: Document): Document[] {
  if (typeof stage.$count !== 'string') return [stage];
  return [{ $group: { _id: null, [stage.$count]: { $sum: 1 } } }, { $project: { _id: 0 } }];
}

export function runPipeline(docs: Document[], stages: Document[], resolveCollection: (name: string) => Document[]): Document[] {
  const pipeline = stages.flatMap(rewriteCount);
  const readOnly = pipeline.every((stage) => READ_ONLY_STAGES.has(Object.keys(stage)[0]));
  return guard(() => {
    const aggregator = new Aggregator(pipeline, {
      ...mingoOptions,
      // Stages such as $set and $lookup write into their input documents: give them copies, never stored data.
      processingMode: readOnly ? ProcessingMode.CLONE_OFF : ProcessingMode.CLONE_INPUT,
      collectionResolver: resolveCollection,
    });
    return aggregator.run(docs) as Document[];
  });
}
