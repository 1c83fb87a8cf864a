import { Double, Long, type Document } from 'bson';
import { isPlainObject } from '../values';

/**
 * Documents are worked on with BSON numbers decoded to JavaScript numbers, which would encode back as Int32 (or
 * Double beyond 32 bits). Before an updated document is stored, each number takes again the BSON type the stored
 * version had at the same place: a double holding a whole number stays a double, an Int64 stays an Int64.
 */
export function withNumberTypes(value: unknown, stored: unknown): unknown {
  if (typeof value === 'number') {
    const type = (stored as { _bsontype?: string } | null | undefined)?._bsontype;
    if (type === 'Double') return new Double(value);
    if (type === 'Long' && Number.isSafeInteger(value)) return Long.fromNumber(value);
    return value;
  }
  if (Array.isArray(value)) return Array.isArray(stored) ? value.map((item, i) => withNumberTypes(item, stored[i])) : value;
  if (isPlainObject(value) && isPlainObject(stored)) {
    const out: Document = {};
    for (const key of Object.keys(value)) out[key] = withNumberTypes(value[key], stored[key]);
    return out;
  }
  return value;
}
