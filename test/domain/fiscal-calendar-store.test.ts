import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ObjectId } from 'mongodb';
import { addOwnDay, listOwnDays, ownDaysOf, removeOwnDay } from '../../src/domain/accounting/fiscal-calendar/account-days';
import type { FiscalDeadlineDocument } from '../../src/domain/accounting/fiscal-calendar/deadline-document';
import { completeDeadline, listDeadlines, seedDeadlines, upcomingDeadlines } from '../../src/domain/accounting/fiscal-calendar/deadlines';
import type { FiscalTax } from '../../src/domain/accounting/fiscal-calendar/obligations';
import { createContext } from '../../src/domain/context';
import { ConflictError, NotFoundError, UnauthenticatedError, ValidationError } from '../../src/domain/errors';
import { catalogIndexes } from '../support/indexes';
import type { Store } from '../../src/store/store';
import { suiteDatabase } from '../support/database';
import { domainContext } from '../support/domain-context';

/**
 * The fiscal calendar as stored: the ARCA deadlines loaded for an account's CUIT ending, listed and completed, and the
 * account's own non-working days moving its pending deadlines (the shift rule of ARCA's calendar, RG AFIP 4172: a due
 * date on a day that is not worked moves, with the groups after it, to the next working days).
 *
 * Expected dates: 2027 from the calendar computed by hand in test/fixtures/fiscal-calendar/arca-2027.json; 2026 by
 * hand: Ganancias sociedades, groups 0-3/4-6/7-9 on the 13th/14th/15th; in April 2026 (Mon 13 to Wed 15) and May 2026
 * (Wed 13 to Fri 15) no holiday falls on them.
 */
const ARCA_2027 = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'fiscal-calendar', 'arca-2027.json'), 'utf8')) as {
  rows: Record<FiscalTax, string[]>;
};
const dueIn2027 = (tax: FiscalTax, month: number, group: number) =>
  `2027-${String(month).padStart(2, '0')}-${ARCA_2027.rows[tax][month - 1].split('/')[group].padStart(2, '0')}`;

const opened = suiteDatabase('fiscal-calendar-store', (store) => catalogIndexes(store, ['fiscal_deadlines', 'fiscal_non_working_days']));
let store: Store;
beforeAll(() => {
  store = opened();
});

let serial = 10_000_000;
/** A new account whose CUIT ends in `ending`, and a caller of it whose clock reads `now`. */
async function accountEnding(ending: number, now: Date) {
  const accountId = new ObjectId();
  await store.collection('accounts').insertOne({ _id: accountId, name: 'Pyme SA', cuit: `30-${serial++}-${ending}`, settings: { widgets: {} } });
  const userId = new ObjectId();
  return { accountId, userId, context: domainContext(store, { accountId, userId, now: () => now }) };
}

const deadlinesOf = (accountId: ObjectId, filter: Record<string, unknown> = {}) =>
  store
    .collection<FiscalDeadlineDocument>('fiscal_deadlines')
    .find({ account_id: accountId, ...filter })
    .sort({ tax: 1, month: 1 })
    .toArray();
const dueOf = async (accountId: ObjectId, tax: FiscalTax, year: number, month: number) =>
  (await store.collection<FiscalDeadlineDocument>('fiscal_deadlines').findOne({ account_id: accountId, tax, year, month }))?.due_date;
const revisionOf = async (accountId: ObjectId) => (await store.collection('fiscal_calendars').findOne({ _id: accountId }))?.revision;

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

