import { BSON, type Document } from 'bson';

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
  switch (type) {
    case 0x01: // double
    case 0x09: // date
    case 0x11: // timestamp
    case 0x12: // int64
      return 8;
    case 0x02: // string
    case 0x0d: // JavaScript code
    case 0x0e: // symbol
      return 4 + bytes.readInt32LE(at);
    case 0x03: // document
    case 0x04: // array
    case 0x0f: // code with scope
      return bytes.readInt32LE(at);
    case 0x05: // binary: length, subtype, data
      return 5 + bytes.readInt32LE(at);
    case 0x06: // undefined
    case 0x0a: // null
    case 0xff: // MinKey
    case 0x7f: // MaxKey
      return 0;
    case 0x07: // ObjectId
      return 12;
    case 0x08: // boolean
      return 1;
    case 0x0b: {
      // regular expression: pattern and options, both C strings
      const patternEnd = bytes.indexOf(0, at);
      return bytes.indexOf(0, patternEnd + 1) + 1 - at;
    }
    case 0x0c: // DBPointer: string and ObjectId
      return 4 + bytes.readInt32LE(at) + 12;
    case 0x10: // int32
      return 4;
    case 0x13: // decimal128
      return 16;
    default:
      throw new Error(`unknown BSON type 0x${type.toString(16)}`);
  }
}
