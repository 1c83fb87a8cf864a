import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ObjectId } from 'mongodb';
import { startTestGateway, type HttpResult, type TestGateway } from '../support/gateway';
import { createChart, draft, post, posted } from './support/accounting';

/**
 * The fiscal close (refundición de cuentas de resultado): figures from the daily totals, the closing entry, the lock,
 * its blockers, and its races with posting. The small year and its expected close are computed by hand in
 * test/fixtures/fiscal-close/small-year-2025.json.
 */
type Row = Record<string, any>;
const FIXTURE = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'fiscal-close', 'small-year-2025.json'), 'utf8')) as {
  entries: Row[];
  next_year_entry: Row;
  expected: { revenue: number; expenses: number; result: number; lines: Row[] };
};

let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway();
  gw.clock.now = new Date('2026-03-02T12:00:00Z');
});
afterAll(async () => {
  await gw?.stop();
});

/** An account with the default chart. */
async function seeded(): Promise<{ key: string; accountId: string }> {
  const account = await gw.account(['accounting:read', 'accounting:write']);
  expect((await gw.rest('POST', '/accounting/accounts/seed/', { key: account.key })).status).toBe(200);
  return account;
}

const lines = (pairs: Array<[string, 'debit' | 'credit', number]>) => pairs.map(([code, side, amount]) => ({ account_code: code, [side]: amount }));
const calculate = (key: string, year: number | string) => gw.rest('GET', `/accounting/fiscal-close/calculate/${year}/`, { key });
const close = (key: string, year: number | string) => gw.rest('POST', `/accounting/fiscal-close/close/${year}/`, { key });
const years = (key: string, query = '') => gw.rest('GET', `/accounting/fiscal-close/years/${query}`, { key });
const balancesAt = async (key: string, day: string): Promise<Record<string, number>> => {
  const res = await gw.rest('GET', `/accounting/accounts/balances/?as_of=${day}`, { key });
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.data.items.map((row: Row) => [row.code, row.balance]));
};
const codes = (res: HttpResult) => (res.body.data?.blockers ?? []).map((blocker: Row) => blocker.code);

/** Posts the fixture's year (and one entry of the next year, which must not count). */
async function smallYear(key: string): Promise<void> {
  for (const body of [...FIXTURE.entries, FIXTURE.next_year_entry]) await posted(gw, key, body);
}

