import type { ClientSession, ObjectId } from 'mongodb';
import { argentineDay } from '../dates';
import { requirePrincipal, type RequestContext } from '../context';
import { ConflictError, ValidationError } from '../errors';
import { actionOn } from '../activity/actions';
import { recordChanges } from '../activity/changes';
import { getConfig } from './iva.config';
import { rebuildBook } from './kept';

/** A period's state (`iva_periods`): open until closed; reopening records who and why. No document = open. */
export interface IvaPeriodDocument {
  _id: ObjectId;
  account_id: ObjectId;
  period: string;
  status: 'open' | 'closed';
  closed_at: Date | null;
  closed_by: string | null;
  history: Array<{ action: 'closed' | 'reopened'; at: Date; by: string; reason: string | null }>;
}

export interface PeriodState {
  period: string;
  status: 'open' | 'closed';
  closedAt: Date | null;
  closedBy: string | null;
  history: IvaPeriodDocument['history'];
}

const who = (context: RequestContext) => {
  const principal = requirePrincipal(context);
  return principal.userId ? `user:${principal.userId.toHexString()}` : `api_key:${principal.accountId.toHexString()}`;
};

const collection = (context: Pick<RequestContext, 'store'>) => context.store.collection<IvaPeriodDocument>('iva_periods');

export async function periodState(context: RequestContext, period: string, session?: ClientSession): Promise<PeriodState> {
  const doc = await collection(context).findOne({ account_id: requirePrincipal(context).accountId, period }, { session });
  return { period, status: doc?.status ?? 'open', closedAt: doc?.closed_at ?? null, closedBy: doc?.closed_by ?? null, history: doc?.history ?? [] };
}

/** 409 PERIOD_CLOSED when the period is closed: nothing dated in it may be added or changed. */
export async function assertPeriodOpen(context: RequestContext, period: string, session?: ClientSession): Promise<void> {
  if ((await periodState(context, period, session)).status === 'closed')
    throw new ConflictError(`the VAT period ${period} is closed: reopen it first`, [{ path: 'period', message: `${period} is closed` }], 'PERIOD_CLOSED');
}

/** Every closed period of the account (a few dozen at most: one per month ever closed). */
export async function closedPeriods(context: Pick<RequestContext, 'store' | 'principal'>): Promise<Set<string>> {
  const closed = await collection(context)
    .find({ account_id: requirePrincipal(context).accountId, status: 'closed' }, { projection: { period: 1 } })
    .toArray();
  return new Set(closed.map((doc) => doc.period));
}

const closedOfRequest = new WeakMap<RequestContext, Promise<Set<string>>>();

/**
 * 409 PERIOD_CLOSED when a day (YYYY-MM-DD) falls in a closed period. The closed periods are read once per request,
 * so a bulk write of many documents checks them all for one query.
 */
export async function assertDayOpen(context: RequestContext, day: unknown): Promise<void> {
  if (typeof day !== 'string' || !/^\d{4}-\d{2}/.test(day)) return;
  let closed = closedOfRequest.get(context);
  if (!closed) {
    closed = closedPeriods(context);
    closedOfRequest.set(context, closed);
  }
  const period = day.slice(0, 7);
  if ((await closed).has(period))
    throw new ConflictError(`the VAT period ${period} is closed: reopen it first`, [{ path: 'date', message: `${period} is closed` }], 'PERIOD_CLOSED');
}

/** The closed periods among some days (YYYY-MM-DD or instants), for checks of many source rows at once. */
export async function closedPeriodsOf(context: RequestContext, days: Array<string | Date>): Promise<Set<string>> {
  const periods = [...new Set(days.map((day) => (typeof day === 'string' ? day : argentineDay(day)).slice(0, 7)))];
  if (!periods.length) return new Set();
  const closed = await collection(context)
    .find({ account_id: requirePrincipal(context).accountId, period: { $in: periods }, status: 'closed' }, { projection: { period: 1 } })
    .toArray();
  return new Set(closed.map((doc) => doc.period));
}

export async function closePeriod(context: RequestContext, period: string): Promise<PeriodState> {
  const accountId = requirePrincipal(context).accountId;
  const now = context.now();
  const by = who(context);
  const result = await collection(context)
    .findOneAndUpdate(
      { account_id: accountId, period, status: { $ne: 'closed' } },
      {
        $set: { status: 'closed', closed_at: now, closed_by: by },
        $push: { history: { action: 'closed', at: now, by, reason: null } },
        $setOnInsert: { account_id: accountId, period },
      },
      { upsert: true, returnDocument: 'after' },
    )
    .catch((error: unknown) => {
      // The upsert met the closed document of a concurrent close (unique account + period).
      if ((error as { code?: number }).code === 11000) return null;
      throw error;
    });
  if (!result) throw new ConflictError(`the VAT period ${period} is already closed`, [{ path: 'period', message: 'already closed' }], 'PERIOD_CLOSED');
  await recordChanges(context, [actionOn('iva_periods', `VAT period ${period}`, 'closed', result)]);
  return periodState(context, period);
}

export async function reopenPeriod(context: RequestContext, period: string, reason: unknown): Promise<PeriodState> {
  const text = typeof reason === 'string' ? reason.trim() : '';
  if (text.length < 3 || text.length > 500)
    throw new ValidationError('a reason (3 to 500 characters) is required to reopen a period', [{ path: 'reason', message: 'required, 3 to 500 characters' }]);
  const now = context.now();
  await context.store.transaction(async (session) => {
    const result = await collection(context).findOneAndUpdate(
      { account_id: requirePrincipal(context).accountId, period, status: 'closed' },
      { $set: { status: 'open', closed_at: null, closed_by: null }, $push: { history: { action: 'reopened', at: now, by: who(context), reason: text } } },
      { returnDocument: 'after', session },
    );
    if (!result) throw new ConflictError(`the VAT period ${period} is not closed`, [{ path: 'period', message: 'is open' }], 'PERIOD_OPEN');
    // Frozen while closed, its lines catch up with what changed meanwhile (the settings; sources it had refused).
    const config = await getConfig(context, session);
    for (const bookType of ['purchases', 'sales'] as const) await rebuildBook(context, period, bookType, config, now, session);
    await recordChanges(context, [actionOn('iva_periods', `VAT period ${period}`, 'reopened', result, text)], session);
  });
  return periodState(context, period);
}
