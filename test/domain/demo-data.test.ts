import { createAccount } from '../../src/domain/auth/auth.admin';
import { declaredIndexes } from '../../src/domain/declarations';
import { seedDemoData } from '../../src/domain/demo/demo-data';
import { ensureIndexes } from '../../src/store/catalog';
import type { Store } from '../../src/store/store';
import { suiteDatabase } from '../support/database';
import { domainContext } from '../support/domain-context';

/**
 * The demo data set, written on 2026-11-28 at noon in Argentina: what it holds, dated from that day, each record
 * labelled DEMO and in the state the dashboard's screens are meant to show.
 */
const opened = suiteDatabase('demo-data', (store) => ensureIndexes(store.db, declaredIndexes()));
let store: Store;
const NOW = new Date('2026-11-28T12:00:00-03:00');
const CUIT = '30712345671';
let accountId: Awaited<ReturnType<typeof createAccount>>;
let summary: Awaited<ReturnType<typeof seedDemoData>>;
let other: typeof summary;

beforeAll(async () => {
  store = opened();
  accountId = await createAccount(store, { name: 'DEMO', cuit: CUIT });
  summary = await seedDemoData(domainContext(store, { accountId, now: () => NOW }), CUIT);
  // Another account's demo over the same store: each reads and changes its own records only.
  const otherId = await createAccount(store, { name: 'DEMO 2', cuit: '30710000030' });
  other = await seedDemoData(domainContext(store, { accountId: otherId, now: () => NOW }), '30710000030');
}, 60_000);

const day = (date: Date) => new Date(date.getTime() - 3 * 3600_000).toISOString().slice(0, 10);

it('answers what it wrote', () => {
  expect(summary).toEqual({ suppliers: 4, receivedInvoices: 12, journalEntries: 6, fceVouchers: 5, deadlines: 48, products: 2 });
  expect(other).toEqual(summary);
});

it('imports two Mis Comprobantes files named as demo files', async () => {
  const received = await store.collection('received_invoice_imports').find({ account_id: accountId }).toArray();
  const issued = await store.collection('issued_voucher_imports').find({ account_id: accountId }).toArray();
  expect(received.map((record) => [record.file_name, record.rows_imported])).toEqual([['demo-mis-comprobantes-recibidos.csv', 12]]);
  expect(issued.map((record) => [record.file_name, record.rows_imported])).toEqual([['demo-mis-comprobantes-emitidos.csv', 5]]);
});

it('four DEMO suppliers with their CUITs', async () => {
  const suppliers = await store
    .collection('suppliers')
    .find({ account_id: accountId }, { sort: { name: 1 } })
    .toArray();
  expect(suppliers.map((supplier) => [supplier.name, supplier.tax_id, supplier.status])).toEqual([
    ['DEMO Construcciones Ñandú SA', '30708884444', 'active'],
    ['DEMO Papelera del Sur SA', '30715551248', 'active'],
    ['DEMO Servicios Informáticos SA', '30690000012', 'active'],
    ['DEMO Transporte Andino SRL', '30700000091', 'active'],
  ]);
});

it('three months of received invoices at 21 %: the two older in the books but one pending and one ignored, this month pending', async () => {
  const invoices = await store
    .collection('received_invoices')
    .find({ account_id: accountId }, { sort: { issue_date: 1 } })
    .toArray();
  expect(
    invoices.map((invoice) => [
      day(invoice.issue_date),
      invoice.voucher_type,
      invoice.sale_point,
      invoice.voucher_number,
      invoice.supplier_cuit,
      invoice.status,
    ]),
  ).toEqual([
    ['2026-09-03', 1, 2, 1020, '30715551248', 'linked'],
    ['2026-09-09', 1, 3, 1021, '30708884444', 'linked'],
    ['2026-09-15', 1, 4, 1022, '30700000091', 'linked'],
    ['2026-09-21', 1, 5, 1023, '30690000012', 'linked'],
    ['2026-10-03', 1, 2, 1010, '30715551248', 'linked'],
    ['2026-10-09', 1, 3, 1011, '30708884444', 'linked'],
    ['2026-10-15', 1, 4, 1012, '30700000091', 'ignored'],
    ['2026-10-21', 1, 5, 1013, '30690000012', 'pending'],
    ['2026-11-25', 1, 5, 1003, '30690000012', 'pending'],
    ['2026-11-26', 1, 4, 1002, '30700000091', 'pending'],
    ['2026-11-27', 1, 3, 1001, '30708884444', 'pending'],
    ['2026-11-28', 1, 2, 1000, '30715551248', 'pending'],
  ]);
  // Net 1,250,000.00 plus 873,450.00 a supplier and 212,300.00 a month back; VAT 21 % of it.
  const first = invoices[0];
  expect([first.net_taxed_cents, first.iva_cents, first.total_amount_cents, first.cae]).toEqual([167_460_000, 35_166_600, 202_626_600, '75481234501020']);
  expect(invoices[1].net_taxed_cents).toBe(254_805_000);
  const last = invoices[11];
  expect([last.net_taxed_cents, last.iva_cents, last.total_amount_cents]).toEqual([125_000_000, 26_250_000, 151_250_000]);
});

