import { MAX_PAGE_SIZE } from '../domain/pagination';
import { ACCOUNTING_REPORT_ROUTES } from './accounting-reports.routes';
import type { ExportColumn, ExportRow } from './export-files';
import { cents, exportOf } from './export-route';
import type { ExportSource, RestRoute } from './route';

/**
 * The accounting reports as spreadsheets (docs/exports.md): each the JSON report's operation, its pages read one
 * after the other (`MAX_PAGE_SIZE` lines each, on the report's own cursor) and written as they come.
 */

type Row = Record<string, unknown>;
type Section = { total: number; items: Row[] };

const base = (path: string): RestRoute => {
  const route = ACCOUNTING_REPORT_ROUTES.find((candidate) => candidate.path === `/accounting/reports/${path}`);
  if (!route) throw new Error(`no report at ${path}`);
  return route;
};

const text = (header: string, width?: number): ExportColumn => ({ header, kind: 'text', width });
const money = (header: string): ExportColumn => ({ header, kind: 'money' });
const ACCOUNT = [text('Cuenta', 16), text('Nombre', 36)];

const TRIAL_BALANCE_FIGURES = ['opening_debit', 'opening_credit', 'debit', 'credit', 'closing_debit', 'closing_credit'];

const TRIAL_BALANCE = exportOf(base('trial-balance/'), {
  title: 'Balance de Sumas y Saldos',
  example: 'balance-sumas-y-saldos-2025-01-01-2025-03-31',
  sheet: 'Sumas y saldos',
  columns: [
    ...ACCOUNT,
    money('Saldo inicial deudor'),
    money('Saldo inicial acreedor'),
    money('Debe'),
    money('Haber'),
    money('Saldo deudor'),
    money('Saldo acreedor'),
  ],
  fileName: (data) => {
    const report = data.trialBalance as Row;
    return `balance-sumas-y-saldos-${report.from}-${report.to}`;
  },
  async *rows(data) {
    const report = data.trialBalance as { items: Row[]; totals: Row };
    for (const item of report.items) yield { cells: [item.code, item.name, ...TRIAL_BALANCE_FIGURES.map((name) => cents(item[name]))] } as ExportRow;
    yield { cells: ['', 'Totales', ...TRIAL_BALANCE_FIGURES.map((name) => cents(report.totals[name]))], total: true };
  },
});

const STATEMENT_COLUMNS = [text('Sección', 22), ...ACCOUNT, money('Importe')];

/** A statement's section: its accounts, then its total in bold. */
function* sectionRows(title: string, section: Section): Generator<ExportRow> {
  for (const item of section.items) yield { cells: [title, item.code, item.name, cents(item.amount)] };
  yield { cells: [title, '', `Total ${title.toLowerCase()}`, cents(section.total)], total: true };
}

const INCOME_STATEMENT = exportOf(base('income-statement/'), {
  title: 'Estado de Resultados',
  example: 'estado-de-resultados-2025-01-01-2025-03-31',
  sheet: 'Estado de resultados',
  columns: STATEMENT_COLUMNS,
  fileName: (data) => {
    const report = data.incomeStatement as Row;
    return `estado-de-resultados-${report.from}-${report.to}`;
  },
  async *rows(data) {
    const report = data.incomeStatement as { revenue: Section; expenses: Section; result: number };
    yield* sectionRows('Ingresos', report.revenue);
    yield* sectionRows('Egresos', report.expenses);
    yield { cells: ['Resultado', '', 'Resultado del período', cents(report.result)], total: true };
  },
});

const BALANCE_SHEET = exportOf(base('balance-sheet/'), {
  title: 'Estado de Situación Patrimonial',
  example: 'estado-de-situacion-patrimonial-2025-03-31',
  sheet: 'Situación patrimonial',
  columns: STATEMENT_COLUMNS,
  fileName: (data) => `estado-de-situacion-patrimonial-${(data.balanceSheet as Row).as_of}`,
  async *rows(data) {
    const report = data.balanceSheet as { assets: Section; liabilities: Section; equity: Section; unclosed_result: number; liabilities_and_equity: number };
    yield* sectionRows('Activo', report.assets);
    yield* sectionRows('Pasivo', report.liabilities);
    yield* sectionRows('Patrimonio neto', report.equity);
    yield { cells: ['Resultado', '', 'Resultado no asignado', cents(report.unclosed_result)] };
    yield { cells: ['Total', '', 'Pasivo + patrimonio neto + resultado', cents(report.liabilities_and_equity)], total: true };
  },
});

const CASH_FLOW = exportOf(base('cash-flow/'), {
  title: 'Estado de Flujo de Efectivo',
  example: 'estado-de-flujo-de-efectivo-2025-01-01-2025-03-31',
  sheet: 'Flujo de efectivo',
  columns: STATEMENT_COLUMNS,
  fileName: (data) => {
    const report = data.cashFlow as Row;
    return `estado-de-flujo-de-efectivo-${report.from}-${report.to}`;
  },
  async *rows(data) {
    const report = data.cashFlow as Row & { operating: Section; investing: Section; financing: Section };
    yield { cells: ['Efectivo', report.cash_account, 'Efectivo al inicio', cents(report.opening_cash)], total: true };
    yield* sectionRows('Actividades operativas', report.operating);
    yield* sectionRows('Actividades de inversión', report.investing);
    yield* sectionRows('Actividades de financiación', report.financing);
    yield { cells: ['Efectivo', '', 'Variación neta', cents(report.net_change)], total: true };
    yield { cells: ['Efectivo', report.cash_account, 'Efectivo al cierre', cents(report.closing_cash)], total: true };
  },
});

