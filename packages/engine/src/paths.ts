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

/**
 * The values an index path reaches, descending into arrays as MongoDB indexes them: an array on the way fans out
 * over its elements, an array at the end contributes each element (an empty one indexes as null, like a missing
 * field). `array` tells whether an array was met, which makes the index multikey.
 */
export function indexPathValues(doc: Document, path: string): { values: unknown[]; array: boolean } {
  if (!path.includes('.')) {
    const value = doc[path];
    if (!Array.isArray(value)) return { values: [value], array: false };
  }
  const values: unknown[] = [];
  let array = false;
  const parts = path.split('.');
  const visit = (value: unknown, at: number): void => {
    if (at === parts.length) {
      if (Array.isArray(value)) {
        array = true;
        if (value.length === 0) values.push(null);
        else values.push(...value);
      } else values.push(value);
      return;
    }
    if (Array.isArray(value)) {
      array = true;
      const part = parts[at];
      if (/^\d+$/.test(part) && Number(part) < value.length) visit(value[Number(part)], at + 1);
      for (const item of value) if (isPlainObject(item)) visit(item, at);
      return;
    }
    if (isPlainObject(value)) visit(value[parts[at]], at + 1);
  };
  visit(doc, 0);
  if (values.length === 0) values.push(null);
  return { values, array };
}