describe('a small year, closed', () => {
  let key: string;
  let accountId: string;
  let closed: HttpResult;
  beforeAll(async () => {
    ({ key, accountId } = await seeded());
    await smallYear(key);
  });

  it('calculate answers the hand-computed revenue, expenses, result and closing lines, and changes nothing', async () => {
    const res = await calculate(key, 2025);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      year: 2025,
      status: 'open',
      revenue: FIXTURE.expected.revenue,
      expenses: FIXTURE.expected.expenses,
      result: FIXTURE.expected.result,
      closed_at: null,
      closing_entry_id: null,
      result_account_code: '3.3.1.01.002',
      lines: FIXTURE.expected.lines,
      blockers: [],
      can_close: true,
    });
    expect(await gw.store.collection('journal_entries').countDocuments({ account_id: new ObjectId(accountId), reference_type: 'fiscal_close' })).toBe(0);
  });

  it('close posts the closing entry dated the last day, zeroes every result account and credits the result to 3.3.1.01.002', async () => {
    closed = await close(key, 2025);
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({
      success: true,
      message: expect.any(String),
      data: { year: 2025, status: 'closed', result: FIXTURE.expected.result, lines: FIXTURE.expected.lines, blockers: [], can_close: false },
    });
    const entry = await gw.rest('GET', `/accounting/journal/${closed.body.data.closing_entry_id}/`, { key });
    expect(entry.body.data).toMatchObject({
      date: '2025-12-31',
      status: 'posted',
      fiscal_year: 2025,
      number: FIXTURE.entries.length + 1,
      reference_type: 'fiscal_close',
      reference_id: '2025',
      total_debit: 1525.5,
      total_credit: 1525.5,
    });
    expect(entry.body.data.lines.map((line: Row) => ({ account_code: line.account_code, debit: line.debit ?? 0, credit: line.credit ?? 0 }))).toEqual(
      FIXTURE.expected.lines.map(({ account_code, debit, credit }) => ({ account_code, debit, credit })),
    );
    const atYearEnd = await balancesAt(key, '2025-12-31');
    for (const code of ['4', '5', ...FIXTURE.expected.lines.map((line) => line.account_code).filter((code) => /^[45]/.test(code))])
      expect({ code, balance: atYearEnd[code] }).toEqual({ code, balance: 0 });
    expect(atYearEnd['3.3.1.01.002']).toBe(FIXTURE.expected.result);
    expect(atYearEnd['3']).toBe(FIXTURE.expected.result);
    // Patrimonial accounts are untouched by the refundición: cash is what the entries moved.
    expect(atYearEnd['1.1.1.01.001']).toBe(1360);
    // The next year's movements are not part of it.
    expect((await balancesAt(key, '2026-12-31'))['4.1.1.01.001']).toBe(999);
  });

  it('the year is stored closed with its figures (the same record the journal checks)', async () => {
    const doc = (await gw.store.collection('fiscal_years').findOne({ account_id: new ObjectId(accountId), year: 2025 })) as Row;
    expect(doc).toMatchObject({ status: 'closed', revenue_cents: 147550, expenses_cents: 70000, result_cents: 77550 });
    expect(doc.closing_entry_id.toHexString()).toBe(closed.body.data.closing_entry_id);
  });

  it('posting or reversing into the closed year → 409 PERIOD_CLOSED; the next year still takes entries', async () => {
    const late = await draft(gw, key, {
      date: '2025-11-30',
      description: 'Venta tardía',
      lines: lines([
        ['1.1.1.01.001', 'debit', 10],
        ['4.1.1.01.001', 'credit', 10],
      ]),
    });
    const refused = await post(gw, key, late);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('PERIOD_CLOSED');
    // Closing a year locks every day up to its end: an earlier year takes no postings either.
    const older = await draft(gw, key, {
      date: '2024-06-30',
      description: 'Venta vieja',
      lines: lines([
        ['1.1.1.01.001', 'debit', 10],
        ['4.1.1.01.001', 'credit', 10],
      ]),
    });
    expect((await post(gw, key, older)).body.error.code).toBe('PERIOD_CLOSED');
    const earlier = (await gw.rest('GET', '/accounting/journal/list/?date_from=2025-02-01&date_to=2025-02-28', { key })).body.data.items[0];
    const reversed = await gw.rest('POST', `/accounting/journal/${earlier._id}/reverse/`, { key, body: { date: '2025-12-01' } });
    expect(reversed.status).toBe(409);
    expect(reversed.body.error.code).toBe('PERIOD_CLOSED');
    await posted(gw, key, {
      date: '2026-01-05',
      description: 'Venta',
      lines: lines([
        ['1.1.1.01.001', 'debit', 10],
        ['4.1.1.01.001', 'credit', 10],
      ]),
    });
  });

  it('closing again → 409 FISCAL_YEAR_CLOSED; calculate shows the stored close', async () => {
    const again = await close(key, 2025);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('FISCAL_YEAR_CLOSED');
    const res = await calculate(key, 2025);
    expect(res.body.data).toMatchObject({
      status: 'closed',
      revenue: FIXTURE.expected.revenue,
      expenses: FIXTURE.expected.expenses,
      result: FIXTURE.expected.result,
      closing_entry_id: closed.body.data.closing_entry_id,
      lines: [],
      can_close: false,
    });
    expect(codes(res)).toEqual(['FISCAL_YEAR_CLOSED']);
  });

  it('years lists the closed year with the figures of its close and the open one with its figures so far, newest first', async () => {
    const res = await years(key);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      count: 2,
      items: [
        { year: 2026, status: 'open', revenue: 1009, expenses: 0, result: 1009, closed_at: null, closing_entry_id: null },
        {
          year: 2025,
          status: 'closed',
          revenue: FIXTURE.expected.revenue,
          expenses: FIXTURE.expected.expenses,
          result: FIXTURE.expected.result,
          closed_at: expect.stringMatching(/^2026-03-02T09:00:00/),
          closing_entry_id: closed.body.data.closing_entry_id,
        },
      ],
    });
    expect((await years(key, '?status=closed')).body.data.items.map((row: Row) => row.year)).toEqual([2025]);
    expect((await years(key, '?status=open')).body.data.items.map((row: Row) => row.year)).toEqual([2026]);
  });
});

