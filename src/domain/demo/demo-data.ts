import { Readable } from 'node:stream';
import type { IssuedVoucherDocument } from '../../store/issued-vouchers.store';
import type { ReceivedInvoiceDocument } from '../../store/received-invoices.store';
import { requirePrincipal, type RequestContext } from '../context';
import { seedDefaultChart } from '../accounting/chart';
import type { FiscalDeadlineDocument } from '../accounting/fiscal-calendar/deadline-document';
import { completeDeadline, seedDeadlines } from '../accounting/fiscal-calendar/deadlines';
import { postReceivedInvoice } from '../accounting/posting/post-received-invoice';
import { argentineDay } from '../dates';
import { recordEvent } from '../fce/events';
import { importIssuedVouchers } from '../issued-vouchers/issued-vouchers.import';
import { DIRECTIONS } from '../mis-comprobantes/layout';
import { importReceivedInvoices } from '../received-invoices/received-invoices.import';
import { ignoreReceivedInvoice } from '../received-invoices/received-invoices.service';
import { products } from '../products/products.service';
import { suppliers } from '../suppliers/suppliers.service';

/**
 * The demo account's small data set, written through the domain functions as a user's requests would: its suppliers,
 * three months of received invoices (the older ones posted to the journal, one ignored, the current month's still
 * pending), FCE vouchers issued to two customers (accepted, rejected, accepted tacitly, waiting), and the year's
 * ARCA deadlines (those due over three weeks ago done), and two products in stock. Every name says DEMO. Dates are relative to `now`, so the dashboard's months have something in them.
 */

const SUPPLIERS = [
  { name: 'DEMO Papelera del Sur SA', taxId: '30715551248' },
  { name: 'DEMO Construcciones Ñandú SA', taxId: '30708884444' },
  { name: 'DEMO Transporte Andino SRL', taxId: '30700000091' },
  { name: 'DEMO Servicios Informáticos SA', taxId: '30690000012' },
] as const;

const CUSTOMERS = [
  { name: 'DEMO Supermercados Norte SA', taxId: '30710000014' },
  { name: 'DEMO Frigorífico Pampa SA', taxId: '30710000022' },
] as const;

/** As the domain takes them: the price in centavos, the stock in thousandths. */
const PRODUCTS = [
  { name: 'DEMO Resma A4 75 g', sku: 'DEMO-RES-A4', price: 845_050, stock: 120_000 },
  { name: 'DEMO Tóner negro', sku: 'DEMO-TONER', price: 5_630_000, stock: 14_000 },
] as const;

/** The demo's files are written as the portal writes its current (G3) exports. */
const RECEIVED_HEADER = DIRECTIONS.received.expected;
const ISSUED_HEADER = DIRECTIONS.issued.expected;

/** Centavos as the export writes them: decimal comma, no thousands separator. */
const amount = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** The amount columns of a voucher taxed at 21 % on `netCents`. */
function amountsAt21(netCents: number): string[] {
  const vat = Math.round(netCents * 0.21);
  return [
    '1,00',
    '$',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    amount(vat),
    amount(netCents),
    '',
    '',
    amount(netCents),
    '0,00',
    '0,00',
    '0,00',
    amount(vat),
    amount(netCents + vat),
  ];
}

const csv = (header: string[], rows: string[][]) => `${[header.map((title) => `"${title}"`), ...rows].map((row) => row.join(';')).join('\n')}\n`;

function file(filename: string, text: string) {
  return { filename, createReadStream: () => Readable.from([Buffer.from(text)]) };
}

