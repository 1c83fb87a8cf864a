import type { Document } from 'bson';
import { isPlainObject } from '../values';

/**
 * The top-level fields of its input documents an aggregation reads, when that can be told from the pipeline: it
 * passes documents on only through `$match`, `$sort`, `$skip` and `$limit`, then replaces them with its `$group`
 * (or `$facet` of such pipelines), and reads fields only by path. Undefined when the documents must be whole: a stage
 * that passes documents on changed or unchanged to the output, `$$ROOT`/`$$CURRENT`, field names given as strings
 * (`$getField`), query operators other than `$and`/`$or`/`$nor`.
 */
export function pipelineFields(filter: Document | undefined, sort: Document | undefined, stages: Document[]): Set<string> | undefined {
  const fields = queryReads(filter, sort);
  return fields && stagesFields(stages, fields) ? fields : undefined;
}

/**
 * The top-level fields a find's filter and order read (the reply itself comes from the stored BSON), or undefined
 * when the filter may read others (see queryFields).
 */
export function queryReads(filter: Document | undefined, sort: Document | undefined): Set<string> | undefined {
  const fields = new Set<string>(['_id']);
  if (filter && !queryFields(filter, fields)) return undefined;
  for (const key of Object.keys(sort ?? {})) fields.add(topLevel(key));
  return fields;
}

function topLevel(path: string): string {
  const dot = path.indexOf('.');
  return dot < 0 ? path : path.slice(0, dot);
}

/** Adds what a pipeline reads to `fields`; false when it needs whole documents. */
function stagesFields(stages: Document[], fields: Set<string>): boolean {
  for (const stage of stages) {
    if (!isPlainObject(stage)) return false;
    const [name] = Object.keys(stage);
    const spec = stage[name];
    switch (name) {
      case '$match':
        if (!isPlainObject(spec) || !queryFields(spec, fields)) return false;
        continue;
      case '$sort':
        if (!isPlainObject(spec)) return false;
        for (const key of Object.keys(spec)) fields.add(topLevel(key));
        continue;
      case '$skip':
      case '$limit':
        continue;
      case '$group':
        // What follows reads the groups, not the input documents.
        return isPlainObject(spec) && expressionFields(spec, fields);
      case '$facet':
        return isPlainObject(spec) && Object.values(spec).every((pipeline) => Array.isArray(pipeline) && stagesFields(pipeline, fields));
      default:
        return false;
    }
  }
  // The documents themselves reach the output.
  return false;
}

/** Adds the fields a query filter reads; false for operators whose reading cannot be told by key. */
function queryFields(filter: Document, fields: Set<string>): boolean {
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and' || key === '$or' || key === '$nor') {
      if (!Array.isArray(condition) || !condition.every((part) => isPlainObject(part) && queryFields(part, fields))) return false;
    } else if (key === '$comment') continue;
    else if (key.startsWith('$')) return false;
    else fields.add(topLevel(key));
  }
  return true;
}

const NAMES_AS_STRINGS = new Set(['$getField', '$setField', '$unsetField']);

/** Adds the fields an expression (or an object of them, such as a `$group` spec) reads by path; false if it may read others. */
function expressionFields(expression: unknown, fields: Set<string>): boolean {
  if (typeof expression === 'string') {
    if (expression.startsWith('$$')) return !/^\$\$(ROOT|CURRENT)(\.|$)/.test(expression);
    if (expression.startsWith('$')) fields.add(topLevel(expression.slice(1)));
    return true;
  }
  if (Array.isArray(expression)) return expression.every((item) => expressionFields(item, fields));
  if (!isPlainObject(expression)) return true;
  for (const [key, value] of Object.entries(expression)) {
    if (key === '$literal') continue;
    if (NAMES_AS_STRINGS.has(key)) return false;
    // `$top`, `$bottom` and their N forms, `$sortArray`: the order's fields are keys.
    if (key === 'sortBy' && isPlainObject(value)) for (const field of Object.keys(value)) fields.add(topLevel(field));
    if (!expressionFields(value, fields)) return false;
  }
  return true;
}
