import { startTestGateway, type HttpResult, type TestGateway } from '../support/gateway';
import { openApiValidator, responseSchema } from '../support/openapi';
import { CODES, smallBook } from './support/accounting-book';

/**
 * The accounting reports against a small book whose figures are worked out by hand below (default chart, period
 * 2026-01-01 … 2026-03-31). Amounts in pesos.
 *
 *   #  date        entry                         lines
 *   -  2025-12-20  Aporte de capital (FY 2025)   Banco D 100000 / Capital C 100000          (before the period)
 *   1  2026-01-05  Venta de contado              Caja D 12100 / Ventas C 10000 / IVA DF C 2100
 *   2  2026-01-10  Venta a crédito               Deudores D 6050 / Ventas C 5000 / IVA DF C 1050
 *   3  2026-01-15  Alquiler de enero             Alquileres D 3000 / Banco C 3000
 *   4  2026-02-01  Compra de rodado              Rodados D 50000 / Banco C 20000 / Proveedores C 30000
 *   5  2026-02-10  Préstamo bancario             Banco D 40000 / Préstamos C 40000
 *   6  2026-02-15  Cobranza                      Caja D 6050 / Deudores C 6050
 *   7  2026-02-20  Depósito de efectivo          Banco D 10000 / Caja C 10000
 *   8  2026-03-01  Alquiler pagado por error     Alquileres D 500 / Caja C 500   (reversed)
 *  10  2026-03-02  its reversal                  Caja D 500 / Alquileres C 500
 *   9  2026-04-10  Venta de abril                Caja D 1 / Ventas C 1           (after the period)
 *   -  2026-02-25  Borrador (draft)              Caja D 999 / Ventas C 999       (never counts)
 *
 * Trial balance by account (opening; debits, credits; closing):
 *   Caja        0;          18650, 10500;  8150 D      Banco       100000 D; 50000, 23000; 127000 D
 *   Deudores    0;           6050,  6050;  0           Rodados     0; 50000, 0; 50000 D
 *   Proveedores 0; 0, 30000; 30000 C                   Préstamos   0; 0, 40000; 40000 C
 *   IVA DF      0; 0, 3150; 3150 C                     Capital     100000 C; 0, 0; 100000 C
 *   Ventas      0; 0, 15000; 15000 C                   Alquileres  0; 3500, 500; 3000 D
 *   Totals: opening 100000 = 100000; debits 128200 = credits 128200; closing 188150 = 188150.
 *   Level 1: ACTIVO 100000 D; 124700, 39550; 185150 D · PASIVO 0; 0, 73150; 73150 C · PATRIMONIO 100000 C; 0, 0;
 *   100000 C · INGRESOS 0; 0, 15000; 15000 C · EGRESOS 0; 3500, 500; 3000 D.
 * Income statement: revenue 15000, expenses 3000, result 12000.
 * Balance sheet at 2026-03-31: assets 185150 = liabilities 73150 + equity 100000 + unclosed result 12000.
 * Cash flow (Caja y Bancos): opening 100000; inflows 68650, outflows 33500; net 35150; closing 135150. Operating:
 *   Ventas 10000, IVA DF 2100, Deudores 6050, Alquileres −3000 (+ −500 + 500) = 15150; investing: Rodados −20000
 *   (only the cash paid: the rest was on credit); financing: Préstamos 40000.
 */
let gw: TestGateway;
let key: string;

beforeAll(async () => {
  gw = await startTestGateway();
  ({ key } = await gw.account(['accounting:read', 'accounting:write']));
  await smallBook(gw, key);
});
afterAll(async () => {
  await gw?.stop();
});

const PERIOD = 'from=2026-01-01&to=2026-03-31';
const get = async (path: string, options: { key?: string } = { key }): Promise<HttpResult> => gw.rest('GET', `/accounting/reports/${path}`, options);
const data = async (path: string) => {
  const res = await get(path);
  expect({ status: res.status, error: res.body.error }).toEqual({ status: 200, error: undefined });
  return res.body.data;
};
const pick = (rows: any[], keys: string[]) => rows.map((row) => Object.fromEntries(keys.map((k) => [k, row[k]])));

