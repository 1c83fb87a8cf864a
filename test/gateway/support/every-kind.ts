import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ObjectId } from 'mongodb';
import { setWidget } from '../../../src/domain/auth/auth.admin';
import { argentineDayOf } from '../../../src/domain/stats/argentine-time';
import { ImportMarks } from '../../../src/domain/stats/pending-days';
import { type HttpResult, type RequestOptions, type TestGateway, testCuit } from '../../support/gateway';
import { createChart, posted, SMALL_CHART } from './accounting';

type Row = Record<string, any>;

/** The ids and values of one account's records of every kind, for the paths and filters of reads about them. */
export interface EveryKind {
  accountId: string;
  key: string;
  supplier: string;
  customer: string;
  product: string;
  supply: string;
  consumption: string;
  expense: string;
  note: string;
  ledgerAccount: string;
  journalEntry: string;
  receivedInvoice: string;
  issuedVoucher: string;
  receivedImport: string;
  issuedImport: string;
  fceVoucher: string;
  taxRule: string;
  taxpayer: string;
  statement: string;
  certificate: string;
  ivaBookId: string;
  ivaEntry: string;
}

const fixture = (...parts: string[]) => readFileSync(join(__dirname, '..', '..', 'fixtures', ...parts));
const file = (content: string | Buffer, name: string, extra: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [field, value] of Object.entries(extra)) form.append(field, value);
  form.append('file', new Blob([new Uint8Array(Buffer.from(content))]), name);
  return form;
};
const G2_HEADER = fixture('issued-vouchers', 'synthetic-g2-emitidos-2025-12.csv').toString('utf8').split('\n')[0];
const two = (n: number) => String(n).padStart(2, '0');

/**
 * One account holding records of every kind the API reads, a few dozen each where the kind is a list, all written
 * through the REST routes as a client writes them (imports by uploading the export files of test/fixtures), plus
 * statistics days an import left marked (its own recount not run yet), and the multi-taxpayer widget on.
 */
