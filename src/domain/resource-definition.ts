import type { ClientSession, Filter, Sort } from 'mongodb';
import type { z } from 'zod';
import type { CollectionName } from '../store/catalog';
import type { ProjectionSpec } from '../store/projection.store';
import type { TenantDocument } from '../store/tenant-collection';
import type { RequestContext } from './context';
import type { AppError, ErrorDetail } from './errors';

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
  /** `prepare` for many inputs with a fixed number of reads: each input's problem, or undefined. */
  prepareAll?(context: RequestContext, inputs: Array<Create | Update>, session?: ClientSession): Promise<Array<AppError | undefined>>;
  /**
   * Fields set at creation that an update may carry only with their stored value (a record sent back as read, e.g.
   * the stock, which then changes through movements): whether an input sends any, and those whose value differs.
   */
  fixedFields?: { sent(input: Update): boolean; changed(current: D, input: Update): ErrorDetail[] };
  /** The conflict a unique-index violation means for this resource. */
  duplicate?(input: Create | Update): AppError;
  /**
   * More writes that belong with a new document (e.g. its opening stock movement), in the same transaction;
   * answers the document as it then stands.
   */
  afterCreate?(context: RequestContext, doc: D, input: Create, session: ClientSession): Promise<D>;
}

/** What an update writes: `$set`, `$unset`, the stored values it is conditional on, and whether its references count. */
export interface UpdatePlan<D extends TenantDocument> {
  set: Partial<FieldsOf<D>>;
  unset: string[];
  guard?: Filter<D>;
  checkReferences: boolean;
}
