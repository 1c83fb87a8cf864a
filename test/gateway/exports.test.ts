import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { CODES, smallBook } from './support/accounting-book';

/**
 * The reports as spreadsheets, against the small book of accounting-reports.test.ts (figures worked out by hand
 * there, period 2026-01-01 … 2026-03-31) and VAT book lines written here:
 *
 *   Libro IVA compras 2026-03 (manual lines, date order):
 *     2026-03-02  Factura A (1) 0007-00000501  Servicios Técnicos SRL  neto 1.000,00  IVA 21 % 210,00  total 1.210,00
 *     2026-03-05  Factura A (1) 0003-00000088  Ferretería Ñandú SA     neto 2.000,00  IVA 10,5 % 210,00
 *                 no gravado 0,05  total 2.210,05
 *     2026-03-09  Nota de crédito A (3) 0007-00000012  Servicios Técnicos SRL  neto 100,00  IVA 21 % 21,00  total 121,00
 *   Totals (the credit note subtracts): neto 2.900,00, IVA 21 % 189,00, IVA 10,5 % 210,00, no gravado 0,05,
 *   total 3.299,05.
 */

let gw: TestGateway;
let key: string;
let otherKey: string;

const LINES = [
  {
    date: '2026-03-02',
    voucher_type: 1,
    sale_point: 7,
    voucher_number: 501,
    document_type: 80,
    document_number: '30708884444',
    counterpart_name: 'Servicios Técnicos SRL',
    total: 1210,
    vat_lines: [{ rate: 21, base: 1000, vat: 210 }],
  },
  {
    date: '2026-03-05',
    voucher_type: 1,
    sale_point: 3,
    voucher_number: 88,
    document_type: 80,
    document_number: '30712345671',
    counterpart_name: 'Ferretería Ñandú SA',
    total: 2210.05,
    untaxed: 0.05,
    vat_lines: [{ rate: 10.5, base: 2000, vat: 210 }],
  },
  {
    date: '2026-03-09',
    voucher_type: 3,
    sale_point: 7,
    voucher_number: 12,
    document_type: 80,
    document_number: '30708884444',
    counterpart_name: 'Servicios Técnicos SRL',
    total: 121,
    vat_lines: [{ rate: 21, base: 100, vat: 21 }],
  },
];

beforeAll(async () => {
  gw = await startTestGateway();
  gw.clock.now = new Date('2026-04-15T12:00:00Z');
  ({ key } = await gw.account(['accounting:read', 'accounting:write']));
  ({ key: otherKey } = await gw.account(['accounting:read', 'accounting:write']));
  await smallBook(gw, key);
  for (const line of LINES) {
    const res = await gw.rest('POST', '/iva/books/2026-03-purchases/entries/', { key, body: line });
    expect(res.status).toBe(201);
  }
});
afterAll(async () => {
  await gw?.stop();
});

const PERIOD = 'from=2026-01-01&to=2026-03-31';

async function download(path: string, callerKey = key): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const res = await fetch(`${gw.url}/api/v1${path}`, { headers: { 'x-api-key': callerKey } });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

async function workbook(path: string, callerKey = key): Promise<{ sheet: ExcelJS.Worksheet; headers: Headers }> {
  const res = await download(path, callerKey);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.body as unknown as ArrayBuffer);
  expect(book.worksheets).toHaveLength(1);
  return { sheet: book.worksheets[0], headers: res.headers };
}

/** The row whose cell in `column` (1-based) is `value`. */
function rowWith(sheet: ExcelJS.Worksheet, column: number, value: unknown): ExcelJS.Row {
  for (let i = 2; i <= sheet.rowCount; i++) if (sheet.getRow(i).getCell(column).value === value) return sheet.getRow(i);
  throw new Error(`no row with ${String(value)} in column ${column}`);
}

function expectMoney(cell: ExcelJS.Cell, pesos: number): void {
  expect(typeof cell.value).toBe('number');
  expect(cell.value).toBe(pesos);
  expect(cell.numFmt).toBe('#,##0.00');
}

const headerOf = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1);

