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

/** The refusal of a posting into a closed period, the same for posting and reversing. */
export function periodClosed(closedYear: number, day: string): ConflictError {
  return new ConflictError(
    `fiscal year ${closedYear} is closed: no entry dated ${day} can be posted (closed years lock every day up to ${closedYear}-12-31)`,
    [{ path: 'date', message: `${closedYear} is closed` }],
    'PERIOD_CLOSED',
  );
}

/** Refuses (409 PERIOD_CLOSED) a posting dated `day` into a closed year; otherwise marks the year as written. */
export async function enterOpenYear(context: RequestContext, year: number, day: string, session: ClientSession): Promise<void> {
  const doc = await touchYear(context, year, session);
  if (doc.status === 'closed') throw periodClosed(year, day);
}

/**
 * The early refusal (a read, before any other check or write): a posting dated in a closed year, or in an earlier
 * one — closing a year locks every day up to its end. The later-year case rests on this read alone: a close racing a
 * posting into an earlier, never-closed year is not forced to conflict with it (they write different year
 * documents), but such a posting never lands in a closed year, and the next close meets that year as
 * EARLIER_YEAR_OPEN.
 */
export async function refuseClosedYear(context: RequestContext, year: number, day: string, session: ClientSession): Promise<void> {
  const closed = await fiscalYearsOf(context).findOne(
    { account_id: requirePrincipal(context).accountId, year: { $gte: year }, status: 'closed' },
    { session, sort: { year: -1 }, projection: { year: 1 } },
  );
  if (closed) throw periodClosed(closed.year, day);
}
