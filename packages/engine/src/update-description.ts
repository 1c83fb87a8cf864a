import type { Document } from 'bson';
import { compareValues as compareOrder } from './storage/contract';
import { isPlainObject } from './values';

export interface UpdateDescription {
  updatedFields: Document;
  removedFields: string[];
  truncatedArrays: Array<{ field: string; newSize: number }>;
}

/**
 * An update event's `updateDescription`, as MongoDB's change streams give it: the fields set (by dotted path, as
 * deep as the change goes, array elements by index), the fields removed, and the arrays shortened. Computed from
 * the two versions of the document, so updates by operators, by pipeline and by findAndModify describe alike.
 */
export function describeUpdate(before: Document, after: Document): UpdateDescription {
  const description: UpdateDescription = { updatedFields: {}, removedFields: [], truncatedArrays: [] };
  compareDocuments('', before, after, description);
  return description;
}

function compareDocuments(prefix: string, before: Document, after: Document, out: UpdateDescription): void {
  for (const key of Object.keys(after)) {
    const path = prefix + key;
    if (!(key in before)) out.updatedFields[path] = after[key];
    else compareValues(path, before[key], after[key], out);
  }
  for (const key of Object.keys(before)) if (!(key in after)) out.removedFields.push(prefix + key);
}

function compareValues(path: string, before: unknown, after: unknown, out: UpdateDescription): void {
  if (isPlainObject(before) && isPlainObject(after)) {
    // Field order is part of a document's value: a reordered document is set whole.
    if (
      Object.keys(before).join('\0') ===
      Object.keys(after)
        .filter((key) => key in before)
        .join('\0')
    ) {
      compareDocuments(`${path}.`, before, after, out);
      return;
    }
  } else if (Array.isArray(before) && Array.isArray(after)) {
    if (after.length < before.length) out.truncatedArrays.push({ field: path, newSize: after.length });
    for (let i = 0; i < after.length; i++) {
      if (i >= before.length) out.updatedFields[`${path}.${i}`] = after[i];
      else compareValues(`${path}.${i}`, before[i], after[i], out);
    }
    return;
  }
  if (!sameValue(before, after)) out.updatedFields[path] = after;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (isPlainObject(a) || Array.isArray(a) || isPlainObject(b) || Array.isArray(b)) return false;
  return compareOrder(a, b) === 0;
}