describe('loading a year’s deadlines', () => {
  it('loads the company set for the CUIT’s group, once', async () => {
    const { accountId, context } = await accountEnding(2, new Date('2027-01-05T12:00:00Z'));
    expect(await seedDeadlines(context, 2027, undefined)).toEqual({
      seeded: 48,
      year: 2027,
      cuitEnding: 2,
      message: 'Loaded 48 ARCA deadlines due in 2027 for CUIT ending 2 (iva, suss, sicore, ganancias_sociedades).',
    });
    const stored = await deadlinesOf(accountId);
    expect(stored).toHaveLength(48);
    expect(new Set(stored.map((deadline) => deadline.tax))).toEqual(new Set(['iva', 'suss', 'sicore', 'ganancias_sociedades']));
    expect(stored.every((deadline) => deadline.status === 'pending' && deadline.year === 2027)).toBe(true);
    // IVA: CUIT 2-3 is the second of five groups; SUSS: 0-3 the first of three.
    const ivaFeb = stored.find((deadline) => deadline.tax === 'iva' && deadline.month === 2);
    expect(ivaFeb).toMatchObject({ cuit_group: '2-3', period: '2027-01', nominal_date: '2027-02-19', due_date: dueIn2027('iva', 2, 1) });
    expect(await dueOf(accountId, 'suss', 2027, 3)).toBe(dueIn2027('suss', 3, 0));
    expect(await revisionOf(accountId)).toBe(1);
    expect(await store.collection('activity').countDocuments({ account_id: accountId, resource_type: 'fiscal_deadlines', action: 'created' })).toBe(48);
    expect(await store.collection('activity').findOne({ account_id: accountId, resource_id: ivaFeb?._id })).toMatchObject({
      summary: 'fiscal deadline created',
    });

    expect(await seedDeadlines(context, 2027, ['iva', 'suss', 'sicore', 'ganancias_sociedades'])).toEqual({
      seeded: 0,
      year: 2027,
      cuitEnding: 2,
      message: 'The 2027 deadlines of iva, suss, sicore, ganancias_sociedades are already loaded; nothing was changed.',
    });
    expect(await deadlinesOf(accountId)).toHaveLength(48);
    expect(await revisionOf(accountId)).toBe(1);
  });

  it('loads only the taxes asked for, each once, adding to what is there', async () => {
    const { accountId, context } = await accountEnding(7, new Date('2027-01-05T12:00:00Z'));
    expect(await seedDeadlines(context, 2027, ['monotributo', 'monotributo'])).toMatchObject({
      seeded: 12,
      message: 'Loaded 12 ARCA deadlines due in 2027 for CUIT ending 7 (monotributo).',
    });
    expect(await dueOf(accountId, 'monotributo', 2027, 2)).toBe(dueIn2027('monotributo', 2, 0));
    expect((await seedDeadlines(context, 2027, ['monotributo', 'autonomos'])).seeded).toBe(12);
    expect(await dueOf(accountId, 'autonomos', 2027, 3)).toBe(dueIn2027('autonomos', 3, 2));
    expect(await deadlinesOf(accountId)).toHaveLength(24);
  });

  it('takes the year of today in Argentina when none is named', async () => {
    // 23:30 of 31 December in Argentina is already 2027 in UTC.
    const { context } = await accountEnding(0, new Date('2026-12-31T23:30:00-03:00'));
    expect(await seedDeadlines(context, undefined, ['monotributo'])).toMatchObject({ seeded: 12, year: 2026 });
  });

  it('moves the deadlines past the account’s own days already set', async () => {
    const { accountId, context } = await accountEnding(9, new Date('2026-01-05T12:00:00Z'));
    await addOwnDay(context, { date: '2026-05-13', description: 'Fiesta patronal' });
    await seedDeadlines(context, 2026, ['ganancias_sociedades']);
    // 13th not worked: 0-3 on the 14th, 4-6 on the 15th, 7-9 past the weekend on Monday 18th.
    expect(await dueOf(accountId, 'ganancias_sociedades', 2026, 5)).toBe('2026-05-18');
    expect(await dueOf(accountId, 'ganancias_sociedades', 2026, 4)).toBe('2026-04-15');
  });

  it('loads the company set when an empty list of taxes is named', async () => {
    const { context } = await accountEnding(5, new Date('2027-01-05T12:00:00Z'));
    expect(await seedDeadlines(context, 2027, [])).toMatchObject({ seeded: 48, cuitEnding: 5 });
  });

  it('reads an account without a CUIT as ending in 0', async () => {
    const accountId = new ObjectId();
    const context = domainContext(store, { accountId, now: () => new Date('2027-01-05T12:00:00Z') });
    expect(await seedDeadlines(context, 2027, ['suss'])).toMatchObject({ seeded: 12, cuitEnding: 0 });
    expect(await dueOf(accountId, 'suss', 2027, 1)).toBe(dueIn2027('suss', 1, 0));
  });
});

