import {
  type ClientSession,
  type Collection,
  type Document,
  type Filter,
  ObjectId,
  type OptionalUnlessRequiredId,
  type Sort,
  type UpdateFilter,
} from 'mongodb';
import { parseId } from './ids';

/** Every tenant document carries its account and timestamps. */
export type TenantDocument = {
  _id: ObjectId;
  account_id: ObjectId;
  created_at: Date;
  updated_at: Date;
};

export interface Page {
  skip: number;
  limit: number;
  sort: Sort;
  /** Only these stored fields (see projectionFor); the whole documents when absent. */
  projection?: Document;
}

/**
 * One account's view of a collection: the account id is part of every filter, so another account's document can
 * never be read, changed or deleted through it — it simply is not found.
 */
export class TenantCollection<T extends TenantDocument> {
  constructor(
    readonly collection: Collection<T>,
    readonly accountId: ObjectId,
  ) {}

  scope(filter: Filter<T> = {}): Filter<T> {
    return { ...filter, account_id: this.accountId } as Filter<T>;
  }

  async findById(id: string, session?: ClientSession): Promise<T | null> {
    const _id = parseId(id);
    if (!_id) return null;
    return (await this.collection.findOne(this.scope({ _id } as Filter<T>), { session })) as T | null;
  }

  /** Documents by id in one query, in the order asked (null where missing); with `projection`, only those fields. */
  async findByIds(ids: readonly string[], session?: ClientSession, projection?: Document): Promise<Array<T | null>> {
    // Keyed by the lower-case hex the ids are given as: a page's relations ask hundreds, so no id is converted twice.
    const asked = new Map<string, ObjectId>();
    for (const id of ids) {
      const key = typeof id === 'string' ? id.toLowerCase() : '';
      const parsed = asked.has(key) ? null : parseId(key);
      if (parsed) asked.set(key, parsed);
    }
    // All in one batch, and a limit that closes the cursor with it: a batch filled to exactly its size would
    // otherwise leave the cursor open (as MongoDB does) and cost a getMore that finds nothing.
    const distinct = asked.size;
    const found = distinct
      ? ((await this.collection
          .find(this.scope({ _id: { $in: [...asked.values()] } } as Filter<T>), { session, batchSize: distinct, limit: distinct, projection })
          .toArray()) as T[])
      : [];
    const byId = new Map(found.map((doc) => [doc._id.toHexString(), doc]));
    return ids.map((id) => (typeof id === 'string' ? (byId.get(id.toLowerCase()) ?? null) : null));
  }

  async find(filter: Filter<T>, page: Page, session?: ClientSession): Promise<T[]> {
    return (await this.collection
      .find(this.scope(filter), { session, sort: page.sort, skip: page.skip, limit: page.limit, projection: page.projection })
      .toArray()) as T[];
  }

  count(filter: Filter<T>, session?: ClientSession): Promise<number> {
    return this.collection.countDocuments(this.scope(filter), { session });
  }

  /** New documents carry `_id` first, where MongoDB keeps it, so the server stores them as sent (no rearranging). */
  async insert(fields: Omit<T, '_id' | 'account_id' | 'created_at' | 'updated_at'>, now: Date, session?: ClientSession): Promise<T> {
    const doc = { _id: new ObjectId(), ...fields, account_id: this.accountId, created_at: now, updated_at: now } as unknown as T;
    await this.collection.insertOne(doc as OptionalUnlessRequiredId<T>, { session });
    return doc;
  }

  /** Inserts several documents with one command, in order (the first failure stops the rest). */
  async insertMany(fieldsList: Array<Omit<T, '_id' | 'account_id' | 'created_at' | 'updated_at'>>, now: Date, session?: ClientSession): Promise<T[]> {
    const docs = fieldsList.map((fields) => ({ _id: new ObjectId(), ...fields, account_id: this.accountId, created_at: now, updated_at: now }) as unknown as T);
    await this.collection.insertMany(docs as Array<OptionalUnlessRequiredId<T>>, { session, ordered: true });
    return docs;
  }

  /** Applies `$set`/`$unset` to one document of the account; null when it is not there. */
  async update(id: string, set: Partial<T>, unset: string[], now: Date, session?: ClientSession): Promise<T | null> {
    const _id = parseId(id);
    if (!_id) return null;
    const update: Document = { $set: { ...set, updated_at: now } };
    if (unset.length) update.$unset = Object.fromEntries(unset.map((field) => [field, '']));
    return (await this.collection.findOneAndUpdate(this.scope({ _id } as Filter<T>), update as UpdateFilter<T>, {
      session,
      returnDocument: 'after',
    })) as T | null;
  }

  /** Deletes the record when it also matches `where` (plain stored values, e.g. a status). */
  async delete(id: string, session?: ClientSession, where: Record<string, string | number | boolean | null> = {}): Promise<boolean> {
    const _id = parseId(id);
    if (!_id) return false;
    const result = await this.collection.deleteOne(this.scope({ ...where, _id } as Filter<T>), { session });
    return result.deletedCount === 1;
  }
}
