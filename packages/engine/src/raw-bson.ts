import { BSON, type Document } from 'bson';
import { elementValueSize } from './bson-elements';

/**
 * Documents decoded from a request keep the exact bytes the client sent, so an insert stores them unchanged: a
 * double that holds a whole number stays a double and an Int64 stays an Int64, which decoding them into JavaScript
 * numbers would lose.
 */
const ORIGINAL = Symbol('original bytes');

export function rememberBytes(doc: Document, bytes: Buffer): void {
  Object.defineProperty(doc, ORIGINAL, { value: bytes, enumerable: false, writable: true, configurable: true });
}

export function originalBytes(doc: Document): Buffer | undefined {
  return (doc as { [ORIGINAL]?: Buffer })[ORIGINAL];
}

/**
 * The document to store with `_id` as its first field, as MongoDB stores it. The driver appends a generated `_id`
 * after the fields it was given, so this is the usual case: the sent bytes are reordered, not re-encoded from
 * JavaScript values (which would turn an Int64 or a whole-number double into an Int32).
 */
export function withIdFirst(doc: Document, id: unknown): Document {
  const out: Document = { _id: id };
  for (const key of Object.keys(doc)) if (key !== '_id') out[key] = doc[key];
  const bytes = originalBytes(doc);
  if (bytes) rememberBytes(out, idFirstBytes(bytes, id));
  return out;
}

function idFirstBytes(bytes: Buffer, id: unknown): Buffer {
  const parts: Buffer[] = [];
  let idElement: Buffer | undefined;
  let offset = 4;
  while (bytes[offset] !== 0) {
    const nameEnd = bytes.indexOf(0, offset + 1);
    const end = nameEnd + 1 + valueSize(bytes, bytes[offset], nameEnd + 1);
    const element = bytes.subarray(offset, end);
    if (bytes.toString('latin1', offset + 1, nameEnd) === '_id') idElement = element;
    else parts.push(element);
    offset = end;
  }
  if (!idElement) {
    const encoded = Buffer.from(BSON.serialize({ _id: id }));
    idElement = encoded.subarray(4, encoded.length - 1);
  }
  const out = Buffer.concat([Buffer.alloc(4), idElement, ...parts, Buffer.alloc(1)]);
  out.writeInt32LE(out.length, 0);
  return out;
}

/** Bytes taken by a value of BSON `type` starting at `at` (the element's name already skipped). */
function valueSize(bytes: Buffer, type: number, at: number): number {
  const size = elementValueSize(bytes, type, at);
  if (size < 0) throw new Error(`unknown BSON type 0x${type.toString(16)}`);
  return size;
}
