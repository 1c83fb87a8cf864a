import { ObjectId } from 'mongodb';
import { declaredIndexes } from '../../src/domain/declarations';
import { currentTotals } from '../../src/domain/stats/current-totals';
import { dashboard } from '../../src/domain/stats/dashboard';
import { refreshDailyTotals } from '../../src/domain/stats/daily-totals';
import { ABANDONED_AFTER_MS, ImportMarks } from '../../src/domain/stats/pending-days';
import { transactionSeries } from '../../src/domain/stats/series';
import { startPendingDaysSweep, SWEEP_LEASE_MS, sweepPendingDays } from '../../src/domain/stats/sweep';
import { ensureIndexes } from '../../src/store/catalog';
import { readTotals } from '../../src/domain/iva/totals';
import { suiteDatabase } from '../support/database';
import { domainContext } from '../support/domain-context';
import { storeWrites } from '../support/store-writes';
import { contextOn } from './iva/context';
import { issuedVoucher, receivedInvoice } from './iva/entries';

/**
 * The statistics read without writing: days an import left marked, and every day of a month an import is writing on,
 * are read from the documents, so a read answers what a recount would store; the recount is the writers' (an import
 * after answering, and the sweep, one gateway at a time by a lease in the store).
 */
const opened = suiteDatabase('stats-unsettled', (store) => ensureIndexes(store.db, declaredIndexes()));

/** An expense (its date is its Argentine day) of `pesos`, pending. */
const expense = (accountId: ObjectId, date: string, pesos: number, status = 'pending') => ({
  _id: new ObjectId(),
  account_id: accountId,
  date,
  amount_cents: pesos * 100,
  status,
  description: 'Gasto',
});

/** Stores expenses behind the totals' back (as an import does), marking `days` changed. */
async function importedBehind(accountId: ObjectId, docs: ReturnType<typeof expense>[]) {
  const store = opened();
  const marks = new ImportMarks(store, accountId, 'expenses', new ObjectId());
  await store.collection('expenses').insertMany(docs);
  marks.wrote(docs.map((doc) => doc.date));
  await marks.finish();
}

const totalsOf = (accountId: ObjectId) =>
  opened()
    .collection('stats_daily_totals')
    .find({ account_id: accountId, source: 'expenses' }, { projection: { _id: 0 } })
    .sort({ day: 1 })
    .toArray();

