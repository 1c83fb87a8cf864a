import type { ClientSession } from 'mongodb';
import { requirePrincipal, type RequestContext } from '../context';
import { refreshDailyTotals, STATS_SOURCES, type StatsSource, statsDayOf } from './daily-totals';
import { weeksOf } from './weeks';

const isSource = (collection: string): collection is StatsSource => (STATS_SOURCES as readonly string[]).includes(collection);

/** A changed record (as it stands after the change, or before it for a deletion) and, for an update, as it stood. */
export interface TouchedRecord {
  collection: string;
  doc?: Record<string, unknown> | null;
  before?: Record<string, unknown> | null;
}

/**
 * Recomputes the dashboard's daily totals of the days the changed records of its sources were and are on, in the
 * write's session (or a transaction of its own).
 */
export async function refreshTouchedDays(context: RequestContext, touched: TouchedRecord[], session?: ClientSession): Promise<void> {
  const days = new Map<StatsSource, Array<string | undefined>>();
  for (const { collection, doc, before } of touched) {
    if (!isSource(collection)) continue;
    const list = days.get(collection) ?? [];
    list.push(statsDayOf(collection, doc), statsDayOf(collection, before));
    days.set(collection, list);
  }
  const accountId = requirePrincipal(context).accountId;
  for (const [source, list] of days) {
    if (session) {
      // Inside the write's transaction: one aggregation and one bulk write, however many records and days.
      await refreshDailyTotals(context.store.db, source, accountId, list, session);
      continue;
    }
    // A write without a transaction still recomputes in one: two writers of the same day then conflict on its total,
    // and the one that runs again reads both documents, where a plain read-then-write could store the older count.
    // A bulk write may touch many days: a week at a time, the engine never holds more than a week's documents.
    for (const week of weeksOf(list)) await context.store.transaction((own) => refreshDailyTotals(context.store.db, source, accountId, week, own));
  }
}

/** Whether changes of a collection move the dashboard's totals (an update then needs the record as it stood). */
export const movesStatistics = isSource;
