import type { ClientSession, Filter, Sort } from 'mongodb';
import type { z } from 'zod';
import type { CollectionName } from '../store/catalog';
import { projectionFor, type ProjectionSpec, type Selection } from '../store/projection';
import { isDuplicateKeyError } from '../store/store';
import { TenantCollection, type TenantDocument } from '../store/tenant-collection';
import { ItemFailure, runBulk, type BulkOutcome } from './bulk';
import { requirePrincipal, type RequestContext } from './context';
import { AppError, notFound, ValidationError } from './errors';
import { pageWindow, type Connection, type PageArgs } from './pagination';
import { parseInput } from './validation';

/** Stored fields of a tenant document (what create and update write). */
export type FieldsOf<D extends TenantDocument> = Omit<D, keyof TenantDocument>;

/**
 * `$set` / `$unset` under construction from a partial-update input: `put` leaves a field alone when the input
 * omits it (undefined), removes it for null or "", and sets it otherwise.
 */
export function fieldChanges<F>() {
  const set: Partial<F> = {};
  const unset: Array<keyof F & string> = [];
  const put = <K extends keyof F & string>(key: K, value: F[K] | null | undefined | '') => {
    if (value === undefined) return;
    if (value === null || value === '') unset.push(key);
    else set[key] = value as F[K];
  };
  return { set, unset, put };
}

/** What makes one account-scoped resource: its collection, how inputs become fields, filters and order. */
export interface ResourceDefinition<D extends TenantDocument, Create, Update, FilterInput, Order> {
  collection: CollectionName;
  /** Singular name used in messages (`supplier`). */
  label: string;
  createSchema: z.ZodType<Create>;
  updateSchema: z.ZodType<Update>;
  /** The fields of a new document from a validated create input (defaults applied). */
  fieldsForCreate(input: Create, now: Date): FieldsOf<D>;
  /** `$set` and `$unset` for a validated partial update. */
  fieldsForUpdate(input: Update): { set: Partial<FieldsOf<D>>; unset: string[] };
  query(filter: FilterInput | undefined): Filter<D>;
  /** How a list reads only the stored fields its caller selected; lists read whole documents without it. */
  projection?: ProjectionSpec;
  sort(order: Order | undefined): Sort;
  /** Checks a validated input needs the store for (e.g. that the records it references exist), before any write. */
  prepare?(context: RequestContext, input: Create | Update, session?: ClientSession): Promise<void>;
  /** The conflict a unique-index violation means for this resource. */
  duplicate?(input: Create | Update): AppError;
  /**
   * More writes that belong with a new document (e.g. its opening stock movement), in the same transaction;
   * answers the document as it then stands.
   */
  afterCreate?(context: RequestContext, doc: D, input: Create, session: ClientSession): Promise<D>;
}

/**
 * The standard operations of an account-scoped resource: read one (through the request's loader), list a page,
 * create, partially update, delete, and the bulk forms of the three writes. Resources with richer rules (state
 * machines, stock) build on these.
 */
export class Resource<D extends TenantDocument, Create, Update, FilterInput, Order> {
  constructor(readonly definition: ResourceDefinition<D, Create, Update, FilterInput, Order>) {}

  collection(context: RequestContext): TenantCollection<D> {
    return new TenantCollection(context.store.collection<D>(this.definition.collection), requirePrincipal(context).accountId);
  }

  async get(context: RequestContext, id: string): Promise<D> {
    const doc = await context.loaders().byId<D>(this.definition.collection).load(id);
    if (!doc) throw notFound(this.definition.label, id);
    return doc;
  }

  /** A page of documents; with `selection` (what the caller reads of each), only the stored fields that needs. */
  async list(
    context: RequestContext,
    filter: FilterInput | undefined,
    order: Order | undefined,
    page: PageArgs,
    selection?: Selection,
  ): Promise<Connection<D>> {
    const window = pageWindow(page);
    const query = this.definition.query(filter);
    const collection = this.collection(context);
    const { projection: spec } = this.definition;
    const projection = selection && spec ? projectionFor(selection, spec) : undefined;
    const [nodes, totalCount] = await Promise.all([
      collection.find(query, { ...window, sort: this.definition.sort(order), projection }),
      collection.count(query),
    ]);
    // Partial documents must not answer later loads by id in the same request.
    if (!projection) context.loaders().prime(this.definition.collection, nodes);
    return { nodes, totalCount, window };
  }

