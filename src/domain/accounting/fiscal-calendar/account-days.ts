import type { ClientSession, ObjectId } from 'mongodb';
import { isDuplicateKeyError } from '../../../store/store';
import { TenantCollection, type TenantDocument } from '../../../store/tenant-collection';
import { changesOf } from '../../activity/journaled';
import { recordChanges } from '../../activity/changes';
import { requirePrincipal, type RequestContext } from '../../context';
import { calendarDateSchema } from '../../dates';
import { ConflictError, notFound } from '../../errors';
import { parseInput } from '../../validation';
import type { FiscalDeadlineDocument } from './deadline-document';
import { ownDaySchema, rederivedDueDate } from './own-days';

/**
 * An account's own non-working days, stored per account (one per date), and what they do to the deadlines already
 * loaded: adding or removing a day re-derives, in the same transaction, the due date of every pending deadline of
 * that year (a completed one keeps the date it was due on). Seeds read the days too, so a year loaded later uses
 * them. Both writes bump the account's calendar revision, so a seed and a day change racing on two gateways
 * conflict and one runs again on the other's result: no deadline keeps a date derived without a day that exists.
 */
export type OwnDayDocument = TenantDocument & { date: string; year: number; description: string; created_by: ObjectId | null };

const daysOf = (context: RequestContext) =>
  new TenantCollection(context.store.collection<OwnDayDocument>('fiscal_non_working_days'), requirePrincipal(context).accountId);
const deadlinesOf = (context: RequestContext) =>
  new TenantCollection(context.store.collection<FiscalDeadlineDocument>('fiscal_deadlines'), requirePrincipal(context).accountId);

export const OWN_DAY_ORDER = { date: 1 } as const;
const yearRange = (year: number) => ({ $gte: `${year}-01-01`, $lte: `${year}-12-31` });

/** The account's own non-working days of a year, as read in `session`. */
export async function ownDaysOf(context: RequestContext, year: number, session?: ClientSession): Promise<Set<string>> {
  const days = daysOf(context);
  const found = await days.collection.find(days.scope({ date: yearRange(year) }), { session, projection: { date: 1 } }).toArray();
  return new Set(found.map((day) => day.date));
}

/** Makes transactions that derive due dates of one account conflict with each other (see the module comment). */
export async function bumpCalendarRevision(context: RequestContext, session: ClientSession): Promise<void> {
  const accountId = requirePrincipal(context).accountId;
  await context.store
    .collection<{ _id: ObjectId; revision: number; updated_at: Date }>('fiscal_calendars')
    .updateOne({ _id: accountId }, { $inc: { revision: 1 }, $set: { updated_at: context.now() } }, { upsert: true, session });
}

export async function listOwnDays(context: RequestContext, year: number | undefined): Promise<OwnDayDocument[]> {
  return daysOf(context).find(year === undefined ? {} : { date: yearRange(year) }, { skip: 0, limit: 0, sort: OWN_DAY_ORDER });
}

/** Re-derives the pending deadlines of `year`; the number whose due date changed. */
async function rederive(context: RequestContext, year: number, session: ClientSession): Promise<number> {
  const own = await ownDaysOf(context, year, session);
  const deadlines = deadlinesOf(context);
  const pending = await deadlines.collection.find(deadlines.scope({ year, status: 'pending' }), { session }).toArray();
  const now = context.now();
  const before: FiscalDeadlineDocument[] = [];
  const after: FiscalDeadlineDocument[] = [];
  for (const doc of pending as FiscalDeadlineDocument[]) {
    const due = rederivedDueDate(doc, own);
    if (due === doc.due_date) continue;
    await deadlines.collection.updateOne({ _id: doc._id, account_id: doc.account_id }, { $set: { due_date: due, updated_at: now } }, { session });
    before.push(doc);
    after.push({ ...doc, due_date: due, updated_at: now });
  }
  await recordChanges(context, changesOf('fiscal_deadlines', 'fiscal deadline', 'updated', after, before), session);
  return after.length;
}

export async function addOwnDay(context: RequestContext, input: unknown): Promise<{ day: OwnDayDocument; moved: number }> {
  const { date, description } = parseInput(ownDaySchema, input, 'input');
  const year = Number(date.slice(0, 4));
  try {
    return await context.store.transaction(async (session) => {
      await bumpCalendarRevision(context, session);
      const day = await daysOf(context).insert({ date, year, description, created_by: requirePrincipal(context).userId }, context.now(), session);
      await recordChanges(context, changesOf('fiscal_non_working_days', 'non-working day', 'created', [day]), session);
      return { day, moved: await rederive(context, year, session) };
    });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    throw new ConflictError(
      `${date} is already one of the account's non-working days`,
      [{ path: 'input.date', message: 'is already a non-working day' }],
      'NON_WORKING_DAY_EXISTS',
    );
  }
}

export async function removeOwnDay(context: RequestContext, text: string): Promise<{ date: string; moved: number }> {
  const date = parseInput(calendarDateSchema(), text, 'date');
  return context.store.transaction(async (session) => {
    const days = daysOf(context);
    const removed = await days.collection.findOneAndDelete(days.scope({ date }), { session });
    if (!removed) throw notFound('non-working day', date);
    await bumpCalendarRevision(context, session);
    await recordChanges(context, changesOf('fiscal_non_working_days', 'non-working day', 'deleted', [removed as OwnDayDocument]), session);
    return { date, moved: await rederive(context, removed.year, session) };
  });
}