it('each linked invoice has its posted purchase entry', async () => {
  const entries = await store
    .collection('journal_entries')
    .find({ account_id: accountId }, { sort: { number: 1 } })
    .toArray();
  expect(entries.map((entry) => [entry.number, entry.status, entry.date])).toEqual([
    [1, 'posted', '2026-09-03'],
    [2, 'posted', '2026-09-09'],
    [3, 'posted', '2026-09-15'],
    [4, 'posted', '2026-09-21'],
    [5, 'posted', '2026-10-03'],
    [6, 'posted', '2026-10-09'],
  ]);
  const linked = await store.collection('received_invoices').find({ account_id: accountId, status: 'linked' }).toArray();
  expect(linked.map((invoice) => invoice.linked_journal_entry_id).sort()).toEqual(entries.map((entry) => String(entry._id)).sort());
});

it('five FCE A issued in the last three weeks: accepted, rejected, and three pending (one past its term)', async () => {
  const issued = await store
    .collection('issued_vouchers')
    .find({ account_id: accountId }, { sort: { voucher_number: 1 } })
    .toArray();
  expect(issued.map((voucher) => [day(voucher.issue_date), voucher.voucher_type, voucher.voucher_number, voucher.receiver_doc, voucher.fce_status])).toEqual([
    ['2026-11-08', 201, 500, '30710000014', 'pending'],
    ['2026-11-16', 201, 501, '30710000022', 'accepted'],
    ['2026-11-19', 201, 502, '30710000014', 'rejected'],
    ['2026-11-23', 201, 503, '30710000022', 'pending'],
    ['2026-11-26', 201, 504, '30710000014', 'pending'],
  ]);
  expect(issued.map((voucher) => [voucher.total_amount_cents, voucher.cae])).toEqual([
    [302_500_000, '7548999990500'],
    [317_438_176, '7548999990501'],
    [332_376_352, '7548999990502'],
    [347_314_528, '7548999990503'],
    [362_252_704, '7548999990504'],
  ]);
  const events = await store.collection('fce_events').find({ account_id: accountId }).toArray();
  expect(events.map((event) => [event.event_type, event.payload.note]).sort()).toEqual([
    ['accepted', 'DEMO: aceptada por el cliente'],
    ['rejected', 'DEMO: rechazada por diferencia de precio'],
  ]);
});

it('two products in stock, priced in pesos', async () => {
  const products = await store
    .collection('products')
    .find({ account_id: accountId }, { sort: { sku: 1 } })
    .toArray();
  expect(products.map((product) => [product.sku, product.name, product.price_cents, product.stock_milli])).toEqual([
    ['DEMO-RES-A4', 'DEMO Resma A4 75 g', 845_050, 120_000],
    ['DEMO-TONER', 'DEMO Tóner negro', 5_630_000, 14_000],
  ]);
});

it('the year’s deadlines, done up to three weeks before', async () => {
  const deadlines = await store.collection('fiscal_deadlines').find({ account_id: accountId }).toArray();
  expect(deadlines).toHaveLength(48);
  const done = deadlines.filter((deadline) => deadline.status === 'completed');
  expect(done.length).toBeGreaterThan(0);
  expect(done.every((deadline) => deadline.due_date < '2026-11-07')).toBe(true);
  expect(deadlines.filter((deadline) => deadline.status === 'pending').every((deadline) => deadline.due_date >= '2026-11-07')).toBe(true);
});