describe('trial balance (Balance de Sumas y Saldos)', () => {
  const FIGURES = ['code', 'opening_debit', 'opening_credit', 'debit', 'credit', 'closing_debit', 'closing_credit', 'balance'];

  it('detail accounts: opening, debits, credits and closing of each; totals balance', async () => {
    const report = await data(`trial-balance/?${PERIOD}`);
    const detail = report.items.filter((row: any) => row.is_detail);
    expect(pick(detail, FIGURES)).toEqual([
      { code: CODES.cash, opening_debit: 0, opening_credit: 0, debit: 18650, credit: 10500, closing_debit: 8150, closing_credit: 0, balance: 8150 },
      { code: CODES.bank, opening_debit: 100000, opening_credit: 0, debit: 50000, credit: 23000, closing_debit: 127000, closing_credit: 0, balance: 127000 },
      { code: CODES.customers, opening_debit: 0, opening_credit: 0, debit: 6050, credit: 6050, closing_debit: 0, closing_credit: 0, balance: 0 },
      { code: CODES.vehicles, opening_debit: 0, opening_credit: 0, debit: 50000, credit: 0, closing_debit: 50000, closing_credit: 0, balance: 50000 },
      { code: CODES.suppliers, opening_debit: 0, opening_credit: 0, debit: 0, credit: 30000, closing_debit: 0, closing_credit: 30000, balance: 30000 },
      { code: CODES.loans, opening_debit: 0, opening_credit: 0, debit: 0, credit: 40000, closing_debit: 0, closing_credit: 40000, balance: 40000 },
      { code: CODES.vatOut, opening_debit: 0, opening_credit: 0, debit: 0, credit: 3150, closing_debit: 0, closing_credit: 3150, balance: 3150 },
      { code: CODES.capital, opening_debit: 0, opening_credit: 100000, debit: 0, credit: 0, closing_debit: 0, closing_credit: 100000, balance: 100000 },
      { code: CODES.sales, opening_debit: 0, opening_credit: 0, debit: 0, credit: 15000, closing_debit: 0, closing_credit: 15000, balance: 15000 },
      { code: CODES.rent, opening_debit: 0, opening_credit: 0, debit: 3500, credit: 500, closing_debit: 3000, closing_credit: 0, balance: 3000 },
    ]);
    expect(report).toMatchObject({
      from: '2026-01-01',
      to: '2026-03-31',
      level: 5,
      totals: { opening_debit: 100000, opening_credit: 100000, debit: 128200, credit: 128200, closing_debit: 188150, closing_credit: 188150 },
      balanced: true,
    });
    // Parents are listed above their children, rolled up; accounts without figures are left out.
    expect(report.items.map((row: any) => row.code).slice(0, 5)).toEqual(['1', '1.1', '1.1.1', '1.1.1.01', CODES.cash]);
    expect(report.items.find((row: any) => row.code === '1.1.1')).toMatchObject({ opening_debit: 100000, debit: 68650, credit: 33500, closing_debit: 135150 });
    expect(report.items.some((row: any) => row.code === '1.1.2')).toBe(false);
  });

  it('rolled up to level 1, the same totals', async () => {
    const report = await data(`trial-balance/?${PERIOD}&level=1`);
    expect(pick(report.items, FIGURES)).toEqual([
      { code: '1', opening_debit: 100000, opening_credit: 0, debit: 124700, credit: 39550, closing_debit: 185150, closing_credit: 0, balance: 185150 },
      { code: '2', opening_debit: 0, opening_credit: 0, debit: 0, credit: 73150, closing_debit: 0, closing_credit: 73150, balance: 73150 },
      { code: '3', opening_debit: 0, opening_credit: 100000, debit: 0, credit: 0, closing_debit: 0, closing_credit: 100000, balance: 100000 },
      { code: '4', opening_debit: 0, opening_credit: 0, debit: 0, credit: 15000, closing_debit: 0, closing_credit: 15000, balance: 15000 },
      { code: '5', opening_debit: 0, opening_credit: 0, debit: 3500, credit: 500, closing_debit: 3000, closing_credit: 0, balance: 3000 },
    ]);
    expect(report.totals).toEqual({
      opening_debit: 100000,
      opening_credit: 100000,
      debit: 128200,
      credit: 128200,
      closing_debit: 188150,
      closing_credit: 188150,
    });
  });

  it('include_zero lists every account of the chart down to the level', async () => {
    const all = await data(`trial-balance/?${PERIOD}&level=2&include_zero=true`);
    expect(all.items.map((row: any) => row.code)).toEqual([
      '1',
      '1.1',
      '1.2',
      '2',
      '2.1',
      '2.2',
      '3',
      '3.1',
      '3.2',
      '3.3',
      '4',
      '4.1',
      '4.2',
      '5',
      '5.1',
      '5.2',
      '5.3',
      '5.4',
      '5.5',
    ]);
    expect(all.totals.debit).toBe(128200);
  });

  it('a period of one day; the defaults are this year to today', async () => {
    const day = await data('trial-balance/?from=2026-01-05&to=2026-01-05&level=1');
    expect(day.totals).toMatchObject({ debit: 12100, credit: 12100, opening_debit: 100000, closing_debit: 112100, closing_credit: 112100 });
    const saved = gw.clock.now;
    gw.clock.now = new Date('2026-02-01T12:00:00Z');
    try {
      expect(await data('trial-balance/?level=1')).toMatchObject({ from: '2026-01-01', to: '2026-02-01', totals: { debit: 71150, credit: 71150 } });
    } finally {
      gw.clock.now = saved;
    }
  });

  it.each([
    ['from=2026-02-30', 'from'],
    ['to=2026-13-01', 'to'],
    ['from=yesterday', 'from'],
    ['from=2026-03-01&to=2026-02-01', 'from'],
    ['level=0', 'level'],
    ['level=6', 'level'],
    ['level=x', 'level'],
    ['include_zero=yes', 'include_zero'],
    ['from=2026-01-01&from=2026-01-02', 'from'],
  ])('%s is a 400 BAD_USER_INPUT naming %s', async (query, field) => {
    const res = await get(`trial-balance/?${query}`);
    expect({ status: res.status, code: res.body.error?.code, paths: res.body.error?.details.map((d: any) => d.path) }).toEqual({
      status: 400,
      code: 'BAD_USER_INPUT',
      paths: [field],
    });
  });
});

