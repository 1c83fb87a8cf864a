import type { Document } from 'bson';
import { EngineError, notImplemented } from '../errors';
import { compileFilter, sortAndProject } from '../matcher';
import { cloneValue, isPlainObject } from '../values';

/**
 * Find projections. mingo handles inclusion and exclusion; `$slice` and the positional `field.$` are done here,
 * because mingo drops the other fields around a lone `$slice` and answers `[null]` for a positional projection.
 */

function sliceArray(value: unknown, spec: unknown): unknown {
  if (!Array.isArray(value)) return value;
  if (typeof spec === 'number') return spec >= 0 ? value.slice(0, spec) : value.slice(spec);
  if (Array.isArray(spec) && spec.length === 2 && spec.every((n) => typeof n === 'number') && spec[1] > 0) {
    const start = spec[0] < 0 ? Math.max(0, value.length + spec[0]) : spec[0];
    return value.slice(start, start + spec[1]);
  }
  throw new EngineError(28724, 'Location28724', 'First argument to $slice must be an array or a number, second a positive number');
}

/** The first element of `field` that satisfies the filter's conditions on that array. */
function positionalElement(doc: Document, field: string, filter: Document | undefined): unknown {
  const conditions = Object.entries(filter ?? {}).filter(([path]) => path === field || path.startsWith(`${field}.`));
  const array = doc[field];
  if (Array.isArray(array) && conditions.length) {
    const matches = compileFilter(Object.fromEntries(conditions));
    const found = array.find((item) => matches({ [field]: [item] }));
    if (found !== undefined) return found;
  }
  throw new EngineError(
    51246,
    'Location51246',
    `Executor error during find command :: caused by :: positional operator '${field}.$' couldn't find a matching element in the array`,
  );
}

export function project(docs: Document[], projection: Document | undefined, filter?: Document): Document[] {
  if (!projection || Object.keys(projection).length === 0) return docs;
  const slices = new Map<string, unknown>();
  const positional: string[] = [];
  const plain: Document = {};
  for (const [field, spec] of Object.entries(projection)) {
    if (isPlainObject(spec) && '$slice' in spec && Object.keys(spec).length === 1) slices.set(field, spec.$slice);
    else if (field.endsWith('.$')) positional.push(field.slice(0, -2));
    else plain[field] = spec;
  }
  if (slices.size === 0 && positional.length === 0) return sortAndProject(docs, undefined, 0, projection);
  for (const field of [...slices.keys(), ...positional]) {
    if (field.includes('.')) throw notImplemented(`$slice and positional projections of nested fields (${field}) are not supported by the embedded engine`);
  }
  const inclusive = Object.entries(plain).some(([field, spec]) => field !== '_id' && spec !== 0 && spec !== false);
  if (inclusive || positional.length) for (const field of [...slices.keys(), ...positional]) plain[field] = 1;
  const base = Object.keys(plain).length ? sortAndProject(docs, undefined, 0, plain) : docs.map((doc) => cloneValue(doc));
  return base.map((projected, i) => {
    for (const [field, spec] of slices) if (field in projected) projected[field] = sliceArray(docs[i][field], spec);
    for (const field of positional) projected[field] = [positionalElement(docs[i], field, filter)];
    return projected;
  });
}