describe('listing deadlines', () => {
  it('reads each as of today in Argentina, filters on the due days and pages in due order', async () => {
    // 2027-02-20 in Argentina (already the 21st in UTC).
    const { accountId, context } = await accountEnding(2, new Date('2027-02-20T22:00:00-03:00'));
    await seedDeadlines(context, 2027, ['iva', 'suss']);
    const all = await listDeadlines(context, { year: 2027, month: 2 }, { skip: 0, limit: 10 } as never);
    expect(all.totalCount).toBe(2);
    expect(all.nodes.map((node) => [node.tax, node.due_date, node.status])).toEqual([
      ['suss', dueIn2027('suss', 2, 0), 'overdue'],
      ['iva', dueIn2027('iva', 2, 1), 'overdue'],
    ]);
    const overdue = await listDeadlines(context, { status: 'overdue' }, { skip: 1, limit: 2 } as never);
    // January and February of both taxes are due before the 20th of February.
    expect(overdue.totalCount).toBe(4);
    expect(overdue.nodes.map((node) => `${node.tax}:${node.month}`)).toEqual(['iva:1', 'suss:2']);
    const pending = await listDeadlines(context, { status: 'pending', tax: 'iva' }, { skip: 0, limit: 3 } as never);
    expect(pending.totalCount).toBe(10);
    expect(pending.nodes.map((node) => node.month)).toEqual([3, 4, 5]);
    expect(pending.nodes.every((node) => node.status === 'pending')).toBe(true);
    expect((await deadlinesOf(accountId, { status: 'overdue' })).length).toBe(0);
  });

  it('answers the pending ones due from today to the days asked, both included', async () => {
    const { context } = await accountEnding(2, new Date(`${dueIn2027('suss', 3, 0)}T09:00:00-03:00`));
    await seedDeadlines(context, 2027, ['suss', 'iva']);
    const ivaMarch = dueIn2027('iva', 3, 1);
    const days = (Date.parse(ivaMarch) - Date.parse(dueIn2027('suss', 3, 0))) / 86_400_000;
    const upcoming = await upcomingDeadlines(context, days);
    expect(upcoming).toMatchObject({ from: dueIn2027('suss', 3, 0), to: ivaMarch });
    expect(upcoming.items.map((item) => [item.tax, item.due_date, item.status])).toEqual([
      ['suss', dueIn2027('suss', 3, 0), 'pending'],
      ['iva', ivaMarch, 'pending'],
    ]);
    expect((await upcomingDeadlines(context, days - 1)).items.map((item) => item.tax)).toEqual(['suss']);
  });
});