export async function seedEveryKind(gw: TestGateway, accountId: string, key: string): Promise<EveryKind> {
  const send = async (method: string, path: string, body?: RequestOptions['body'], expected = [200, 201]): Promise<HttpResult> => {
    const res = await gw.rest(method, path, { key, body });
    if (!expected.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 600)}`);
    return res;
  };
  const idIn = (record: Row) => (record._id ?? record.id) as string;
  const idOf = (res: HttpResult) => idIn(res.body.data);
  const items = (res: HttpResult) => (res.body.data.items as Row[]).map(idIn);
  await setWidget(gw.store, accountId, 'multi_taxpayer', true);

  const suppliers = items(
    await send('POST', '/suppliers/bulk/create/', {
      items: Array.from({ length: 30 }, (_, i) => ({
        name: `Proveedor ${i}`,
        tax_id: `30-7${String(1_000_000 + i).padStart(7, '0')}-${i % 10}`,
        category: i % 2 ? 'insumos' : 'servicios',
        tags: ['seed'],
      })),
    }),
  );
  const customers = items(
    await send('POST', '/customers/bulk/create/', {
      items: Array.from({ length: 30 }, (_, i) => ({ name: `Cliente ${i}`, email: `cliente${i}@example.com` })),
    }),
  );
  const products = items(
    await send('POST', '/products/bulk/create/', {
      items: Array.from({ length: 30 }, (_, i) => ({ name: `Producto ${i}`, sku: `SKU-${i}`, unit: 'unidad', price: 100 + i, stock: 10 + i })),
    }),
  );
  const supplies = items(
    await send('POST', '/supplies/bulk/create/', {
      items: Array.from({ length: 30 }, (_, i) => ({ name: `Insumo ${i}`, default_amount: 10 + i, supplier_id: suppliers[i], stock: 50, tags: ['seed'] })),
    }),
  );
  const consumption = idOf(await send('POST', '/supply-consumptions/', { items: supplies.slice(0, 10).map((supply_id) => ({ supply_id, quantity: 1 })) }));
  const expenses = items(
    await send('POST', '/expenses/bulk/create/', {
      items: Array.from({ length: 30 }, (_, i) => ({
        description: `Gasto ${i}`,
        amount: 121 + i,
        tax_rate: 21,
        date: `2025-12-${two((i % 28) + 1)}`,
        category: i % 2 ? 'servicios' : 'insumos',
        supplier_id: suppliers[i],
        tags: ['seed'],
      })),
    }),
  );
  const notes = items(
    await send('POST', '/delivery_notes/bulk/create/', {
      items: Array.from({ length: 20 }, (_, i) => ({
        customer_id: customers[i],
        items: [{ description: `Línea ${i}`, quantity: 1 + i, product_id: products[i] }],
      })),
    }),
  );

  // The chart: the default one, a small one of our own for entries, bank and withholding accounts; entries posted.
  await send('POST', '/accounting/accounts/seed/');
  const chart = await createChart(
    gw,
    key,
    SMALL_CHART.map((account) => ({ ...account, code: `9${account.code}`, parent_code: account.parent_code && `9${account.parent_code}` })),
  );
  const entries: string[] = [];
  for (let i = 0; i < 20; i++)
    entries.push(
      await posted(gw, key, {
        date: `2025-12-${two(i + 1)}`,
        description: `Venta ${i}`,
        lines: [
          { account_code: '91.1.02', debit: 100 + i },
          { account_code: '94.1', credit: 100 + i },
        ],
      }),
    );
  await send('POST', '/accounting/fiscal-calendar/seed/', { year: 2026 });
  await send('POST', '/accounting/fiscal-calendar/non-working-days/', { date: '2026-10-05', description: 'Feriado local' });

  // Imports: received invoices and issued vouchers from export files, one of them an FCE with an event.
  const imports: Record<'received' | 'issued', string[]> = { received: [], issued: [] };
  for (const name of ['synthetic-g2-recibidos-2025-12.csv', 'synthetic-g3-recibidos-2025-12.csv', 'anon-g2-recibidos-2024.csv'])
    imports.received.push(idOf(await send('POST', '/received_invoices/upload-csv/', file(fixture('received-invoices', name), name))));
  for (const name of ['synthetic-g2-emitidos-2025-12.csv', 'synthetic-g3-emitidos-2025-12.csv'])
    imports.issued.push(idOf(await send('POST', '/issued_vouchers/upload-csv/', file(fixture('issued-vouchers', name), name))));
  const today = argentineDayOf(gw.clock.now);
  const fceRow = `${today};201;9393;1;1;75481234500011;80;30715551248;FCE S.A.;1,00;PES;6000000,00;0,00;0,00;0,00;1260000,00;7260000,00`;
  await send('POST', '/issued_vouchers/upload-csv/', file(`${G2_HEADER}\n${fceRow}\n`, 'fce.csv'));
  const received = items(await send('GET', '/received_invoices/list/?limit=100'));
  const issued = (await send('GET', '/issued_vouchers/list/?limit=100')).body.data.items as Row[];
  const fceVoucher = idIn(issued.find((voucher) => voucher.voucher_type === 201)!);
  await send('POST', `/fce/events/${fceVoucher}/`, { event_type: 'accepted', payload: { via: 'seed' } });
  await send('PUT', '/fce/threshold/', { value: 4242.42 });
  await send('POST', `/received_invoices/${received[0]}/ignore/`);

  const taxRule = idOf(await send('POST', '/bill/tax_info/tax-rules/', { name: 'Regla propia', rate: 3, country: 'AR', category: 'internal' }));
  await send('POST', '/bill/tax_info/tax-rules/seed/AR/');
  const taxpayer = idIn(
    (await send('POST', '/widgets/multi-taxpayer/taxpayers/', { tax_id: testCuit(), business_name: 'Otra razón social' }, [201])).body.data.taxpayer,
  );
  await send('POST', '/bill/tax_info/taxpayer/afip_wsfe/', {
    certificate: fixture('certificates', 'test-only-cert.pem').toString('utf8'),
    private_key: fixture('certificates', 'test-only-key.pem').toString('utf8'),
    points_of_sale: [1],
  });
  const statement = idOf(
    await send('POST', '/accounting/bank/import/', file(fixture('bank', 'galicia-2026-03.csv'), 'galicia.csv', { ledger_account_code: '91.1.02' })),
  );

  // VAT: manual lines, in the December book besides the lines the imports keep there, and in a January book of
  // their own (the December sales hold lines to review, which no export file may carry).
  const ivaBookId = '2025-12-purchases';
  const manual = (date: string, voucher_number: number) => ({
    date,
    voucher_type: 1,
    sale_point: 3,
    voucher_number,
    document_type: 80,
    document_number: '30708884444',
    counterpart_name: 'Contraparte SA',
    total: 121,
    vat_lines: [{ rate: 21, base: 100, vat: 21 }],
  });
  const ivaEntry = idOf(await send('POST', `/iva/books/${ivaBookId}/entries/`, manual('2025-12-10', 77)));
  await send('POST', '/iva/books/2026-01-sales/entries/', manual('2026-01-10', 78));

  // Withholdings: the agent's settings, a regime of its own, payments withheld with certificates, a perception.
  await send('PUT', '/accounting/retenciones-percepciones/config/', {
    agent_name: 'Agente',
    iva_perception_agent: true,
    accounts: { payment: '91.1.02', suppliers: '92.1', ganancias: '92.1', iva: '92.1', iibb: '92.1' },
  });
  await send('POST', '/accounting/retenciones-percepciones/regimes/', {
    code: 'R-SEED',
    tax: 'ganancias',
    description: 'Concepto propio',
    valid_from: '2026-01-01',
    rate_registered: 2,
    rate_unregistered: 28,
  });
  let certificate = '';
  for (let i = 0; i < 5; i++) {
    const applied = await send('POST', '/accounting/retenciones-percepciones/retenciones/apply/', {
      supplier_id: suppliers[i],
      payment_id: `OP-${i}`,
      date: `2026-08-1${i}`,
      amount: 100000 + i,
      regime_codes: ['94'],
      condition: 'no_inscripto',
    });
    certificate = applied.body.data.withholdings[0].certificate_id;
  }
  await send('POST', '/accounting/retenciones-percepciones/percepciones/calculate/', {
    tax: 'iva',
    date: '2026-08-12',
    customer_name: 'Cliente',
    customer_cuit: '30708884444',
    voucher_type: 1,
    sale_point: 9,
    voucher_number: 1,
    net_by_rate: [{ rate: 21, base: 100000 }],
  });

  // Statistics days an import changed and has not recounted (its process stopped first), and a month an import is
  // writing on: a read that recounted them would write. (The imports' own recounts are done first.)
  await gw.store.idle();
  const account = new ObjectId(accountId);
  const changed = new ImportMarks(gw.store, account, 'received_invoices', new ObjectId());
  changed.wrote(['2025-12-02', '2025-12-15']);
  await changed.finish();
  await new ImportMarks(gw.store, account, 'issued_vouchers', new ObjectId()).writing(['2025-12-20']);
  await gw.store.idle();

  return {
    accountId,
    key,
    supplier: suppliers[0],
    customer: customers[0],
    product: products[0],
    supply: supplies[0],
    consumption,
    expense: expenses[0],
    note: notes[0],
    ledgerAccount: chart['91.1.02'],
    journalEntry: entries[0],
    receivedInvoice: received[1],
    issuedVoucher: idIn(issued[0]),
    receivedImport: imports.received[0],
    issuedImport: imports.issued[0],
    fceVoucher,
    taxRule,
    taxpayer,
    statement,
    certificate,
    ivaBookId,
    ivaEntry,
  };
}
