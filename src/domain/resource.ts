import type { ClientSession, Document, Filter } from 'mongodb';
import { projectionFor, type Selection } from '../store/projection.store';
import { isDuplicateKeyError } from '../store/store';
import { TenantCollection, type TenantDocument } from '../store/tenant-collection';
import type { ActivityAction } from '../store/activity.store';
import { changesOf, journaled } from './activity/journaled';
import { keepsBooks } from './iva/touched';
import { movesStatistics } from './stats/touch';
import type { ActivityInput } from './activity/record';
import { insertAll, removeAll, updateAll } from './batch';
import { runBulk, type BulkOutcome } from './bulk';
import { requirePrincipal, type RequestContext } from './context';
import { type AppError, ConflictError, notFound, ValidationError } from './errors';
import { pageWindow, type Connection, type PageArgs } from './pagination';
import { parseInput } from './validation';
import type { ResourceDefinition, UpdatePlan } from './resource-definition';

export { fieldChanges, type FieldsOf, type ResourceDefinition, type UpdatePlan } from './resource-definition';

/**
 * The standard operations of an account-scoped resource: read one (through the request's loader), list a page,
 * create, partially update, delete, and the bulk forms of the three writes. Resources with richer rules (state
 * machines, stock) build on these.
 */
export class Resource<D extends TenantDocument, Create, Update, FilterInput, Order> {
  /** The resource's own writes (its class's, before they were made to record their activity). */
  private readonly own: Pick<Resource<D, Create, Update, FilterInput, Order>, 'create' | 'update' | 'remove'>;

  constructor(readonly definition: ResourceDefinition<D, Create, Update, FilterInput, Order>) {
    // Every create, update and remove — a subclass's own included — records its activity (see journaled).
    const { create, update, remove } = this;
    this.own = { create, update, remove };
    // A write of a VAT book's source rewrites its lines in the write's own transaction (see iva/touched.ts).
    const books = keepsBooks(definition.collection);
    this.create = (context, input, session) =>
      !session && books
        ? context.store.transaction((own) => this.create(context, input, own))
        : journaled(
            this,
            'created',
            context,
            session,
            () => create.call(this, context, input, session),
            (doc) => this.changes('created', [doc]),
          );
    this.update = (context, id, input, session) => {
      if (!session && books) return context.store.transaction((own) => this.update(context, id, input, own));
      let before: D | null = null;
      return journaled(
        this,
        'updated',
        context,
        session,
        async () => {
          // The statistics count a record on its day: an update that moves it needs the day it leaves.
          if (movesStatistics(this.definition.collection)) before = await this.collection(context).findById(id, session);
          return update.call(this, context, id, input, session);
        },
        (doc) => this.changes('updated', [doc], [before ?? undefined]),
      );
    };
    this.remove = (context, id, session) => {
      if (!session && books) return context.store.transaction((own) => this.remove(context, id, own));
      let before: D | null = null;
      return journaled(
        this,
        'deleted',
        context,
        session,
        async () => {
          // What was deleted, for the summary (the request's loader shares the read) and, for the statistics' sources,
          // the day it leaves (read in the write's session, as the write finds it).
          const loader = context.loaders().byId<D>(this.definition.collection);
          before = movesStatistics(this.definition.collection) ? await this.collection(context).findById(id, session) : await loader.load(id);
          context.loaders().forget(this.definition.collection, id);
          return remove.call(this, context, id, session);
        },
        () => (before ? this.changes('deleted', [before]) : []),
      );
    };
  }

  /** The activity of changed records of this resource. */
  changes(action: ActivityAction, docs: D[], before?: Array<D | undefined>): ActivityInput[] {
    return changesOf(this.definition.collection, this.definition.label, action, docs, before);
  }

  collection(context: RequestContext): TenantCollection<D> {
    return new TenantCollection(context.store.collection<D>(this.definition.collection), requirePrincipal(context).accountId);
  }

  /**
   * One record by id, or null, batched per request; with `selection` (what the caller reads of it), only the stored
   * fields that needs.
   */
  load(context: RequestContext, id: string, selection?: Selection): Promise<D | null> {
    return context
      .loaders()
      .byId<D>(this.definition.collection, selection && this.projectionOf(selection))
      .load(id);
  }

