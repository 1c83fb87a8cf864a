import { ObjectId, type Document } from 'bson';
import { updateOne } from 'mingo';
import { nextClusterTime } from './cluster-time';
import { badValue, EngineError, failedToParse, immutableField, typeMismatch } from './errors';
import { firstPathValue } from './paths';
import { guard, mingoOptions, refuseScripts } from './matcher';
import { assertStorable, cloneValue, isPlainObject, keyOf } from './values';

/** Update operators the engine applies (mingo's implementations, plus $setOnInsert handled here). */
const OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$rename',
  '$currentDate',
  '$push',
  '$addToSet',
  '$pull',
  '$pullAll',
  '$pop',
  '$bit',
  '$setOnInsert',
]);

export type UpdateSpec = Document | Document[];

export function isReplacement(update: UpdateSpec): boolean {
  if (Array.isArray(update)) return false;
  const keys = Object.keys(update);
  return keys.length === 0 || !keys[0].startsWith('$');
}

export function checkUpdateSpec(update: unknown): UpdateSpec {
  if (Array.isArray(update)) {
    for (const stage of update) {
      if (!isPlainObject(stage) || Object.keys(stage).length !== 1) throw failedToParse('each pipeline update stage must be an object with one key');
      const name = Object.keys(stage)[0];
      if (!['$addFields', '$set', '$project', '$unset', '$replaceRoot', '$replaceWith'].includes(name)) {
        throw new EngineError(72, 'InvalidOptions', `${name} is not allowed to be used within an update`);
      }
    }
    return update;
  }
  if (!isPlainObject(update)) throw failedToParse('update must be an object or a pipeline');
  const keys = Object.keys(update);
  const operators = keys.filter((key) => key.startsWith('$'));
  if (operators.length && operators.length !== keys.length) {
    throw failedToParse(
      `Unknown modifier: ${keys.find((key) => !key.startsWith('$'))}. Expected a valid update modifier or pipeline-style update specified as an array`,
    );
  }
  for (const operator of operators) {
    if (!OPERATORS.has(operator)) {
      throw failedToParse(`Unknown modifier: ${operator}. Expected a valid update modifier or pipeline-style update specified as an array`);
    }
    if (!isPlainObject(update[operator])) {
      throw failedToParse(
        `Modifiers operate on fields but we found type ${typeof update[operator]} instead. For example: {$mod: {<field>: ...}} not {${operator}: ${JSON.stringify(update[operator])}}`,
      );
    }
  }
  return update;
}

/**
 * The document after an update, or undefined when the update changes nothing. The stored document is never
 * touched: operators run on a copy.
 */
export function applyUpdate(
  doc: Document,
  update: UpdateSpec,
  options: { filter?: Document; arrayFilters?: Document[]; inserting?: boolean } = {},
): Document | undefined {
  let next: Document;
  if (isReplacement(update)) {
    const replacement = update as Document;
    if (replacement._id !== undefined && keyOf(replacement._id) !== keyOf(doc._id)) {
      throw immutableField("After applying the update, the (immutable) field '_id' was found to have been altered");
    }
    next = { _id: doc._id, ...cloneValue(replacement) };
  } else {
    refuseScripts(update);
    next = cloneValue(doc);
    let modifier: UpdateSpec = Array.isArray(update) ? update : withCurrentDates(update);
    if (!Array.isArray(update) && update.$setOnInsert) {
      const { $setOnInsert, ...rest } = update;
      modifier = options.inserting ? { ...rest, $set: { ...(rest.$set ?? {}), ...$setOnInsert } } : rest;
    }
    if (!Array.isArray(modifier)) {
      modifier = withoutUnchangedId(modifier, doc._id);
      checkArithmetic(modifier, doc);
      if (Object.keys(modifier).length === 0) return undefined;
    }
    // A pipeline update puts its result in the array slot; operators modify the copy in place.
    const slot = [next];
    // The filter only serves the positional `$` (which element matched); compiling it for every document would make an
    // update of k documents by a k-value `$in` cost k² (the document already matched it).
    const filter = positional(modifier) ? (options.filter ?? {}) : {};
    guard(() => updateOne(slot, filter, modifier as never, { arrayFilters: options.arrayFilters, cloneMode: 'deep' }, mingoOptions));
    next = slot[0];
    if (keyOf(next._id) !== keyOf(doc._id)) {
      throw immutableField("Performing an update on the path '_id' would modify the immutable field '_id'");
    }
  }
  assertStorable(next);
  return keyOf(next) === keyOf(doc) ? undefined : next;
}

