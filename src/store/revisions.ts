import { AsyncLocalStorage } from 'node:async_hooks';
import type { AnyBulkWriteOperation, Collection, Document, ObjectId } from 'mongodb';

/**
 * Records that carry a revision: `revision`, which every update of the record increments (a record written before
 * revisions existed has none, and reads as revision 0: nothing rewrites it). The collections are those of the
 * declared resources (see declaredDefinition); every update through the store's collections counts, whichever
 * module makes it, so no write path can leave a revision behind.
 */
const REVISIONED = new Set<string>([
  // Records of hand-written resources whose routes take If-Match (docs/writes.md): a billing system is kept by name.
  'billing_systems',
  'iva_book_entries',
]);

export function keepRevisions(collection: string): void {
  REVISIONED.add(collection);
}

export const keepsRevisions = (collection: string): boolean => REVISIONED.has(collection);

/**
 * A write made on condition that one record still has one of `revisions`: the first write of that record (per
 * transaction attempt) carries the revision in its filter, so the check and the write are one atomic operation.
 * The record is the one whose `key` field (its `_id`, or the name it is kept by) holds `value`.
 * `consumed`: that write was sent; `missed`: it found no record with those revisions.
 */
export interface RevisionCondition {
  collection: string;
  key: string;
  value: ObjectId | string;
  revisions: readonly number[];
  consumed: boolean;
  missed: boolean;
}

const conditions = new AsyncLocalStorage<RevisionCondition>();

/** Runs `write` with `condition` applied to its first write of the record. */
export function onCondition<T>(condition: RevisionCondition, write: () => Promise<T>): Promise<T> {
  return conditions.run(condition, write);
}

/** A transaction's attempt starts again: its first write of the record is the one to carry the condition. */
export function conditionRestarts(): void {
  const condition = conditions.getStore();
  if (condition) {
    condition.consumed = false;
    condition.missed = false;
  }
}

/** The filter part that matches the revisions (0 also matches a record without one). */
export function revisionFilter(revisions: readonly number[]): Document {
  return { revision: { $in: revisions.includes(0) ? [...revisions, null] : [...revisions] } };
}

/** An update with the revision counted: operator updates get `$inc`; a replacement is left as it is written. */
function counted(update: unknown): unknown {
  if (Array.isArray(update)) return [...update, { $set: { revision: { $add: [{ $ifNull: ['$revision', 0] }, 1] } } }];
  if (!update || typeof update !== 'object' || !Object.keys(update).some((key) => key.startsWith('$'))) return update;
  const { $inc, ...rest } = update as Document;
  return { ...rest, $inc: { ...($inc ?? {}), revision: 1 } };
}

const SINGLE = new Set(['updateOne', 'findOneAndUpdate', 'deleteOne', 'findOneAndDelete']);
const COUNTED = new Set(['updateOne', 'updateMany', 'findOneAndUpdate']);

/** Whether the single-record write found nothing, by its result. */
function missed(method: string, result: unknown): boolean {
  if (method === 'updateOne') return (result as { matchedCount: number }).matchedCount === 0;
  if (method === 'deleteOne') return (result as { deletedCount: number }).deletedCount === 0;
  return result === null || result === undefined;
}

/** Whether a filter's value for the record's key names the condition's record. */
function names(value: unknown, wanted: ObjectId | string): boolean {
  return typeof wanted === 'string' ? value === wanted : (value as ObjectId | undefined)?.equals?.(wanted) === true;
}

/** The collection with its updates counting revisions and the pending condition (if any) applied. */
export function revisioned<T extends Document>(collection: Collection<T>): Collection<T> {
  const name = collection.collectionName;
  return new Proxy(collection, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      if (property === 'bulkWrite')
        return (operations: AnyBulkWriteOperation<T>[], ...rest: unknown[]) =>
          value.call(
            target,
            operations.map((operation) => {
              if ('updateOne' in operation) return { updateOne: { ...operation.updateOne, update: counted(operation.updateOne.update) } };
              if ('updateMany' in operation) return { updateMany: { ...operation.updateMany, update: counted(operation.updateMany.update) } };
              return operation;
            }),
            ...rest,
          );
      const method = String(property);
      if (!SINGLE.has(method) && !COUNTED.has(method)) return value;
      return async (filter: Document, ...rest: unknown[]) => {
        const args = COUNTED.has(method) ? [counted(rest[0]), ...rest.slice(1)] : rest;
        const condition = conditions.getStore();
        const applies =
          SINGLE.has(method) &&
          condition !== undefined &&
          !condition.consumed &&
          condition.collection === name &&
          names(filter?.[condition.key], condition.value);
        if (!applies) return value.call(target, filter, ...args);
        condition.consumed = true;
        const result = await value.call(target, { ...filter, ...revisionFilter(condition.revisions) }, ...args);
        if (missed(method, result)) condition.missed = true;
        return result;
      };
    },
  });
}
