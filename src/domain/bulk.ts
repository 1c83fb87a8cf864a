import type { ClientSession } from 'mongodb';
import type { RequestContext } from './context';
import { AppError, ValidationError, type ErrorDetail } from './errors';

export interface BulkItemError {
  index: number;
  code: string;
  message: string;
  details: ErrorDetail[];
}

export interface BulkOutcome<R> {
  items: R[];
  errors: BulkItemError[];
}

export const MAX_BULK_ITEMS = 500;

function itemError(index: number, error: AppError): BulkItemError {
  return { index, code: error.code, message: error.message, details: error.details };
}

/** A failure of one item inside a batch write: which item, and why. */
export class ItemFailure extends Error {
  constructor(
    readonly index: number,
    readonly error: AppError,
  ) {
    super(error.message);
  }
}

class BulkRejected extends Error {
  constructor(readonly errors: BulkItemError[]) {
    super('bulk rejected');
  }
}

/**
 * Writes many validated items at once inside `session` (one command per kind of write, whatever their number):
 * answers, in order, each item's result or the AppError that refuses that item alone (not found, a rule of its
 * record). A write the server refuses (e.g. a duplicate key) loses the transaction: it throws ItemFailure naming
 * the item. With `allOrNone`, a refusal found before writing makes writing pointless: it may answer without.
 */
export type ApplyAll<V, R> = (values: V[], session: ClientSession, allOrNone: boolean) => Promise<Array<R | AppError>>;

/**
 * Applies `apply` to each item, or `applyAll` to all of them at once when the resource can write them together.
 * With `allOrNone`, everything runs in one transaction: a failure rolls all back and the request fails with the
 * items' problems listed (validation problems of all items are found before anything is written). Otherwise each
 * item stands alone and failures are reported beside the successes.
 */
export interface BulkRequest<I> {
  /** The list argument's name, for error paths (`inputs`, `ids`). */
  name: string;
  items: readonly I[];
  allOrNone: boolean;
}

export async function runBulk<I, V, R>(
  context: RequestContext,
  { name, items, allOrNone }: BulkRequest<I>,
  validate: (item: I, index: number) => V,
  apply: (value: V, session?: ClientSession) => Promise<R>,
  applyAll?: ApplyAll<V, R>,
): Promise<BulkOutcome<R>> {
  if (items.length === 0) throw new ValidationError(`${name} must not be empty`, [{ path: name, message: 'must contain at least 1 item' }]);
  if (items.length > MAX_BULK_ITEMS) {
    throw new ValidationError(`at most ${MAX_BULK_ITEMS} items per request`, [{ path: name, message: `must contain at most ${MAX_BULK_ITEMS} items` }]);
  }
  const errors: BulkItemError[] = [];
  const valid: Array<{ index: number; value: V }> = [];
  items.forEach((item, index) => {
    try {
      valid.push({ index, value: validate(item, index) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      errors.push(itemError(index, error));
    }
  });

  if (!allOrNone) {
    const results = applyAll ? await eachApart(context, valid, applyAll, errors) : await oneByOne(valid, apply, errors);
    return { items: results, errors: errors.sort((a, b) => a.index - b.index) };
  }

  try {
    if (errors.length) throw new BulkRejected(errors);
    const items = await context.store.transaction(async (session) => {
      if (applyAll) {
        const outcomes = await applyAll(
          valid.map(({ value }) => value),
          session,
          true,
        ).catch((error) => {
          if (error instanceof ItemFailure) throw new BulkRejected([itemError(valid[error.index].index, error.error)]);
          throw error;
        });
        const refused = outcomes.flatMap((outcome, at) => (outcome instanceof AppError ? [itemError(valid[at].index, outcome)] : []));
        if (refused.length) throw new BulkRejected(refused);
        return outcomes as R[];
      }
      const results: R[] = [];
      for (const { index, value } of valid) {
        try {
          results.push(await apply(value, session));
        } catch (error) {
          if (error instanceof AppError) throw new BulkRejected([itemError(index, error)]);
          throw error;
        }
      }
      return results;
    });
    return { items, errors: [] };
  } catch (error) {
    if (!(error instanceof BulkRejected)) throw error;
    const details = error.errors.flatMap((item) =>
      item.details.length
        ? item.details.map((detail) => ({ path: [item.index, detail.path].filter((part) => part !== '').join('.'), message: detail.message }))
        : [{ path: String(item.index), message: `${item.code}: ${item.message}` }],
    );
    throw new ValidationError(`${error.errors.length} of ${items.length} items failed; nothing was written`, details);
  }
}

/** Each item in its own write (and its own transaction where its write needs one). */
async function oneByOne<V, R>(valid: Array<{ index: number; value: V }>, apply: (value: V) => Promise<R>, errors: BulkItemError[]): Promise<R[]> {
  const results: R[] = [];
  for (const { index, value } of valid) {
    try {
      results.push(await apply(value));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      errors.push(itemError(index, error));
    }
  }
  return results;
}

/**
 * Every item at once, in one transaction that writes the items that pass and reports the others. A write the
 * server refuses loses that transaction: the item is reported and the rest written again without it (so such
 * failures, unlike the checks made before writing, cost a round each).
 */
async function eachApart<V, R>(
  context: RequestContext,
  valid: Array<{ index: number; value: V }>,
  applyAll: ApplyAll<V, R>,
  errors: BulkItemError[],
): Promise<R[]> {
  let pending = valid;
  while (pending.length) {
    const batch = pending;
    try {
      const outcomes = await context.store.transaction((session) =>
        applyAll(
          batch.map(({ value }) => value),
          session,
          false,
        ),
      );
      const results: R[] = [];
      outcomes.forEach((outcome, at) => {
        if (outcome instanceof AppError) errors.push(itemError(batch[at].index, outcome));
        else results.push(outcome);
      });
      return results;
    } catch (error) {
      if (!(error instanceof ItemFailure)) throw error;
      errors.push(itemError(batch[error.index].index, error.error));
      pending = batch.filter((_, at) => at !== error.index);
    }
  }
  return [];
}
