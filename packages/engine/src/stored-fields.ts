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
  const length = end - start;
  for (const { name, bytes: spelled } of names) {
    if (spelled.length !== length) continue;
    let i = 0;
    while (i < length && spelled[i] === bytes[start + i]) i++;
    if (i === length) return name;
  }
  return undefined;
}
