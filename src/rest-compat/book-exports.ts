import { CREDIT_NOTE_TYPES, IVA_RATES } from '../domain/iva/codes';
import { entriesInOrder } from '../domain/iva/books';
import type { IvaEntryDocument } from '../domain/iva/iva.stored';
import { MAX_LIMIT } from '../domain/withholdings/lists';
import type { ExportColumn, ExportRow } from './export-files';
import { cents, exportOf } from './export-route';
import { IVA_ROUTES } from './iva.routes';
import type { RestRoute } from './route';
import { WITHHOLDING_ROUTES } from './withholdings.routes';

/**
 * The VAT books and the withholdings as spreadsheets (docs/exports.md). A book's lines come from a cursor of the
 * store (a month may hold a million); the operation run first checks the scope and the book id, as the JSON list does.
 */

type Row = Record<string, unknown>;

const find = (routes: RestRoute[], method: string, path: string): RestRoute => {
  const route = routes.find((candidate) => candidate.method === method && candidate.path === path);
  if (!route) throw new Error(`no route ${method} ${path}`);
  return route;
};

const text = (header: string, width?: number): ExportColumn => ({ header, kind: 'text', width });
const money = (header: string): ExportColumn => ({ header, kind: 'money' });
const whole = (header: string): ExportColumn => ({ header, kind: 'integer' });

/** `21 %`, `10,5 %`: the rate as an Argentine reads it. */
const rateLabel = (rate: number) => `${String(rate).replace('.', ',')} %`;
/** The book's rates from the highest, as the Libro IVA Digital lists them. */
const RATES = [...IVA_RATES].filter((rate) => rate > 0).sort((a, b) => b - a);

const VAT_AMOUNTS: Array<[string, (entry: IvaEntryDocument) => number]> = [
  ['Neto gravado', (entry) => entry.vat_lines.reduce((sum, line) => sum + line.base_cents, 0)],
  ...RATES.map((rate): [string, (entry: IvaEntryDocument) => number] => [
    `IVA ${rateLabel(rate)}`,
    (entry) => entry.vat_lines.filter((line) => line.rate === rate).reduce((sum, line) => sum + line.vat_cents, 0),
  ]),
  ['No gravado', (entry) => entry.untaxed_cents],
  ['Exento', (entry) => entry.exempt_cents],
  ['Percepciones de IVA', (entry) => entry.vat_perception_cents],
  ['Percepciones nacionales', (entry) => entry.national_perception_cents],
  ['Percepciones de IIBB', (entry) => entry.gross_income_perception_cents],
  ['Percepciones municipales', (entry) => entry.municipal_perception_cents],
  ['Impuestos internos', (entry) => entry.internal_taxes_cents],
  ['Otros tributos', (entry) => entry.other_taxes_cents],
  ['Total', (entry) => entry.total_cents],
];

const BOOK_NAMES = { purchases: 'compras', sales: 'ventas' } as const;
const bookName = (bookId: string) => {
  const [year, month, type] = bookId.split('-');
  return `libro-iva-${BOOK_NAMES[type as keyof typeof BOOK_NAMES] ?? type}-${year}-${month}`;
};

const VAT_BOOK = exportOf(find(IVA_ROUTES, 'get', '/iva/books/{book_id}/entries/'), {
  title:
    'A month’s VAT book (book_id YYYY-MM-purchases or YYYY-MM-sales), every line in date order with its amounts per rate, and the totals (credit notes subtract)',
  example: 'libro-iva-compras-2025-03',
  sheet: 'Libro IVA',
  // Checks the scope and the book id, and reads nothing but the book's count; the lines come from the cursor.
  variables: () => ({ first: 1, offset: 0 }),
  columns: [
    { header: 'Fecha', kind: 'date' },
    whole('Tipo de comprobante'),
    whole('Punto de venta'),
    whole('Número desde'),
    whole('Número hasta'),
    whole('Tipo de documento'),
    text('Número de documento', 16),
    text('Razón social', 36),
    text('Moneda', 8),
    ...VAT_AMOUNTS.map(([header]) => money(header)),
    text('Observaciones', 30),
  ],
  fileName: (_data, input) => bookName(input.params.book_id),
  async *rows(_data, { input, context }) {
    const totals = VAT_AMOUNTS.map(() => 0);
    for await (const entry of entriesInOrder(context, input.params.book_id)) {
      const amounts = VAT_AMOUNTS.map(([, of]) => of(entry));
      const sign = CREDIT_NOTE_TYPES.has(entry.voucher_type) ? -1 : 1;
      amounts.forEach((amount, i) => {
        totals[i] += sign * amount;
      });
      yield {
        cells: [
          entry.date,
          entry.voucher_type,
          entry.sale_point,
          entry.voucher_number,
          entry.voucher_number_to,
          entry.document_type,
          entry.document_number,
          entry.counterpart_name,
          entry.currency,
          ...amounts,
          entry.review_reason ?? '',
        ],
      };
    }
    yield { cells: [null, null, null, null, null, null, '', 'Totales (notas de crédito restan)', '', ...totals, ''], total: true };
  },
});

const WITHHOLDINGS = exportOf(find(WITHHOLDING_ROUTES, 'get', '/accounting/retenciones-percepciones/retenciones/'), {
  title: 'The recorded withholdings, newest first, by month, supplier or tax',
  example: 'retenciones-2025-03',
  sheet: 'Retenciones',
  variables: () => ({ page: 1, limit: MAX_LIMIT }),
  pageSize: MAX_LIMIT,
  columns: [
    { header: 'Fecha', kind: 'date' },
    text('Período', 8),
    text('Proveedor', 32),
    text('CUIT', 13),
    text('Impuesto', 10),
    text('Régimen', 8),
    text('Descripción', 36),
    text('Orden de pago', 14),
    money('Base sujeta a retención'),
    { header: 'Alícuota %', kind: 'text', width: 10 },
    money('Importe retenido'),
    whole('Certificado'),
  ],
  fileName: (_data, input) => `retenciones-${typeof input.query.period === 'string' && input.query.period ? input.query.period : 'todas'}`,
  async *rows(data, source) {
    let page = data.withholdings as { items: Row[]; total: number };
    let number = 1;
    let total = 0;
    for (;;) {
      for (const item of page.items) {
        const amount = cents(item.amount) ?? 0;
        total += amount;
        yield {
          cells: [
            item.date,
            item.period,
            item.supplier_name,
            item.supplier_cuit,
            item.tax,
            item.regime_code,
            item.regime_description,
            item.payment_id,
            cents(item.taxable),
            item.rate === null || item.rate === undefined ? '' : String(item.rate).replace('.', ','),
            amount,
            item.certificate_number,
          ],
        } as ExportRow;
      }
      if (number * MAX_LIMIT >= page.total || page.items.length === 0) break;
      number += 1;
      page = (await source.more({ ...source.variables, page: number })).withholdings as typeof page;
    }
    yield { cells: [null, '', 'Total retenido', '', '', '', '', '', null, '', total, null], total: true };
  },
});

export const BOOK_EXPORT_ROUTES: RestRoute[] = [VAT_BOOK, WITHHOLDINGS];
