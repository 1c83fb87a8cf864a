import type { ClientSession, ObjectId, WithId } from 'mongodb';
import { isDuplicateKeyError, type Store } from '../../store/store';
import { refreshDailyTotals, type StatsSource } from './daily-totals';
import { weeksOf } from './weeks';

/**
 * A day of a source whose daily totals an import changed and that is not recounted yet (`writer` null, `day` a
 * YYYY-MM-DD day), or a month an import is writing vouchers on right now (`writer` the import, `day` a YYYY-MM month).
 *
 * An import writes its vouchers in batches outside a transaction. Recounting their days from the documents at its
 * end took about 40 % of its time (bench:import), so the days it changed are marked instead and recounted by writers
 * only: the import itself, in the background after it answers, and the sweep every gateway runs at start and every
 * STATS_SWEEP_SECONDS (sweep.ts; one gateway over the store at a time, by a lease in the store), which recounts what an
 * import whose process stopped left marked. While it writes, the months it writes on are marked as its own: no
 * recount touches them until it has marked the days it changed and let go, so a recount never counts some of its
 * batches and forgets the rest; should the process die, its months stay marked and are recounted whole once the mark
 * is older than any import takes. Reads never recount (a read writes nothing): they read every marked day, and every
 * day of a marked month, from the documents themselves (current-totals.ts), which is what a recount would store.
 */
export interface PendingDayDocument {
  account_id: ObjectId;
  source: StatsSource;
  day: string;
  writer: ObjectId | null;
  since: Date;
}

/** An import of the largest file takes seconds: a writer's mark older than this is what a process that died left. */
export const ABANDONED_AFTER_MS = 3600_000;
const DUPLICATE_KEY_ATTEMPTS = 3;

const monthOf = (day: string) => day.slice(0, 7);

/** One upsert per day (or month), retried when two writers create the same mark at once (the next run finds the winner's). */
async function upsertMarks(
  store: Store,
  accountId: ObjectId,
  source: StatsSource,
  days: Iterable<string>,
  writer: ObjectId | null,
  now: Date,
  session?: ClientSession,
): Promise<void> {
  const operations = [...days].map((day) => ({
    updateOne: { filter: { account_id: accountId, source, day, writer }, update: { $set: { since: now } }, upsert: true },
  }));
  if (!operations.length) return;
  for (let attempt = 1; ; attempt++) {
    try {
      await store.collection<PendingDayDocument>('stats_pending_days').bulkWrite(operations, { ordered: false, session });
      return;
    } catch (error) {
      // In a transaction the error ends it: the transaction runs again (see Store.transaction).
      if (session || !isDuplicateKeyError(error) || attempt >= DUPLICATE_KEY_ATTEMPTS) throw error;
    }
  }
}

/**
 * What one import marks: the months it writes on (before its first voucher of each), and the days it changed, marked
 * when it is done (`finish`, whatever the import's outcome).
 */
export class ImportMarks {
  private readonly months = new Set<string>();
  private readonly changed = new Set<string>();

  constructor(
    private readonly store: Store,
    private readonly accountId: ObjectId,
    private readonly source: StatsSource,
    private readonly importId: ObjectId,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Before a batch is written: marks the months of its days not yet marked (one round trip, only for a new month). */
  async writing(days: Iterable<string | undefined>): Promise<void> {
    const fresh = new Set<string>();
    for (const day of days) if (day && !this.months.has(monthOf(day))) fresh.add(monthOf(day));
    await upsertMarks(this.store, this.accountId, this.source, fresh, this.importId, this.now());
    for (const month of fresh) this.months.add(month);
  }

  /** After a batch was written (or failed, having perhaps stored part of it): the days it may have changed. */
  wrote(days: Iterable<string | undefined>): void {
    for (const day of days) if (day) this.changed.add(day);
  }

  /**
   * Whether a recount has anything to do once it is done: a day it may have changed, or a month it held, on which
   * another import's changed days waited for it to let go (an import that stored nothing still held its months).
   */
  get leftAny(): boolean {
    return this.changed.size > 0 || this.months.size > 0;
  }

  /** Marks the changed days, then lets its months go: a recount from then on counts every voucher it stored. */
  async finish(): Promise<void> {
    await upsertMarks(this.store, this.accountId, this.source, this.changed, null, this.now());
    if (this.months.size)
      await this.store
        .collection<PendingDayDocument>('stats_pending_days')
        .deleteMany({ account_id: this.accountId, source: this.source, writer: this.importId });
  }
}

/** Every day of a month (YYYY-MM). */
export function daysOfMonth(month: string): string[] {
  const [year, number] = month.split('-').map(Number);
  const count = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

const abandoned = (mark: PendingDayDocument, now: Date) => mark.writer !== null && now.getTime() - mark.since.getTime() >= ABANDONED_AFTER_MS;

/** The changed days a recount settles now, with their marks: those outside the months an import is writing on. */
function due(marks: WithId<PendingDayDocument>[], now: Date): Map<string, WithId<PendingDayDocument>> {
  const busy = new Set(marks.filter((mark) => mark.writer !== null && !abandoned(mark, now)).map((mark) => mark.day));
  return new Map(marks.filter((mark) => mark.writer === null && !busy.has(monthOf(mark.day))).map((mark) => [mark.day, mark]));
}

/**
 * Recounts the account's marked days of the sources from their documents, a week at a time, each week in one
 * transaction that reads its marks, recomputes their totals and deletes the marks it read. A mark written meanwhile
 * (an import that finished after the recount's snapshot) makes the deletion conflict: the week runs again and counts
 * the new documents. The month of a writer that died becomes changed days first. Recounts of one account in this
 * process run one after another (an import's and the sweep's); across processes the transactions' conflicts order
 * them. Only writers call it: an import after it answers, and the sweep.
 */
export function recountPendingDays(store: Store, accountId: ObjectId, sources: readonly StatsSource[], now = () => new Date()): Promise<void> {
  return store.queued(`stats-pending:${accountId.toHexString()}`, async () => {
    const pending = store.collection<PendingDayDocument>('stats_pending_days');
    const find = () => pending.find({ account_id: accountId, source: { $in: [...sources] } }).toArray();
    let marked = await find();
    const left = marked.filter((mark) => abandoned(mark, now()));
    for (const mark of left) {
      await store.transaction(async (session) => {
        if (!(await pending.findOne({ _id: mark._id, since: mark.since }, { session }))) return;
        await upsertMarks(store, accountId, mark.source, daysOfMonth(mark.day), null, now(), session);
        await pending.deleteOne({ _id: mark._id }, { session });
      });
    }
    if (left.length) marked = await find();
    for (const source of sources) {
      const days = due(
        marked.filter((mark) => mark.source === source),
        now(),
      );
      for (const week of weeksOf(days.keys())) {
        // The writers' marks of the week's months come along: an import that began meanwhile keeps its months.
        const months = [...new Set(week.map(monthOf))];
        await store.transaction(async (session) => {
          const marks = due(await pending.find({ account_id: accountId, source, day: { $in: [...week, ...months] } }, { session }).toArray(), now());
          if (!marks.size) return;
          await refreshDailyTotals(store.db, source, accountId, marks.keys(), session);
          await pending.deleteMany({ _id: { $in: [...marks.values()].map((mark) => mark._id) } }, { session });
        });
      }
    }
  });
}
