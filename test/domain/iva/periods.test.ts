import { ObjectId } from 'mongodb';
import { ConflictError, ValidationError } from '../../../src/domain/errors';
import { assertDayOpen, assertPeriodOpen, closedPeriods, closedPeriodsOf, closePeriod, periodState, reopenPeriod } from '../../../src/domain/iva/periods';
import { suiteDatabase } from '../../support/database';
import { contextOn, ivaIndexes, rejection } from './context';

/**
 * Closing a VAT period (a calendar month, Ley de IVA art. 27) freezes what is dated in it once its return is filed;
 * reopening it needs a reason, kept in its history with who did it. Tested on the suite's own store.
 */
const store = suiteDatabase('iva-periods', ivaIndexes);
const account = new ObjectId();
const other = new ObjectId();
const user = new ObjectId('0000000000000000000000aa');
const at = new Date('2026-01-15T12:00:00Z');
const ctx = () => contextOn(store(), account, { userId: user, now: () => at });

describe('a period never closed', () => {
  it('is open, with no history', async () => {
    expect(await periodState(ctx(), '2025-01')).toEqual({ period: '2025-01', status: 'open', closedAt: null, closedBy: null, history: [] });
    await expect(assertPeriodOpen(ctx(), '2025-01')).resolves.toBeUndefined();
  });
});

describe('closing and reopening', () => {
  /** Each case on an account of its own, so that it holds whichever other case ran before it. */
  const fresh = () => {
    const id = new ObjectId();
    return { id, ctx: (options: { userId?: ObjectId | null; now?: () => Date } = {}) => contextOn(store(), id, { userId: user, now: () => at, ...options }) };
  };
  const activityOf = (id: ObjectId) => store().collection('activity').find({ account_id: id, resource_type: 'iva_periods' }).sort({ _id: 1 }).toArray();

  it('closes a month: closed, by whom and when, in its history and the activity log', async () => {
    const { id, ctx } = fresh();
    const state = await closePeriod(ctx(), '2025-02');
    const expected = { action: 'closed', at, by: `user:${user.toHexString()}`, reason: null };
    expect(state).toEqual({ period: '2025-02', status: 'closed', closedAt: at, closedBy: `user:${user.toHexString()}`, history: [expected] });
    const stored = await store().collection('iva_periods').findOne({ account_id: id, period: '2025-02' });
    expect(stored).toMatchObject({ status: 'closed', closed_at: at, closed_by: `user:${user.toHexString()}`, history: [expected] });
    expect((await activityOf(id)).map((row) => [row.action, row.resource_id.toHexString()])).toEqual([['closed', stored?._id.toHexString()]]);
  });

  it('a closed month refuses what is dated in it (409 PERIOD_CLOSED); another account and another month are not touched', async () => {
    const { ctx } = fresh();
    await closePeriod(ctx(), '2025-02');
    const error = await rejection(assertPeriodOpen(ctx(), '2025-02'));
    expect(error).toBeInstanceOf(ConflictError);
    expect([error.code, error.message, error.details]).toEqual([
      'PERIOD_CLOSED',
      'the VAT period 2025-02 is closed: reopen it first',
      [{ path: 'period', message: '2025-02 is closed' }],
    ]);
    await expect(assertPeriodOpen(ctx(), '2025-03')).resolves.toBeUndefined();
    await expect(assertPeriodOpen(contextOn(store(), other), '2025-02')).resolves.toBeUndefined();
    expect((await periodState(contextOn(store(), other), '2025-02')).status).toBe('open');
  });

  it('closing a closed month again is refused (409 PERIOD_CLOSED) and changes nothing', async () => {
    const { id, ctx } = fresh();
    await closePeriod(ctx(), '2025-02');
    const before = await store().collection('iva_periods').findOne({ account_id: id, period: '2025-02' });
    const error = await rejection(closePeriod(ctx({ now: () => new Date('2026-02-01T00:00:00Z') }), '2025-02'));
    expect(error).toBeInstanceOf(ConflictError);
    expect([error.code, error.message, error.details]).toEqual([
      'PERIOD_CLOSED',
      'the VAT period 2025-02 is already closed',
      [{ path: 'period', message: 'already closed' }],
    ]);
    expect(await store().collection('iva_periods').findOne({ account_id: id, period: '2025-02' })).toEqual(before);
    expect(await activityOf(id)).toHaveLength(1);
  });

  it.each([
    ['missing', undefined],
    ['not text', 42],
    ['two characters once trimmed', '  ok  '],
    ['501 characters', 'x'.repeat(501)],
  ])('reopening needs a reason of 3 to 500 characters: %s is refused (400)', async (_, reason) => {
    const { ctx } = fresh();
    await closePeriod(ctx(), '2025-02');
    const error = await rejection(reopenPeriod(ctx(), '2025-02', reason));
    expect(error).toBeInstanceOf(ValidationError);
    expect([error.message, error.details]).toEqual([
      'a reason (3 to 500 characters) is required to reopen a period',
      [{ path: 'reason', message: 'required, 3 to 500 characters' }],
    ]);
    expect((await periodState(ctx(), '2025-02')).status).toBe('closed');
  });

  it('reopens with its reason (trimmed), kept in the history beside the close and in the activity log', async () => {
    const { id, ctx } = fresh();
    await closePeriod(ctx(), '2025-02');
    const later = new Date('2026-02-03T10:00:00Z');
    const state = await reopenPeriod(ctx({ now: () => later }), '2025-02', '  late invoice  ');
    expect(state).toEqual({
      period: '2025-02',
      status: 'open',
      closedAt: null,
      closedBy: null,
      history: [
        { action: 'closed', at, by: `user:${user.toHexString()}`, reason: null },
        { action: 'reopened', at: later, by: `user:${user.toHexString()}`, reason: 'late invoice' },
      ],
    });
    const rows = await activityOf(id);
    expect(rows.map((row) => row.action)).toEqual(['closed', 'reopened']);
    expect(rows[1].summary).toMatch(/: late invoice$/);
    await expect(assertPeriodOpen(ctx(), '2025-02')).resolves.toBeUndefined();
  });

  it('a reason of exactly 3 and of exactly 500 characters is enough', async () => {
    const { ctx } = fresh();
    await closePeriod(ctx(), '2025-04');
    expect((await reopenPeriod(ctx(), '2025-04', 'abc')).history[1].reason).toBe('abc');
    await closePeriod(ctx(), '2025-04');
    expect((await reopenPeriod(ctx(), '2025-04', 'y'.repeat(500))).history[3].reason).toBe('y'.repeat(500));
  });

  it('reopening an open month is refused (409 PERIOD_OPEN), a month never closed too', async () => {
    const { ctx } = fresh();
    await closePeriod(ctx(), '2025-02');
    await reopenPeriod(ctx(), '2025-02', 'a late invoice');
    for (const period of ['2025-02', '2025-05']) {
      const error = await rejection(reopenPeriod(ctx(), period, 'no reason to'));
      expect(error).toBeInstanceOf(ConflictError);
      expect([error.code, error.message, error.details]).toEqual([
        'PERIOD_OPEN',
        `the VAT period ${period} is not closed`,
        [{ path: 'period', message: 'is open' }],
      ]);
    }
  });

  it('a month closed again after a reopening is closed, its whole history kept; closed with an API key, the account says who', async () => {
    const { id, ctx } = fresh();
    await closePeriod(ctx(), '2025-02');
    await reopenPeriod(ctx(), '2025-02', 'a late invoice');
    const state = await closePeriod(ctx({ userId: null }), '2025-02');
    expect(state.status).toBe('closed');
    expect(state.closedBy).toBe(`api_key:${id.toHexString()}`);
    expect(state.history.map((step) => [step.action, step.by])).toEqual([
      ['closed', `user:${user.toHexString()}`],
      ['reopened', `user:${user.toHexString()}`],
      ['closed', `api_key:${id.toHexString()}`],
    ]);
  });
});