async function csv(path: string): Promise<string[][]> {
  const res = await download(path);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const text = res.body.toString('utf8');
  expect(text.charCodeAt(0)).not.toBe(0xfeff);
  expect(text.endsWith('\r\n')).toBe(true);
  return parse(text, { relax_column_count: false });
}

describe('trial balance', () => {
  it('XLSX: Spanish header, frozen; amounts as numbers with two decimals; the totals in bold', async () => {
    const { sheet, headers } = await workbook(`/accounting/reports/trial-balance/export/?${PERIOD}`);
    expect(headers.get('content-disposition')).toBe('attachment; filename=balance-sumas-y-saldos-2026-01-01-2026-03-31.xlsx');
    expect(headerOf(sheet)).toEqual(['Cuenta', 'Nombre', 'Saldo inicial deudor', 'Saldo inicial acreedor', 'Debe', 'Haber', 'Saldo deudor', 'Saldo acreedor']);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const bank = rowWith(sheet, 1, CODES.bank);
    expectMoney(bank.getCell(3), 100000);
    expectMoney(bank.getCell(5), 50000);
    expectMoney(bank.getCell(6), 23000);
    expectMoney(bank.getCell(7), 127000);
    const cash = rowWith(sheet, 1, CODES.cash);
    expectMoney(cash.getCell(5), 18650);
    expectMoney(cash.getCell(6), 10500);
    const totals = rowWith(sheet, 2, 'Totales');
    expect(totals.number).toBe(sheet.rowCount);
    expectMoney(totals.getCell(3), 100000);
    expectMoney(totals.getCell(4), 100000);
    expectMoney(totals.getCell(5), 128200);
    expectMoney(totals.getCell(6), 128200);
    expectMoney(totals.getCell(7), 188150);
    expectMoney(totals.getCell(8), 188150);
    expect(totals.getCell(5).font?.bold).toBe(true);
  });

  it('CSV: RFC 4180 with comma and decimal point, the same figures', async () => {
    const rows = await csv(`/accounting/reports/trial-balance/export/?format=csv&${PERIOD}`);
    expect(rows[0]).toEqual(['Cuenta', 'Nombre', 'Saldo inicial deudor', 'Saldo inicial acreedor', 'Debe', 'Haber', 'Saldo deudor', 'Saldo acreedor']);
    const bank = rows.find((row) => row[0] === CODES.bank);
    expect(bank?.slice(2)).toEqual(['100000.00', '0.00', '50000.00', '23000.00', '127000.00', '0.00']);
    expect(rows.at(-1)).toEqual(['', 'Totales', '100000.00', '100000.00', '128200.00', '128200.00', '188150.00', '188150.00']);
  });

  it('a format other than csv or xlsx is a 400 naming it; JSON stays on the report’s own route', async () => {
    const res = await gw.rest('GET', `/accounting/reports/trial-balance/export/?format=pdf&${PERIOD}`, { key });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'BAD_USER_INPUT', details: [{ path: 'format', message: 'one of xlsx, csv' }] });
    const json = await gw.rest('GET', `/accounting/reports/trial-balance/?${PERIOD}`, { key });
    expect(json.status).toBe(200);
    expect(json.body.data.totals).toMatchObject({ debit: 128200, credit: 128200 });
  });
});