describe('other closes', () => {
  it('a loss debits the result account', async () => {
    const { key } = await seeded();
    await posted(gw, key, {
      date: '2025-03-01',
      description: 'Ventas',
      lines: lines([
        ['1.1.1.01.001', 'debit', 100],
        ['4.1.1.01.001', 'credit', 100],
      ]),
    });
    await posted(gw, key, {
      date: '2025-04-01',
      description: 'Alquiler',
      lines: lines([
        ['5.3.1.01.003', 'debit', 250.75],
        ['1.1.1.01.001', 'credit', 250.75],
      ]),
    });
    const res = await close(key, 2025);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ revenue: 100, expenses: 250.75, result: -150.75 });
    expect(res.body.data.lines).toEqual([
      { account_code: '4.1.1.01.001', account_name: 'Ventas de mercaderías (gravadas)', debit: 100, credit: 0 },
      { account_code: '5.3.1.01.003', account_name: 'Alquileres', debit: 0, credit: 250.75 },
      { account_code: '3.3.1.01.002', account_name: 'Resultado del ejercicio', debit: 150.75, credit: 0 },
    ]);
    expect((await balancesAt(key, '2025-12-31'))['3.3.1.01.002']).toBe(-150.75);
  });

  it('a year whose result accounts never moved closes without an entry, and is locked all the same', async () => {
    const { key } = await seeded();
    await posted(gw, key, {
      date: '2025-03-01',
      description: 'Aporte',
      lines: lines([
        ['1.1.1.01.001', 'debit', 100],
        ['3.1.1.01.001', 'credit', 100],
      ]),
    });
    const res = await close(key, 2025);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'closed', revenue: 0, expenses: 0, result: 0, lines: [], closing_entry_id: null });
    const late = await draft(gw, key, {
      date: '2025-06-01',
      description: 'x',
      lines: lines([
        ['1.1.1.01.001', 'debit', 1],
        ['3.1.1.01.001', 'credit', 1],
      ]),
    });
    expect((await post(gw, key, late)).body.error.code).toBe('PERIOD_CLOSED');
  });

  it('GraphQL: the close answers the figures and its posted closing entry; fiscalYears links it too', async () => {
    const { key } = await seeded();
    await posted(gw, key, {
      date: '2025-03-01',
      description: 'Ventas',
      lines: lines([
        ['1.1.1.01.001', 'debit', 80],
        ['4.1.1.01.001', 'credit', 80],
      ]),
    });
    const res = await gw.gql(
      'mutation { closeFiscalYear(year: 2025) { status result canClose closingEntry { date status lines { accountCode debit credit } } } }',
      {},
      { key },
    );
    expect(res.body).toEqual({
      data: {
        closeFiscalYear: {
          status: 'closed',
          result: 80,
          canClose: false,
          closingEntry: {
            date: '2025-12-31',
            status: 'posted',
            lines: [
              { accountCode: '4.1.1.01.001', debit: 80, credit: null },
              { accountCode: '3.3.1.01.002', debit: null, credit: 80 },
            ],
          },
        },
      },
    });
    const listed = await gw.gql('{ fiscalYears(status: closed) { year closingEntry { description } } }', {}, { key });
    expect(listed.body.data.fiscalYears).toEqual([{ year: 2025, closingEntry: { description: 'Refundición de cuentas de resultado del ejercicio 2025' } }]);
  });
});

