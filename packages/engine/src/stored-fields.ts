import { BSON, type Document } from 'bson';
import { decodeElementValue, newSpan, readElement } from './bson-elements';

/** How stored documents are decoded whole: numbers as JavaScript numbers, as the matcher compares them. */
export const DESERIALIZE = { promoteLongs: true, promoteValues: true } as const;

/**
 * A stored document with only the named top-level fields decoded (those present), as `BSON.deserialize` would give
 * them: a pipeline that groups a week of vouchers by six of their thirty fields decodes those six. Values of the
 * common scalar types are read in place; any other value is handed to the decoder as a document of that one element,
 * so its meaning is the decoder's. As with the decoder, the last of repeated names wins.
 */
export function decodeFields(bytes: Buffer, names: FieldName[]): Document {
  const doc: Document = {};
  const last = bytes.length - 1;
  const span = newSpan();
  for (let at = 4; at < last; at = span.end) {
    // Should a stored document hold a type this reader does not know, the decoder reads it whole.
    if (!readElement(bytes, at, span)) return pick(BSON.deserialize(bytes, DESERIALIZE), names);
    const index = wantedIndex(bytes, span.nameStart, span.nameEnd, names);
    if (index < 0) continue;
    const { name } = names[index];
    const value = decodeElementValue(bytes, span.type, span.valueStart, span.end - span.valueStart, at);
    if (name === '__proto__') Object.defineProperty(doc, name, { value, enumerable: true, writable: true, configurable: true });
    else doc[name] = value;
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
  const span = newSpan();
  for (let at = 4; at < last; at = span.end) {
    if (!readElement(bytes, at, span)) return undefined;
    const index = wantedIndex(bytes, span.nameStart, span.nameEnd, names);
    if (index >= 0) {
      if (taken[index]) return undefined;
      taken[index] = 1;
      if (out) out.set(bytes.subarray(at, span.end), length);
      length += span.end - at;
    } else if (!out) {
      // The first element left out: what was kept so far is the stored prefix.
      out = Buffer.allocUnsafe(bytes.length);
      bytes.copy(out, 0, 0, length);
    }
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