describe('statements', () => {
  it('income statement: revenue 15.000, expenses 3.000, result 12.000', async () => {
    const { sheet, headers } = await workbook(`/accounting/reports/income-statement/export/?${PERIOD}`);
    expect(headers.get('content-disposition')).toContain('estado-de-resultados-2026-01-01-2026-03-31.xlsx');
    expect(headerOf(sheet)).toEqual(['Sección', 'Cuenta', 'Nombre', 'Importe']);
    expectMoney(rowWith(sheet, 3, 'Total ingresos').getCell(4), 15000);
    expectMoney(rowWith(sheet, 3, 'Total egresos').getCell(4), 3000);
    expectMoney(rowWith(sheet, 3, 'Resultado del período').getCell(4), 12000);
  });

  it('balance sheet at 2026-03-31: assets 185.150 = liabilities 73.150 + equity 100.000 + result 12.000', async () => {
    const { sheet } = await workbook('/accounting/reports/balance-sheet/export/?to=2026-03-31');
    expectMoney(rowWith(sheet, 3, 'Total activo').getCell(4), 185150);
    expectMoney(rowWith(sheet, 3, 'Total pasivo').getCell(4), 73150);
    expectMoney(rowWith(sheet, 3, 'Total patrimonio neto').getCell(4), 100000);
    expectMoney(rowWith(sheet, 3, 'Resultado no asignado').getCell(4), 12000);
    expectMoney(rowWith(sheet, 3, 'Pasivo + patrimonio neto + resultado').getCell(4), 185150);
  });

  it('cash flow: opening 100.000, financing 40.000, net 35.150, closing 135.150', async () => {
    const rows = await csv(`/accounting/reports/cash-flow/export/?format=csv&${PERIOD}`);
    expect(rows[0]).toEqual(['Sección', 'Cuenta', 'Nombre', 'Importe']);
    const named = (name: string) => rows.find((row) => row[2] === name)?.[3];
    expect(named('Efectivo al inicio')).toBe('100000.00');
    expect(named('Total actividades de financiación')).toBe('40000.00');
    expect(named('Total actividades de inversión')).toBe('-20000.00');
    expect(named('Variación neta')).toBe('35150.00');
    expect(named('Efectivo al cierre')).toBe('135150.00');
  });
});

describe('ledgers and journal', () => {
  it('the Mayor of the bank: opening 100.000, its three lines with dates as dates and the running balance, totals', async () => {
    const { sheet, headers } = await workbook(`/accounting/reports/account-ledger/${CODES.bank}/export/?${PERIOD}`);
    expect(headers.get('content-disposition')).toContain(`mayor-${CODES.bank}-2026-01-01-2026-03-31.xlsx`);
    expect(headerOf(sheet)).toEqual(['Cuenta', 'Nombre', 'Fecha', 'Asiento', 'Descripción', 'Debe', 'Haber', 'Saldo']);
    expectMoney(rowWith(sheet, 5, 'Saldo inicial').getCell(8), 100000);
    const rent = sheet.getRow(3);
    expect(rent.getCell(3).value).toEqual(new Date(Date.UTC(2026, 0, 15)));
    expect(rent.getCell(3).numFmt).toBe('dd/mm/yyyy');
    expectMoney(rent.getCell(7), 3000);
    expectMoney(rent.getCell(8), 97000);
    // 2026-02-01 Rodados −20.000, 02-10 Préstamo +40.000, 02-20 Depósito +10.000.
    expect([4, 5, 6].map((i) => sheet.getRow(i).getCell(8).value)).toEqual([77000, 117000, 127000]);
    const totals = rowWith(sheet, 5, 'Totales y saldo final');
    expectMoney(totals.getCell(6), 50000);
    expectMoney(totals.getCell(7), 23000);
    expectMoney(totals.getCell(8), 127000);
  });

  it('the Libro Mayor reads every page of the report: each account once, opened and closed', async () => {
    const rows = await csv(`/accounting/reports/general-ledger/export/?format=csv&${PERIOD}`);
    const opened = rows.filter((row) => row[4] === 'Saldo inicial').map((row) => row[0]);
    expect(opened).toEqual([CODES.cash, CODES.bank, CODES.customers, CODES.vehicles, CODES.suppliers, CODES.loans, CODES.vatOut, CODES.sales, CODES.rent]);
    const closing = rows.filter((row) => row[4] === 'Totales y saldo final').map((row) => [row[0], row[5], row[6], row[7]]);
    expect(closing).toContainEqual([CODES.cash, '18650.00', '10500.00', '8150.00']);
    expect(closing).toContainEqual([CODES.sales, '0.00', '15000.00', '15000.00']);
  });

  it('the Libro Diario of 2026-02-01: the entry’s three lines and the day’s totals', async () => {
    const { sheet, headers } = await workbook('/accounting/reports/daily-journal/2026-02-01/export/');
    expect(headers.get('content-disposition')).toContain('libro-diario-2026-02-01.xlsx');
    expect(headerOf(sheet)).toEqual(['Fecha', 'Asiento', 'Concepto', 'Cuenta', 'Nombre', 'Detalle', 'Debe', 'Haber']);
    expect(sheet.rowCount).toBe(5);
    expect([2, 3, 4].map((i) => sheet.getRow(i).getCell(4).value)).toEqual([CODES.vehicles, CODES.bank, CODES.suppliers]);
    expectMoney(sheet.getRow(2).getCell(7), 50000);
    expectMoney(sheet.getRow(4).getCell(8), 30000);
    expect(sheet.getRow(2).getCell(1).value).toEqual(new Date(Date.UTC(2026, 1, 1)));
    expectMoney(sheet.getRow(5).getCell(7), 50000);
    expectMoney(sheet.getRow(5).getCell(8), 50000);
  });
});

