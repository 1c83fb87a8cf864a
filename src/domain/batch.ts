import type { AnyBulkWriteOperation, ClientSession, Document, Filter } from 'mongodb';
import { parseId } from '../store/ids';
import { isDuplicateKeyError } from '../store/store';
import type { TenantDocument } from '../store/tenant-collection';
import type { ActivityAction } from '../store/activity.store';
import { recordChanges } from './activity/changes';
import type { ActivityInput } from './activity/record';
import { ItemFailure } from './bulk';
import type { RequestContext } from './context';
import { AppError, ConflictError, notFound } from './errors';
import type { TenantCollection } from '../store/tenant-collection';
import type { ResourceDefinition, UpdatePlan } from './resource-definition';

/**
 * The bulk writes of a resource as a fixed number of commands, whatever the number of items: one read of every
 * target, the per-item rules checked in memory, one write for all. Each function answers, in order, each item's
 * result or the AppError refusing it alone; a write the server refuses throws ItemFailure (see runBulk). With
 * `allOrNone`, nothing is written once an item is refused (the transaction is rolled back anyway).
 */

const refusedAny = (outcomes: unknown[]) => outcomes.some((outcome) => outcome instanceof AppError);

/** What the batch writes use of a resource (every Resource has it). */
interface AnyResource<D extends TenantDocument> {
  // biome-ignore lint/suspicious/noExplicitAny: the batch functions only use what every resource has.
  readonly definition: ResourceDefinition<D, any, any, any, any>;
  readonly checksReferencesFirst: boolean;
  collection(context: RequestContext): TenantCollection<D>;
  afterCreateAll(context: RequestContext, docs: D[], inputs: unknown[], session: ClientSession): Promise<D[]>;
  planUpdate(current: D, input: unknown, now: Date): UpdatePlan<D>;
  refuseRemoval(doc: D): AppError | undefined;
  removalGuard(): Filter<D>;
  changes(action: ActivityAction, docs: D[], before?: Array<D | undefined>): ActivityInput[];
}

/** The position of the first write error of a failed insertMany/bulkWrite. */
function failedIndex(error: unknown): number | undefined {
  const writeErrors = (error as { writeErrors?: Array<{ index: number }> | { index: number } }).writeErrors;
  return Array.isArray(writeErrors) ? writeErrors[0]?.index : writeErrors?.index;
}

/** A duplicate key on the write of item `itemIndex` as that item's failure (the resource's conflict); else rethrown. */
function asItemFailure<D extends TenantDocument>(resource: AnyResource<D>, error: unknown, itemOf: (writeIndex: number) => number, inputs: unknown[]): never {
  const failed = failedIndex(error);
  const { duplicate } = resource.definition;
  if (isDuplicateKeyError(error) && failed !== undefined && duplicate) {
    const item = itemOf(failed);
    throw new ItemFailure(item, duplicate(inputs[item]));
  }
  throw error;
}

/** The references each input names that are not records of the account, checked together (undefined: all fine). */
export async function referenceProblems<D extends TenantDocument, I>(
  resource: AnyResource<D>,
  context: RequestContext,
  inputs: I[],
  session: ClientSession,
): Promise<Array<AppError | undefined>> {
  const { prepare, prepareAll } = resource.definition;
  if (prepareAll) return prepareAll(context, inputs, session);
  const problems: Array<AppError | undefined> = [];
  for (const input of inputs) {
    try {
      await prepare?.(context, input, session);
      problems.push(undefined);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      problems.push(error);
    }
  }
  return problems;
}

/** Inserts the inputs that pass their reference checks with one insertMany, then what belongs with them. */
export async function insertAll<D extends TenantDocument, Create>(
  resource: AnyResource<D>,
  context: RequestContext,
  inputs: Create[],
  session: ClientSession,
  allOrNone: boolean,
): Promise<Array<D | AppError>> {
  const outcomes: Array<D | AppError | undefined> = await referenceProblems(resource, context, inputs, session);
  const passing = inputs.flatMap((input, at) => (outcomes[at] ? [] : [{ input, at }]));
  if (!passing.length || (allOrNone && refusedAny(outcomes))) return outcomes as Array<D | AppError>;
  const now = context.now();
  let docs: D[];
  try {
    docs = await resource.collection(context).insertMany(
      passing.map(({ input }) => resource.definition.fieldsForCreate(input, now) as never),
      now,
      session,
    );
  } catch (error) {
    asItemFailure(resource, error, (written) => passing[written].at, inputs);
  }
  const completed = await resource.afterCreateAll(
    context,
    docs,
    passing.map(({ input }) => input),
    session,
  );
  await recordChanges(context, resource.changes('created', completed), session);
  passing.forEach(({ at }, written) => {
    outcomes[at] = completed[written];
  });
  return outcomes as Array<D | AppError>;
}

