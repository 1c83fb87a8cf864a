/**
 * The fiscal calendar and fiscal close entries of the authorization matrix (test/gateway/authorization.test.ts), one
 * per REST route and per GraphQL operation, beside the accounting matrix. Records of A are A's deadlines and years;
 * B's deadlines and years (made once) must stay invisible and untouched.
 */
import { ObjectId } from 'mongodb';
import { tokenHash } from '../../../src/domain/auth/auth.secrets';
import { argentineDay } from '../../../src/domain/dates';
import type { Scope } from '../../../src/domain/auth/scopes';
import type { MatrixEnv } from './expense-matrix';
import type { GqlCase, RestCase } from './matrix';

type Row = Record<string, any>;

const READ: Scope = 'accounting:read';
const WRITE: Scope = 'accounting:write';

/** Years nothing else in the matrix posts into: each close that must succeed has its own. */
const CLOSE_YEAR = { rest: 1990, gql: 1991, other: 1992 };
/** The year a refused seed must leave empty and a successful one fills. */
const SEED_YEAR = { rest: 2031, gql: 2032 };
/** A year whose deadlines are completed one by one (apart from the ones the upcoming window needs). */
const COMPLETE_YEAR = 2035;
/** B's posting year, which A's lists must never show. */
const B_YEAR = 1995;

