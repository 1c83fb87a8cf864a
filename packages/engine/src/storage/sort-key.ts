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

/**
 * Appends encodings to one growing buffer. Keys are built for every document written (an insert of 10,000
 * documents encodes tens of thousands), so the engine reuses one writer and copies out only the finished key.
 */
const KEPT_BYTES = 64 * 1024;

class KeyWriter {
  private bytes = Buffer.allocUnsafe(256);
  length = 0;

  reset(): void {
    this.length = 0;
    // Keys may be as long as a document (a long indexed string): the buffer a long one grew is not kept.
    if (this.bytes.length > KEPT_BYTES) this.bytes = Buffer.allocUnsafe(256);
  }

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
    // At most 3 UTF-8 bytes per UTF-16 unit, each possibly escaped, and the terminator.
    this.reserve(value.length * 6 + 2);
    const bytes = this.bytes;
    let at = this.length;
    let i = 0;
    // Plain ASCII without NUL (nearly every indexed string) is copied unit by unit, without an intermediate buffer.
    for (; i < value.length; i++) {
      const code = value.charCodeAt(i);
      if (code === 0 || code > 0x7f) break;
      bytes[at++] = code;
    }
    if (i < value.length) {
      for (const byte of Buffer.from(value.slice(i), 'utf8')) {
        bytes[at++] = byte;
        if (byte === 0) bytes[at++] = 1;
      }
    }
    bytes[at++] = 0;
    bytes[at++] = 0;
    this.length = at;
  }

  raw(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.bytes.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** A double as 8 bytes in numeric order: sign bit flipped for positives, every bit flipped for negatives. */
  number(value: number): void {
    this.reserve(8);
    const at = this.length;
    this.length += 8;
    if (Number.isNaN(value)) {
      this.bytes.fill(0, at, at + 8); // MongoDB sorts NaN below every other number
      return;
    }
    this.bytes.writeDoubleBE(value === 0 ? 0 : value, at); // -0 equals 0
    if (this.bytes[at] & 0x80) this.invertFrom(at);
    else this.bytes[at] |= 0x80;
  }

  int64(value: bigint): void {
    this.reserve(8);
    this.bytes.writeBigInt64BE(value, this.length);
    this.bytes[this.length] ^= 0x80;
    this.length += 8;
  }

  /** Inverts the bytes written since `start` (a descending component). */
  invertFrom(start: number): void {
    for (let i = start; i < this.length; i++) this.bytes[i] = ~this.bytes[i] & 0xff;
  }

  result(): Buffer {
    const out = Buffer.allocUnsafe(this.length);
    this.bytes.copy(out, 0, 0, this.length);
    return out;
  }
}

/** Encoding never re-enters itself, so one writer serves every key. */
const shared = new KeyWriter();

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
      out.number(Number(typeof value === 'object' ? (value as { valueOf(): number }).valueOf() : value));
      return;
    case TAG.string:
      out.string(typeof value === 'string' ? value : String((value as { value: string }).value ?? value));
      return;
    case TAG.boolean:
      out.byte(value ? 1 : 0);
      return;
    case TAG.date:
      out.int64(BigInt((value as Date).getTime()));
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
      out.int64(BigInt.asIntN(64, (value as { toBigInt(): bigint }).toBigInt()));
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
  shared.reset();
  write(shared, value);
  return shared.result();
}

/** The key bytes of one index component: the value's sort key, inverted for a descending field. */
export function encodeComponent(value: unknown, descending: boolean): Buffer {
  return encodeComponents([value], [descending]).key;
}

/**
 * The key of several components written one after the other (an index key with one value per field), and where
 * each component ends, so that its leading parts can be cut from it without encoding them again.
 */
export function encodeComponents(values: readonly unknown[], descending: readonly boolean[]): { key: Buffer; ends: number[] } {
  shared.reset();
  const ends: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const start = shared.length;
    write(shared, values[i]);
    if (descending[i]) shared.invertFrom(start);
    ends.push(shared.length);
  }
  return { key: shared.result(), ends };
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
