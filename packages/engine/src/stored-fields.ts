import { BSON, ObjectId, type Document } from 'bson';
import { type FieldName, wanted } from './received-document';

const DESERIALIZE = { promoteLongs: true, promoteValues: true } as const;

/**
 * A stored document with only the named top-level fields decoded (those present), as `BSON.deserialize` would give
 * them: a pipeline that groups a week of vouchers by six of their thirty fields decodes those six. Values of the
 * common scalar types are read in place; any other value is handed to the decoder as a document of that one element,
 * so its meaning is the decoder's. As with the decoder, the last of repeated names wins.
 */
export function decodeFields(bytes: Buffer, names: FieldName[]): Document {
  const doc: Document = {};
  const last = bytes.length - 1;
  let at = 4;
  while (at < last) {
    const type = bytes[at];
    const nameStart = at + 1;
    let nameEnd = nameStart;
    while (bytes[nameEnd] !== 0) nameEnd++;
    const valueStart = nameEnd + 1;
    const size = valueSize(bytes, type, valueStart);
    // Should a stored document hold a type this reader does not know, the decoder reads it whole.
    if (size < 0) return pick(BSON.deserialize(bytes, DESERIALIZE), names);
    const name = wanted(bytes, nameStart, nameEnd, names);
    if (name !== undefined) {
      const value = decodeValue(bytes, type, valueStart, size, at);
      if (name === '__proto__') Object.defineProperty(doc, name, { value, enumerable: true, writable: true, configurable: true });
      else doc[name] = value;
    }
    at = valueStart + size;
  }
  return doc;
}

function pick(doc: Document, names: FieldName[]): Document {
  const out: Document = {};
  for (const { name } of names)
    if (Object.hasOwn(doc, name)) Object.defineProperty(out, name, { value: doc[name], enumerable: true, writable: true, configurable: true });
  return out;
}

/** Bytes a value of `type` takes from `at`, or −1 for a type this reader does not know. */
function valueSize(bytes: Buffer, type: number, at: number): number {
  switch (type) {
    case 0x01: // double
    case 0x09: // date
    case 0x11: // timestamp
    case 0x12: // int64
      return 8;
    case 0x10: // int32
      return 4;
    case 0x07: // ObjectId
      return 12;
    case 0x13: // decimal128
      return 16;
    case 0x08: // boolean
      return 1;
    case 0x06: // undefined
    case 0x0a: // null
    case 0xff: // MinKey
    case 0x7f: // MaxKey
      return 0;
    case 0x02: // string
    case 0x0d: // code
    case 0x0e: // symbol
      return 4 + bytes.readInt32LE(at);
    case 0x03: // document
    case 0x04: // array
    case 0x0f: // code with scope
      return bytes.readInt32LE(at);
    case 0x05: // binary: length, subtype, data
      return 5 + bytes.readInt32LE(at);
    case 0x0b: {
      // regular expression: two C strings
      let end = at;
      while (bytes[end] !== 0) end++;
      end++;
      while (bytes[end] !== 0) end++;
      return end + 1 - at;
    }
    case 0x0c: // DBPointer: a string and an ObjectId
      return 4 + bytes.readInt32LE(at) + 12;
    default:
      return -1;
  }
}

/** The value as the decoder gives it (`element`: where its element starts, type byte included). */
function decodeValue(bytes: Buffer, type: number, at: number, size: number, element: number): unknown {
  switch (type) {
    case 0x01:
      return bytes.readDoubleLE(at);
    case 0x02:
      return bytes.toString('utf8', at + 4, at + size - 1);
    case 0x07:
      return new ObjectId(bytes.subarray(at, at + 12));
    case 0x08:
      return bytes[at] === 1;
    case 0x09:
      return new Date(bytes.readInt32LE(at + 4) * 2 ** 32 + bytes.readUInt32LE(at));
    case 0x0a:
      return null;
    case 0x10:
      return bytes.readInt32LE(at);
  }
  const elementBytes = at + size - element;
  const single = Buffer.allocUnsafe(4 + elementBytes + 1);
  single.writeInt32LE(single.length, 0);
  bytes.copy(single, 4, element, at + size);
  single[single.length - 1] = 0;
  const decoded = BSON.deserialize(single, DESERIALIZE);
  for (const key in decoded) return decoded[key];
  return undefined;
}
