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
  // Kept elements are copied a run at a time: the stored bytes from `run` up to the element being read.
  let run = 4;
  let length = 4;
  let index = -1;
  const span = newSpan();
  for (let at = 4; at < last; at = span.end) {
    if (!readElement(bytes, at, span)) return undefined;
    // Stored order usually follows the projection's: the name after the last one found is tried first.
    index = nameAt(bytes, span.nameStart, span.nameEnd, names, index + 1);
    if (index >= 0) {
      if (taken[index]) return undefined;
      taken[index] = 1;
      continue;
    }
    out ??= Buffer.allocUnsafe(bytes.length);
    if (at > run) length += bytes.copy(out, length, run, at);
    run = span.end;
  }
  if (!out) return bytes;
  if (last > run) length += bytes.copy(out, length, run, last);
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

/** Where among `names` the name spelled by `bytes[start, end)` is, or −1; `names[hint]` is compared first. */
function nameAt(bytes: Buffer, start: number, end: number, names: FieldName[], hint: number): number {
  if (hint < names.length && spells(names[hint].bytes, bytes, start, end)) return hint;
  return wantedIndex(bytes, start, end, names);
}

function spells(spelled: Buffer, bytes: Buffer, start: number, end: number): boolean {
  const length = end - start;
  if (spelled.length !== length) return false;
  for (let i = 0; i < length; i++) if (spelled[i] !== bytes[start + i]) return false;
  return true;
}

/** Where among `names` the name spelled by `bytes[start, end)` is, or −1. */
function wantedIndex(bytes: Buffer, start: number, end: number, names: FieldName[]): number {
  for (let index = 0; index < names.length; index++) if (spells(names[index].bytes, bytes, start, end)) return index;
  return -1;
}