/** Whether an operator update names a path through the positional `$` (`items.$.qty`). */
function positional(modifier: UpdateSpec): boolean {
  if (Array.isArray(modifier)) return false;
  return Object.values(modifier).some(
    (fields) => fields !== null && typeof fields === 'object' && Object.keys(fields).some((path) => /(^|\.)\$(\.|$)/.test(path)),
  );
}

/**
 * `$currentDate` as the `$set` of its values: a Date, or a Timestamp for `{$type: "timestamp"}` (mingo would
 * store a number there).
 */
function withCurrentDates(update: Document): Document {
  const fields = update.$currentDate as Document | undefined;
  if (!fields) return update;
  const { $currentDate, ...rest } = update;
  const set: Document = { ...(rest.$set ?? {}) };
  for (const [path, spec] of Object.entries(fields)) {
    if (spec === true || (isPlainObject(spec) && spec.$type === 'date')) set[path] = new Date();
    else if (isPlainObject(spec) && spec.$type === 'timestamp') set[path] = nextClusterTime();
    else throw badValue(`$currentDate: ${path} must be true, {$type: "date"} or {$type: "timestamp"}`);
  }
  return { ...rest, $set: set };
}

/** `$set: {_id: <the same value>}` is allowed (clients send whole records back); only a change is refused. */
function withoutUnchangedId(modifier: Document, id: unknown): Document {
  const set = modifier.$set as Document | undefined;
  if (!set || !('_id' in set) || keyOf(set._id) !== keyOf(id)) return modifier;
  const { _id, ...rest } = set;
  return Object.keys(rest).length ? { ...modifier, $set: rest } : (({ $set, ...others }) => others)(modifier);
}

/** $inc and $mul need numbers on both sides; mingo would silently produce garbage. */
function checkArithmetic(modifier: Document, doc: Document): void {
  for (const operator of ['$inc', '$mul'] as const) {
    const fields = modifier[operator] as Document | undefined;
    if (!fields) continue;
    const verb = operator === '$inc' ? 'increment' : 'multiply';
    for (const [path, amount] of Object.entries(fields)) {
      if (typeof amount !== 'number') {
        throw typeMismatch(`Cannot ${verb} with non-numeric argument: {${path}: ${JSON.stringify(amount)}}`);
      }
      if (path.includes('$')) continue;
      const current = firstPathValue(doc, path);
      if (current !== undefined && current !== null && typeof current !== 'number') {
        throw typeMismatch(
          `Cannot apply ${operator} to a value of non-numeric type. {_id: ${JSON.stringify(doc._id)}} has the field '${path}' of non-numeric type ${Array.isArray(current) ? 'array' : typeof current}`,
        );
      }
    }
  }
}

/** The document an upsert inserts: the filter's equality fields, then the update (or the replacement). */
export function upsertDocument(filter: Document, update: UpdateSpec, arrayFilters?: Document[]): Document {
  const seed: Document = {};
  collectEqualities(filter, seed);
  if (isReplacement(update)) {
    const doc = { ...(seed._id !== undefined ? { _id: seed._id } : {}), ...cloneValue(update as Document) };
    if (doc._id === undefined) doc._id = new ObjectId();
    assertStorable(doc);
    return { _id: doc._id, ...doc };
  }
  // Without an _id in the filter, the inserted document may take one from the update (MongoDB allows it there).
  const given = Array.isArray(update) ? undefined : ((update.$setOnInsert as Document | undefined)?._id ?? (update.$set as Document | undefined)?._id);
  const withId = seed._id === undefined ? { _id: given ?? new ObjectId(), ...seed } : seed;
  const result = applyUpdate(withId, update, { arrayFilters, inserting: true }) ?? withId;
  assertStorable(result);
  return result;
}

function collectEqualities(filter: Document, into: Document): void {
  for (const [field, condition] of Object.entries(filter)) {
    if (field === '$and' && Array.isArray(condition)) {
      for (const part of condition) if (isPlainObject(part)) collectEqualities(part, into);
      continue;
    }
    if (field.startsWith('$')) continue;
    let value: unknown = condition;
    if (isPlainObject(condition) && Object.keys(condition).some((key) => key.startsWith('$'))) {
      if (!('$eq' in condition)) continue;
      value = condition.$eq;
    }
    if (value instanceof RegExp) continue;
    setPath(into, field, cloneValue(value));
  }
}

function setPath(target: Document, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (!isPlainObject(node[part])) node[part] = {};
    node = node[part] as Document;
  }
  node[parts[parts.length - 1]] = value;
}
