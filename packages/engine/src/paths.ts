import type { Document } from 'bson';
import { isPlainObject } from './values';

/**
 * The values a dotted path reaches in a document, descending into arrays the way an index does: an array on the
 * way fans out over its elements, an array at the end contributes each element. A path that reaches nothing
 * yields `[undefined]`, which indexes as null.
 */
export function pathValues(doc: Document, path: string): unknown[] {
  const out: unknown[] = [];
  collect(doc, path.split('.'), 0, out);
  return out.length ? out : [undefined];
}

function collect(value: unknown, parts: string[], at: number, out: unknown[]): void {
  if (at === parts.length) {
    if (Array.isArray(value)) {
      if (value.length === 0) out.push(undefined);
      else out.push(...value);
    } else out.push(value);
    return;
  }
  if (Array.isArray(value)) {
    const part = parts[at];
    if (/^\d+$/.test(part)) collect(value[Number(part)], parts, at + 1, out);
    for (const item of value) if (isPlainObject(item)) collect(item, parts, at, out);
    return;
  }
  if (!isPlainObject(value)) return;
  collect(value[parts[at]], parts, at + 1, out);
}

/** The value at a dotted path without array fan-out (used for index key reporting). */
export function firstPathValue(doc: Document, path: string): unknown {
  return pathValues(doc, path)[0];
}
