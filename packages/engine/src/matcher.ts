import type { Document } from 'bson';
import { Aggregator } from 'mingo/aggregator';
import { Context, evalExpr, ProcessingMode } from 'mingo/core';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import { Query } from 'mingo/query';
import type { Options, QueryOperator } from 'mingo/types';
import { resolve } from 'mingo/util';
import { badValue, conflictingUpdateOperators, EngineError, immutableField, notImplemented, unknownPipelineStage } from './errors';
import { checkDeadline } from './deadline';
import { twinOf } from './typed-twins';
import { isPlainObject, keyOf } from './values';

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
    if (value instanceof RegExp) {
      patterns.push(value);
      // A stored regular expression equal to it matches too, as in MongoDB.
      keys.add(keyOf(value));
    } else if (
      value !== null &&
      typeof value === 'object' &&
      Object.keys(value).some((k) => k.startsWith('$')) &&
      !(value as { _bsontype?: string })._bsontype &&
      !(value instanceof Date)
    ) {
      throw badValue('cannot nest $ under $in');
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

/** Whether a field value (or one of its elements) equals `value`; documents compare field by field, in order. */
function equalsValue(value: unknown): (fieldValue: unknown) => boolean {
  const key = keyOf(value);
  return (fieldValue) => keyOf(fieldValue) === key || (Array.isArray(fieldValue) && fieldValue.some((item) => keyOf(item) === key));
}

/** mingo compares embedded documents ignoring field order; MongoDB does not ({a: 1, b: 2} ≠ {b: 2, a: 1}). */
function structuredEquality(negate: boolean, fallback: QueryOperator): QueryOperator {
  return ((selector: string, value: unknown, options: unknown) => {
    if (!isPlainObject(value) && !Array.isArray(value)) return (fallback as unknown as (...args: unknown[]) => unknown)(selector, value, options);
    const matches = equalsValue(value);
    return (doc: Document) => matches(resolve(doc, selector, { unwrapArray: true })) !== negate;
  }) as unknown as QueryOperator;
}

/**
 * `$regex` (and a regular expression as a field's value) also matches a stored regular expression with the same
 * pattern and options, as MongoDB does; mingo only tests strings.
 */
const $regex: QueryOperator = ((selector: string, value: unknown, options: unknown) => {
  const strings = (queryOperators.$regex as unknown as (...args: unknown[]) => (doc: Document) => boolean)(selector, value, options);
  if (!(value instanceof RegExp)) return strings;
  const key = keyOf(value);
  const same = (item: unknown) => item instanceof RegExp && keyOf(item) === key;
  return (doc: Document) => {
    if (strings(doc)) return true;
    const found = resolve(doc, selector, { unwrapArray: true });
    return same(found) || (Array.isArray(found) && found.some(same));
  };
}) as unknown as QueryOperator;

/** BSON type names and their numbers, for `$type`. */
const TYPE_NUMBERS: Record<string, number> = {
  double: 1,
  string: 2,
  object: 3,
  array: 4,
  binData: 5,
  undefined: 6,
  objectId: 7,
  bool: 8,
  date: 9,
  null: 10,
  regex: 11,
  javascript: 13,
  symbol: 14,
  int: 16,
  timestamp: 17,
  long: 18,
  decimal: 19,
  minKey: -1,
  maxKey: 127,
};

/** The BSON type number of a value as decoded (a whole JS number within 32 bits reads as int, as BSON stores it). */
function bsonTypeNumber(value: unknown): number {
  if (value === null) return 10;
  if (value === undefined) return 6;
  switch (typeof value) {
    case 'number':
      return Number.isInteger(value) ? (Math.abs(value) < 2 ** 31 ? 16 : 18) : 1;
    case 'bigint':
      return 18;
    case 'string':
      return 2;
    case 'boolean':
      return 8;
  }
  if (value instanceof Date) return 9;
  if (value instanceof RegExp) return 11;
  if (Array.isArray(value)) return 4;
  const name = (value as { _bsontype?: string })._bsontype;
  const byClass: Record<string, number> = {
    Double: 1,
    Binary: 5,
    ObjectId: 7,
    BSONRegExp: 11,
    Code: 13,
    BSONSymbol: 14,
    Int32: 16,
    Timestamp: 17,
    Long: 18,
    Decimal128: 19,
    MinKey: -1,
    MaxKey: 127,
  };
  return name ? (byClass[name] ?? 3) : 3;
}

const TYPE_NAMES = new Map(Object.entries(TYPE_NUMBERS).map(([name, number]) => [number, name]));

/**
 * A whole JavaScript number may have been an Int32, an Int64 or a Double: where no typed twin says which (a value
 * computed by a pipeline stage, or a document written inside the open transaction), `$type` refuses rather than
 * guess. A fraction can only be a double.
 */
function refuseUntyped(value: unknown): void {
  const values = Array.isArray(value) ? value : [value];
  if (values.some((item) => typeof item === 'number' && Number.isInteger(item))) {
    throw notImplemented(
      '$type cannot tell int, long and double apart for a whole number that was not read from storage as it is (a value computed by an earlier pipeline stage, or written inside the open transaction)',
    );
  }
}

/**
 * `$type` by BSON type, Timestamp and the other BSON classes included (mingo knows only JavaScript's types), and
 * numbers by their stored type, read from the document's typed twin.
 */
const $type: QueryOperator = ((selector: string, spec: unknown) => {
  const wanted = new Set<number | 'number'>();
  for (const item of Array.isArray(spec) ? spec : [spec]) {
    if (item === 'number') wanted.add('number');
    else if (typeof item === 'number') wanted.add(item);
    else if (typeof item === 'string' && item in TYPE_NUMBERS) wanted.add(TYPE_NUMBERS[item]);
    else throw badValue(`Unknown type name alias: ${String(item)}`);
  }
  // Only a question naming int, long or double needs the exact type; 'number' and the other types do not.
  const exactNumbers = wanted.has(1) || wanted.has(16) || wanted.has(18);
  const matchesOne = (value: unknown) => {
    const type = bsonTypeNumber(value);
    return wanted.has(type) || (wanted.has('number') && [1, 16, 18, 19].includes(type));
  };
  return (doc: Document) => {
    const twin = twinOf(doc);
    const value = resolve((twin ?? doc) as Document, selector, { unwrapArray: true });
    if (value === undefined) return false;
    if (!twin && exactNumbers) refuseUntyped(value);
    return matchesOne(value) || (Array.isArray(value) && value.some(matchesOne));
  };
}) as unknown as QueryOperator;

/** The aggregation `$type`: a field path of a stored document is read from its typed twin, as the query operator. */
const $typeExpression = ((obj: Document, expr: unknown, options: Options) => {
  const argument = Array.isArray(expr) && expr.length === 1 ? expr[0] : expr;
  const twin = typeof argument === 'string' && /^\$[^$]/.test(argument) ? twinOf(obj) : undefined;
  // mingo's own evaluation of a field path would not read the twin's number classes: resolved here.
  const value = twin ? resolve(twin as Document, (argument as string).slice(1)) : evalExpr(obj, argument, options);
  if (value === undefined) return 'missing';
  if (!twin) refuseUntyped(value);
  return TYPE_NAMES.get(bsonTypeNumber(value)) ?? 'object';
}) as unknown as (typeof expressionOperators)['$type'];

// Built whole rather than merged onto mingo's default context: a merge keeps the default operator of a name.
const context = Context.init({
  accumulator: accumulatorOperators,
  expression: { ...expressionOperators, $type: $typeExpression },
  pipeline: pipelineOperators,
  projection: projectionOperators,
  query: {
    ...queryOperators,
    $in,
    $nin,
    $type,
    $regex,
    $eq: structuredEquality(false, queryOperators.$eq),
    $ne: structuredEquality(true, queryOperators.$ne),
  },
  window: windowOperators,
});

/**
 * mingo's own window stages run through its `$function` machinery, so scripts stay enabled inside mingo; user
 * input naming a script operator is refused before it reaches mingo (refuseScripts).
 */
export const mingoOptions = { scriptEnabled: true, context, idKey: '_id' } as const;

const SCRIPT_OPERATORS = new Set(['$where', '$function', '$accumulator']);

/** Refuses server-side JavaScript anywhere in a filter, projection, pipeline or update. */
export function refuseScripts(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) refuseScripts(item);
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (SCRIPT_OPERATORS.has(key)) throw badValue(`${key} is not supported by the embedded engine: it runs no server-side JavaScript`);
      refuseScripts(item);
    }
  }
}