describe('income statement (Estado de Resultados)', () => {
  it('the period’s revenue and expenses and the result', async () => {
    const report = await data(`income-statement/?${PERIOD}`);
    expect(report.revenue.total).toBe(15000);
    expect(report.expenses.total).toBe(3000);
    expect(report.result).toBe(12000);
    expect(pick(report.revenue.items, ['code', 'amount'])).toEqual([
      { code: '4', amount: 15000 },
      { code: '4.1', amount: 15000 },
      { code: '4.1.1', amount: 15000 },
      { code: '4.1.1.01', amount: 15000 },
      { code: CODES.sales, amount: 15000 },
    ]);
    expect(pick(report.expenses.items, ['code', 'amount']).at(-1)).toEqual({ code: CODES.rent, amount: 3000 });
  });

  it('by caption (level 2), and for a month', async () => {
    const captions = await data(`income-statement/?${PERIOD}&level=2`);
    expect(pick(captions.expenses.items, ['code', 'name', 'amount'])).toEqual([
      { code: '5', name: 'EGRESOS / RESULTADOS NEGATIVOS', amount: 3000 },
      { code: '5.3', name: 'Gastos de administración', amount: 3000 },
    ]);
    const march = await data('income-statement/?from=2026-03-01&to=2026-03-31&level=1');
    // The mistaken rent and its reversal net out; the rows stay (they moved) with a zero amount.
    expect({ revenue: march.revenue.total, expenses: march.expenses.total, result: march.result }).toEqual({ revenue: 0, expenses: 0, result: 0 });
    expect(pick(march.expenses.items, ['code', 'amount'])).toEqual([{ code: '5', amount: 0 }]);
  });
});

describe('balance sheet (Estado de Situación Patrimonial)', () => {
  it('assets = liabilities + equity + the unclosed result', async () => {
    const report = await data('balance-sheet/?to=2026-03-31&level=1');
    expect(report).toEqual({
      as_of: '2026-03-31',
      level: 1,
      assets: { total: 185150, items: [{ code: '1', name: 'ACTIVO', account_type: 'asset', level: 1, is_detail: false, amount: 185150 }] },
      liabilities: { total: 73150, items: [{ code: '2', name: 'PASIVO', account_type: 'liability', level: 1, is_detail: false, amount: 73150 }] },
      equity: { total: 100000, items: [{ code: '3', name: 'PATRIMONIO NETO', account_type: 'equity', level: 1, is_detail: false, amount: 100000 }] },
      unclosed_result: 12000,
      liabilities_and_equity: 185150,
      difference: 0,
      balanced: true,
    });
  });

  it('at level 2 splits current and non-current; before the first sale there is only capital', async () => {
    const report = await data('balance-sheet/?to=2026-03-31&level=2');
    expect(pick(report.assets.items, ['code', 'amount'])).toEqual([
      { code: '1', amount: 185150 },
      { code: '1.1', amount: 135150 },
      { code: '1.2', amount: 50000 },
    ]);
    const early = await data('balance-sheet/?to=2025-12-31&level=1');
    expect({ assets: early.assets.total, equity: early.equity.total, result: early.unclosed_result, balanced: early.balanced }).toEqual({
      assets: 100000,
      equity: 100000,
      result: 0,
      balanced: true,
    });
  });
});

