import { ObjectId } from 'mongodb';
import { startTestGateway, type HttpResult, type TestGateway } from '../support/gateway';

/**
 * The fiscal calendar: the default ARCA deadlines of a year for the account's CUIT ending (idempotent, safe when
 * seeds race), the list and its filters, upcoming, completing; overdue is derived when read. Dates are those of
 * test/fixtures/fiscal-calendar/arca-2027.json for CUIT ending 7: IVA group 6-7, SUSS/SICORE group 7-9, Ganancias
 * group 7-9. "Today" is 2027-02-20 in Argentina.
 */
type Row = Record<string, any>;
let gw: TestGateway;
let accounts = 0;

beforeAll(async () => {
  gw = await startTestGateway();
  gw.clock.now = new Date('2027-02-20T15:00:00Z');
});
afterAll(async () => {
  await gw?.stop();
});

/** An account whose CUIT ends in `ending`. */
async function accountEnding(ending: number): Promise<{ key: string; accountId: string }> {
  const account = await gw.account(['accounting:read', 'accounting:write']);
  const cuit = `3071${String(process.pid % 10_000).padStart(4, '0')}${String(++accounts).padStart(2, '0')}${ending}`;
  await gw.store.collection('accounts').updateOne({ _id: new ObjectId(account.accountId) }, { $set: { cuit } });
  return account;
}

const seed = (key: string, body?: unknown) => gw.rest('POST', '/accounting/fiscal-calendar/seed/', { key, body });
const list = (key: string, query = '') => gw.rest('GET', `/accounting/fiscal-calendar/${query}`, { key });
const upcoming = (key: string, query = '') => gw.rest('GET', `/accounting/fiscal-calendar/upcoming/${query}`, { key });
const complete = (key: string, id: string) => gw.rest('POST', `/accounting/fiscal-calendar/${id}/complete/`, { key });
const brief = (res: HttpResult) => res.body.data.items.map((item: Row) => `${item.tax} ${item.due_date} ${item.status}`);
const paths = (res: HttpResult) => (res.body.error?.details ?? []).map((detail: Row) => detail.path);

describe('seed', () => {
  it('loads the 48 deadlines of the company set for the CUIT ending, then nothing the second time (seeded 0, a message)', async () => {
    const { key, accountId } = await accountEnding(7);
    const first = await seed(key, { year: 2027 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, data: { seeded: 48, year: 2027, cuit_ending: 7 }, message: expect.stringContaining('48') });
    const again = await seed(key, { year: 2027 });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ data: { seeded: 0, year: 2027 }, message: expect.stringContaining('already') });
    expect(await gw.store.collection('fiscal_deadlines').countDocuments({ account_id: new ObjectId(accountId) })).toBe(48);
  });

  it('the stored deadline carries its nominal and shifted dates, group and period', async () => {
    const { key, accountId } = await accountEnding(7);
    await seed(key, { year: 2027 });
    const iva = (await gw.store.collection('fiscal_deadlines').findOne({ account_id: new ObjectId(accountId), tax: 'iva', month: 2 })) as Row;
    expect(iva).toMatchObject({
      year: 2027,
      month: 2,
      period: '2027-01',
      cuit_group: '6-7',
      nominal_date: '2027-02-21',
      due_date: '2027-02-23',
      status: 'pending',
      form: expect.stringContaining('F.2051'),
    });
  });

  it('taxes picks the obligations; the default set afterwards adds only what is missing', async () => {
    const { key } = await accountEnding(3);
    expect((await seed(key, { year: 2027, taxes: ['monotributo'] })).body.data.seeded).toBe(12);
    expect((await seed(key, { year: 2027, taxes: ['monotributo', 'iva'] })).body.data.seeded).toBe(12);
    expect((await seed(key, { year: 2027 })).body.data.seeded).toBe(36);
    const mono = await list(key, '?tax=monotributo&month=2&year=2027');
    expect(mono.body.data.items).toEqual([expect.objectContaining({ cuit_group: 'all', due_date: '2027-02-22' })]);
  });

  it('the year defaults to this year in Argentina', async () => {
    const { key } = await accountEnding(1);
    expect((await seed(key)).body.data).toMatchObject({ seeded: 48, year: 2027, cuit_ending: 1 });
  });

  it('three seeds racing load each deadline once (the unique index; the losers find the winner’s)', async () => {
    const { key, accountId } = await accountEnding(5);
    const results = await Promise.all([seed(key, { year: 2027 }), seed(key, { year: 2027 }), seed(key, { year: 2027 })]);
    expect(results.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(results.reduce((sum, res) => sum + res.body.data.seeded, 0)).toBe(48);
    expect(await gw.store.collection('fiscal_deadlines').countDocuments({ account_id: new ObjectId(accountId) })).toBe(48);
  });

  it.each([
    [{ year: 1999 }, 'year'],
    [{ year: 2101 }, 'year'],
    [{ year: '2027' }, 'year'],
    [{ taxes: ['vat'] }, 'taxes'],
    [{ taxes: 'iva' }, 'taxes'],
    [{ colour: 'rojo' }, 'colour'],
  ])('%j → 400 naming %s', async (body, path) => {
    const { key } = await accountEnding(2);
    const res = await seed(key, body);
    expect(res.status).toBe(400);
    expect(paths(res).join(' ')).toContain(path);
  });
});