describe('VAT book', () => {
  it('XLSX: the month’s lines in date order, amounts per rate, the totals with the credit note subtracted', async () => {
    const { sheet, headers } = await workbook('/iva/books/2026-03-purchases/entries/export/');
    expect(headers.get('content-disposition')).toBe('attachment; filename=libro-iva-compras-2026-03.xlsx');
    const header = headerOf(sheet) as string[];
    expect(header.slice(0, 10)).toEqual([
      'Fecha',
      'Tipo de comprobante',
      'Punto de venta',
      'Número desde',
      'Número hasta',
      'Tipo de documento',
      'Número de documento',
      'Razón social',
      'Moneda',
      'Neto gravado',
    ]);
    const column = (name: string) => header.indexOf(name) + 1;
    expect(column('IVA 21 %')).toBeGreaterThan(0);
    expect(column('IVA 10,5 %')).toBeGreaterThan(0);
    expect(sheet.rowCount).toBe(5);
    const [first, second, credit, totals] = [2, 3, 4, 5].map((i) => sheet.getRow(i));
    expect(first.getCell(1).value).toEqual(new Date(Date.UTC(2026, 2, 2)));
    expect(second.getCell(8).value).toBe('Ferretería Ñandú SA');
    expectMoney(second.getCell(column('Neto gravado')), 2000);
    expectMoney(second.getCell(column('IVA 10,5 %')), 210);
    expectMoney(second.getCell(column('No gravado')), 0.05);
    expectMoney(second.getCell(column('Total')), 2210.05);
    expect(credit.getCell(2).value).toBe(3);
    expectMoney(totals.getCell(column('Neto gravado')), 2900);
    expectMoney(totals.getCell(column('IVA 21 %')), 189);
    expectMoney(totals.getCell(column('IVA 10,5 %')), 210);
    expectMoney(totals.getCell(column('No gravado')), 0.05);
    expectMoney(totals.getCell(column('Total')), 3299.05);
  });

  it('CSV: the same lines and totals, dates as YYYY-MM-DD', async () => {
    const rows = await csv('/iva/books/2026-03-purchases/entries/export/?format=csv');
    const header = rows[0];
    expect(rows).toHaveLength(5);
    expect(rows[2][header.indexOf('Total')]).toBe('2210.05');
    expect(rows[4][header.indexOf('Total')]).toBe('3299.05');
    expect(rows[1][0]).toBe('2026-03-02');
  });

  it('another account’s book reads as empty (its lines never leave); a bad book id is a 404', async () => {
    const { sheet } = await workbook('/iva/books/2026-03-purchases/entries/export/', otherKey);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(8).value).toBe('Totales (notas de crédito restan)');
    expect((await gw.rest('GET', '/iva/books/nonsense/entries/export/', { key })).status).toBe(404);
  });
});

