import type { Document } from 'bson';
import { runPipeline } from '../matcher';
import { pathValues } from '../paths';
import { isPlainObject, keyOf } from '../values';

/**
 * `$lookup` by join fields (`localField`/`foreignField`, with or without a `pipeline` but no `let`), run the way
 * MongoDB runs it: the foreign collection is read through its indexes for the input's join values (one `$in`
 * query for the whole input), not read whole and scanned once per input document. A document's local values
 * match foreign documents holding any of them (array elements on both sides, as an index sees them; a missing
 * field matches null and missing). Undefined when the stage is another form, which then runs as it is.
 */
export interface JoinSpec {
  from: string;
  localField: string;
  foreignField: string;
  as: string;
  pipeline?: Document[];
}

/** The stage's join, when it is a `$lookup` this module runs. */
export function joinOf(stage: Document): JoinSpec | undefined {
  const spec = stage.$lookup;
  if (!isPlainObject(spec) || spec.let !== undefined) return undefined;
  const { from, localField, foreignField, as, pipeline } = spec;
  if (typeof from !== 'string' || typeof localField !== 'string' || typeof foreignField !== 'string') return undefined;
  if (typeof as !== 'string' || as.includes('.') || as.startsWith('$')) return undefined;
  if (pipeline !== undefined && !Array.isArray(pipeline)) return undefined;
  return { from, localField, foreignField, as, pipeline };
}

export function join(
  docs: Document[],
  { from, localField, foreignField, as, pipeline }: JoinSpec,
  query: (coll: string, filter: Document) => Document[],
  resolveCollection: (name: string) => Document[],
): Document[] {
  // Join value by key, for the foreign query; each document's keys, for matching.
  const values = new Map<string, unknown>();
  const localKeys = docs.map((doc) => {
    const keys = new Set<string>();
    for (const value of pathValues(doc, localField)) {
      const key = keyOf(value ?? null);
      keys.add(key);
      values.set(key, value ?? null);
    }
    return keys;
  });
  const byKey = new Map<string, Array<{ order: number; doc: Document }>>();
  const foreign = values.size ? query(from, { [foreignField]: { $in: [...values.values()] } }) : [];
  foreign.forEach((doc, order) => {
    for (const key of new Set(pathValues(doc, foreignField).map((value) => keyOf(value ?? null)))) {
      let list = byKey.get(key);
      if (!list) {
        list = [];
        byKey.set(key, list);
      }
      list.push({ order, doc });
    }
  });
  return docs.map((doc, i) => {
    const seen = new Set<number>();
    const matched: Array<{ order: number; doc: Document }> = [];
    for (const key of localKeys[i]) {
      for (const hit of byKey.get(key) ?? []) {
        if (seen.has(hit.order)) continue;
        seen.add(hit.order);
        matched.push(hit);
      }
    }
    const joined = matched.sort((a, b) => a.order - b.order).map((hit) => hit.doc);
    return { ...doc, [as]: pipeline?.length ? runPipeline(joined, pipeline, resolveCollection) : joined };
  });
}