describe('the closed periods among days', () => {
  const days = new ObjectId();
  const dayCtx = () => contextOn(store(), days);

  beforeAll(async () => {
    await closePeriod(dayCtx(), '2025-11');
    await closePeriod(dayCtx(), '2025-12');
    await reopenPeriod(dayCtx(), '2025-12', 'reopened for a late invoice');
    await closePeriod(contextOn(store(), other), '2025-10');
  });

  it('lists the closed months of the account only', async () => {
    expect(await closedPeriods(dayCtx())).toEqual(new Set(['2025-11']));
  });

  it('finds the closed months of days and instants (an instant in its Argentine day: UTC−3)', async () => {
    const context = dayCtx();
    expect(await closedPeriodsOf(context, ['2025-11-30', '2025-12-01', '2025-10-15'])).toEqual(new Set(['2025-11']));
    // 2025-12-01T02:59Z is still 30 November in Argentina; 03:00Z is 1 December.
    expect(await closedPeriodsOf(context, [new Date('2025-12-01T02:59:00Z')])).toEqual(new Set(['2025-11']));
    expect(await closedPeriodsOf(context, [new Date('2025-12-01T03:00:00Z')])).toEqual(new Set());
    expect(await closedPeriodsOf(context, [])).toEqual(new Set());
  });

  it('assertDayOpen refuses a day of a closed month (409 PERIOD_CLOSED naming the date) and lets others through', async () => {
    const context = dayCtx();
    const error = await rejection(assertDayOpen(context, '2025-11-30'));
    expect(error).toBeInstanceOf(ConflictError);
    expect([error.code, error.message, error.details]).toEqual([
      'PERIOD_CLOSED',
      'the VAT period 2025-11 is closed: reopen it first',
      [{ path: 'date', message: '2025-11 is closed' }],
    ]);
    await expect(assertDayOpen(context, '2025-12-01')).resolves.toBeUndefined();
    await expect(assertDayOpen(context, '2025-10-15')).resolves.toBeUndefined();
    // Not a day: nothing to check here (the write's own validation refuses it).
    await expect(assertDayOpen(context, undefined)).resolves.toBeUndefined();
    await expect(assertDayOpen(context, 20251130)).resolves.toBeUndefined();
  });

  it('reads the closed months once per request: a bulk write checks every row against the same answer', async () => {
    const own = new ObjectId();
    const context = contextOn(store(), own);
    await expect(assertDayOpen(context, '2025-09-05')).resolves.toBeUndefined();
    await closePeriod(contextOn(store(), own), '2025-09');
    await expect(assertDayOpen(context, '2025-09-06')).resolves.toBeUndefined();
    await expect(assertDayOpen(contextOn(store(), own), '2025-09-06')).rejects.toMatchObject({ code: 'PERIOD_CLOSED' });
  });
});