describe('another account', () => {
  it('reads an unknown account code as not found; its trial balance holds none of the first account’s figures', async () => {
    const unknown = await gw.rest('GET', `/accounting/reports/account-ledger/${CODES.bank}/export/?${PERIOD}`, { key: otherKey });
    expect(unknown.status).toBe(404);
    const rows = await (async () => {
      const res = await download(`/accounting/reports/trial-balance/export/?format=csv&${PERIOD}`, otherKey);
      return parse(res.body.toString('utf8')) as string[][];
    })();
    expect(rows.at(-1)).toEqual(['', 'Totales', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00']);
  });
});

describe('signed download links', () => {
  const SIGN = 'query($path: String!) { downloadUrl(path: $path) { url expiresAt } }';
  const sign = async (path: string, callerKey = key) => gw.gql(SIGN, { path }, { key: callerKey });
  const open = (url: string) => fetch(`${gw.url}${url}`);

  it('open the download without any header until they expire; the signed query is the one served', async () => {
    gw.clock.now = new Date('2026-04-15T12:00:00Z');
    const res = await sign('/api/v1/iva/books/2026-03-purchases/entries/export/?format=csv');
    expect(res.body.errors).toBeUndefined();
    const { url, expiresAt } = res.body.data.downloadUrl;
    expect(expiresAt).toBe('2026-04-15T12:05:00.000Z');
    expect(url).toMatch(
      /^\/api\/v1\/iva\/books\/2026-03-purchases\/entries\/export\/\?format=csv&x-account=[0-9a-f]{24}&x-scope=accounting:read&x-expires=\d+&x-signature=[\w-]{43}$/,
    );
    const opened = await open(url);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-disposition')).toBe('attachment; filename=libro-iva-compras-2026-03.csv');
    const rows = parse(await opened.text()) as string[][];
    expect(rows).toHaveLength(5);
    expect(rows[2][7]).toBe('Ferretería Ñandú SA');
    gw.clock.now = new Date('2026-04-15T12:04:59Z');
    expect((await open(url)).status).toBe(200);
    gw.clock.now = new Date('2026-04-15T12:05:00Z');
    const late = await open(url);
    expect(late.status).toBe(401);
    expect(await late.json()).toMatchObject({ success: false, error: { code: 'LINK_EXPIRED' } });
    gw.clock.now = new Date('2026-04-15T12:00:00Z');
  });

  it('altered in its query, path, account, scope, expiry or signature: 403 LINK_INVALID', async () => {
    const { url } = (await sign('/api/v1/iva/books/2026-03-purchases/entries/export/?format=csv')).body.data.downloadUrl as { url: string };
    const signature = url.slice(-43);
    const other = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const altered = [
      url.replace('format=csv', 'format=xlsx'),
      url.replace('2026-03-purchases', '2026-03-sales'),
      url.replace(/x-account=[0-9a-f]{24}/, 'x-account=0123456789abcdef01234567'),
      url.replace('x-scope=accounting:read', 'x-scope=accounting:write'),
      url.replace(/x-expires=(\d+)/, (_all, seconds) => `x-expires=${Number(seconds) + 3600}`),
      url.replace(signature, other),
      url.replace('/export/?', '/export/?limit=5&'),
      `${url}&format=xlsx`,
    ];
    for (const link of altered) {
      const res = await open(link);
      expect({ link, status: res.status }).toEqual({ link, status: 403 });
      expect((await res.json()).error.code).toBe('LINK_INVALID');
    }
  });

  it('is signed only for a download route the caller’s scopes open', async () => {
    const notDownload = await sign('/api/v1/accounting/reports/trial-balance/');
    expect(notDownload.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const { key: notesOnly } = await gw.account(['delivery_notes:read']);
    const forbidden = await sign('/api/v1/accounting/reports/trial-balance/export/', notesOnly);
    expect(forbidden.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const anonymous = await gw.gql(SIGN, { path: '/api/v1/accounting/reports/trial-balance/export/' });
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('another account’s link reads that account’s data only: the first account’s book lines never show', async () => {
    const { url } = (await sign('/api/v1/iva/books/2026-03-purchases/entries/export/?format=csv', otherKey)).body.data.downloadUrl as { url: string };
    const opened = await open(url);
    expect(opened.status).toBe(200);
    const rows = parse(await opened.text()) as string[][];
    expect(rows).toHaveLength(2);
    expect(rows[1][7]).toBe('Totales (notas de crédito restan)');
  });
});
