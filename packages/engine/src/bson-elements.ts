import { BSON, ObjectId } from 'bson';

const DESERIALIZE = { promoteLongs: true, promoteValues: true, promoteBuffers: false } as const;

/** Bytes a value of BSON `type` takes from `at` (the element's name already skipped), or −1 for an unknown type. */
export function elementValueSize(bytes: Buffer, type: number, at: number): number {
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
      return -1;
  }
}

/** Where an element of a document lies: its type, its name's bytes `[nameStart, nameEnd)`, its value's `[valueStart, end)`. */
export interface ElementSpan {
  type: number;
  nameStart: number;
  nameEnd: number;
  valueStart: number;
  end: number;
}

export const newSpan = (): ElementSpan => ({ type: 0, nameStart: 0, nameEnd: 0, valueStart: 0, end: 0 });

/** Reads where the element starting at `at` lies into `span`; false for a type this reader does not know. */
export function readElement(bytes: Buffer, at: number, span: ElementSpan): boolean {
  const type = bytes[at];
  let nameEnd = at + 1;
  while (bytes[nameEnd] !== 0) nameEnd++;
  const size = elementValueSize(bytes, type, nameEnd + 1);
  span.type = type;
  span.nameStart = at + 1;
  span.nameEnd = nameEnd;
  span.valueStart = nameEnd + 1;
  span.end = nameEnd + 1 + size;
  return size >= 0;
}

/**
 * A value as the bson decoder gives it (`element`: where its element starts, type byte included): the common scalar
 * types read in place, any other handed to the decoder as a document of that one element, so its meaning is the
 * decoder's.
 */
export function decodeElementValue(bytes: Buffer, type: number, at: number, size: number, element: number): unknown {
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
