import type { Document } from 'bson';

/**
 * Documents decoded from a request keep the exact bytes the client sent, so an insert stores them unchanged: a
 * double that holds a whole number stays a double and an Int64 stays an Int64, which decoding them into JavaScript
 * numbers would lose.
 */
const original = new WeakMap<Document, Buffer>();

export function rememberBytes(doc: Document, bytes: Buffer): void {
  original.set(doc, bytes);
}

export function originalBytes(doc: Document): Buffer | undefined {
  return original.get(doc);
}