describe('completing a deadline', () => {
  it('marks it once, saying who and when; the second time is 409 ALREADY_COMPLETED', async () => {
    const now = new Date('2027-02-20T12:00:00-03:00');
    const { accountId, userId, context } = await accountEnding(4, now);
    await seedDeadlines(context, 2027, ['sicore']);
    const [january] = await deadlinesOf(accountId, { month: 1 });
    const done = await completeDeadline(context, january._id.toHexString());
    expect(done).toMatchObject({ _id: january._id, status: 'completed', completed_at: now, completed_by: userId, updated_at: now });
    expect(await deadlinesOf(accountId, { month: 1 })).toEqual([expect.objectContaining({ status: 'completed', completed_at: now })]);
    const activity = await store.collection('activity').findOne({ account_id: accountId, resource_id: january._id, action: 'updated' });
    expect(activity?.summary).toBe('fiscal deadline updated: completed');

    const again = await refusal(completeDeadline(context, january._id.toHexString()));
    expect(again).toBeInstanceOf(ConflictError);
    expect(again).toMatchObject({
      code: 'ALREADY_COMPLETED',
      message: `the deadline was already marked complete at ${now.toISOString()}`,
      details: [{ path: 'status', message: 'is completed' }],
    });
  });

  it('is 404 for another account’s deadline, an unknown or a malformed id', async () => {
    const { accountId, context } = await accountEnding(4, new Date('2027-02-20T12:00:00-03:00'));
    await seedDeadlines(context, 2027, ['sicore']);
    const [theirs] = await deadlinesOf(accountId, { month: 2 });
    const other = (await accountEnding(4, new Date('2027-02-20T12:00:00-03:00'))).context;
    for (const id of [theirs._id.toHexString(), new ObjectId().toHexString(), 'nope']) {
      const error = await refusal(completeDeadline(other, id));
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as NotFoundError).message).toBe(`fiscal deadline ${id} not found`);
    }
    expect(await deadlinesOf(accountId, { month: 2 })).toEqual([expect.objectContaining({ status: 'pending' })]);
  });
});

