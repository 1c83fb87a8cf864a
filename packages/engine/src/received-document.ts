import { BSON, ObjectId, type Document } from 'bson';
import { rememberBytes } from './raw-bson';

const DESERIALIZE_OPTIONS = { promoteLongs: true, promoteValues: true, promoteBuffers: false } as const;

/**
 * A document to insert, kept as the bytes the client sent, which `scanForInsert` found storable as they are
 * (well-formed, `_id` first, nothing `assertStorable` refuses). A plain insert decodes only the fields its indexes
 * read (`fields`); a transaction, which keeps its pending documents whole, decodes all of it (`decode`). Either way
 * the values are the ones the bson decoder gives for those bytes.
 */
export class ReceivedDocument {
  constructor(readonly bytes: Buffer) {}

  /** The whole document, decoded, with its bytes kept (see raw-bson). */
  decode(): Document {
    const doc = BSON.deserialize(this.bytes, DESERIALIZE_OPTIONS);
    rememberBytes(doc, this.bytes);
    return doc;
  }

  /**
   * A document holding only the named top-level fields that are present (`_id` always), decoded; as the decoder,
   * the last of repeated names wins. None of the names is `__proto__`.
   */
  fields(names: FieldName[]): Document {
    const bytes = this.bytes;
    const last = bytes.length - 1;
    const doc: Document = {};
    let at = 4;
    while (at < last) {
      const type = bytes[at];
      const nameStart = at + 1;
      let nameEnd = nameStart;
      while (bytes[nameEnd] !== 0) nameEnd++;
      const valueStart = nameEnd + 1;
      const size = valueSize(bytes, type, valueStart);
      const name = wanted(bytes, nameStart, nameEnd, names);
      if (name !== undefined) doc[name] = decodeValue(bytes, type, valueStart, size, at);
      at = valueStart + size;
    }
    return doc;
  }
}

/** A field name with its UTF-8 bytes, as `fields` compares them. */
export interface FieldName {
  name: string;
  bytes: Buffer;
}

export function fieldName(name: string): FieldName {
  return { name, bytes: Buffer.from(name, 'utf8') };
}

/** The name among `names` spelled by `bytes[start, end)`, if any. */
export function wanted(bytes: Buffer, start: number, end: number, names: FieldName[]): string | undefined {
  const length = end - start;
  for (const { name, bytes: spelled } of names) {
    if (spelled.length !== length) continue;
    let i = 0;
    while (i < length && spelled[i] === bytes[start + i]) i++;
    if (i === length) return name;
  }
  return undefined;
}

/** Bytes taken by a value of the types `scanForInsert` lets through. */
function valueSize(bytes: Buffer, type: number, at: number): number {
  switch (type) {
    case 0x01:
    case 0x09:
    case 0x11:
    case 0x12:
      return 8;
    case 0x10:
      return 4;
    case 0x07:
      return 12;
    case 0x08:
      return 1;
    case 0x0a:
    case 0xff:
    case 0x7f:
      return 0;
    case 0x02:
      return 4 + bytes.readInt32LE(at);
    case 0x03:
    case 0x04:
      return bytes.readInt32LE(at);
    case 0x05:
      return 5 + bytes.readInt32LE(at);
    default:
      throw new Error(`unexpected BSON type 0x${type.toString(16)} in a scanned document`);
  }
}

/** The value as the bson decoder gives it (`element`: where its element starts, type byte included). */
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
    case 0x12:
      // Within ±2^53 (scanForInsert sends larger ones to the decoder): exact as a double.
      return bytes.readInt32LE(at + 4) * 2 ** 32 + bytes.readUInt32LE(at);
  }
  // Documents, arrays, binary, timestamps, MinKey/MaxKey: the decoder, on a document of this one element.
  const elementBytes = at + size - element;
  const single = Buffer.allocUnsafe(4 + elementBytes + 1);
  single.writeInt32LE(single.length, 0);
  bytes.copy(single, 4, element, at + size);
  single[single.length - 1] = 0;
  const decoded = BSON.deserialize(single, DESERIALIZE_OPTIONS);
  for (const key in decoded) return decoded[key];
  return undefined;
}
