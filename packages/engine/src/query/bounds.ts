import type { Document } from 'bson';
import { isPlainObject } from '../values';
import { type Bound, type Bracket, bracketOf, compareValues, exactlyComparable, type Interval, sortedDistinct } from '../storage/contract';

/**
 * What a filter says about each top-level field, in terms an ordered index can use: a set of points (equality,
 * `$in`) or one interval inside a single type (`$gt`/`$gte`/`$lt`/`$lte`, MongoDB's type bracketing).
 */

export interface FieldBounds {
  /** The values the field may equal, in MongoDB's order and distinct. */
  points?: unknown[];
  /** An interval; a missing side runs to the edge of the type's bracket. */
  interval?: Interval;
  /** The bounds say exactly what the conditions say, so entries within them need no further check. */
  exact: boolean;
  /** The field may be missing or null in a matching document (a sparse index lacks those). */
  nullable: boolean;
}

export interface FilterBounds {
  fields: Map<string, FieldBounds>;
  /** Every condition of the filter became field bounds (no `$or`, `$expr`, operators without bounds, …). */
  complete: boolean;
}

const RANGE_OPERATORS = new Set(['$gt', '$gte', '$lt', '$lte']);

function isOperatorObject(value: unknown): value is Document {
  return isPlainObject(value) && Object.keys(value).length > 0 && Object.keys(value).every((key) => key.startsWith('$'));
}

/** A value an index point can stand for: not a regular expression nor an array (those match element-wise). */
function pointValue(value: unknown): boolean {
  return !(value instanceof RegExp) && !Array.isArray(value) && (value as { _bsontype?: string } | null)?._bsontype !== 'BSONRegExp';
}

function pointsOf(values: unknown[]): FieldBounds | undefined {
  if (!values.every(pointValue)) return undefined;
  const points = sortedDistinct(values);
  const nullable = values.some((value) => value === null || value === undefined);
  return { points, exact: values.every(exactlyComparable), nullable };
}

function rangeOf(operators: Document): FieldBounds | undefined {
  let bracket: Bracket | undefined;
  let lower: Bound | undefined;
  let upper: Bound | undefined;
  for (const [operator, value] of Object.entries(operators)) {
    if (!exactlyComparable(value)) return undefined;
    const valueBracket = bracketOf(value);
    if (bracket !== undefined && bracket !== valueBracket) return undefined;
    bracket = valueBracket;
    const bound: Bound = { value, inclusive: operator === '$gte' || operator === '$lte' };
    if (operator === '$gt' || operator === '$gte') {
      const order = lower ? compareValues(value, lower.value) : 1;
      if (order > 0 || (order === 0 && !bound.inclusive)) lower = bound;
    } else {
      const order = upper ? compareValues(value, upper.value) : -1;
      if (order < 0 || (order === 0 && !bound.inclusive)) upper = bound;
    }
  }
  if (bracket === undefined) return undefined;
  return { interval: { bracket, lower, upper }, exact: true, nullable: false };
}

/** The bounds one field's condition gives, or undefined when it gives none an index can use. */
function conditionBounds(condition: unknown): FieldBounds | undefined {
  if (!isOperatorObject(condition)) {
    const bounds = pointsOf([condition]);
    // An embedded document matches by its exact encoding; mark it inexact all the same, as a cautious default.
    if (bounds && isPlainObject(condition)) bounds.exact = false;
    return bounds;
  }
  const operators = Object.keys(condition);
  if (operators.length === 1 && operators[0] === '$eq') return pointsOf([condition.$eq]);
  if (operators.length === 1 && operators[0] === '$in' && Array.isArray(condition.$in)) return pointsOf(condition.$in);
  if (operators.every((operator) => RANGE_OPERATORS.has(operator))) return rangeOf(condition);
  return undefined;
}

function collect(filter: Document, out: FilterBounds): void {
  for (const [field, condition] of Object.entries(filter)) {
    // A one-branch `$or` is its branch, as MongoDB's planner rewrites it.
    const conjunction = (field === '$and' && Array.isArray(condition)) || (field === '$or' && Array.isArray(condition) && condition.length === 1);
    if (conjunction) {
      for (const part of condition) {
        if (isPlainObject(part)) collect(part, out);
        else out.complete = false;
      }
      continue;
    }
    if (field.startsWith('$')) {
      out.complete = false;
      continue;
    }
    const bounds = conditionBounds(condition);
    if (!bounds) {
      out.complete = false;
      continue;
    }
    if (out.fields.has(field)) {
      // Two conditions on one field: keep the first as bounds, and let the matcher check the rest.
      out.complete = false;
      continue;
    }
    out.fields.set(field, bounds);
  }
}

export function filterBounds(filter: Document | undefined): FilterBounds {
  const out: FilterBounds = { fields: new Map(), complete: true };
  if (filter) collect(filter, out);
  for (const bounds of out.fields.values()) if (!bounds.exact) out.complete = false;
  return out;
}