describe('cash flow (Estado de Flujo de Efectivo, direct method)', () => {
  it('opening + movements by activity = closing; a purchase partly on credit shows only the cash paid', async () => {
    const report = await data(`cash-flow/?${PERIOD}`);
    expect(report).toMatchObject({
      cash_account: '1.1.1',
      opening_cash: 100000,
      inflows: 68650,
      outflows: 33500,
      net_change: 35150,
      closing_cash: 135150,
      balanced: true,
    });
    expect(report.operating.total).toBe(15150);
    expect(pick(report.operating.items, ['code', 'amount'])).toEqual([
      { code: CODES.customers, amount: 6050 },
      { code: CODES.vatOut, amount: 2100 },
      { code: CODES.sales, amount: 10000 },
      { code: CODES.rent, amount: -3000 },
    ]);
    expect(report.investing).toEqual({ total: -20000, items: [expect.objectContaining({ code: CODES.vehicles, amount: -20000 })] });
    expect(report.financing).toEqual({ total: 40000, items: [expect.objectContaining({ code: CODES.loans, amount: 40000 })] });
  });

  it('rolled up to level 2 and for another cash heading; an unknown heading is a 404', async () => {
    const report = await data(`cash-flow/?${PERIOD}&level=2`);
    expect(pick(report.operating.items, ['code', 'amount'])).toEqual([
      { code: '1.1', amount: 6050 },
      { code: '2.1', amount: 2100 },
      { code: '4.1', amount: 10000 },
      { code: '5.3', amount: -3000 },
    ]);
    const cashOnly = await data(`cash-flow/?${PERIOD}&cash_account=${CODES.cash}`);
    // The deposit into the bank is now cash going out to another account (operating by default).
    expect(cashOnly).toMatchObject({ opening_cash: 0, net_change: 8150, closing_cash: 8150, balanced: true });
    const unknown = await get(`cash-flow/?${PERIOD}&cash_account=9.9`);
    expect({ status: unknown.status, code: unknown.body.error.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
  });
});

describe('account ledger (Mayor)', () => {
  it('opening balance, each line with its running balance, closing balance', async () => {
    const report = await data(`account-ledger/${CODES.cash}/?${PERIOD}`);
    expect(report.account).toMatchObject({ code: CODES.cash, opening_balance: 0, total_debit: 18650, total_credit: 10500, closing_balance: 8150 });
    expect(pick(report.account.lines, ['date', 'number', 'entry_description', 'debit', 'credit', 'balance', 'status'])).toEqual([
      { date: '2026-01-05', number: 1, entry_description: 'Venta de contado', debit: 12100, credit: 0, balance: 12100, status: 'posted' },
      { date: '2026-02-15', number: 6, entry_description: 'Cobranza', debit: 6050, credit: 0, balance: 18150, status: 'posted' },
      { date: '2026-02-20', number: 7, entry_description: 'Depósito de efectivo', debit: 0, credit: 10000, balance: 8150, status: 'posted' },
      { date: '2026-03-01', number: 8, entry_description: 'Alquiler pagado por error', debit: 0, credit: 500, balance: 7650, status: 'reversed' },
      {
        date: '2026-03-02',
        number: 10,
        entry_description: expect.stringMatching(/^Reversal of entry 8\/2026/),
        debit: 500,
        credit: 0,
        balance: 8150,
        status: 'posted',
      },
    ]);
    expect(report.next_cursor).toBeNull();
  });

  it('pages of 2 lines go on with the running balance where they left it', async () => {
    const seen: any[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: any = await data(`account-ledger/${CODES.cash}/?${PERIOD}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.account.lines);
      cursor = page.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen.map((line) => line.balance)).toEqual([12100, 18150, 8150, 7650, 8150]);
  });

  it('of a heading account: its descendants’ lines, in book order, from its opening balance', async () => {
    const report = await data(`account-ledger/1.1.1/?${PERIOD}&limit=3`);
    expect(report.account).toMatchObject({ code: '1.1.1', is_detail: false, opening_balance: 100000, closing_balance: 135150 });
    const all = [...report.account.lines];
    let cursor = report.next_cursor;
    while (cursor) {
      const page = await data(`account-ledger/1.1.1/?${PERIOD}&limit=3&cursor=${cursor}`);
      all.push(...page.account.lines);
      cursor = page.next_cursor;
    }
    expect(all.map((line) => [line.number, line.account_code, line.balance])).toEqual([
      [1, CODES.cash, 112100],
      [3, CODES.bank, 109100],
      [4, CODES.bank, 89100],
      [5, CODES.bank, 129100],
      [6, CODES.cash, 135150],
      [7, CODES.bank, 145150],
      [7, CODES.cash, 135150],
      [8, CODES.cash, 134650],
      [10, CODES.cash, 135150],
    ]);
  });

  it('an unknown account is a 404; a cursor of another account or a forged one is a 400', async () => {
    const unknown = await get(`account-ledger/9.9.9/?${PERIOD}`);
    expect({ status: unknown.status, code: unknown.body.error.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
    const other = await data(`account-ledger/${CODES.bank}/?${PERIOD}&limit=1`);
    const wrong = await get(`account-ledger/${CODES.cash}/?${PERIOD}&cursor=${other.next_cursor}`);
    expect({ status: wrong.status, paths: wrong.body.error.details.map((d: any) => d.path) }).toEqual({ status: 400, paths: ['cursor'] });
    for (const forged of ['x', Buffer.from('["a","2026-02-30",1,0]').toString('base64url'), Buffer.from('{"$gt":""}').toString('base64url')]) {
      const res = await get(`account-ledger/${CODES.cash}/?cursor=${forged}`);
      expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 400, code: 'BAD_USER_INPUT' });
    }
  });
});

describe('general ledger (Libro Mayor)', () => {
  const flatten = (accounts: any[]) => accounts.flatMap((account) => account.lines.map((line: any) => [account.code, line.number, line.balance]));

  it('every account that moved in the period, its lines with running balances', async () => {
    const report = await data(`general-ledger/?${PERIOD}&limit=100`);
    expect(report.accounts.map((account: any) => [account.code, account.opening_balance, account.closing_balance, account.lines.length])).toEqual([
      [CODES.cash, 0, 8150, 5],
      [CODES.bank, 100000, 127000, 4],
      [CODES.customers, 0, 0, 2],
      [CODES.vehicles, 0, 50000, 1],
      [CODES.suppliers, 0, 30000, 1],
      [CODES.loans, 0, 40000, 1],
      [CODES.vatOut, 0, 3150, 2],
      [CODES.sales, 0, 15000, 2],
      [CODES.rent, 0, 3000, 3],
    ]);
    expect(report.accounts[1].lines.map((line: any) => line.balance)).toEqual([97000, 77000, 117000, 127000]);
    expect(report.next_cursor).toBeNull();
  });

  it('pages of 4 lines cross accounts and give the same book', async () => {
    const whole = flatten((await data(`general-ledger/?${PERIOD}&limit=100`)).accounts);
    const paged: unknown[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await data(`general-ledger/?${PERIOD}&limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.accounts.reduce((sum: number, account: any) => sum + account.lines.length, 0)).toBeLessThanOrEqual(4);
      paged.push(...flatten(page.accounts));
      cursor = page.next_cursor;
    } while (cursor);
    expect(whole).toHaveLength(21);
    expect(paged).toEqual(whole);
  });
});

describe('daily journal (Libro Diario)', () => {
  it('a day’s posted entries with their lines and totals; a day with only a draft is empty', async () => {
    const day = await data('daily-journal/2026-01-05/');
    expect(day).toMatchObject({ date: '2026-01-05', total_debit: 12100, total_credit: 12100, next_cursor: null });
    expect(day.entries).toEqual([
      expect.objectContaining({
        number: 1,
        fiscal_year: 2026,
        description: 'Venta de contado',
        status: 'posted',
        total_debit: 12100,
        lines: [
          expect.objectContaining({ account_code: CODES.cash, debit: 12100, credit: null }),
          expect.objectContaining({ account_code: CODES.sales, debit: null, credit: 10000 }),
          expect.objectContaining({ account_code: CODES.vatOut, debit: null, credit: 2100 }),
        ],
      }),
    ]);
    expect(await data('daily-journal/2026-02-25/')).toEqual({ date: '2026-02-25', total_debit: 0, total_credit: 0, entries: [], next_cursor: null, limit: 50 });
  });

  it('bad dates and cursors are 400s naming them', async () => {
    for (const [path, field] of [
      ['daily-journal/2026-02-30/', 'date'],
      ['daily-journal/hoy/', 'date'],
      ['daily-journal/2026-01-05/?cursor=nope', 'cursor'],
      ['daily-journal/2026-01-05/?limit=ten', 'limit'],
      ['general-ledger/?limit=0', 'limit'],
    ]) {
      const res = await get(path);
      expect({ path, status: res.status, paths: res.body.error?.details.map((d: any) => d.path) }).toEqual({ path, status: 400, paths: [field] });
    }
  });
});

describe('GraphQL', () => {
  it('the same reports as queries', async () => {
    const res = await gw.gql(
      `{
        trialBalance(from: "2026-01-01", to: "2026-03-31", level: 1) { totals { debit credit } balanced }
        incomeStatement(from: "2026-01-01", to: "2026-03-31") { result }
        balanceSheet(to: "2026-03-31") { difference balanced unclosedResult }
        cashFlow(from: "2026-01-01", to: "2026-03-31") { netChange investing { total } }
        accountLedger(accountCode: "${CODES.rent}", from: "2026-01-01", to: "2026-03-31") { account { closingBalance lines { number balance entry { status } } } }
        dailyJournal(date: "2026-03-02") { entries { number reverses { number } } }
        generalLedger(from: "2026-01-01", to: "2026-03-31", first: 1) { accounts { code } nextCursor }
      }`,
      {},
      { key },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data).toEqual({
      trialBalance: { totals: { debit: 128200, credit: 128200 }, balanced: true },
      incomeStatement: { result: 12000 },
      balanceSheet: { difference: 0, balanced: true, unclosedResult: 12000 },
      cashFlow: { netChange: 35150, investing: { total: -20000 } },
      accountLedger: {
        account: {
          closingBalance: 3000,
          lines: [
            { number: 3, balance: 3000, entry: { status: 'posted' } },
            { number: 8, balance: 3500, entry: { status: 'reversed' } },
            { number: 10, balance: 3000, entry: { status: 'posted' } },
          ],
        },
      },
      dailyJournal: { entries: [{ number: 10, reverses: { number: 8 } }] },
      generalLedger: { accounts: [{ code: CODES.cash }], nextCursor: expect.any(String) },
    });
  });

  it('bad arguments are BAD_USER_INPUT errors naming them', async () => {
    const res = await gw.gql('{ trialBalance(from: "2026-02-30", level: 9) { balanced } }', {}, { key });
    expect(res.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(res.body.errors[0])).toMatch(/from.*level|level.*from/);
  });
});

describe('OpenAPI', () => {
  it.each([
    ['/accounting/reports/trial-balance/', `trial-balance/?${PERIOD}&include_zero=true`],
    ['/accounting/reports/income-statement/', `income-statement/?${PERIOD}`],
    ['/accounting/reports/balance-sheet/', 'balance-sheet/?to=2026-03-31'],
    ['/accounting/reports/general-ledger/', `general-ledger/?${PERIOD}&limit=5`],
    ['/accounting/reports/account-ledger/{account_code}/', `account-ledger/1.1.1/?${PERIOD}`],
    ['/accounting/reports/daily-journal/{date}/', 'daily-journal/2026-03-02/'],
    ['/accounting/reports/cash-flow/', `cash-flow/?${PERIOD}&include_zero=true`],
  ])('GET %s answers as its documented response schema', async (route, path) => {
    const doc = (await (await fetch(`${gw.url}/api/v1/openapi.json`)).json()) as Record<string, unknown>;
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(openApiValidator(doc).errorsAgainst(res.body, ...responseSchema(route, 'get', 200))).toEqual([]);
  });
});
