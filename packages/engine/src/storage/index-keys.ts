import type { Document } from 'bson';
import { EngineError } from '../errors';
import { indexPathValues } from '../paths';
import { isPlainObject } from '../values';
import type { IndexMeta } from './catalog';
import { WHOLE_KEY_BYTES } from './entry-keys';
import { encodeComponent, encodeComponents } from './sort-key';

/**
 * How many leading fields the index counters count (1: the account; 2: the account and a status). A count of a
 * longer equality prefix reads its range instead: such ranges are narrow (a supplier's vouchers of one type), while
 * keeping their counters cost every insert of a five-field unique key two more counter writes, one per distinct
 * value, each a put at commit.
 */
export const COUNTED_PREFIX_FIELDS = 2;
/** Bounds the fan-out of one document's multikey entries. */
const MAX_KEYS_PER_DOCUMENT = 10_000;

/**
 * The key bytes (without index prefix and id) of each entry a document puts in an index (none if not indexed),
 * and the distinct leading parts of those keys (the first 1 … n−1 fields, at most COUNTED_PREFIX_FIELDS) that the
 * index's counters count. Keys may be of any length (the store cuts long ones); leading parts longer than a whole
 * key are not counted (a counter's key must fit LMDB's keys), and no count reads them (see exactBound).
 */
export function indexEntries(index: IndexMeta, doc: Document): { keys: Buffer[]; prefixes: Buffer[]; multikey: boolean; arrayAt?: number } {
  if (index.partial && !index.partial(doc)) return { keys: [], prefixes: [], multikey: false };
  const perField = index.fields.map((field) => indexPathValues(doc, field));
  if (index.sparse && index.fields.every((field) => !present(doc, field.split('.')))) {
    return { keys: [], prefixes: [], multikey: false };
  }
  const arrays = perField.filter(({ array }) => array).length;
  if (arrays > 1) {
    throw new EngineError(171, 'CannotIndexParallelArrays', `cannot index parallel arrays [${index.fields.filter((_, i) => perField[i].array).join('] [')}]`);
  }
  if (perField.every(({ values }) => values.length === 1)) {
    // One entry (no array fans out): its leading parts are views of the same key.
    const { key, ends } = encodeComponents(
      perField.map(({ values }) => values[0]),
      index.descending,
    );
    const prefixes: Buffer[] = [];
    const counted = Math.min(ends.length - 1, COUNTED_PREFIX_FIELDS);
    for (let i = 0; i < counted && ends[i] <= WHOLE_KEY_BYTES; i++) prefixes.push(key.subarray(0, ends[i]));
    return { keys: [key], prefixes, multikey: arrays > 0, arrayAt: arrays ? perField.findIndex(({ array }) => array) : undefined };
  }
  let keys: Buffer[] = [Buffer.alloc(0)];
  const prefixes: Buffer[] = [];
  perField.forEach(({ values }, i) => {
    const components = uniqueBuffers(values.map((value) => encodeComponent(value, index.descending[i])));
    const next: Buffer[] = [];
    for (const prefix of keys) for (const component of components) next.push(Buffer.concat([prefix, component]));
    keys = next;
    if (i < perField.length - 1 && i < COUNTED_PREFIX_FIELDS) prefixes.push(...keys.filter((key) => key.length <= WHOLE_KEY_BYTES));
  });
  if (keys.length > MAX_KEYS_PER_DOCUMENT) throw new EngineError(2, 'BadValue', `index ${index.name}: too many keys for one document`);
  return { keys, prefixes: uniqueBuffers(prefixes), multikey: arrays > 0, arrayAt: arrays ? perField.findIndex(({ array }) => array) : undefined };
}

/** Whether the path exists in the document (a field holding null counts, as for MongoDB's sparse indexes). */
function present(value: unknown, parts: string[]): boolean {
  if (parts.length === 0) return value !== undefined;
  if (Array.isArray(value)) return value.some((item) => present(item, parts));
  if (!isPlainObject(value) || !(parts[0] in value)) return false;
  return present(value[parts[0]], parts.slice(1));
}

function uniqueBuffers(buffers: Buffer[]): Buffer[] {
  if (buffers.length < 2) return buffers;
  const seen = new Map<string, Buffer>();
  for (const buffer of buffers) seen.set(buffer.toString('latin1'), buffer);
  return [...seen.values()];
}