const LEDGER_COLUMNS: ExportColumn[] = [
  ...ACCOUNT,
  { header: 'Fecha', kind: 'date' },
  { header: 'Asiento', kind: 'integer' },
  text('Descripción', 40),
  money('Debe'),
  money('Haber'),
  money('Saldo'),
];

/**
 * The lines of ledger sections page after page: an account's opening balance before its first line, its totals
 * after its last (the sections' figures are the whole period's, whichever page carries them).
 */
async function* ledgerRows(first: Row, source: ExportSource, sectionsOf: (page: Row) => Row[]): AsyncGenerator<ExportRow> {
  let page = first;
  let open: Row | undefined;
  const close = (section: Row): ExportRow => ({
    cells: [
      section.code,
      section.name,
      null,
      null,
      'Totales y saldo final',
      cents(section.total_debit),
      cents(section.total_credit),
      cents(section.closing_balance),
    ],
    total: true,
  });
  for (;;) {
    for (const section of sectionsOf(page)) {
      if (open?.code !== section.code) {
        if (open) yield close(open);
        open = section;
        yield { cells: [section.code, section.name, null, null, 'Saldo inicial', null, null, cents(section.opening_balance)] };
      }
      for (const line of section.lines as Row[]) {
        const description = line.description ? `${line.entry_description} — ${line.description}` : line.entry_description;
        yield { cells: [section.code, section.name, line.date, line.number, description, cents(line.debit), cents(line.credit), cents(line.balance)] };
      }
    }
    const report = Object.values(page)[0] as Row;
    if (!report.next_cursor) break;
    page = await source.more({ ...source.variables, after: report.next_cursor });
  }
  if (open) yield close(open);
}

/** The largest page the reports serve: the fewest runs of the operation. */
const ALL_PAGES = () => ({ first: MAX_PAGE_SIZE });

const GENERAL_LEDGER = exportOf(base('general-ledger/'), {
  title: 'Libro Mayor',
  example: 'libro-mayor-2025-01-01-2025-03-31',
  sheet: 'Libro mayor',
  columns: LEDGER_COLUMNS,
  variables: ALL_PAGES,
  pageSize: MAX_PAGE_SIZE,
  fileName: (data) => {
    const report = data.generalLedger as Row;
    return `libro-mayor-${report.from}-${report.to}`;
  },
  rows: (data, source) => ledgerRows(data, source, (page) => (page.generalLedger as Row).accounts as Row[]),
});

const ACCOUNT_LEDGER = exportOf(base('account-ledger/{account_code}/'), {
  title: 'Mayor de una cuenta',
  example: 'mayor-1.1.1.01.001-2025-01-01-2025-03-31',
  sheet: 'Mayor',
  columns: LEDGER_COLUMNS,
  variables: ALL_PAGES,
  pageSize: MAX_PAGE_SIZE,
  fileName: (data) => {
    const report = data.accountLedger as Row & { account: Row };
    return `mayor-${report.account.code}-${report.from}-${report.to}`;
  },
  rows: (data, source) => ledgerRows(data, source, (page) => [(page.accountLedger as Row).account as Row]),
});

const DAILY_JOURNAL = exportOf(base('daily-journal/{date}/'), {
  title: 'Libro Diario of a day',
  example: 'libro-diario-2025-03-14',
  sheet: 'Libro diario',
  columns: [
    { header: 'Fecha', kind: 'date' },
    { header: 'Asiento', kind: 'integer' },
    text('Concepto', 36),
    ...ACCOUNT,
    text('Detalle', 30),
    money('Debe'),
    money('Haber'),
  ],
  variables: ALL_PAGES,
  pageSize: MAX_PAGE_SIZE,
  fileName: (data) => `libro-diario-${(data.dailyJournal as Row).date}`,
  async *rows(data, source) {
    let page = data.dailyJournal as Row & { entries: Array<Row & { lines: Row[] }> };
    const totals = { debit: page.total_debit, credit: page.total_credit };
    for (;;) {
      for (const entry of page.entries) {
        for (const line of entry.lines) {
          yield {
            cells: [entry.date, entry.number, entry.description, line.account_code, line.account_name, line.description, cents(line.debit), cents(line.credit)],
          };
        }
      }
      if (!page.next_cursor) break;
      page = (await source.more({ ...source.variables, after: page.next_cursor })).dailyJournal as typeof page;
    }
    yield { cells: [page.date, null, 'Totales del día', '', '', '', cents(totals.debit), cents(totals.credit)], total: true };
  },
});

export const ACCOUNTING_EXPORT_ROUTES: RestRoute[] = [TRIAL_BALANCE, INCOME_STATEMENT, BALANCE_SHEET, CASH_FLOW, GENERAL_LEDGER, ACCOUNT_LEDGER, DAILY_JOURNAL];