describe('the account’s own non-working days', () => {
  it('move the pending deadlines of their year when added, and back when removed; a completed one keeps its date', async () => {
    const { accountId, userId, context } = await accountEnding(8, new Date('2026-04-01T12:00:00-03:00'));
    await seedDeadlines(context, 2026, ['ganancias_sociedades']);
    expect(await dueOf(accountId, 'ganancias_sociedades', 2026, 5)).toBe('2026-05-15');
    const [april] = await deadlinesOf(accountId, { month: 4 });
    await completeDeadline(context, april._id.toHexString());

    const nextDay = new Date('2026-04-02T09:00:00-03:00');
    const added = await addOwnDay(domainContext(store, { accountId, userId, now: () => nextDay }), { date: '2026-05-13', description: '  Fiesta patronal ' });
    expect(added.moved).toBe(1);
    expect(added.day).toMatchObject({ account_id: accountId, date: '2026-05-13', year: 2026, description: 'Fiesta patronal', created_by: userId });
    expect(await dueOf(accountId, 'ganancias_sociedades', 2026, 5)).toBe('2026-05-18');
    expect((await deadlinesOf(accountId, { month: 5 }))[0].updated_at).toEqual(nextDay);
    // Under the shift rule April would move to the 16th; it was completed on the 15th's terms.
    expect((await addOwnDay(context, { date: '2026-04-13', description: 'Aniversario' })).moved).toBe(0);
    expect(await dueOf(accountId, 'ganancias_sociedades', 2026, 4)).toBe('2026-04-15');
    const moved = await store
      .collection('activity')
      .findOne({ account_id: accountId, resource_type: 'fiscal_deadlines', action: 'updated', summary: { $not: /completed$/ } });
    expect(moved).not.toBeNull();
    expect(await revisionOf(accountId)).toBe(3);

    expect(await removeOwnDay(context, '2026-05-13')).toEqual({ date: '2026-05-13', moved: 1 });
    expect(await store.collection('activity').findOne({ account_id: accountId, resource_id: added.day._id, action: 'deleted' })).toMatchObject({
      resource_type: 'fiscal_non_working_days',
      summary: 'non-working day «Fiesta patronal» deleted',
    });
    expect(await dueOf(accountId, 'ganancias_sociedades', 2026, 5)).toBe('2026-05-15');
    expect(await revisionOf(accountId)).toBe(4);
    expect((await store.collection('fiscal_calendars').findOne({ _id: accountId }))?.updated_at).toEqual(new Date('2026-04-01T12:00:00-03:00'));
    expect(await store.collection('activity').countDocuments({ account_id: accountId, resource_type: 'fiscal_non_working_days' })).toBe(3);
    // The completion, the move to the 18th and the move back: one change each, the moves on the May deadline.
    expect(await store.collection('activity').countDocuments({ account_id: accountId, resource_type: 'fiscal_deadlines', action: 'updated' })).toBe(3);
    const [may] = await deadlinesOf(accountId, { month: 5 });
    const moves = await store.collection('activity').find({ account_id: accountId, resource_id: may._id, action: 'updated' }).toArray();
    expect(moves.map((move) => move.summary)).toEqual(['fiscal deadline updated', 'fiscal deadline updated']);
    const created = await store.collection('activity').findOne({ account_id: accountId, resource_id: added.day._id });
    expect(created).toMatchObject({ resource_type: 'fiscal_non_working_days', action: 'created', summary: 'non-working day «Fiesta patronal» created' });
  });

  it('are one per date: a second is 409 NON_WORKING_DAY_EXISTS and changes nothing', async () => {
    const { accountId, context } = await accountEnding(1, new Date('2026-04-01T12:00:00-03:00'));
    await addOwnDay(context, { date: '2026-06-01', description: 'Feriado provincial' });
    const error = await refusal(addOwnDay(context, { date: '2026-06-01', description: 'Otra vez' }));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({
      code: 'NON_WORKING_DAY_EXISTS',
      message: "2026-06-01 is already one of the account's non-working days",
      details: [{ path: 'input.date', message: 'is already a non-working day' }],
    });
    expect(await listOwnDays(context, 2026)).toEqual([expect.objectContaining({ description: 'Feriado provincial' })]);
    expect(await revisionOf(accountId)).toBe(1);
  });

  it('lets a refusal of the caller’s credentials through, not taken for a day already there', async () => {
    const { accountId, context } = await accountEnding(1, new Date('2026-04-01T12:00:00-03:00'));
    const revoked = new UnauthenticatedError('the API key was revoked');
    const verified = Promise.reject(revoked);
    verified.catch(() => undefined);
    expect(await refusal(addOwnDay(createContext({ ...context, verified }), { date: '2026-06-01', description: 'x' }))).toBe(revoked);
    expect(await listOwnDays(context, 2026)).toEqual([]);
    expect(await revisionOf(accountId)).toBeUndefined();
  });

  it('refuses what is not a day, and a day the account does not have', async () => {
    const { context } = await accountEnding(1, new Date('2026-04-01T12:00:00-03:00'));
    const invalid = await refusal(addOwnDay(context, { date: '2026-02-30', description: 'x' }));
    expect(invalid).toBeInstanceOf(ValidationError);
    expect((invalid as ValidationError).details).toEqual([{ path: 'input.date', message: 'must be a real calendar date (YYYY-MM-DD)' }]);
    const unreadable = await refusal(removeOwnDay(context, '2026-13-01'));
    expect(unreadable).toBeInstanceOf(ValidationError);
    expect((unreadable as ValidationError).details).toEqual([{ path: 'date', message: 'must be a real calendar date (YYYY-MM-DD)' }]);
    const missing = await refusal(removeOwnDay(context, '2026-06-02'));
    expect(missing).toBeInstanceOf(NotFoundError);
    expect((missing as NotFoundError).message).toBe('non-working day 2026-06-02 not found');
  });

  it('are listed in date order, all or those of one year', async () => {
    const { context } = await accountEnding(3, new Date('2026-04-01T12:00:00-03:00'));
    for (const date of ['2027-01-01', '2026-12-31', '2026-01-01', '2025-12-31']) await addOwnDay(context, { date, description: `día ${date}` });
    expect((await listOwnDays(context, undefined)).map((day) => day.date)).toEqual(['2025-12-31', '2026-01-01', '2026-12-31', '2027-01-01']);
    expect((await listOwnDays(context, 2026)).map((day) => day.date)).toEqual(['2026-01-01', '2026-12-31']);
    expect(await ownDaysOf(context, 2026)).toEqual(new Set(['2026-01-01', '2026-12-31']));
    expect(await ownDaysOf(context, 2024)).toEqual(new Set());
  });
});
