import type { Document } from 'bson';
import { badValue, DuplicateKeyError, EngineError, notImplemented } from './errors';
import { compileFilter } from './matcher';
import { firstPathValue } from './paths';
import { isPlainObject, keyOf } from './values';

export const ID_INDEX_NAME = '_id_';

export function duplicateKeyError(ns: string, indexName: string, keyPattern: Document, doc: Document): DuplicateKeyError {
  const keyValue: Document = {};
  for (const field of Object.keys(keyPattern)) keyValue[field] = firstPathValue(doc, field) ?? null;
  const shown = Object.entries(keyValue)
    .map(([field, value]) => `${field}: ${JSON.stringify(value)}`)
    .join(', ');
  return new DuplicateKeyError(`E11000 duplicate key error collection: ${ns} index: ${indexName} dup key: { ${shown} }`, keyPattern, keyValue);
}

/** Checks a createIndexes spec and fills in the default name. */
export function normalizeIndexSpec(raw: Document): Document {
  const key = raw.key;
  if (!key || typeof key !== 'object' || Array.isArray(key) || Object.keys(key).length === 0) {
    throw badValue('index key pattern must be a non-empty object');
  }
  for (const [field, direction] of Object.entries(key)) {
    if (direction === 'text' || direction === '2d' || direction === '2dsphere' || direction === 'geoHaystack') {
      throw notImplemented(`${direction} indexes are not supported by the embedded engine`);
    }
    if (direction !== 1 && direction !== -1 && direction !== 'hashed') {
      throw badValue(`bad index key pattern for field ${field}: ${JSON.stringify(direction)}`);
    }
  }
  const name =
    typeof raw.name === 'string' && raw.name
      ? raw.name
      : Object.entries(key)
          .map(([field, direction]) => `${field}_${direction}`)
          .join('_');
  // A collation changes which keys are equal (Foo and foo under strength 2): refused rather than ignored.
  if (raw.collation && (raw.collation as Document).locale !== 'simple')
    throw notImplemented('indexes with a collation are not supported by the embedded engine');
  const spec: Document = { v: 2, key, name };
  for (const option of ['unique', 'sparse', 'partialFilterExpression', 'expireAfterSeconds', 'hidden'] as const) {
    if (raw[option] !== undefined) spec[option] = raw[option];
  }
  if (spec.partialFilterExpression !== undefined) {
    compileFilter(spec.partialFilterExpression);
    checkPartialFilter(spec.partialFilterExpression);
  }
  return spec;
}

/** What MongoDB allows in a partial index's filter: equalities, ranges, `$type`, `$exists: true`, `$in`, `$and`, `$or`. */
const PARTIAL_OPERATORS = new Set(['$eq', '$gt', '$gte', '$lt', '$lte', '$type', '$exists', '$in']);

function checkPartialFilter(filter: unknown): void {
  if (!isPlainObject(filter)) throw cannotCreateIndex('partialFilterExpression must be an object');
  for (const [field, condition] of Object.entries(filter)) {
    if (field === '$and' || field === '$or') {
      if (!Array.isArray(condition)) throw cannotCreateIndex(`${field} must be an array`);
      for (const item of condition) checkPartialFilter(item);
      continue;
    }
    const unsupported = (what: string) => cannotCreateIndex(`Expression not supported in partial index: ${what}`);
    if (field.startsWith('$')) throw unsupported(field);
    if (condition instanceof RegExp) throw unsupported(`${field} $regex`);
    if (!isPlainObject(condition) || !Object.keys(condition).some((key) => key.startsWith('$'))) continue;
    for (const [operator, operand] of Object.entries(condition)) {
      if (!PARTIAL_OPERATORS.has(operator)) throw unsupported(`${field} ${operator}`);
      if (operator === '$exists' && !operand) throw unsupported(`$not ${field} exists`);
    }
  }
}

/**
 * The top-level fields a partial index's filter reads (the heads of its paths, through `$and` and `$or`), or undefined
 * when it holds a `$` name checkPartialFilter refuses (an index kept from before that check): a document must then be
 * decoded whole to tell whether the index takes it.
 */
export function partialFilterFields(filter: unknown): string[] | undefined {
  if (!isPlainObject(filter)) return undefined;
  const fields: string[] = [];
  for (const [field, condition] of Object.entries(filter)) {
    if (field === '$and' || field === '$or') {
      if (!Array.isArray(condition)) return undefined;
      for (const item of condition) {
        const read = partialFilterFields(item);
        if (!read) return undefined;
        fields.push(...read);
      }
    } else if (field.startsWith('$')) return undefined;
    else fields.push(field.split('.')[0]);
  }
  return fields;
}

const cannotCreateIndex = (message: string) => new EngineError(67, 'CannotCreateIndex', message);

/** Two specs name the same index definition (MongoDB treats re-creating it as a no-op). */
export function sameIndex(a: Document, b: Document): boolean {
  return (
    keyOf(a.key) === keyOf(b.key) &&
    Boolean(a.unique) === Boolean(b.unique) &&
    Boolean(a.sparse) === Boolean(b.sparse) &&
    keyOf(a.partialFilterExpression) === keyOf(b.partialFilterExpression)
  );
}
