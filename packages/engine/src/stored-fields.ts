import { BSON, type Document } from 'bson';
import { decodeElementValue, elementValueSize } from './bson-elements';

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
    const size = elementValueSize(bytes, type, valueStart);
    // Should a stored document hold a type this reader does not know, the decoder reads it whole.
    if (size < 0) return pick(BSON.deserialize(bytes, DESERIALIZE), names);
    const name = wanted(bytes, nameStart, nameEnd, names);
    if (name !== undefined) {
      const value = decodeElementValue(bytes, type, valueStart, size, at);
      if (name === '__proto__') Object.defineProperty(doc, name, { value, enumerable: true, writable: true, configurable: true });
      else doc[name] = value;
    }
    at = valueStart + size;
  }
  return doc;
}

/**
 * A stored document cut down to the named top-level fields (those present) without decoding it: their elements'
 * bytes copied in stored order, as an inclusion projection answers them. The stored bytes themselves when every
 * element is kept. Undefined when a named field repeats or an element's type is unknown, which the decoder settles.
 */
export function copyFields(bytes: Buffer, names: FieldName[]): Buffer | undefined {
  const last = bytes.length - 1;
  const taken = new Uint8Array(names.length);
  let out: Buffer | undefined;
  let length = 4;
  let at = 4;
  while (at < last) {
    const type = bytes[at];
    const nameStart = at + 1;
    let nameEnd = nameStart;
    while (bytes[nameEnd] !== 0) nameEnd++;
    const size = elementValueSize(bytes, type, nameEnd + 1);
    if (size < 0) return undefined;
    const end = nameEnd + 1 + size;
    const index = wantedIndex(bytes, nameStart, nameEnd, names);
    if (index >= 0) {
      if (taken[index]) return undefined;
      taken[index] = 1;
      if (out) out.set(bytes.subarray(at, end), length);
      length += end - at;
    } else if (!out) {
      // The first element left out: what was kept so far is the stored prefix.
      out = Buffer.allocUnsafe(bytes.length);
      bytes.copy(out, 0, 0, length);
    }
    at = end;
  }
  if (!out) return bytes;
  out.writeInt32LE(length + 1, 0);
  out[length] = 0;
  return out.subarray(0, length + 1);
}

function pick(doc: Document, names: FieldName[]): Document {
  const out: Document = {};
  for (const { name } of names)
    if (Object.hasOwn(doc, name)) Object.defineProperty(out, name, { value: doc[name], enumerable: true, writable: true, configurable: true });
  return out;
}

/** A field name with its UTF-8 bytes, as `decodeFields` compares them. */
export interface FieldName {
  name: string;
  bytes: Buffer;
}

export function fieldName(name: string): FieldName {
  return { name, bytes: Buffer.from(name, 'utf8') };
}

/** The name among `names` spelled by `bytes[start, end)`, if any. */
function wanted(bytes: Buffer, start: number, end: number, names: FieldName[]): string | undefined {
  const index = wantedIndex(bytes, start, end, names);
  return index < 0 ? undefined : names[index].name;
}

/** Where among `names` the name spelled by `bytes[start, end)` is, or −1. */
function wantedIndex(bytes: Buffer, start: number, end: number, names: FieldName[]): number {
  const length = end - start;
  for (let index = 0; index < names.length; index++) {
    const spelled = names[index].bytes;
    if (spelled.length !== length) continue;
    let i = 0;
    while (i < length && spelled[i] === bytes[start + i]) i++;
    if (i === length) return index;
  }
  return -1;
}