describe('list, upcoming and complete', () => {
  let key: string;
  beforeAll(async () => {
    ({ key } = await accountEnding(7));
    await seed(key, { year: 2027 });
  });

  it('lists in due order with pages of the documented envelope', async () => {
    const page = await list(key, '?year=2027&limit=10&page=5');
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ total: 48, page: 5, limit: 10, pages: 5 });
    expect(page.body.data.items).toHaveLength(8);
    const all = (await list(key, '?limit=100')).body.data.items.map((item: Row) => item.due_date);
    expect(all).toEqual([...all].sort());
  });

  it('month and year narrow to the deadlines due in that month', async () => {
    const march = await list(key, '?year=2027&month=3');
    expect(brief(march)).toEqual(['suss 2027-03-11 pending', 'sicore 2027-03-11 pending', 'ganancias_sociedades 2027-03-17 pending', 'iva 2027-03-23 pending']);
    expect((await list(key, '?month=3')).body.data.total).toBe(4);
    expect((await list(key, '?year=2026')).body.data.total).toBe(0);
  });

  it('overdue is derived when read: pending and due before today; never stored', async () => {
    const overdue = await list(key, '?status=overdue');
    expect(brief(overdue)).toEqual([
      'suss 2027-01-13 overdue',
      'sicore 2027-01-13 overdue',
      'ganancias_sociedades 2027-01-15 overdue',
      'iva 2027-01-21 overdue',
      'suss 2027-02-12 overdue',
      'sicore 2027-02-12 overdue',
      'ganancias_sociedades 2027-02-17 overdue',
    ]);
    expect((await list(key, '?status=pending')).body.data.total).toBe(41);
    expect((await list(key, '?status=overdue&tax=iva')).body.data.total).toBe(1);
    expect(await gw.store.collection('fiscal_deadlines').distinct('status')).not.toContain('overdue');
  });

  it('upcoming: pending deadlines due from today to 30 days ahead by default; days widens it', async () => {
    const res = await upcoming(key);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ from: '2027-02-20', to: '2027-03-22', count: 4 });
    expect(brief(res)).toEqual(['iva 2027-02-23 pending', 'suss 2027-03-11 pending', 'sicore 2027-03-11 pending', 'ganancias_sociedades 2027-03-17 pending']);
    expect((await upcoming(key, '?days=3')).body.data.count).toBe(1);
    expect((await upcoming(key, '?days=366')).body.data.count).toBe(41);
  });

  it('complete marks a deadline once: the second time → 409 ALREADY_COMPLETED; it leaves upcoming', async () => {
    const [iva] = (await upcoming(key)).body.data.items;
    const done = await complete(key, iva._id);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      data: { _id: iva._id, status: 'completed', completed_at: expect.stringMatching(/^2027-02-20T12:00:00/) },
      message: expect.any(String),
    });
    const again = await complete(key, iva._id);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ALREADY_COMPLETED');
    expect(brief(await list(key, '?status=completed'))).toEqual(['iva 2027-02-23 completed']);
    expect((await upcoming(key)).body.data.count).toBe(3);
  });

  it('a completed deadline stays completed after its day (never overdue)', async () => {
    const [overdue] = (await list(key, '?status=overdue')).body.data.items;
    expect((await complete(key, overdue._id)).body.data.status).toBe('completed');
    expect((await list(key, '?status=overdue')).body.data.total).toBe(6);
  });

  it('another account’s deadline or a malformed id → 404', async () => {
    const [mine] = (await list(key)).body.data.items;
    const { key: other } = await accountEnding(4);
    for (const id of [mine._id, 'nope', new ObjectId().toHexString()]) expect((await complete(other, id)).status).toBe(404);
  });

  it.each([
    ['?month=13', 'month'],
    ['?month=0', 'month'],
    ['?year=abc', 'year'],
    ['?status=late', 'status'],
    ['?tax=vat', 'tax'],
    ['?limit=1.0', 'limit'],
  ])('list %s → 400 naming %s', async (query, path) => {
    const res = await list(key, query);
    expect(res.status).toBe(400);
    expect(paths(res)).toContain(path);
  });

  it.each(['0', '367', 'x', '-1'])('upcoming ?days=%s → 400 naming days', async (days) => {
    const res = await upcoming(key, `?days=${days}`);
    expect(res.status).toBe(400);
    expect(paths(res)).toContain('days');
  });

  it('GraphQL answers the same deadlines', async () => {
    const res = await gw.gql(
      'query { fiscalDeadlines(filter: {year: 2027, month: 3}) { totalCount nodes { tax dueDate status cuitGroup } } upcomingFiscalDeadlines(days: 30) { from items { tax } } }',
      {},
      { key },
    );
    expect(res.body.data.fiscalDeadlines).toEqual({
      totalCount: 4,
      nodes: [
        { tax: 'suss', dueDate: '2027-03-11', status: 'pending', cuitGroup: '7-9' },
        { tax: 'sicore', dueDate: '2027-03-11', status: 'pending', cuitGroup: '7-9' },
        { tax: 'ganancias_sociedades', dueDate: '2027-03-17', status: 'pending', cuitGroup: '7-9' },
        { tax: 'iva', dueDate: '2027-03-23', status: 'pending', cuitGroup: '6-7' },
      ],
    });
    expect(res.body.data.upcomingFiscalDeadlines.from).toBe('2027-02-20');
  });
});

