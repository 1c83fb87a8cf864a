import type { Document } from 'bson';
import { EngineError, notImplemented } from '../errors';
import { compileFilter, sortAndProject } from '../matcher';
import { fieldName, type FieldName } from '../stored-fields';
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

/** Operators that neither include nor exclude the field they apply to. */
const NEUTRAL_OPERATORS = new Set(['$slice', '$elemMatch', '$meta']);

/**
 * Refuses a projection that both includes and excludes fields (`_id` aside), with MongoDB's codes and messages;
 * checked before any document is read, so an empty result does not hide the mistake.
 */
export function checkProjection(projection: Document | undefined): void {
  let mode: 'inclusion' | 'exclusion' | undefined;
  const visit = (spec: Document, prefix: string) => {
    for (const [field, value] of Object.entries(spec)) {
      const path = prefix + field;
      if (path === '_id') continue;
      let kind: 'inclusion' | 'exclusion' | undefined;
      if (typeof value === 'number' || typeof value === 'boolean') kind = value ? 'inclusion' : 'exclusion';
      else if (isPlainObject(value)) {
        const keys = Object.keys(value);
        if (keys.length && keys.every((key) => !key.startsWith('$'))) {
          visit(value, `${path}.`);
          continue;
        }
        kind = keys.every((key) => NEUTRAL_OPERATORS.has(key)) ? undefined : 'inclusion';
      } else kind = 'inclusion';
      if (!kind) continue;
      mode ??= kind;
      if (kind !== mode) {
        throw kind === 'exclusion'
          ? new EngineError(31254, 'Location31254', `Cannot do exclusion on field ${path} in inclusion projection`)
          : new EngineError(31253, 'Location31253', `Cannot do inclusion on field ${path} in exclusion projection`);
      }
    }
  };
  if (projection) visit(projection, '');
}

export function project(docs: Document[], projection: Document | undefined, filter?: Document): Document[] {
  if (!projection || Object.keys(projection).length === 0) return docs;
  // `_id: 1` beside exclusions is allowed (it is kept by default anyway); mingo would take it for a mixed projection.
  if (projection._id && Object.entries(projection).some(([field, spec]) => field !== '_id' && (spec === 0 || spec === false))) {
    const { _id, ...rest } = projection;
    projection = rest;
  }
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

type PathTree = Map<string, PathTree | true>;

/** A document's value with only the included paths below it (documents and arrays of them; scalars in arrays drop). */
function keepPaths(value: unknown, tree: PathTree): unknown {
  if (Array.isArray(value)) {
    const kept: unknown[] = [];
    for (const item of value) if (Array.isArray(item) || isPlainObject(item)) kept.push(keepPaths(item, tree));
    return kept;
  }
  if (!isPlainObject(value)) return undefined;
  const out: Document = {};
  // The document's own field order, as MongoDB keeps it.
  for (const key of Object.keys(value)) {
    const sub = tree.get(key);
    if (!sub) continue;
    if (sub === true) out[key] = value[key];
    else {
      const kept = keepPaths(value[key], sub);
      if (kept !== undefined) out[key] = kept;
    }
  }
  return out;
}

/**
 * A plain inclusion projection (fields and dotted paths set to 1/true, `_id` kept unless excluded) compiled once
 * for a whole reply, or undefined for any other projection (operators, exclusions), which `project` handles.
 */
export function compileInclusion(projection: Document | undefined): ((doc: Document) => Document) | undefined {
  if (!projection) return undefined;
  const tree: PathTree = new Map();
  let keepId = true;
  for (const [field, spec] of Object.entries(projection)) {
    if (field === '_id' && (spec === 0 || spec === false)) {
      keepId = false;
      continue;
    }
    if (spec !== 1 && spec !== true) return undefined;
    if (field.startsWith('$') || field.split('.').some((part) => part === '' || part.startsWith('$'))) return undefined;
    const parts = field.split('.');
    let node = tree;
    for (const [index, part] of parts.entries()) {
      const existing = node.get(part);
      if (existing === true) break;
      if (index === parts.length - 1) node.set(part, true);
      else {
        const next: PathTree = existing ?? new Map();
        node.set(part, next);
        node = next;
      }
    }
  }
  if (tree.size === 0) return undefined;
  if (keepId && !tree.has('_id')) tree.set('_id', true);
  if (!keepId) tree.delete('_id');
  return (doc) => keepPaths(doc, tree) as Document;
}

/**
 * The fields of a plain inclusion of top-level fields only (`_id` kept unless excluded), which replies copy from the
 * stored BSON without decoding it (see copyFields); undefined for any other projection. For a projection that passed
 * checkProjection (no empty or `$` field names).
 */
export function topLevelInclusion(projection: Document | undefined): FieldName[] | undefined {
  if (!projection || Object.keys(projection).length === 0) return undefined;
  const names = new Set<string>(['_id']);
  for (const [field, spec] of Object.entries(projection)) {
    if (field === '_id' && (spec === 0 || spec === false)) names.delete('_id');
    else if ((spec === 1 || spec === true) && !field.includes('.')) names.add(field);
    else return undefined;
  }
  // `{_id: 0}` alone excludes.
  if (names.size === 0) return undefined;
  return [...names].map(fieldName);
}
