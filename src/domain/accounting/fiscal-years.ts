import type { ClientSession, ObjectId } from 'mongodb';
import type { FiscalYearDocument } from '../../store/ledger';
import { requirePrincipal, type RequestContext } from '../context';
import { ConflictError } from '../errors';

/** A fiscal year as stored once closed: the figures of its close, kept because its closing entry zeroes them. */
export type FiscalYearRecord = FiscalYearDocument & {
  revenue_cents?: number;
  expenses_cents?: number;
  result_cents?: number;
  closing_entry_id?: ObjectId | null;
  closed_by?: ObjectId | null;
};

export const fiscalYearsOf = (context: RequestContext) => context.store.collection<FiscalYearRecord>('fiscal_years');

/**
 * Writes the year's document (made open if it is new) inside `session` and answers it. Posting and closing both
 * call this, so a post and a close of one year always write the same document: whichever commits second meets a
 * write conflict and runs again, and then sees the other's outcome (a closed year, or one more posted entry to
 * close). A read alone would not do: under snapshot isolation a post could read "open" while a close commits.
 */
export async function touchYear(context: RequestContext, year: number, session: ClientSession): Promise<FiscalYearRecord> {
  const now = context.now();
  const doc = await fiscalYearsOf(context).findOneAndUpdate(
    { account_id: requirePrincipal(context).accountId, year },
    { $set: { updated_at: now }, $setOnInsert: { status: 'open', created_at: now } },
    { upsert: true, returnDocument: 'after', session },
  );
  return doc!;
}

/** The closed year's refusal, the same for posting and reversing into it. */
export function periodClosed(year: number, day: string): ConflictError {
  return new ConflictError(
    `fiscal year ${year} is closed: no entry dated ${day} can be posted`,
    [{ path: 'date', message: `${year} is closed` }],
    'PERIOD_CLOSED',
  );
}

/** Refuses (409 PERIOD_CLOSED) a posting dated `day` into a closed year; otherwise marks the year as written. */
export async function enterOpenYear(context: RequestContext, year: number, day: string, session: ClientSession): Promise<void> {
  const doc = await touchYear(context, year, session);
  if (doc.status === 'closed') throw periodClosed(year, day);
}

/** The cheap early refusal (a read): a posting into a closed year fails before any other check or write. */
export async function refuseClosedYear(context: RequestContext, year: number, day: string, session: ClientSession): Promise<void> {
  const closed = await fiscalYearsOf(context).findOne(
    { account_id: requirePrincipal(context).accountId, year, status: 'closed' },
    { session, projection: { _id: 1 } },
  );
  if (closed) throw periodClosed(year, day);
}