/** Deletes the records that exist, are not repeated in the list and the resource lets go, with one deleteMany. */
export async function removeAll<D extends TenantDocument>(
  resource: AnyResource<D>,
  context: RequestContext,
  ids: string[],
  session: ClientSession,
  allOrNone: boolean,
): Promise<Array<string | AppError>> {
  const collection = resource.collection(context);
  const found = await collection.findByIds(ids, session);
  const doomed = new Map<string, D>();
  const outcomes = ids.map((id, at): string | AppError => {
    const doc = found[at];
    // A second mention of a record finds it already gone, as it would one item after the other.
    if (!doc || doomed.has(doc._id.toHexString())) return notFound(resource.definition.label, id);
    const refused = resource.refuseRemoval(doc);
    if (refused) return refused;
    doomed.set(doc._id.toHexString(), doc);
    return id;
  });
  if (doomed.size && !(allOrNone && refusedAny(outcomes))) {
    const _id = { $in: [...doomed.values()].map((doc) => doc._id) };
    await collection.collection.deleteMany(collection.scope({ ...resource.removalGuard(), _id } as Filter<D>), { session });
    await recordChanges(context, resource.changes('deleted', [...doomed.values()]), session);
  }
  return outcomes;
}

/** `$set`/`$unset` of a record as an update document (with its new `updated_at`). */
function updateDocument(set: object, unset: string[], now: Date): Document {
  const update: Document = { $set: { ...set, updated_at: now } };
  if (unset.length) update.$unset = Object.fromEntries(unset.map((field) => [field, '']));
  return update;
}

/**
 * Partially updates records with one read of them all and one bulkWrite. Each item is checked against its record
 * as the items before it in the list left it; each write is conditional on what its check read (the plan's
 * guard). The records are read again once written, so each item answers its record as stored.
 */
export async function updateAll<D extends TenantDocument, Update>(
  resource: AnyResource<D>,
  context: RequestContext,
  items: Array<{ id: string; input: Update }>,
  session: ClientSession,
  allOrNone: boolean,
): Promise<Array<D | AppError>> {
  const collection = resource.collection(context);
  const now = context.now();
  const inputs = items.map(({ input }) => input);
  // One after the other: a transaction's commands do not share their session concurrently.
  const problems = await referenceProblems(resource, context, inputs, session);
  const found = await collection.findByIds(
    items.map(({ id }) => id),
    session,
  );
  const state = new Map<string, D>();
  for (const doc of found) if (doc) state.set(doc._id.toHexString(), doc);

  const outcomes: Array<D | AppError | string> = [];
  const operations: AnyBulkWriteOperation<D>[] = [];
  const itemOfWrite: number[] = [];
  for (const [at, { id, input }] of items.entries()) {
    const key = parseId(id)?.toHexString();
    const current = key ? state.get(key) : undefined;
    if (resource.checksReferencesFirst && problems[at]) {
      outcomes.push(problems[at]);
      continue;
    }
    if (!key || !current) {
      outcomes.push(notFound(resource.definition.label, id));
      continue;
    }
    try {
      const plan = resource.planUpdate(current, input, now);
      if (plan.checkReferences && problems[at]) throw problems[at];
      operations.push({
        updateOne: { filter: collection.scope({ ...plan.guard, _id: current._id } as Filter<D>), update: updateDocument(plan.set, plan.unset, now) },
      });
      itemOfWrite.push(at);
      const next = { ...current, ...plan.set, updated_at: now } as Record<string, unknown>;
      for (const field of plan.unset) delete next[field];
      state.set(key, next as D);
      outcomes.push(key);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes.push(error);
    }
  }
  if (!operations.length || (allOrNone && refusedAny(outcomes))) return outcomes as Array<D | AppError>;

  try {
    const result = await collection.collection.bulkWrite(operations, { session, ordered: true });
    // Inside the transaction a record changed since it was read is a write conflict (retried); this is the net.
    if (result.matchedCount !== operations.length)
      throw new ConflictError(`some ${resource.definition.label} records are being changed by another request; try again`);
  } catch (error) {
    asItemFailure(resource, error, (written) => itemOfWrite[written], inputs);
  }
  const written = await collection.findByIds(
    itemOfWrite.map((at) => outcomes[at] as string),
    session,
  );
  const stored = new Map(written.flatMap((doc) => (doc ? [[doc._id.toHexString(), doc] as const] : [])));
  const before = new Map(found.flatMap((doc) => (doc ? [[doc._id.toHexString(), doc] as const] : [])));
  const after = [...stored.values()];
  await recordChanges(
    context,
    resource.changes(
      'updated',
      after,
      after.map((doc) => before.get(doc._id.toHexString())),
    ),
    session,
  );
  return outcomes.map((outcome) => (typeof outcome === 'string' ? (stored.get(outcome) ?? notFound(resource.definition.label, outcome)) : outcome));
}
