import type { AccountDocument } from '../../../store/accounts.store';
import { parseId } from '../../../store/ids';
import { TenantCollection } from '../../../store/tenant-collection';
import { requirePrincipal, type RequestContext } from '../../context';
import { argentineDay } from '../../dates';
import { ConflictError, notFound } from '../../errors';
import type { Connection, PageWindow } from '../../pagination';
import { cuitEndingOf, DEFAULT_TAXES, OBLIGATIONS, type FiscalTax } from './obligations';
import { bumpCalendarRevision, ownDaysOf } from './account-days';
import { yearSchedule } from './schedule';
import { actionOn } from '../../activity/actions';
import { recordChanges } from '../../activity/changes';
import { changesOf } from '../../activity/journaled';
import type { FiscalDeadlineDocument } from './deadline-document';
import { asRead, type DeadlineFilter, deadlineFilter, type FiscalDeadlineRecord, upcomingWindow } from './deadline-filter';

export type { FiscalDeadlineDocument };
export { DEADLINE_STATUSES, type DeadlineFilter, deadlineFilter, type DeadlineStatus, type FiscalDeadlineRecord } from './deadline-filter';

export const MAX_UPCOMING_DAYS = 366;
export { SEED_YEARS } from './obligations';

const deadlinesOf = (context: RequestContext) =>
  new TenantCollection(context.store.collection<FiscalDeadlineDocument>('fiscal_deadlines'), requirePrincipal(context).accountId);

const today = (context: RequestContext) => argentineDay(context.now());

export const DEADLINE_ORDER = { due_date: 1, _id: 1 } as const;

export async function listDeadlines(context: RequestContext, filter: DeadlineFilter, window: PageWindow): Promise<Connection<FiscalDeadlineRecord>> {
  const day = today(context);
  const deadlines = deadlinesOf(context);
  const query = deadlineFilter(filter, day);
  const [nodes, totalCount] = await Promise.all([
    deadlines.find(query, { skip: window.skip, limit: window.limit, sort: DEADLINE_ORDER }),
    deadlines.count(query),
  ]);
  return { nodes: nodes.map((doc) => asRead(doc, day)), totalCount, window };
}

/** Pending deadlines due from today to `days` days ahead (overdue ones are in the list, status overdue). */
export async function upcomingDeadlines(context: RequestContext, days: number): Promise<{ from: string; to: string; items: FiscalDeadlineRecord[] }> {
  const { from, to, filter } = upcomingWindow(today(context), days);
  const docs = await deadlinesOf(context).find(filter, { skip: 0, limit: 0, sort: DEADLINE_ORDER });
  return { from, to, items: docs.map((doc) => asRead(doc, from)) };
}

/** pending → completed, once (409 ALREADY_COMPLETED the second time): one conditional update. */
export async function completeDeadline(context: RequestContext, id: string): Promise<FiscalDeadlineRecord> {
  const deadlines = deadlinesOf(context);
  const _id = parseId(id);
  const now = context.now();
  const done = _id
    ? await deadlines.collection.findOneAndUpdate(
        deadlines.scope({ _id, status: 'pending' }),
        { $set: { status: 'completed', completed_at: now, completed_by: requirePrincipal(context).userId, updated_at: now } },
        { returnDocument: 'after' },
      )
    : null;
  if (done) {
    await recordChanges(context, [actionOn('fiscal_deadlines', 'fiscal deadline', 'updated', done, 'completed')]);
    return asRead(done as FiscalDeadlineDocument, today(context));
  }
  const found = await deadlines.findById(id);
  if (!found) throw notFound('fiscal deadline', id);
  throw new ConflictError(
    `the deadline was already marked complete at ${found.completed_at?.toISOString()}`,
    [{ path: 'status', message: 'is completed' }],
    'ALREADY_COMPLETED',
  );
}

/** The last digit of the account's CUIT: ARCA's calendar groups taxpayers by it. */
async function cuitEnding(context: RequestContext): Promise<number> {
  const account = await context.store
    .collection<AccountDocument>('accounts')
    .findOne({ _id: requirePrincipal(context).accountId }, { projection: { cuit: 1 } });
  return cuitEndingOf(account?.cuit);
}

/**
 * Loads the ARCA deadlines due in `year` for the account's CUIT ending: every month of each tax asked for (default
 * the company set) that is not there yet, moved past the national non-working days and the account's own, in one
 * transaction. Loading again adds nothing (`seeded: 0`). Two seeds racing collide on the unique tax/month index;
 * the loser runs again and finds the winner's deadlines. A seed racing a change of the account's days conflicts
 * with it on the calendar revision (account-days.ts) and runs again with the days as changed.
 */
export async function seedDeadlines(
  context: RequestContext,
  year: number | undefined,
  taxes: readonly FiscalTax[] | undefined,
): Promise<{ seeded: number; year: number; cuitEnding: number; message: string }> {
  const dueYear = year ?? Number(today(context).slice(0, 4));
  const asked = [...new Set(taxes?.length ? taxes : DEFAULT_TAXES)];
  const ending = await cuitEnding(context);
  return context.store.transaction(async (session) => {
    const deadlines = deadlinesOf(context);
    const existing = await deadlines.collection.find(deadlines.scope({ year: dueYear }), { session, projection: { month: 1, tax: 1 } }).toArray();
    const have = new Set(existing.map((doc) => `${doc.tax}:${doc.month}`));
    const own = await ownDaysOf(context, dueYear, session);
    const missing = asked
      .flatMap((tax) => yearSchedule(OBLIGATIONS[tax], dueYear, ending, own))
      .filter((deadline) => !have.has(`${deadline.tax}:${deadline.month}`))
      .map((deadline) => ({ ...deadline, status: 'pending' as const }));
    if (!missing.length)
      return {
        seeded: 0,
        year: dueYear,
        cuitEnding: ending,
        message: `The ${dueYear} deadlines of ${asked.join(', ')} are already loaded; nothing was changed.`,
      };
    await bumpCalendarRevision(context, session);
    const seeded = await deadlines.insertMany(missing as never, context.now(), session);
    await recordChanges(context, changesOf('fiscal_deadlines', 'fiscal deadline', 'created', seeded), session);
    return {
      seeded: missing.length,
      year: dueYear,
      cuitEnding: ending,
      message: `Loaded ${missing.length} ARCA deadlines due in ${dueYear} for CUIT ending ${ending} (${asked.join(', ')}).`,
    };
  });
}
