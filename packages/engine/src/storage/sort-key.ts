import type { Document } from 'bson';

/**
 * Byte strings whose unsigned byte order (LMDB's key order) is MongoDB's cross-type comparison order:
 * MinKey < null < numbers < strings < objects < arrays < binary < ObjectId < booleans < dates < timestamps <
 * regular expressions < MaxKey, numbers of every BSON width compared by value.
 *
 * Every encoding is prefix-free (no value's bytes are a prefix of another's) and no type tag is 0xff, so
 * `key + 0xff` is greater than every key that extends `key` with further components: ranges use it as an end.
 * A descending component is the bitwise inverse of the ascending one, which reverses the order of prefix-free
 * strings.
 */

export const TAG = {
  minKey: 0x01,
  null: 0x05,
  number: 0x0a,
  string: 0x0f,
  object: 0x14,
  array: 0x19,
  binary: 0x1e,
  objectId: 0x23,
  boolean: 0x28,
  date: 0x2d,
  timestamp: 0x2e,
  regex: 0x32,
  maxKey: 0xf0,
} as const;

const END = 0x00;
export const AFTER = 0xff;

type BsonLike = { _bsontype?: string };

class KeyWriter {
  private bytes = Buffer.allocUnsafe(64);
  private length = 0;

  private reserve(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.length + extra));
    this.bytes.copy(grown, 0, 0, this.length);
    this.bytes = grown;
  }

  byte(value: number): void {
    this.reserve(1);
    this.bytes[this.length++] = value;
  }

  /** UTF-8 bytes with 0x00 escaped as 00 01 and terminated by 00 00, so shorter strings sort first. */
  string(value: string): void {
    const utf8 = Buffer.from(value, 'utf8');
    this.reserve(utf8.length * 2 + 2);
    for (const byte of utf8) {
      this.bytes[this.length++] = byte;
      if (byte === 0) this.bytes[this.length++] = 1;
    }
    this.bytes[this.length++] = 0;
    this.bytes[this.length++] = 0;
  }

  raw(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.bytes.set(bytes, this.length);
    this.length += bytes.length;
  }

  result(): Buffer {
    return Buffer.from(this.bytes.subarray(0, this.length));
  }
}

const scratch = Buffer.alloc(8);

/** A double as 8 bytes in numeric order: sign bit flipped for positives, every bit flipped for negatives. */
function numberBytes(value: number): Uint8Array {
  if (Number.isNaN(value)) return new Uint8Array(8); // MongoDB sorts NaN below every other number
  scratch.writeDoubleBE(value === 0 ? 0 : value); // -0 equals 0
  const out = new Uint8Array(scratch);
  if (out[0] & 0x80) for (let i = 0; i < 8; i++) out[i] = ~out[i] & 0xff;
  else out[0] |= 0x80;
  return out;
}

function int64Bytes(value: bigint): Uint8Array {
  scratch.writeBigInt64BE(value);
  const out = new Uint8Array(scratch);
  out[0] ^= 0x80;
  return out;
}

/** The type tag of a value, in MongoDB's comparison order (missing fields compare as null). */
export function tagOf(value: unknown): number {
  if (value === null || value === undefined) return TAG.null;
  switch (typeof value) {
    case 'number':
    case 'bigint':
      return TAG.number;
    case 'string':
      return TAG.string;
    case 'boolean':
      return TAG.boolean;
  }
  if (value instanceof Date) return TAG.date;
  if (value instanceof RegExp) return TAG.regex;
  if (Array.isArray(value)) return TAG.array;
  switch ((value as BsonLike)._bsontype) {
    case 'Int32':
    case 'Double':
    case 'Long':
    case 'Decimal128':
      return TAG.number;
    case 'ObjectId':
      return TAG.objectId;
    case 'Binary':
      return TAG.binary;
    case 'Timestamp':
      return TAG.timestamp;
    case 'BSONRegExp':
      return TAG.regex;
    case 'MinKey':
      return TAG.minKey;
    case 'MaxKey':
      return TAG.maxKey;
    case 'BSONSymbol':
      return TAG.string;
  }
  return TAG.object;
}

function write(out: KeyWriter, value: unknown): void {
  const tag = tagOf(value);
  out.byte(tag);
  writeBody(out, tag, value);
}

function writeBody(out: KeyWriter, tag: number, value: unknown): void {
  switch (tag) {
    case TAG.null:
    case TAG.minKey:
    case TAG.maxKey:
      return;
    case TAG.number:
      out.raw(numberBytes(Number(typeof value === 'object' ? (value as { valueOf(): number }).valueOf() : value)));
      return;
    case TAG.string:
      out.string(typeof value === 'string' ? value : String((value as { value: string }).value ?? value));
      return;
    case TAG.boolean:
      out.byte(value ? 1 : 0);
      return;
    case TAG.date:
      out.raw(int64Bytes(BigInt((value as Date).getTime())));
      return;
    case TAG.objectId:
      out.raw((value as { id: Uint8Array }).id);
      return;
    case TAG.binary: {
      const binary = value as { sub_type: number; buffer: Uint8Array; position: number };
      const length = Buffer.alloc(4);
      length.writeUInt32BE(binary.position);
      out.raw(length);
      out.byte(binary.sub_type);
      out.raw(binary.buffer.subarray(0, binary.position));
      return;
    }
    case TAG.timestamp:
      out.raw(int64Bytes(BigInt.asIntN(64, (value as { toBigInt(): bigint }).toBigInt())));
      return;
    case TAG.regex: {
      const regex = value instanceof RegExp ? { pattern: value.source, options: value.flags } : (value as { pattern: string; options: string });
      out.string(regex.pattern);
      out.string(regex.options);
      return;
    }
    case TAG.array:
      for (const item of value as unknown[]) write(out, item);
      out.byte(END);
      return;
    case TAG.object:
      // MongoDB compares objects element by element: type, then field name, then value.
      for (const [name, field] of Object.entries(value as Document)) {
        if (field === undefined) continue;
        const fieldTag = tagOf(field);
        out.byte(fieldTag);
        out.string(name);
        writeBody(out, fieldTag, field);
      }
      out.byte(END);
      return;
  }
}

/** The sort key of one value, ascending. */
export function encodeValue(value: unknown): Buffer {
  const out = new KeyWriter();
  write(out, value);
  return out.result();
}

/** The key bytes of one index component: the value's sort key, inverted for a descending field. */
export function encodeComponent(value: unknown, descending: boolean): Buffer {
  const bytes = encodeValue(value);
  return descending ? invert(bytes) : bytes;
}

export function invert(bytes: Buffer): Buffer {
  const out = Buffer.allocUnsafe(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = ~bytes[i] & 0xff;
  return out;
}

/** Whether a value's sort key decides MongoDB equality exactly (so an index range can stand for the condition). */
export function exactlyComparable(value: unknown): boolean {
  switch (typeof value) {
    case 'number':
      return !Number.isNaN(value);
    case 'string':
    case 'boolean':
      return true;
    case 'bigint':
      return false;
  }
  if (value instanceof Date) return true;
  const type = (value as BsonLike | null)?._bsontype;
  return type === 'ObjectId' || type === 'Int32' || type === 'Double';
}