export function fiscalMatrix(env: MatrixEnv): { rest: Record<string, RestCase>; gql: Record<string, GqlCase> } {
  const gw = () => env.gw();
  const deadlines = () => gw().store.collection('fiscal_deadlines');
  const years = () => gw().store.collection('fiscal_years');
  const seed = async (key: string, year: number) => {
    const res = await gw().rest('POST', '/accounting/fiscal-calendar/seed/', { key, body: { year } });
    expect(res.status).toBe(200);
  };
  const today = () => argentineDay(gw().clock.now);
  const idOf = (doc: Row | null) => (doc ? (doc._id as ObjectId).toHexString() : '');
  /** The account a key acts for. */
  const accountIdOf = async (key: string) =>
    (
      (await gw()
        .store.collection('api_keys')
        .findOne({ key_hash: tokenHash(key) })) as Row
    ).account_id as ObjectId;

  /** A deadline of A due in the coming days (this year's and next year's calendars loaded). */
  const upcomingOfA = async () => {
    const year = Number(today().slice(0, 4));
    await seed(env.fullA(), year);
    await seed(env.fullA(), year + 1);
    const accountId = await accountIdOf(env.fullA());
    return idOf(await deadlines().findOne({ account_id: accountId, status: 'pending', due_date: { $gte: today() } }, { sort: { due_date: 1 } }));
  };
  /** A pending deadline of A in a far year, to be completed. */
  const pendingOfA = async () => {
    await seed(env.fullA(), COMPLETE_YEAR);
    const accountId = await accountIdOf(env.fullA());
    return idOf(await deadlines().findOne({ account_id: accountId, year: COMPLETE_YEAR, status: 'pending' }, { sort: { due_date: -1 } }));
  };
  const deadlineUnchanged = async (id: string) => expect((await deadlines().findOne({ _id: new ObjectId(id) }))?.status).toBe('pending');
  const nothing = async () => undefined;
  const seedCountOfA = async (year: number) => deadlines().countDocuments({ account_id: await accountIdOf(env.fullA()), year });
  const yearOfA = async (year: number) => years().findOne({ account_id: await accountIdOf(env.fullA()), year });
  const notClosed = (year: number) => async () => expect((await yearOfA(year))?.status ?? 'open').toBe('open');

  /** B: a seeded calendar and a posted entry in a year of its own, as stored before A's requests. */
  let ofB: Promise<{ deadline: string; accountId: ObjectId; before: Array<Array<{ _id: unknown }>> }> | undefined;
  const recordsOfB = () =>
    (ofB ??= (async () => {
      const key = env.fullB();
      await seed(key, 2027);
      const cash = env.unique('FBC');
      const sales = env.unique('FBV');
      for (const body of [
        { code: cash, name: 'Caja', account_type: 'asset', is_detail: true },
        { code: sales, name: 'Ventas', account_type: 'revenue', is_detail: true },
      ])
        expect((await gw().rest('POST', '/accounting/accounts/', { key, body })).status).toBe(201);
      const entry = await gw().rest('POST', '/accounting/journal/', {
        key,
        body: {
          date: `${B_YEAR}-05-05`,
          description: 'B',
          lines: [
            { account_code: cash, debit: 4321 },
            { account_code: sales, credit: 4321 },
          ],
        },
      });
      expect((await gw().rest('POST', `/accounting/journal/${entry.body.data._id}/post/`, { key })).status).toBe(200);
      const accountId = await accountIdOf(key);
      const deadline = idOf(await deadlines().findOne({ account_id: accountId, status: 'pending' }));
      return { deadline, accountId, before: await snapshotB(accountId) };
    })());
  const snapshotB = (accountId: ObjectId) =>
    Promise.all([deadlines().find({ account_id: accountId }).sort({ _id: 1 }).toArray(), years().find({ account_id: accountId }).sort({ _id: 1 }).toArray()]);
  // B's records as they were: other suites' cases also post into B (which opens further years of B), so only the
  // records this snapshot holds are compared.
  const bUntouched = async () => {
    const b = await recordsOfB();
    const [deadlinesNow, yearsNow] = await snapshotB(b.accountId);
    const [deadlinesBefore, yearsBefore] = b.before;
    const same = <T extends { _id: unknown }>(now: T[], before: T[]) => now.filter((doc) => before.some((old) => String(old._id) === String(doc._id)));
    expect([same(deadlinesNow, deadlinesBefore), same(yearsNow, yearsBefore)]).toEqual(b.before);
  };
  const notB = async (ids: string[]) => {
    const b = await recordsOfB();
    expect(ids).not.toContain(b.deadline);
    await bUntouched();
  };

  /** Own non-working days: each record a date of its own (2036), B's one day (2034-06-06) never seen nor touched. */
  const DAYS = '/accounting/fiscal-calendar/non-working-days/';
  let dates = 0;
  const freshDate = () => {
    dates++;
    return `2036-${String(1 + Math.floor(dates / 28)).padStart(2, '0')}-${String(1 + (dates % 28)).padStart(2, '0')}`;
  };
  const ownDays = () => gw().store.collection('fiscal_non_working_days');
  const dayOfA = async () => {
    const date = freshDate();
    expect((await gw().rest('POST', DAYS, { key: env.fullA(), body: { date, description: 'Feriado local' } })).status).toBe(201);
    return date;
  };
  const daysOfA = async (date: string) => ownDays().countDocuments({ account_id: await accountIdOf(env.fullA()), date });
  const B_DAY = '2034-06-06';
  let bDay: Promise<Row> | undefined;
  const dayOfB = () =>
    (bDay ??= (async () => {
      expect((await gw().rest('POST', DAYS, { key: env.fullB(), body: { date: B_DAY, description: 'Feriado de B' } })).status).toBe(201);
      return (await ownDays().findOne({ account_id: await accountIdOf(env.fullB()), date: B_DAY })) as Row;
    })());
  const bDayUntouched = async () => {
    const before = await dayOfB();
    expect(await ownDays().find({ account_id: before.account_id, date: B_DAY }).toArray()).toEqual([before]);
  };

  const rest: Record<string, RestCase> = {
    'GET /accounting/fiscal-calendar/non-working-days/': {
      record: dayOfA,
      request: () => ({ path: `${DAYS}?year=2036` }),
      succeeded: (res, date) => expect(res.body.data.items.map((item: Row) => item.date)).toContain(date),
      unchanged: nothing,
      async otherAccount() {
        const b = await dayOfB();
        // A may hold a day of its own on B's date (the add cases): B's record is what must not show.
        const res = await gw().rest('GET', `${DAYS}?year=2034`, { key: env.fullA() });
        expect(res.body.data.items.map((item: Row) => item._id)).not.toContain(String(b._id));
        await bDayUntouched();
      },
    },
    'POST /accounting/fiscal-calendar/non-working-days/': {
      record: async () => freshDate(),
      request: (date) => ({ path: DAYS, body: { date, description: 'Feriado local' } }),
      async succeeded(res, date) {
        expect(res.body.data).toMatchObject({ date, description: 'Feriado local', moved_deadlines: 0 });
        expect(await daysOfA(date)).toBe(1);
      },
      unchanged: async (date) => expect(await daysOfA(date)).toBe(0),
      async otherAccount() {
        await dayOfB();
        // A's own day on B's date is A's alone.
        const res = await gw().rest('POST', DAYS, { key: env.fullA(), body: { date: B_DAY, description: 'Feriado de A' } });
        expect([201, 409]).toContain(res.status);
        await bDayUntouched();
      },
    },
    'DELETE /accounting/fiscal-calendar/non-working-days/{date}/': {
      record: dayOfA,
      request: (date) => ({ path: `${DAYS}${date}/` }),
      async succeeded(res, date) {
        expect(res.body.data).toEqual({ date, moved_deadlines: 0 });
        expect(await daysOfA(date)).toBe(0);
      },
      unchanged: async (date) => expect(await daysOfA(date)).toBe(1),
      async otherAccount() {
        await dayOfB();
        const res = await gw().rest('DELETE', `${DAYS}2034-06-07/`, { key: env.fullA() });
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('NOT_FOUND');
        await bDayUntouched();
      },
    },
    'GET /accounting/fiscal-calendar/': {
      record: upcomingOfA,
      request: () => ({ path: '/accounting/fiscal-calendar/?status=pending&limit=100' }),
      succeeded: (res, id) => expect(res.body.data.items.map((item: Row) => item._id)).toContain(id),
      unchanged: nothing,
      async otherAccount() {
        await recordsOfB();
        const res = await gw().rest('GET', '/accounting/fiscal-calendar/?year=2027&limit=100', { key: env.fullA() });
        await notB(res.body.data.items.map((item: Row) => item._id));
      },
    },
    'GET /accounting/fiscal-calendar/upcoming/': {
      record: upcomingOfA,
      request: () => ({ path: '/accounting/fiscal-calendar/upcoming/?days=60' }),
      succeeded: (res, id) => expect(res.body.data.items.map((item: Row) => item._id)).toContain(id),
      unchanged: nothing,
      async otherAccount() {
        await recordsOfB();
        const res = await gw().rest('GET', '/accounting/fiscal-calendar/upcoming/?days=366', { key: env.fullA() });
        await notB(res.body.data.items.map((item: Row) => item._id));
      },
    },
    'POST /accounting/fiscal-calendar/seed/': {
      record: async () => String(await seedCountOfA(SEED_YEAR.rest)),
      request: () => ({ path: '/accounting/fiscal-calendar/seed/', body: { year: SEED_YEAR.rest } }),
      async succeeded(res) {
        expect(res.body.data).toMatchObject({ seeded: 48, year: SEED_YEAR.rest });
        expect(await seedCountOfA(SEED_YEAR.rest)).toBe(48);
      },
      unchanged: async (count) => expect(String(await seedCountOfA(SEED_YEAR.rest))).toBe(count),
      async otherAccount() {
        await recordsOfB();
        await gw().rest('POST', '/accounting/fiscal-calendar/seed/', { key: env.fullA(), body: { year: 2027 } });
        await bUntouched();
      },
    },
    'POST /accounting/fiscal-calendar/{id}/complete/': {
      record: pendingOfA,
      request: (id) => ({ path: `/accounting/fiscal-calendar/${encodeURIComponent(id)}/complete/` }),
      succeeded: (res, id) => expect(res.body.data).toMatchObject({ _id: id, status: 'completed' }),
      unchanged: deadlineUnchanged,
      async otherAccount() {
        const b = await recordsOfB();
        const res = await gw().rest('POST', `/accounting/fiscal-calendar/${b.deadline}/complete/`, { key: env.fullA() });
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('NOT_FOUND');
        await bUntouched();
      },
    },
    'GET /accounting/fiscal-close/years/': {
      request: () => ({ path: '/accounting/fiscal-close/years/' }),
      succeeded: (res) => expect(res.body.data).toMatchObject({ items: expect.any(Array), count: expect.any(Number) }),
      unchanged: nothing,
      async otherAccount() {
        await recordsOfB();
        const res = await gw().rest('GET', '/accounting/fiscal-close/years/', { key: env.fullA() });
        expect(res.body.data.items.map((row: Row) => row.year)).not.toContain(B_YEAR);
        await bUntouched();
      },
    },
    'GET /accounting/fiscal-close/calculate/{year}/': {
      request: () => ({ path: `/accounting/fiscal-close/calculate/${B_YEAR}/` }),
      succeeded: (res) => expect(res.body.data).toMatchObject({ year: B_YEAR }),
      unchanged: nothing,
      async otherAccount() {
        await recordsOfB();
        const res = await gw().rest('GET', `/accounting/fiscal-close/calculate/${B_YEAR}/`, { key: env.fullA() });
        // B's posting is not A's: A's year has no revenue and nothing to close.
        expect(res.body.data).toMatchObject({ revenue: 0, result: 0, lines: [] });
        await bUntouched();
      },
    },
    'POST /accounting/fiscal-close/close/{year}/': {
      request: () => ({ path: `/accounting/fiscal-close/close/${CLOSE_YEAR.rest}/` }),
      async succeeded(res) {
        expect(res.body.data).toMatchObject({ year: CLOSE_YEAR.rest, status: 'closed' });
        expect((await yearOfA(CLOSE_YEAR.rest))?.status).toBe('closed');
      },
      unchanged: notClosed(CLOSE_YEAR.rest),
      async otherAccount() {
        await recordsOfB();
        expect((await gw().rest('POST', `/accounting/fiscal-close/close/${CLOSE_YEAR.other}/`, { key: env.fullA() })).status).toBe(200);
        await bUntouched();
      },
    },
  };

  const DEADLINES = 'query Q($filter: FiscalDeadlineFilter) { fiscalDeadlines(filter: $filter, first: 100) { totalCount nodes { id } } }';
  const UPCOMING = 'query Q($days: Int) { upcomingFiscalDeadlines(days: $days) { items { id } } }';
  const SEED = 'mutation M($year: Int) { seedFiscalCalendar(year: $year) { seeded year } }';
  const COMPLETE = 'mutation M($id: ID!) { completeFiscalDeadline(id: $id) { id status } }';
  const YEARS = '{ fiscalYears { year status result } }';
  const CALCULATE = 'query Q($year: Int!) { fiscalYearCalculation(year: $year) { year revenue lines { accountCode } } }';
  const CLOSE = 'mutation M($year: Int!) { closeFiscalYear(year: $year) { year status } }';

  const OWN_DAYS = 'query Q($year: Int) { accountNonWorkingDays(year: $year) { id date } }';
  const ADD_DAY = 'mutation M($input: AccountNonWorkingDayInput!) { addAccountNonWorkingDay(input: $input) { day { date } movedDeadlines } }';
  const REMOVE_DAY = 'mutation M($date: String!) { removeAccountNonWorkingDay(date: $date) { date movedDeadlines } }';

  const gql: Record<string, GqlCase> = {
    accountNonWorkingDays: {
      scope: READ,
      record: dayOfA,
      document: OWN_DAYS,
      variables: () => ({ year: 2036 }),
      succeeded: (data, date) => expect(data.accountNonWorkingDays.map((day: Row) => day.date)).toContain(date),
      unchanged: nothing,
      async otherAccount() {
        const b = await dayOfB();
        const res = await gw().gql(OWN_DAYS, { year: 2034 }, { key: env.fullA() });
        expect(res.body.data.accountNonWorkingDays.map((day: Row) => day.id)).not.toContain(String(b._id));
        await bDayUntouched();
      },
    },
    addAccountNonWorkingDay: {
      scope: WRITE,
      record: async () => freshDate(),
      document: ADD_DAY,
      variables: (date) => ({ input: { date, description: 'Feriado local' } }),
      async succeeded(data, date) {
        expect(data.addAccountNonWorkingDay).toEqual({ day: { date }, movedDeadlines: 0 });
        expect(await daysOfA(date)).toBe(1);
      },
      unchanged: async (date) => expect(await daysOfA(date)).toBe(0),
      async otherAccount() {
        await dayOfB();
        await gw().gql(ADD_DAY, { input: { date: B_DAY, description: 'Feriado de A' } }, { key: env.fullA() });
        await bDayUntouched();
      },
    },
    removeAccountNonWorkingDay: {
      scope: WRITE,
      record: dayOfA,
      document: REMOVE_DAY,
      variables: (date) => ({ date }),
      async succeeded(data, date) {
        expect(data.removeAccountNonWorkingDay).toEqual({ date, movedDeadlines: 0 });
        expect(await daysOfA(date)).toBe(0);
      },
      unchanged: async (date) => expect(await daysOfA(date)).toBe(1),
      async otherAccount() {
        await dayOfB();
        const res = await gw().gql(REMOVE_DAY, { date: '2034-06-08' }, { key: env.fullA() });
        expect(res.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
        await bDayUntouched();
      },
    },
    fiscalDeadlines: {
      scope: READ,
      record: upcomingOfA,
      document: DEADLINES,
      variables: () => ({ filter: { status: 'pending' } }),
      succeeded: (data, id) => expect(data.fiscalDeadlines.nodes.map((node: Row) => node.id)).toContain(id),
      unchanged: nothing,
      async otherAccount() {
        await recordsOfB();
        const res = await gw().gql(DEADLINES, { filter: { year: 2027 } }, { key: env.fullA() });
        await notB(res.body.data.fiscalDeadlines.nodes.map((node: Row) => node.id));
      },
    },
    upcomingFiscalDeadlines: {
      scope: READ,
      record: upcomingOfA,
      document: UPCOMING,
      variables: () => ({ days: 60 }),
      succeeded: (data, id) => expect(data.upcomingFiscalDeadlines.items.map((node: Row) => node.id)).toContain(id),
      unchanged: nothing,
      async otherAccount() {
        await recordsOfB();
        const res = await gw().gql(UPCOMING, { days: 366 }, { key: env.fullA() });
        await notB(res.body.data.upcomingFiscalDeadlines.items.map((node: Row) => node.id));
      },
    },
    seedFiscalCalendar: {
      scope: WRITE,
      record: async () => String(await seedCountOfA(SEED_YEAR.gql)),
      document: SEED,
      variables: () => ({ year: SEED_YEAR.gql }),
      succeeded: (data) => expect(data.seedFiscalCalendar).toEqual({ seeded: 48, year: SEED_YEAR.gql }),
      unchanged: async (count) => expect(String(await seedCountOfA(SEED_YEAR.gql))).toBe(count),
      async otherAccount() {
        await recordsOfB();
        await gw().gql(SEED, { year: 2027 }, { key: env.fullA() });
        await bUntouched();
      },
    },
    completeFiscalDeadline: {
      scope: WRITE,
      record: pendingOfA,
      document: COMPLETE,
      variables: (id) => ({ id }),
      succeeded: (data, id) => expect(data.completeFiscalDeadline).toEqual({ id, status: 'completed' }),
      unchanged: deadlineUnchanged,
      async otherAccount() {
        const b = await recordsOfB();
        const res = await gw().gql(COMPLETE, { id: b.deadline }, { key: env.fullA() });
        expect(res.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
        await bUntouched();
      },
      badId: (id) => ({ id }),
    },
    fiscalYears: {
      scope: READ,
      document: YEARS,
      variables: () => ({}),
      succeeded: (data) => expect(Array.isArray(data.fiscalYears)).toBe(true),
      unchanged: nothing,
      async otherAccount() {
        await recordsOfB();
        const res = await gw().gql(YEARS, {}, { key: env.fullA() });
        expect(res.body.data.fiscalYears.map((row: Row) => row.year)).not.toContain(B_YEAR);
        await bUntouched();
      },
    },
    fiscalYearCalculation: {
      scope: READ,
      document: CALCULATE,
      variables: () => ({ year: B_YEAR }),
      succeeded: (data) => expect(data.fiscalYearCalculation.year).toBe(B_YEAR),
      unchanged: nothing,
      async otherAccount() {
        await recordsOfB();
        const res = await gw().gql(CALCULATE, { year: B_YEAR }, { key: env.fullA() });
        expect(res.body.data.fiscalYearCalculation).toEqual({ year: B_YEAR, revenue: 0, lines: [] });
        await bUntouched();
      },
    },
    closeFiscalYear: {
      scope: WRITE,
      document: CLOSE,
      variables: () => ({ year: CLOSE_YEAR.gql }),
      async succeeded(data) {
        expect(data.closeFiscalYear).toEqual({ year: CLOSE_YEAR.gql, status: 'closed' });
        expect((await yearOfA(CLOSE_YEAR.gql))?.status).toBe('closed');
      },
      unchanged: notClosed(CLOSE_YEAR.gql),
      async otherAccount() {
        await recordsOfB();
        // A closes a year of its own; B's years and deadlines are untouched.
        await gw().gql(CLOSE, { year: CLOSE_YEAR.other + 1 }, { key: env.fullA() });
        await bUntouched();
      },
    },
  };
  return { rest, gql };
}
