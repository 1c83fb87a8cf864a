import { BSON, type Document } from 'bson';
import { badValue, EngineError } from './errors';
import { originalBytes } from './raw-bson';

/** Value helpers shared by indexes, queries and storage. Stored documents are frozen plain data. */

type BsonValue = { _bsontype: string; toString(encoding?: string): string };

function bsonType(value: object): string | undefined {
  return (value as Partial<BsonValue>)._bsontype;
}

export function isPlainObject(value: unknown): value is Document {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * A string equal for two values exactly when MongoDB considers them equal (numbers of any BSON width compare by
 * value; null and a missing field are the same key, as in an index).
 */
export function keyOf(value: unknown): string {
  switch (typeof value) {
    case 'undefined':
      return 'z';
    case 'number':
      return Object.is(value, -0) ? 'n0' : `n${value}`;
    case 'string':
      return `s${value}`;
    case 'boolean':
      return value ? 'b1' : 'b0';
    case 'bigint':
      return `n${value}`;
  }
  if (value === null) return 'z';
  if (value instanceof Date) return `d${value.getTime()}`;
  if (Array.isArray(value)) return `a${JSON.stringify(value.map(keyOf))}`;
  if (value instanceof RegExp) return `r${value.source}/${value.flags}`;
  const type = bsonType(value as object);
  if (type === 'ObjectId') return `o${(value as BsonValue).toString('hex')}`;
  if (type === 'Long' || type === 'Int32' || type === 'Double') return `n${(value as BsonValue).toString()}`;
  if (type === 'Binary') {
    const binary = value as unknown as { sub_type: number; toString(encoding: string): string };
    return `x${binary.sub_type}:${binary.toString('base64')}`;
  }
  if (type) return `${type}:${JSON.stringify(value)}`;
  return `O${JSON.stringify(Object.entries(value as Document).map(([k, v]) => [k, keyOf(v)]))}`;
}

/** A deep copy of the plain-data parts of a value; BSON class instances are immutable and shared. */
export function cloneValue<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneValue) as T;
  if (isPlainObject(value)) {
    const copy: Document = {};
    for (const key of Object.keys(value)) copy[key] = cloneValue(value[key]);
    return copy as T;
  }
  if (value instanceof Date) return new Date(value.getTime()) as T;
  return value;
}

/**
 * Stored documents are shared by every reader, so they are frozen: a stray write cannot change stored data (in
 * strict code it throws; libraries in sloppy mode fail silently, so anything that writes gets a copy first).
 */
export function deepFreeze<T>(value: T): T {
  if (Array.isArray(value)) {
    for (const item of value) deepFreeze(item);
    Object.freeze(value);
  } else if (isPlainObject(value)) {
    for (const key of Object.keys(value)) deepFreeze(value[key]);
    Object.freeze(value);
  }
  return value;
}

/**
 * Refuses values the engine cannot store faithfully, instead of storing something it would later compare wrongly.
 * Money in this project is integer minor units, so Decimal128 is not needed.
 */
export function assertStorable(doc: Document): void {
  for (const key of Object.keys(doc)) {
    if (key.startsWith('$')) throw badValue(`Document can't have $ prefixed field names: ${key}`);
  }
  const id = doc._id;
  if (Array.isArray(id) || id instanceof RegExp) {
    throw new EngineError(53, 'InvalidIdField', `The '_id' value cannot be of type ${Array.isArray(id) ? 'array' : 'regex'}`);
  }
  checkValues(doc, 0);
  assertDocumentSize(originalBytes(doc)?.length ?? BSON.calculateObjectSize(doc));
}

/** Refuses a document of `size` bytes over MongoDB's limit. */
export function assertDocumentSize(size: number): void {
  if (size > MAX_DOCUMENT_BYTES) {
    throw new EngineError(
      10334,
      'BSONObjectTooLarge',
      `BSONObj size: ${size} (0x${size.toString(16)}) is invalid. Size must be between 0 and ${MAX_DOCUMENT_BYTES}(16MB)`,
    );
  }
}

/** MongoDB's largest document (BSONObjMaxUserSize). */
const MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;

/** MongoDB's limit on nested documents and arrays. */
const MAX_DEPTH = 100;

function checkValues(value: unknown, depth: number): void {
  if (depth > MAX_DEPTH) throw new EngineError(15, 'Overflow', `Document exceeds maximum nesting depth of ${MAX_DEPTH}`);
  if (Array.isArray(value)) {
    for (const item of value) checkValues(item, depth + 1);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (isPlainObject(value)) {
    for (const key of Object.keys(value)) checkValues(value[key], depth + 1);
    return;
  }
  const type = bsonType(value);
  if (type === 'Decimal128') {
    throw badValue('Decimal128 values are not supported by the embedded engine; store exact amounts as integers');
  }
  if (type === 'Long') throw badValue('64-bit integers beyond 2^53 are not supported by the embedded engine');
}