  async create(context: RequestContext, input: Create, session?: ClientSession): Promise<D> {
    const { afterCreate } = this.definition;
    if (afterCreate && !session) return context.store.transaction((own) => this.create(context, input, own));
    await this.definition.prepare?.(context, input, session);
    try {
      const doc = await this.collection(context).insert(this.definition.fieldsForCreate(input, context.now()) as never, context.now(), session);
      return afterCreate ? await afterCreate(context, doc, input, session!) : doc;
    } catch (error) {
      this.rethrow(error, input);
    }
  }

  async update(context: RequestContext, id: string, input: Update, session?: ClientSession): Promise<D> {
    await this.definition.prepare?.(context, input, session);
    const { set, unset } = this.definition.fieldsForUpdate(input);
    try {
      const updated = await this.collection(context).update(id, set as Partial<D>, unset, context.now(), session);
      if (!updated) throw notFound(this.definition.label, id);
      return updated;
    } catch (error) {
      this.rethrow(error, input);
    }
  }

  async remove(context: RequestContext, id: string, session?: ClientSession): Promise<string> {
    if (!(await this.collection(context).delete(id, session))) throw notFound(this.definition.label, id);
    return id;
  }

  createMany(context: RequestContext, items: readonly unknown[], allOrNone: boolean): Promise<BulkOutcome<D>> {
    return runBulk(
      context,
      { name: 'inputs', items, allOrNone },
      (item) => parseInput(this.definition.createSchema, item),
      (input, session) => this.create(context, input, session),
      // Records whose create does more than one insert (opening stock, a resource's own create) go one by one.
      this.definition.afterCreate || this.create !== Resource.prototype.create ? undefined : (inputs, session) => this.insertAll(context, inputs, session),
    );
  }

  /** Inserts validated inputs with one command; a failing item is reported by its position. */
  private async insertAll(context: RequestContext, inputs: Create[], session: ClientSession): Promise<D[]> {
    for (const [index, input] of inputs.entries()) {
      try {
        await this.definition.prepare?.(context, input, session);
      } catch (error) {
        if (error instanceof AppError) throw new ItemFailure(index, error);
        throw error;
      }
    }
    const now = context.now();
    try {
      return await this.collection(context).insertMany(
        inputs.map((input) => this.definition.fieldsForCreate(input, now) as never),
        now,
        session,
      );
    } catch (error) {
      const writeErrors = (error as { writeErrors?: Array<{ index: number }> | { index: number } }).writeErrors;
      const failed = Array.isArray(writeErrors) ? writeErrors[0]?.index : writeErrors?.index;
      if (isDuplicateKeyError(error) && failed !== undefined && this.definition.duplicate)
        throw new ItemFailure(failed, this.definition.duplicate(inputs[failed]));
      throw error;
    }
  }

  updateMany(context: RequestContext, items: readonly unknown[], allOrNone: boolean): Promise<BulkOutcome<D>> {
    return runBulk(
      context,
      { name: 'inputs', items, allOrNone },
      (item) => splitId(item, (fields) => parseInput(this.definition.updateSchema, fields)),
      ({ id, input }, session) => this.update(context, id, input, session),
    );
  }

  removeMany(context: RequestContext, ids: readonly string[], allOrNone: boolean): Promise<BulkOutcome<string>> {
    return runBulk(
      context,
      { name: 'ids', items: ids, allOrNone },
      (id) => id,
      (id, session) => this.remove(context, id, session),
    );
  }

  private rethrow(error: unknown, input: Create | Update): never {
    if (isDuplicateKeyError(error) && this.definition.duplicate) throw this.definition.duplicate(input);
    throw error;
  }
}

/** A bulk update item: its `id` and the validated rest. */
export function splitId<T>(item: unknown, parse: (fields: unknown) => T): { id: string; input: T } {
  const { id, ...fields } = (item ?? {}) as { id?: unknown };
  if (typeof id !== 'string' || !id) {
    throw new ValidationError('id is required', [{ path: 'id', message: 'is required' }]);
  }
  return { id, input: parse(fields) };
}

/** Any stored record of an account, and what a caller selected of a record (for projections). */
export type StoredRecord = TenantDocument;
export type { Selection };
