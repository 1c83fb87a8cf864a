import type { ClientSession } from 'mongodb';
import { requirePrincipal, type RequestContext } from '../context';
import { refreshDailyTotals, STATS_SOURCES, type StatsSource, statsDayOf } from './daily-totals';

const isSource = (collection: string): collection is StatsSource => (STATS_SOURCES as readonly string[]).includes(collection);

/** A changed record (as it stands after the change, or before it for a deletion) and, for an update, as it stood. */
export interface TouchedRecord {
  collection: string;
  doc?: Record<string, unknown> | null;
  before?: Record<string, unknown> | null;
  /** A day touched without a record at hand (an import's). */
  day?: string;
}

/**
 * Recomputes the dashboard's daily totals of the days the changed records of its sources were and are on, in the
 * write's session (or a transaction of its own).
 */
export async function refreshTouchedDays(context: RequestContext, touched: TouchedRecord[], session?: ClientSession): Promise<void> {
  const days = new Map<StatsSource, Array<string | undefined>>();
  for (const { collection, doc, before, day } of touched) {
    if (!isSource(collection)) continue;
    const list = days.get(collection) ?? [];
    list.push(statsDayOf(collection, doc), statsDayOf(collection, before), day);
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
    // An import touches every day of its file: a week at a time, the engine never holds more than a week's documents.
    for (const week of weeksOf(list)) await context.store.transaction((own) => refreshDailyTotals(context.store.db, source, accountId, week, own));
  }
}

const DAY_MS = 86_400_000;

/** The days, sorted and without repeats, in runs spanning at most seven days. */
function weeksOf(list: Array<string | undefined>): string[][] {
  const runs: string[][] = [];
  for (const day of [...new Set(list.filter((day): day is string => Boolean(day)))].sort()) {
    const run = runs[runs.length - 1];
    if (run && Date.parse(day) - Date.parse(run[0]) < 7 * DAY_MS) run.push(day);
    else runs.push([day]);
  }
  return runs;
}

/** Whether changes of a collection move the dashboard's totals (an update then needs the record as it stood). */
export const movesStatistics = isSource;
