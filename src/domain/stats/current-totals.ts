import type { ObjectId } from 'mongodb';
import type { Store } from '../../store/store';
import { calendarDays, dailyTotalsFromDocuments, type StatsDailyTotalDocument, type StatsSource } from './daily-totals';
import { daysOfMonth, type PendingDayDocument } from './pending-days';
import { weeksOf } from './weeks';

/** The daily totals of some days of one source: as stored, and the days among them read from the documents. */
export interface CurrentTotals {
  /** Days whose stored totals a recount would replace (pending or on a month an import is writing on). */
  recounted: Set<string>;
  /** Their totals as the documents give them now (a day without documents has none). */
  fresh: StatsDailyTotalDocument[];
}

/**
 * The days of `first` to `last` (both included) whose stored totals are not settled: days an import changed and that
 * are not recounted yet, and every day of a month an import is writing on (or was, when it died). One read of the
 * marks in the (account, source, day) index: a month mark (YYYY-MM) sorts just before its month's days.
 */
async function unsettledDays(store: Store, accountId: ObjectId, source: StatsSource, first: string, last: string): Promise<string[]> {
  const marks = await store
    .collection<PendingDayDocument>('stats_pending_days')
    .find({ account_id: accountId, source, day: { $gte: first.slice(0, 7), $lte: last } }, { projection: { _id: 0, day: 1 } })
    .toArray();
  const days = marks.flatMap(({ day }) => (day.length === 7 ? daysOfMonth(day) : [day]));
  return calendarDays(days).filter((day) => day >= first && day <= last);
}

/**
 * What a recount of the pending days would leave in the totals of days `first` to `last`, read without writing: the
 * stored totals hold every settled day; the unsettled ones are aggregated from their documents, a week at a time (a
 * range of the documents' (account, date) index each). Reads never recount: the writers do (pending-days.ts).
 */
export async function currentTotals(store: Store, accountId: ObjectId, source: StatsSource, first: string, last: string): Promise<CurrentTotals> {
  const days = await unsettledDays(store, accountId, source, first, last);
  const fresh: StatsDailyTotalDocument[] = [];
  for (const week of weeksOf(days)) fresh.push(...(await dailyTotalsFromDocuments(store.db, source, accountId, week)).values());
  return { recounted: new Set(days), fresh };
}