/** The Argentine day `days` before `today` (YYYY-MM-DD). */
function daysBefore(today: string, days: number): string {
  return new Date(Date.parse(`${today}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** The `day`th of the month `back` months before `today`'s (clamped to the 28th, which every month has). */
function dayOfMonthBefore(today: string, back: number, day: number): string {
  const [year, month] = today.split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 1 - back, 1));
  return `${first.toISOString().slice(0, 7)}-${String(Math.min(day, 28)).padStart(2, '0')}`;
}

export interface DemoDataSummary {
  suppliers: number;
  receivedInvoices: number;
  journalEntries: number;
  fceVouchers: number;
  deadlines: number;
  products: number;
}

export async function seedDemoData(context: RequestContext, accountCuit: string): Promise<DemoDataSummary> {
  const today = argentineDay(context.now());
  await seedDefaultChart(context);
  for (const supplier of SUPPLIERS) await suppliers.create(context, { name: supplier.name, taxId: supplier.taxId });

  // Three months of purchases: four invoices a month, one per supplier; the current month's only up to today.
  const received: string[][] = [];
  for (let back = 2; back >= 0; back--)
    SUPPLIERS.forEach((supplier, index) => {
      const issued = back === 0 ? daysBefore(today, index) : dayOfMonthBefore(today, back, 3 + index * 6);
      const number = 1000 + back * 10 + index;
      const net = 125_000_000 + index * 87_345_000 + back * 21_230_000;
      received.push([
        issued,
        '1',
        String(index + 2),
        String(number),
        String(number),
        `7548123450${number}`,
        '80',
        supplier.taxId,
        supplier.name,
        '80',
        accountCuit,
        ...amountsAt21(net),
      ]);
    });
  const receivedImport = await importReceivedInvoices(context, file('demo-mis-comprobantes-recibidos.csv', csv(RECEIVED_HEADER, received)));

  // The two older months are in the books (each invoice posted to its purchase entry), but for one left pending and
  // one ignored; the current month waits for the accountant.
  const accountId = requirePrincipal(context).accountId;
  const older = await context.store
    .collection<ReceivedInvoiceDocument>('received_invoices')
    .find({ account_id: accountId, issue_date: { $lt: new Date(`${dayOfMonthBefore(today, 0, 1)}T03:00:00.000Z`) } }, { sort: { issue_date: 1 } })
    .toArray();
  let posted = 0;
  for (const [index, invoice] of older.entries()) {
    if (index === older.length - 1) continue;
    if (index === older.length - 2) await ignoreReceivedInvoice(context, invoice._id.toHexString());
    else {
      await postReceivedInvoice(context, invoice._id.toHexString());
      posted++;
    }
  }

  // FCE MiPyME A (201) issued in the last weeks: one past its 15-day term (accepted tacitly), one accepted, one
  // rejected, and two still within their term.
  const issued = [20, 12, 9, 5, 2].map((ago, index) => {
    const customer = CUSTOMERS[index % CUSTOMERS.length];
    const number = 500 + index;
    return [
      daysBefore(today, ago),
      '201',
      '5',
      String(number),
      String(number),
      `7548999990${number}`,
      '80',
      customer.taxId,
      customer.name,
      ...amountsAt21(250_000_000 + index * 12_345_600),
    ];
  });
  const issuedImport = await importIssuedVouchers(context, file('demo-mis-comprobantes-emitidos.csv', csv(ISSUED_HEADER, issued)));
  const [accepted, rejected] = await context.store
    .collection<IssuedVoucherDocument>('issued_vouchers')
    .find({ account_id: accountId, voucher_type: 201, voucher_number: { $in: [501, 502] } }, { sort: { voucher_number: 1 } })
    .toArray();
  await recordEvent(context, accepted._id.toHexString(), { event_type: 'accepted', payload: { note: 'DEMO: aceptada por el cliente' } });
  await recordEvent(context, rejected._id.toHexString(), { event_type: 'rejected', payload: { note: 'DEMO: rechazada por diferencia de precio' } });

  for (const product of PRODUCTS) await products.create(context, product);

  // The year's deadlines, done up to three weeks ago: the calendar shows a few overdue ones and the next ones.
  const deadlines = await seedDeadlines(context, Number(today.slice(0, 4)), undefined);
  const past = await context.store
    .collection<FiscalDeadlineDocument>('fiscal_deadlines')
    .find({ account_id: accountId, status: 'pending', due_date: { $lt: daysBefore(today, 21) } })
    .toArray();
  for (const deadline of past) await completeDeadline(context, deadline._id.toHexString());
  return {
    suppliers: SUPPLIERS.length,
    receivedInvoices: receivedImport.rows_imported,
    journalEntries: posted,
    fceVouchers: issuedImport.rows_imported,
    deadlines: deadlines.seeded,
    products: PRODUCTS.length,
  };
}