/**
 * Días no laborables and the account's own non-working days. National days (src/domain/accounting/fiscal-calendar/
 * non-working-days.ts): 10 July 2026 no laborable (Res. JGM 164/2025) after the 9 July holiday; 23 March 2026 no
 * laborable before the 24 March holiday. Own day: Wednesday 13 May 2026, e.g. a municipal holiday; Ganancias
 * sociedades of May 2026 is nominally due 13/14/15 (Wed–Fri).
 */
describe('non-working days', () => {
  const days = (key: string, query = '') => gw.rest('GET', `/accounting/fiscal-calendar/non-working-days/${query}`, { key });
  const addDay = (key: string, body: unknown) => gw.rest('POST', '/accounting/fiscal-calendar/non-working-days/', { key, body });
  const removeDay = (key: string, date: string) => gw.rest('DELETE', `/accounting/fiscal-calendar/non-working-days/${date}/`, { key });
  const dueOf = async (accountId: string, tax: string, year: number, month: number) =>
    ((await gw.store.collection('fiscal_deadlines').findOne({ account_id: new ObjectId(accountId), tax, year, month })) as Row).due_date;
  const LOCAL = { date: '2026-05-13', description: 'Fiesta patronal' };

  it('a seed moves deadlines past the decreed días no laborables (SUSS July 2026 for CUIT 7-9: the 15th; IVA March 8-9: the 26th)', async () => {
    const { key, accountId } = await accountEnding(9);
    await seed(key, { year: 2026 });
    expect(await dueOf(accountId, 'suss', 2026, 7)).toBe('2026-07-15');
    expect(await dueOf(accountId, 'iva', 2026, 3)).toBe('2026-03-26');
  });

  it("an own day moves that account's pending deadlines at once, and only that account's; removing it moves them back", async () => {
    const mine = await accountEnding(0);
    const other = await accountEnding(0);
    await seed(mine.key, { year: 2026 });
    await seed(other.key, { year: 2026 });

    const added = await addDay(mine.key, LOCAL);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ data: { date: '2026-05-13', description: 'Fiesta patronal', moved_deadlines: 1 }, message: expect.any(String) });
    expect(await dueOf(mine.accountId, 'ganancias_sociedades', 2026, 5)).toBe('2026-05-14');
    expect(await dueOf(other.accountId, 'ganancias_sociedades', 2026, 5)).toBe('2026-05-13');
    expect((await days(mine.key, '?year=2026')).body.data).toEqual({
      items: [{ _id: added.body.data._id, date: '2026-05-13', description: 'Fiesta patronal', created_at: expect.any(String) }],
      count: 1,
    });
    expect((await days(other.key)).body.data).toEqual({ items: [], count: 0 });

    const removed = await removeDay(mine.key, '2026-05-13');
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ date: '2026-05-13', moved_deadlines: 1 });
    expect(await dueOf(mine.accountId, 'ganancias_sociedades', 2026, 5)).toBe('2026-05-13');
    expect((await removeDay(mine.key, '2026-05-13')).status).toBe(404);
  });

  it('a completed deadline keeps the day it was due on; a year loaded later uses the days already there', async () => {
    const { key, accountId } = await accountEnding(1);
    await seed(key, { year: 2026, taxes: ['ganancias_sociedades'] });
    const may = (await list(key, '?year=2026&month=5')).body.data.items[0];
    expect((await complete(key, may._id)).status).toBe(200);
    expect((await addDay(key, LOCAL)).body.data.moved_deadlines).toBe(0);
    expect(await dueOf(accountId, 'ganancias_sociedades', 2026, 5)).toBe('2026-05-13');

    const later = await accountEnding(2);
    expect((await addDay(later.key, LOCAL)).body.data.moved_deadlines).toBe(0);
    await seed(later.key, { year: 2026 });
    expect(await dueOf(later.accountId, 'ganancias_sociedades', 2026, 5)).toBe('2026-05-14');
  });

  it('a seed and a day added at the same time end with the day applied', async () => {
    const { key, accountId } = await accountEnding(3);
    const [seeded, added] = await Promise.all([seed(key, { year: 2026 }), addDay(key, LOCAL)]);
    expect([seeded.status, added.status]).toEqual([200, 201]);
    expect(await dueOf(accountId, 'ganancias_sociedades', 2026, 5)).toBe('2026-05-14');
  });

  it('the same date twice → 409 NON_WORKING_DAY_EXISTS, one day stored', async () => {
    const { key, accountId } = await accountEnding(4);
    expect((await addDay(key, LOCAL)).status).toBe(201);
    const again = await addDay(key, { ...LOCAL, description: 'otra vez' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('NON_WORKING_DAY_EXISTS');
    expect(await gw.store.collection('fiscal_non_working_days').countDocuments({ account_id: new ObjectId(accountId) })).toBe(1);
  });

  it.each([
    [{ date: '2026-02-30', description: 'x' }, 'date'],
    [{ date: '13/05/2026', description: 'x' }, 'date'],
    [{ date: '1999-05-13', description: 'x' }, 'date'],
    [{ date: 20260513, description: 'x' }, 'date'],
    [{ description: 'x' }, 'date'],
    [{ date: '2026-05-13' }, 'description'],
    [{ date: '2026-05-13', description: '' }, 'description'],
    [{ date: '2026-05-13', description: 'x'.repeat(201) }, 'description'],
    [{ date: '2026-05-13', description: 'x', province: 'Córdoba' }, 'province'],
  ])('%j → 400 naming %s, nothing stored', async (body, path) => {
    const { key, accountId } = await accountEnding(5);
    const res = await addDay(key, body);
    expect(res.status).toBe(400);
    expect(paths(res)).toContain(path);
    expect(await gw.store.collection('fiscal_non_working_days').countDocuments({ account_id: new ObjectId(accountId) })).toBe(0);
  });

  it('a malformed date to remove → 400; a year out of range to list → 400', async () => {
    const { key } = await accountEnding(6);
    expect((await removeDay(key, '2026-13-01')).status).toBe(400);
    expect(paths(await days(key, '?year=abc'))).toContain('year');
  });
});