describe('currentTotals', () => {
  it("reads the range's marked days and every day of its marked months from the documents, and nothing else", async () => {
    const store = opened();
    const accountId = new ObjectId();
    // Settled: 2026-03-10 (counted in the totals).
    await store.collection('expenses').insertOne(expense(accountId, '2026-03-10', 5));
    await refreshDailyTotals(store.db, 'expenses', accountId, ['2026-03-10']);
    await importedBehind(accountId, [expense(accountId, '2026-02-28', 1), expense(accountId, '2026-03-02', 2), expense(accountId, '2026-04-01', 3)]);
    // Another account's mark, and another source's, in the range: not this read's.
    await importedBehind(new ObjectId(), [expense(new ObjectId(), '2026-03-03', 9)]);
    const sales = new ImportMarks(store, accountId, 'issued_vouchers', new ObjectId());
    sales.wrote(['2026-03-04']);
    await sales.finish();
    // An import writing on March (a month mark): every March day in the range is unsettled.
    const writer = new ImportMarks(store, accountId, 'expenses', new ObjectId());
    await writer.writing(['2026-03-20']);

    const before = await storeWrites(store);
    const read = await currentTotals(store, accountId, 'expenses', '2026-03-01', '2026-03-15');
    expect(await storeWrites(store)).toBe(before);
    expect([...read.recounted]).toEqual(Array.from({ length: 15 }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`));
    expect(read.fresh.map((doc) => [doc.day, doc.groups])).toEqual([
      ['2026-03-02', [{ key: 'pending', count: 1, cents: 200, vat_cents: 0, net_cents: 200 }]],
      ['2026-03-10', [{ key: 'pending', count: 1, cents: 500, vat_cents: 0, net_cents: 500 }]],
    ]);
    // Without the month mark only the marked days of the range are unsettled; the range's ends are included.
    await writer.finish();
    const marked = await currentTotals(store, accountId, 'expenses', '2026-02-28', '2026-04-01');
    expect([...marked.recounted]).toEqual(['2026-02-28', '2026-03-02', '2026-04-01']);
    expect(marked.fresh.map((doc) => doc.day).sort()).toEqual(['2026-02-28', '2026-03-02', '2026-04-01']);
    const inside = await currentTotals(store, accountId, 'expenses', '2026-03-01', '2026-03-31');
    expect([...inside.recounted]).toEqual(['2026-03-02']);
    // A marked day of the range's first month but before its first day is not the range's.
    const later = await currentTotals(store, accountId, 'expenses', '2026-03-05', '2026-03-31');
    expect(later).toEqual({ recounted: new Set(), fresh: [] });
  });

  it('answers nothing to recount when nothing is marked', async () => {
    const read = await currentTotals(opened(), new ObjectId(), 'expenses', '2026-01-01', '2026-12-31');
    expect(read).toEqual({ recounted: new Set(), fresh: [] });
  });
});

describe('the dashboard and the series while days are unsettled', () => {
  it('answer what they answer once the days are recounted, writing nothing', async () => {
    const store = opened();
    const accountId = new ObjectId();
    const context = domainContext(store, { accountId });
    // March 2026 (Monday 2 to Sunday 8 is one ISO week): a settled day, then an import's days (one a day already counted).
    await store.collection('expenses').insertOne(expense(accountId, '2026-03-02', 10, 'approved'));
    await refreshDailyTotals(store.db, 'expenses', accountId, ['2026-03-02']);
    await importedBehind(accountId, [
      expense(accountId, '2026-03-02', 1),
      expense(accountId, '2026-03-08', 2),
      expense(accountId, '2026-03-09', 4, 'approved'),
      expense(accountId, '2026-02-27', 8),
    ]);
    const reads = async () => ({
      board: (await dashboard(context, '2026-03', new Date('2026-03-20T15:00:00Z'))).current.expenses,
      previous: (await dashboard(context, '2026-03', new Date('2026-03-20T15:00:00Z'))).previous.expenses,
      days: await transactionSeries(context, { measure: 'expenses', interval: 'day', from: '2026-03-01', to: '2026-03-09' }),
      weeks: await transactionSeries(context, { measure: 'expenses', interval: 'week', from: '2026-02-23', to: '2026-03-15' }),
      months: await transactionSeries(context, { measure: 'expenses', interval: 'month', from: '2026-02-01', to: '2026-03-31' }),
      approved: await transactionSeries(context, { measure: 'expenses', interval: 'month', from: '2026-03-01', to: '2026-03-31', status: 'approved' }),
    });
    const before = await storeWrites(store);
    const unsettled = await reads();
    expect(await storeWrites(store)).toBe(before);
    // Figures by hand: March 10 + 1 + 2 + 4 = 17 (approved 10 + 4; the week of 2 to 8 March: 10 + 1 + 2); February 8.
    expect(unsettled.board).toEqual({
      count: 4,
      total: 17,
      byStatus: [
        { status: 'approved', count: 2, total: 14 },
        { status: 'pending', count: 2, total: 3 },
      ],
    });
    expect(unsettled.previous).toEqual({ count: 1, total: 8, byStatus: [{ status: 'pending', count: 1, total: 8 }] });
    expect(unsettled.days.buckets.filter((bucket) => bucket.count).map((b) => [b.start, b.count, b.total])).toEqual([
      ['2026-03-02', 2, 11],
      ['2026-03-08', 1, 2],
      ['2026-03-09', 1, 4],
    ]);
    expect(unsettled.weeks.buckets.map((b) => [b.start, b.count, b.total])).toEqual([
      ['2026-02-23', 1, 8],
      ['2026-03-02', 3, 13],
      ['2026-03-09', 1, 4],
    ]);
    expect(unsettled.months.buckets.map((b) => [b.start, b.count, b.total])).toEqual([
      ['2026-02-01', 1, 8],
      ['2026-03-01', 4, 17],
    ]);
    expect(unsettled.approved).toMatchObject({ count: 2, total: 14 });
    expect(await sweepPendingDays(store, new ObjectId())).toBe(true);
    expect(await store.collection('stats_pending_days').countDocuments({ account_id: accountId })).toBe(0);
    expect(await reads()).toEqual(unsettled);
  });
});

describe('ImportMarks.leftAny', () => {
  it('an import leaves a recount to do when it changed a day, or held a month another import’s days waited on', async () => {
    const store = opened();
    const accountId = new ObjectId();
    const idle = new ImportMarks(store, accountId, 'expenses', new ObjectId());
    expect(idle.leftAny).toBe(false);
    const held = new ImportMarks(store, accountId, 'expenses', new ObjectId());
    await held.writing(['2026-09-01', undefined]);
    expect(held.leftAny).toBe(true);
    const changed = new ImportMarks(store, accountId, 'expenses', new ObjectId());
    changed.wrote([undefined, '2026-09-02']);
    expect(changed.leftAny).toBe(true);
    changed.wrote([]);
    await held.finish();
    await changed.finish();
  });
});

describe('sweepPendingDays', () => {
  it('recounts the marked days of every account, and an abandoned writer month only past the bound', async () => {
    const store = opened();
    await store.collection('stats_pending_days').deleteMany({});
    const [first, second] = [new ObjectId(), new ObjectId()];
    await importedBehind(first, [expense(first, '2026-05-04', 3)]);
    await importedBehind(second, [expense(second, '2026-05-05', 6)]);
    const now = new Date('2026-06-01T12:00:00Z');
    const died = new ImportMarks(store, second, 'expenses', new ObjectId(), () => new Date(now.getTime() - ABANDONED_AFTER_MS + 1));
    await died.writing(['2026-04-30']);
    await store.collection('expenses').insertOne(expense(second, '2026-04-30', 7));
    expect(await sweepPendingDays(store, new ObjectId(), () => now)).toBe(true);
    expect(await totalsOf(first)).toEqual([
      { account_id: first, source: 'expenses', day: '2026-05-04', groups: [expect.objectContaining({ count: 1, cents: 300 })] },
    ]);
    expect((await totalsOf(second)).map((doc) => doc.day)).toEqual(['2026-05-05']);
    // Still within the bound, the month of a writer that may be alive is left; a millisecond later it is recounted.
    expect(await store.collection('stats_pending_days').countDocuments({})).toBe(1);
    expect(await sweepPendingDays(store, new ObjectId(), () => new Date(now.getTime() + 1))).toBe(true);
    expect(await store.collection('stats_pending_days').countDocuments({})).toBe(0);
    expect((await totalsOf(second)).map((doc) => doc.day)).toEqual(['2026-04-30', '2026-05-05']);
  });

  it('runs in one gateway at a time: a held lease leaves the work to its holder until it ends', async () => {
    const store = opened();
    const accountId = new ObjectId();
    await importedBehind(accountId, [expense(accountId, '2026-07-01', 1)]);
    const sweeps = store.collection<{ _id: string; holder: ObjectId; until: Date }>('sweeps');
    const now = new Date('2026-07-02T00:00:00Z');
    const holder = new ObjectId();
    await sweeps.updateOne({ _id: 'stats-pending-days' }, { $set: { holder, until: new Date(now.getTime() + 1) } }, { upsert: true });
    expect(await sweepPendingDays(store, new ObjectId(), () => now)).toBe(false);
    expect(await store.collection('stats_pending_days').countDocuments({ account_id: accountId })).toBe(1);
    // The lease ends at `until`: then another takes it, and lets it go when done.
    const taker = new ObjectId();
    expect(await sweepPendingDays(store, taker, () => new Date(now.getTime() + 1))).toBe(true);
    expect(await store.collection('stats_pending_days').countDocuments({ account_id: accountId })).toBe(0);
    expect(await sweeps.findOne({ _id: 'stats-pending-days' })).toEqual({ _id: 'stats-pending-days', holder: taker, until: new Date(0) });
  });

  it('holds the lease SWEEP_LEASE_MS while it sweeps: a sweep that fails lets it go all the same', async () => {
    const store = opened();
    const accountId = new ObjectId();
    await importedBehind(accountId, [expense(accountId, '2026-08-01', 1)]);
    const sweeps = store.collection<{ _id: string; holder: ObjectId; until: Date }>('sweeps');
    const now = new Date('2026-08-02T00:00:00Z');
    const holder = new ObjectId();
    let held: unknown;
    // The clock is read once to take the lease; its second reading (the recount's) finds the lease as taken, then fails.
    let readings = 0;
    const clock = () => {
      if (++readings === 2) {
        held = sweeps.findOne({ _id: 'stats-pending-days' });
        throw new Error('clock stopped');
      }
      return now;
    };
    await expect(sweepPendingDays(store, holder, clock)).rejects.toThrow('clock stopped');
    expect(await held).toEqual({ _id: 'stats-pending-days', holder, until: new Date(now.getTime() + SWEEP_LEASE_MS) });
    expect(await sweeps.findOne({ _id: 'stats-pending-days' })).toEqual({ _id: 'stats-pending-days', holder, until: new Date(0) });
  });

  it("rebuilds the VAT books of a dead import's months first: the lines its last batches lacked are written", async () => {
    const store = opened();
    await store.collection('stats_pending_days').deleteMany({});
    const accountId = new ObjectId();
    const now = new Date('2026-06-01T12:00:00Z');
    const since = () => new Date(now.getTime() - ABANDONED_AFTER_MS);
    // Two imports that died writing: their vouchers stored, their lines never written.
    const purchases = new ImportMarks(store, accountId, 'received_invoices', new ObjectId(), since);
    await purchases.writing(['2026-05-04']);
    const bought = receivedInvoice(accountId, '2026-05-04T15:00:00Z', 100_000);
    await store.collection('received_invoices').insertOne(bought);
    const sales = new ImportMarks(store, accountId, 'issued_vouchers', new ObjectId(), since);
    await sales.writing(['2026-04-30']);
    const sold = issuedVoucher(accountId, '2026-04-30T15:00:00Z', 50_000);
    await store.collection('issued_vouchers').insertOne(sold);
    // The month of a writer that may still be alive is left alone.
    const live = new ImportMarks(store, accountId, 'received_invoices', new ObjectId(), () => new Date(now.getTime() - ABANDONED_AFTER_MS + 1));
    await live.writing(['2026-03-10']);
    await store.collection('received_invoices').insertOne(receivedInvoice(accountId, '2026-03-10T15:00:00Z', 70_000));

    expect(await sweepPendingDays(store, new ObjectId(), () => now)).toBe(true);
    const lines = await store.collection('iva_book_entries').find({ account_id: accountId }).sort({ period: 1 }).toArray();
    expect(lines.map((line) => [line.period, line.book_type, String(line.source_id)])).toEqual([
      ['2026-04', 'sales', String(sold._id)],
      ['2026-05', 'purchases', String(bought._id)],
    ]);
    const context = contextOn(store, accountId);
    // 1.000,00 + 21 % and 500,00 + 21 %, as their lines count them.
    expect(await readTotals(context, '2026-05', 'purchases')).toMatchObject({ count: 1, totalCents: 121_000, vatCents: 21_000 });
    expect(await readTotals(context, '2026-04', 'sales')).toMatchObject({ count: 1, vatCents: 10_500 });
    expect(await store.collection('stats_pending_days').countDocuments({ account_id: accountId })).toBe(1);
  });

  it("rebuilds each account's dead months in that account only", async () => {
    const store = opened();
    await store.collection('stats_pending_days').deleteMany({});
    const [first, second] = [new ObjectId(), new ObjectId()];
    const now = new Date('2026-06-01T12:00:00Z');
    const since = () => new Date(now.getTime() - ABANDONED_AFTER_MS);
    await new ImportMarks(store, first, 'received_invoices', new ObjectId(), since).writing(['2026-01-10']);
    await new ImportMarks(store, second, 'received_invoices', new ObjectId(), since).writing(['2026-02-10']);
    expect(await sweepPendingDays(store, new ObjectId(), () => now)).toBe(true);
    const booksOf = async (accountId: ObjectId) =>
      (await store.collection('iva_book_totals').find({ account_id: accountId }).toArray()).map((doc) => `${doc.period} ${doc.book_type}`);
    expect(await booksOf(first)).toEqual(['2026-01 purchases']);
    expect(await booksOf(second)).toEqual(['2026-02 purchases']);
  });

  it('a store error other than a held lease is thrown, not taken for one', async () => {
    const failing = {
      collection: (name: string) =>
        name === 'sweeps' ? { updateOne: () => Promise.reject(new Error('the store went away')) } : { findOne: () => Promise.resolve({ _id: new ObjectId() }) },
    };
    await expect(sweepPendingDays(failing as never, new ObjectId())).rejects.toThrow('the store went away');
  });

  it('a gateway sweeps once at start, in the background, and every interval until stopped; with no interval, never', async () => {
    const store = opened();
    await store.collection('stats_pending_days').deleteMany({});
    const accountId = new ObjectId();
    const errors: unknown[] = [];
    const marked = async (day: string) => {
      const marks = new ImportMarks(store, accountId, 'expenses', new ObjectId());
      marks.wrote([day]);
      await marks.finish();
    };
    const left = () => store.collection('stats_pending_days').countDocuments({ account_id: accountId });
    await marked('2026-11-02');
    const off = startPendingDaysSweep(store, 0, (error) => errors.push(error));
    await store.idle();
    expect(await left()).toBe(1);
    off.stop();
    // Only the interval is faked: the driver's own timers run as they do.
    jest.useFakeTimers({
      doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout'],
    });
    try {
      const on = startPendingDaysSweep(store, 60_000, (error) => errors.push(error));
      await store.idle();
      expect(await left()).toBe(0);
      await marked('2026-11-03');
      jest.advanceTimersByTime(60_000);
      await store.idle();
      expect(await left()).toBe(0);
      on.stop();
      await marked('2026-11-04');
      jest.advanceTimersByTime(120_000);
      await store.idle();
      expect(await left()).toBe(1);
    } finally {
      jest.useRealTimers();
    }
    expect(errors).toEqual([]);
  });

  it('with nothing marked only reads', async () => {
    const store = opened();
    await store.collection('stats_pending_days').deleteMany({});
    const before = await storeWrites(store);
    expect(await sweepPendingDays(store, new ObjectId())).toBe(false);
    expect(await storeWrites(store)).toBe(before);
  });
});