describe('blockers (calculate lists them; close → 409 CLOSE_BLOCKED and changes nothing)', () => {
  async function expectBlocked(key: string, accountId: string, year: number, code: string): Promise<void> {
    expect(codes(await calculate(key, year))).toContain(code);
    const res = await close(key, year);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CLOSE_BLOCKED');
    expect(res.body.error.details.map((detail: Row) => detail.message.split(':')[0])).toContain(code);
    const account_id = new ObjectId(accountId);
    expect(await gw.store.collection('fiscal_years').countDocuments({ account_id, year, status: 'closed' })).toBe(0);
    expect(await gw.store.collection('journal_entries').countDocuments({ account_id, reference_type: 'fiscal_close' })).toBe(0);
  }

  it('DRAFT_ENTRIES: a draft dated in the year; posting it lifts the block', async () => {
    const { key, accountId } = await seeded();
    const id = await draft(gw, key, {
      date: '2025-08-08',
      description: 'Venta',
      lines: lines([
        ['1.1.1.01.001', 'debit', 10],
        ['4.1.1.01.001', 'credit', 10],
      ]),
    });
    await expectBlocked(key, accountId, 2025, 'DRAFT_ENTRIES');
    await post(gw, key, id);
    expect((await close(key, 2025)).status).toBe(200);
  });

  it('EARLIER_YEAR_OPEN: an earlier year with postings is still open; closing it first lifts the block', async () => {
    const { key, accountId } = await seeded();
    await posted(gw, key, {
      date: '2023-05-05',
      description: 'Venta',
      lines: lines([
        ['1.1.1.01.001', 'debit', 10],
        ['4.1.1.01.001', 'credit', 10],
      ]),
    });
    await posted(gw, key, {
      date: '2025-05-05',
      description: 'Venta',
      lines: lines([
        ['1.1.1.01.001', 'debit', 20],
        ['4.1.1.01.001', 'credit', 20],
      ]),
    });
    await expectBlocked(key, accountId, 2025, 'EARLIER_YEAR_OPEN');
    expect((await calculate(key, 2025)).body.data.blockers[0].message).toContain('2023');
    expect((await close(key, 2023)).status).toBe(200);
    // The list adds up only the open years' rows; the closed one shows the figures of its close.
    expect((await years(key)).body.data.items.map((row: Row) => [row.year, row.status, row.result])).toEqual([
      [2025, 'open', 20],
      [2023, 'closed', 10],
    ]);
    const res = await close(key, 2025);
    expect(res.status).toBe(200);
    // Each year closed its own movements only: both results are in the result account, the result accounts are zero.
    expect(res.body.data.result).toBe(20);
    const balances = await balancesAt(key, '2025-12-31');
    expect([balances['4'], balances['3.3.1.01.002']]).toEqual([0, 30]);
  });

  it('YEAR_NOT_ENDED: the current year (today in Argentina)', async () => {
    const { key, accountId } = await seeded();
    await expectBlocked(key, accountId, 2026, 'YEAR_NOT_ENDED');
  });

  it('RESULT_ACCOUNT_UNAVAILABLE: a chart without 3.3.1.01.002 and a result to carry', async () => {
    const { key, accountId } = await gw.account(['accounting:read', 'accounting:write']);
    await createChart(gw, key);
    await posted(gw, key, {
      date: '2025-05-05',
      description: 'Venta',
      lines: lines([
        ['1.1.01', 'debit', 20],
        ['4.1', 'credit', 20],
      ]),
    });
    await expectBlocked(key, accountId, 2025, 'RESULT_ACCOUNT_UNAVAILABLE');
  });
});

describe('the year in the path', () => {
  it.each(['20x5', '202', '12345', '-2025', '0999'])('%s → 400 naming year', async (year) => {
    const { key } = await gw.account(['accounting:read', 'accounting:write']);
    for (const res of [await calculate(key, year), await close(key, year)]) {
      expect(res.status).toBe(400);
      expect(res.body.error.details.map((detail: Row) => detail.path)).toContain('year');
    }
  });
});