  /** Callers pass one selection object per field of a query (see fieldSelection): its projection is made once. */
  private readonly projections = new WeakMap<Selection, Document | undefined>();
  private projectionOf(selection: Selection): Document | undefined {
    const { projection: spec } = this.definition;
    if (!spec) return undefined;
    if (!this.projections.has(selection)) this.projections.set(selection, projectionFor(selection, spec));
    return this.projections.get(selection);
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
    if (this.definition.fixedFields?.sent(input)) {
      const current = await this.collection(context).findById(id, session);
      if (!current) throw notFound(this.definition.label, id);
      this.refuseFixedChanges(current, input);
    }
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

  /** Bulk create: one insertMany for the batch (see insertAll), unless the resource creates its records its own way. */
  createMany(context: RequestContext, items: readonly unknown[], allOrNone: boolean): Promise<BulkOutcome<D>> {
    return runBulk(
      context,
      { name: 'inputs', items, allOrNone },
      (item) => parseInput(this.definition.createSchema, item),
      (input, session) => this.create(context, input, session),
      this.own.create === Resource.prototype.create ? (inputs, session, allOrNone) => insertAll(this, context, inputs, session, allOrNone) : undefined,
    );
  }

  /** What belongs with new records (see `afterCreate`), for many at once; answers the records as they then stand. */
  async afterCreateAll(context: RequestContext, docs: D[], inputs: Create[], session: ClientSession): Promise<D[]> {
    const { afterCreate } = this.definition;
    if (!afterCreate) return docs;
    const completed: D[] = [];
    for (const [at, doc] of docs.entries()) completed.push(await afterCreate(context, doc, inputs[at], session));
    return completed;
  }

  /** Bulk update: one read of the records, one bulkWrite (see updateAll). */
  updateMany(context: RequestContext, items: readonly unknown[], allOrNone: boolean): Promise<BulkOutcome<D>> {
    return runBulk(
      context,
      { name: 'inputs', items, allOrNone },
      (item) => splitId(item, (fields) => parseInput(this.definition.updateSchema, fields)),
      ({ id, input }, session) => this.update(context, id, input, session),
      // A resource with its own update goes item by item unless it states its rules as a plan (planUpdate).
      this.own.update === Resource.prototype.update || this.planUpdate !== Resource.prototype.planUpdate
        ? (values, session, allOrNone) => updateAll(this, context, values, session, allOrNone)
        : undefined,
    );
  }

  /** A fixed field sent with another value than the stored one: CONFLICT NOT_EDITABLE naming it. */
  private refuseFixedChanges(current: D, input: Update): void {
    const changed = this.definition.fixedFields?.changed(current, input) ?? [];
    if (changed.length) throw new ConflictError(`${changed.map((detail) => detail.path).join(', ')} cannot change through an update`, changed, 'NOT_EDITABLE');
  }

  /** Whether an update's references are checked before its record is looked up (as `update` does). */
  readonly checksReferencesFirst: boolean = true;

  /**
   * What an update of `current` writes, checked against it (a refusal is thrown as an AppError); `guard`: stored
   * values the write is conditional on. The standard one writes the input's fields whatever the record holds.
   */
  planUpdate(current: D, input: Update, _now: Date): UpdatePlan<D> {
    this.refuseFixedChanges(current, input);
    const { set, unset } = this.definition.fieldsForUpdate(input);
    return { set, unset, checkReferences: true };
  }

  /** Bulk delete: one read of the records, one deleteMany (see removeAll). */
  removeMany(context: RequestContext, ids: readonly string[], allOrNone: boolean): Promise<BulkOutcome<string>> {
    return runBulk(
      context,
      { name: 'ids', items: ids, allOrNone },
      (id) => id,
      (id, session) => this.remove(context, id, session),
      // A resource with its own delete goes item by item unless it states its rules (refuseRemoval).
      this.own.remove === Resource.prototype.remove || this.refuseRemoval !== Resource.prototype.refuseRemoval
        ? (values, session, allOrNone) => removeAll(this, context, values, session, allOrNone)
        : undefined,
    );
  }

  /** Why a record may not be deleted (undefined: it may); resources that keep some records on record say so. */
  refuseRemoval(_doc: D): AppError | undefined {
    return undefined;
  }

  /** Stored values every deletable record has (the condition of the delete, against concurrent changes). */
  removalGuard(): Filter<D> {
    return {};
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
