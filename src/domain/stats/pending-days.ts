import type { ObjectId, WithId } from 'mongodb';
import { isDuplicateKeyError, type Store } from '../../store/store';
import { refreshDailyTotals, type StatsSource } from './daily-totals';
import { weeksOf } from './weeks';

/**
 * A day of a source whose daily totals an import changed and that is not recounted yet (`writer` null), or that a
 * batch of an import is writing on right now (`writer` the import).
 *
 * An import writes its vouchers in batches outside a transaction. Recounting their days from the documents at its
 * end took about 40 % of its time (bench:import), so its days are marked instead and recounted after it answers, or
 * by the first read of the totals, whichever comes first (recountPendingDays). A batch marks its days as being
 * written before it writes (so they stay marked should the process die after the write) and, once written, as
 * changed; a batch that stored nothing (every voucher known already) leaves no mark.
 */
export interface PendingDayDocument {
  account_id: ObjectId;
  source: StatsSource;
  day: string;
  writer: ObjectId | null;
  since: Date;
}

/** A batch's write takes seconds: a writer's mark older than this is what a process that died left behind. */
export const ABANDONED_AFTER_MS = 3600_000;
const DUPLICATE_KEY_ATTEMPTS = 3;

const daysOf = (days: Iterable<string | undefined>) => [...new Set([...days].filter((day): day is string => Boolean(day)))];

/** One upsert per day, retried when two writers create the same mark at once (the next run finds the winner's). */
async function upsertMarks(store: Store, accountId: ObjectId, source: StatsSource, days: string[], writer: ObjectId | null, now: Date): Promise<void> {
  const operations = days.map((day) => ({
    updateOne: { filter: { account_id: accountId, source, day, writer }, update: { $set: { since: now } }, upsert: true },
  }));
  for (let attempt = 1; ; attempt++) {
    try {
      await store.collection<PendingDayDocument>('stats_pending_days').bulkWrite(operations, { ordered: false });
      return;
    } catch (error) {
      if (!isDuplicateKeyError(error) || attempt >= DUPLICATE_KEY_ATTEMPTS) throw error;
    }
  }
}

/** Marks the days an import's batch is about to write on as being written by it. */
export async function markBatchDays(
  store: Store,
  accountId: ObjectId,
  source: StatsSource,
  days: Iterable<string | undefined>,
  importId: ObjectId,
  now = new Date(),
): Promise<void> {
  const wanted = daysOf(days);
  if (wanted.length) await upsertMarks(store, accountId, source, wanted, importId, now);
}

/**
 * Settles a written batch's marks: the days it stored vouchers on are marked changed (an update that also makes a
 * recount that read the documents before the write conflict and run again) before its own marks go.
 */
export async function settleBatchDays(
  store: Store,
  accountId: ObjectId,
  source: StatsSource,
  days: Iterable<string | undefined>,
  importId: ObjectId,
  changed: boolean,
  now = new Date(),
): Promise<void> {
  const wanted = daysOf(days);
  if (!wanted.length) return;
  if (changed) await upsertMarks(store, accountId, source, wanted, null, now);
  await store.collection<PendingDayDocument>('stats_pending_days').deleteMany({ account_id: accountId, source, day: { $in: wanted }, writer: importId });
}

/** The marks a recount settles now: changed days, and what a dead writer left; not days a batch is writing on. */
function settleable(marks: WithId<PendingDayDocument>[], now: Date): Map<string, WithId<PendingDayDocument>[]> {
  const byDay = new Map<string, WithId<PendingDayDocument>[]>();
  for (const mark of marks) byDay.set(mark.day, [...(byDay.get(mark.day) ?? []), mark]);
  const writing = (mark: PendingDayDocument) => mark.writer !== null && now.getTime() - mark.since.getTime() < ABANDONED_AFTER_MS;
  // The batch under way settles its days when it is done, and its import recounts them after it.
  for (const [day, list] of byDay) if (list.some(writing)) byDay.delete(day);
  return byDay;
}

/**
 * Recounts the account's marked days of the sources from their documents, a week at a time, each week in one
 * transaction that reads its marks, recomputes their totals and deletes the marks it read. A day marked changed again
 * meanwhile (a batch that wrote after the recount's snapshot) makes the deletion conflict: the week runs again and
 * counts the new documents. Recounts of one account in this process run one after another: a read that arrives while
 * an import's recount runs waits for it, then finds nothing left to do.
 */
export function recountPendingDays(store: Store, accountId: ObjectId, sources: readonly StatsSource[], now = () => new Date()): Promise<void> {
  return store.queued(`stats-pending:${accountId.toHexString()}`, async () => {
    const pending = store.collection<PendingDayDocument>('stats_pending_days');
    const marked = await pending.find({ account_id: accountId, source: { $in: [...sources] } }).toArray();
    for (const source of sources) {
      const days = settleable(
        marked.filter((mark) => mark.source === source),
        now(),
      );
      for (const week of weeksOf(days.keys())) {
        await store.transaction(async (session) => {
          const marks = settleable(await pending.find({ account_id: accountId, source, day: { $in: week } }, { session }).toArray(), now());
          if (!marks.size) return;
          await refreshDailyTotals(store.db, source, accountId, marks.keys(), session);
          await pending.deleteMany({ _id: { $in: [...marks.values()].flat().map((mark) => mark._id) } }, { session });
        });
      }
    }
  });
}
