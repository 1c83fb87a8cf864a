import type { ClientSession } from 'mongodb';
import { requirePrincipal, type RequestContext } from '../context';
import { refreshDailyTotals, STATS_SOURCES, type StatsSource, statsDayOf } from './daily-totals';

const isSource = (collection: string): collection is StatsSource => (STATS_SOURCES as readonly string[]).includes(collection);

/** A changed record (as it stands after the change, or before it for a deletion) and, for an update, as it stood. */
export interface TouchedRecord {
  collection: string;
  doc?: Record<string, unknown> | null;
  before?: Record<string, unknown> | null;
}

/** Recomputes the dashboard's daily totals of the days the changed records of its sources were and are on. */
export async function refreshTouchedDays(context: RequestContext, touched: TouchedRecord[], session?: ClientSession): Promise<void> {
  const days = new Map<StatsSource, Array<string | undefined>>();
  for (const { collection, doc, before } of touched) {
    if (!isSource(collection)) continue;
    const list = days.get(collection) ?? [];
    list.push(statsDayOf(collection, doc), statsDayOf(collection, before));
    days.set(collection, list);
  }
  for (const [source, list] of days) await refreshDailyTotals(context.store.db, source, requirePrincipal(context).accountId, list, session);
}

/** Whether changes of a collection move the dashboard's totals (an update then needs the record as it stood). */
export const movesStatistics = isSource;