/** Turns mingo's plain errors into MongoDB errors with a code the driver understands. */
export function asEngineError(error: unknown): EngineError {
  if (error instanceof EngineError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const stage = /unregistered pipeline operator (\$\w+)/.exec(message);
  if (stage) return unknownPipelineStage(stage[1]);
  const queryOperator = /unknown (?:query|top level) operator:? (\$\w+)/i.exec(message);
  if (queryOperator) return badValue(`unknown operator: ${queryOperator[1]}`);
  if (message.includes('jsonSchemaValidator')) return notImplemented('$jsonSchema is not supported by the embedded engine');
  const zone = /timezone '(.+)' is invalid or not supported/.exec(message);
  if (zone) {
    return new EngineError(
      40485,
      'Location40485',
      `unrecognized time zone identifier: "${zone[1]}" (the embedded engine takes UTC offsets such as "-03:00", not Olson names)`,
    );
  }
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
  refuseScripts(filter);
  const simple = equalityPredicate(filter);
  if (simple) return simple;
  const query = guard(() => new Query(filter, mingoOptions));
  return (doc) => guard(() => query.test(doc));
}

/** Sorts (then limits) documents and applies a find projection, with MongoDB's ordering of mixed types. */
export function sortAndProject(docs: Document[], sort: Document | undefined, limit: number, projection?: Document): Document[] {
  refuseScripts(projection);
  return guard(() => {
    let cursor = new Query({}, mingoOptions).find(docs, projection && Object.keys(projection).length ? projection : undefined);
    if (sort && Object.keys(sort).length) cursor = cursor.sort(sort as Record<string, 1 | -1>);
    if (limit) cursor = cursor.limit(limit);
    return cursor.all() as Document[];
  });
}

/** A `$facet` spec of named pipelines of stage objects (anything else is left to mingo, which answers its errors). */
function facetPipelines(spec: unknown): spec is Record<string, Document[]> {
  return (
    isPlainObject(spec) &&
    Object.keys(spec).length > 0 &&
    Object.values(spec).every((pipeline) => Array.isArray(pipeline) && pipeline.every((stage) => isPlainObject(stage) && Object.keys(stage).length === 1))
  );
}

/** Stages that only read their input documents; a pipeline of these alone can run on stored documents directly. */
const READ_ONLY_STAGES = new Set(['$match', '$group', '$sort', '$limit', '$skip', '$count', '$sortByCount', '$project']);

/**
 * Stages mingo answers differently from MongoDB, rewritten into ones it answers right: `$count` (mingo emits
 * `{n: 0}` for no input), `$bucket` (mingo puts a boundary value in the bucket below it and emits empty buckets),
 * and `$lookup` with both `localField`/`foreignField` and a `pipeline` (mingo ignores the join fields).
 */
function rewriteStage(stage: Document): Document[] {
  if (typeof stage.$count === 'string') return [{ $group: { _id: null, [stage.$count]: { $sum: 1 } } }, { $project: { _id: 0 } }];
  if (isPlainObject(stage.$bucket)) return rewriteBucket(stage.$bucket);
  if (isPlainObject(stage.$lookup) && stage.$lookup.pipeline && stage.$lookup.localField !== undefined) return [rewriteLookup(stage.$lookup)];
  return [stage];
}

function rewriteBucket(spec: Document): Document[] {
  const boundaries = spec.boundaries;
  if (!Array.isArray(boundaries) || boundaries.length < 2) {
    throw new EngineError(40192, 'Location40192', "The $bucket 'boundaries' field must be an array of at least 2 values");
  }
  const branches = boundaries.slice(0, -1).map((lower, i) => ({
    case: { $and: [{ $gte: [spec.groupBy, lower] }, { $lt: [spec.groupBy, boundaries[i + 1]] }] },
    // biome-ignore lint/suspicious/noThenProperty: `then` is the $switch branch's result in MongoDB's syntax.
    then: lower,
  }));
  const bucket = { $switch: spec.default === undefined ? { branches } : { branches, default: spec.default } };
  const output = isPlainObject(spec.output) ? spec.output : { count: { $sum: 1 } };
  // Buckets come out in boundary order, the default one last, as MongoDB emits them.
  const order = { $indexOfArray: [boundaries, '$_id'] };
  return [
    { $group: { _id: bucket, ...output } },
    { $addFields: { __bucketOrder: { $cond: [{ $eq: [order, -1] }, boundaries.length, order] } } },
    { $sort: { __bucketOrder: 1 } },
    { $project: { __bucketOrder: 0 } },
  ];
}

/** The concise `$lookup` (join fields and a pipeline) as the pipeline form: the join becomes the first $match. */
function rewriteLookup(spec: Document): Document {
  const { localField, foreignField, pipeline, let: variables, ...rest } = spec;
  const local = '$$__lookupLocal';
  const join = {
    $match: {
      $expr: {
        $or: [
          { $eq: [`$${foreignField}`, local] },
          { $and: [{ $isArray: local }, { $in: [`$${foreignField}`, { $cond: [{ $isArray: local }, local, []] }] }] },
          { $and: [{ $isArray: `$${foreignField}` }, { $in: [local, { $cond: [{ $isArray: `$${foreignField}` }, `$${foreignField}`, []] }] }] },
        ],
      },
    },
  };
  return { $lookup: { ...rest, let: { ...(variables ?? {}), __lookupLocal: `$${localField}` }, pipeline: [join, ...pipeline] } };
}

export function runPipeline(docs: Document[], stages: Document[], resolveCollection: (name: string) => Document[]): Document[] {
  refuseScripts(stages);
  // mingo's $facet copies every input document for each of its pipelines; run here, each pipeline copies only when
  // it writes into its input (a $match and $group of every stored voucher of a week copied nothing).
  const facet = stages.findIndex((stage) => isPlainObject(stage) && '$facet' in stage);
  if (facet >= 0 && facetPipelines(stages[facet].$facet)) {
    const input = facet > 0 ? runPipeline(docs, stages.slice(0, facet), resolveCollection) : docs;
    const output: Document = {};
    for (const [name, pipeline] of Object.entries(stages[facet].$facet as Record<string, Document[]>)) {
      if (pipeline.some((stage) => '$facet' in stage)) throw new EngineError(40600, 'Location40600', '$facet is not allowed to be used within a $facet stage');
      output[name] = runPipeline(input, pipeline, resolveCollection);
    }
    const after = stages.slice(facet + 1);
    return after.length ? runPipeline([output], after, resolveCollection) : [output];
  }
  const pipeline = stages.flatMap(rewriteStage);
  const readOnly = pipeline.every((stage) => READ_ONLY_STAGES.has(Object.keys(stage)[0]));
  return guard(() => {
    const aggregator = new Aggregator(pipeline, {
      ...mingoOptions,
      // Stages such as $set and $lookup write into their input documents: give them copies, never stored data.
      processingMode: readOnly ? ProcessingMode.CLONE_OFF : ProcessingMode.CLONE_INPUT,
      collectionResolver: resolveCollection,
    });
    const output = aggregator.run(docs) as Document[];
    // mingo's stages cannot be interrupted: a pipeline past its maxTimeMS fails once they are done.
    checkDeadline();
    return output;
  });
}
