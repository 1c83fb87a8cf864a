import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { ObjectId } from 'mongodb';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { MANUAL_LINE } from '../domain/iva/entries';

/**
 * The VAT books over REST and GraphQL: a month's purchases book generated from imported received invoices (once per
 * source however often it is read), manual lines validated like imports, the close and reopen of a month, the
 * position, and the Libro IVA Digital export rebuilt field by field from the source documents.
 */
type Row = Record<string, any>;
const RECEIVER_CUIT = '30712345671';
const fixture = (...parts: string[]) => readFileSync(join(__dirname, '..', 'fixtures', ...parts));

let gw: TestGateway;
let key: string;
let accountId: ObjectId;

beforeAll(async () => {
  gw = await startTestGateway();
  gw.clock.now = new Date('2026-01-10T12:00:00Z');
  const account = await gw.account(['accounting:read', 'accounting:write', 'received_invoices:read', 'received_invoices:write', 'stats:read']);
  key = account.key;
  accountId = new ObjectId(account.accountId);
  await gw.store.collection('accounts').updateOne({ _id: accountId }, { $set: { cuit: RECEIVER_CUIT } });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(fixture('received-invoices', 'synthetic-g3-recibidos-2025-12.csv'))]), 'recibidos.csv');
  const res = await fetch(`${gw.url}/api/v1/received_invoices/upload-csv/`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await gw?.stop();
});

const entries = () => gw.store.collection('iva_book_entries');
const invoices = () => gw.store.collection('received_invoices');

const MANUAL = { ...MANUAL_LINE, total: 1331, vat_perception: 30, untaxed: 91 };

async function exportFiles(period: string, bookType: string): Promise<Record<string, Buffer>> {
  const response = await fetch(`${gw.url}/api/v1/iva/export/${period}/${bookType}/`, { headers: { 'x-api-key': key } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/application\/zip/);
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, Buffer.from(bytes)]));
}

const records = (content: Buffer) => {
  const text = content.toString('latin1');
  expect(text === '' || text.endsWith('\r\n')).toBe(true);
  return text === '' ? [] : text.slice(0, -2).split('\r\n');
};
const cents = (amount: number) => String(Math.round(amount)).padStart(15, '0');

describe('VAT books', () => {
  it('generates the purchases book from the received invoices once, however often it is read', async () => {
    const first = await gw.rest('GET', '/iva/books/2025-12/purchases/', { key });
    expect(first.status).toBe(200);
    const sources = await invoices().countDocuments({ account_id: accountId });
    expect(sources).toBeGreaterThan(0);
    expect(first.body.data).toMatchObject({ _id: '2025-12-purchases', period: '2025-12', book_type: 'purchases', status: 'open', count: sources });
    const again = await gw.rest('GET', '/iva/books/2025-12/purchases/', { key });
    expect(again.body.data).toEqual(first.body.data);
    expect(await entries().countDocuments({ account_id: accountId })).toBe(sources);
    const list = await gw.rest('GET', '/iva/books/2025-12-purchases/entries/?limit=100', { key });
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(sources);
    expect(new Set(list.body.data.items.map((item: Row) => item.source_id)).size).toBe(sources);
  });

  it('refuses a bad period or book type with 400', async () => {
    expect((await gw.rest('GET', '/iva/books/2025-13/purchases/', { key })).status).toBe(400);
    expect((await gw.rest('GET', '/iva/books/2025-12/compras/', { key })).status).toBe(400);
    expect((await gw.rest('GET', '/iva/books/nonsense/entries/', { key })).status).toBe(404);
  });

  it('exports the Libro IVA Digital pair: every record rebuilt from its source document', async () => {
    const files = await exportFiles('2025-12', 'purchases');
    const prefix = `LIBRO_IVA_DIGITAL_${RECEIVER_CUIT}_202512`;
    expect(Object.keys(files).sort()).toEqual([`${prefix}_COMPRAS_ALICUOTAS.txt`, `${prefix}_COMPRAS_CBTE.txt`]);
    const vouchers = records(files[`${prefix}_COMPRAS_CBTE.txt`]);
    const rates = records(files[`${prefix}_COMPRAS_ALICUOTAS.txt`]);
    for (const record of vouchers) expect(record).toHaveLength(325);
    for (const record of rates) expect(record).toHaveLength(84);
    const docs = (await invoices().find({ account_id: accountId }).toArray()) as Row[];
    expect(vouchers).toHaveLength(docs.length);
    let expectedRates = 0;
    for (const doc of docs) {
      const key3 = String(doc.voucher_type).padStart(3, '0') + String(doc.sale_point).padStart(5, '0') + String(doc.voucher_number).padStart(20, '0');
      const record = vouchers.find((line) => line.slice(8, 36) === key3 && line.slice(54, 74) === doc.supplier_cuit.padStart(20, '0'));
      expect(record).toBeDefined();
      const day = new Date(doc.issue_date.getTime() - 3 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
      expect(record!.slice(0, 8)).toBe(day);
      expect(record!.slice(36, 52)).toBe(' '.repeat(16));
      expect(record!.slice(52, 54)).toBe('80');
      const pesos = doc.currency === 'ARS';
      expect(record!.slice(224, 227)).toBe(pesos ? 'PES' : 'DOL');
      const rate = pesos ? 1 : doc.exchange_rate;
      expect(record!.slice(227, 237)).toBe(String(Math.round(rate * 1e6)).padStart(10, '0'));
      const classBC = [6, 7, 8, 11, 12, 13, 206, 207, 208, 211, 212, 213].includes(doc.voucher_type);
      const items = classBC ? [] : (doc.vat_items as Row[]);
      expect(record!.slice(237, 238)).toBe(String(items.length));
      // Every voucher in its own currency (a USD one in dollars, fields 17/18), its VAT as stated.
      expect(record!.slice(104, 119)).toBe(cents(doc.total_amount_cents));
      expect(record!.slice(119, 134)).toBe(cents(doc.net_untaxed_cents));
      expect(record!.slice(134, 149)).toBe(cents(doc.exempt_cents));
      expect(record!.slice(254, 269)).toBe(cents(doc.other_taxes_cents));
      const vat = items.reduce((sum, item) => sum + item.amount_cents, 0);
      expect(record!.slice(239, 254)).toBe(cents(vat));
      for (const item of items) {
        const id = { 0: '0003', 10.5: '0004', 21: '0005', 27: '0006', 5: '0008', 2.5: '0009' }[item.aliquot as 21];
        expect(rates).toContain(`${key3}80${doc.supplier_cuit.padStart(20, '0')}${cents(item.base_cents)}${id}${cents(item.amount_cents)}`);
      }
      expectedRates += items.length;
      expect(record!.slice(269, 325)).toBe(`${'0'.repeat(11)}${' '.repeat(30)}${'0'.repeat(15)}`);
    }
    expect(rates).toHaveLength(expectedRates);
    // The sample record of the design notes, from the imported Factura A 0004-00024442 (accents stripped).
    expect(vouchers).toContain(records(fixture('iva', 'sample-compras-cbte.txt'))[0]);
    for (const line of records(fixture('iva', 'sample-compras-alicuotas.txt'))) expect(rates).toContain(line);
  });

  it('GraphQL ivaBookExport returns the same files base64', async () => {
    const rest = await exportFiles('2025-12', 'purchases');
    const res = await gw.gql(`query { ivaBookExport(period: "2025-12", bookType: "purchases") { files { name contentBase64 records } } }`, {}, { key });
    expect(res.body.errors).toBeUndefined();
    for (const file of res.body.data.ivaBookExport.files) expect(Buffer.from(file.contentBase64, 'base64').equals(rest[file.name])).toBe(true);
  });

  it('validates manual entries like imported vouchers', async () => {
    const bad = await gw.rest('POST', '/iva/books/2025-12-purchases/entries/', {
      key,
      body: { ...MANUAL, document_number: '30708884445', vat_lines: [{ rate: 21, base: 1000, vat: 210.01 }], voucher_type: 14 },
    });
    expect(bad.status).toBe(400);
    const paths = bad.body.error.details.map((detail: Row) => detail.path);
    expect(paths).toEqual(expect.arrayContaining(['voucher_type']));
    const cuit = await gw.rest('POST', '/iva/books/2025-12-purchases/entries/', { key, body: { ...MANUAL, document_number: '30708884445' } });
    expect(cuit.status).toBe(400);
    expect(cuit.body.error.details.map((detail: Row) => detail.path)).toContain('document_number');
    const vat = await gw.rest('POST', '/iva/books/2025-12-purchases/entries/', {
      key,
      body: { ...MANUAL, vat_lines: [{ rate: 21, base: 1000, vat: 210.01 }] },
    });
    expect(vat.status).toBe(400);
    expect(vat.body.error.details.map((detail: Row) => detail.path)).toContain('vat_lines.0.vat');
    const total = await gw.rest('POST', '/iva/books/2025-12-purchases/entries/', { key, body: { ...MANUAL, total: 1330 } });
    expect(total.status).toBe(400);
    const outside = await gw.rest('POST', '/iva/books/2025-12-purchases/entries/', { key, body: { ...MANUAL, date: '2025-11-30' } });
    expect(outside.status).toBe(400);
    const unknown = await gw.rest('POST', '/iva/books/2025-12-purchases/entries/', { key, body: { ...MANUAL, color: 'red' } });
    expect(unknown.status).toBe(400);
  });

  it('adds, replaces and deletes a manual entry; a generated one is changed through its source (409)', async () => {
    const created = await gw.rest('POST', '/iva/books/2025-12-purchases/entries/', { key, body: MANUAL });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ origin: 'manual', total: 1331, vat: 210, computable_credit: 210, vat_perception: 30, operation_code: ' ' });
    const id = created.body.data._id;
    // A page's total counts the manual line with the generated ones, as the stored lines do.
    const withManual = await gw.rest('GET', '/iva/books/2025-12-purchases/entries/?limit=1', { key });
    expect(withManual.body.data.total).toBe(await entries().countDocuments({ account_id: accountId, period: '2025-12', book_type: 'purchases' }));
    const replaced = await gw.rest('PUT', `/iva/entries/${id}/`, { key, body: { ...MANUAL, counterpart_name: 'Otro SA' } });
    expect(replaced.status).toBe(200);
    expect((await entries().findOne({ _id: new ObjectId(id) }))?.counterpart_name).toBe('Otro SA');
    // A re-read of the book keeps the manual line.
    await gw.rest('GET', '/iva/books/2025-12/purchases/', { key });
    expect(await entries().countDocuments({ _id: new ObjectId(id) })).toBe(1);
    const generated = await entries().findOne({ account_id: accountId, origin: 'received_invoice' });
    const refused = await gw.rest('DELETE', `/iva/entries/${generated!._id.toHexString()}/`, { key });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('GENERATED_ENTRY');
    expect((await gw.rest('DELETE', `/iva/entries/${id}/`, { key })).status).toBe(200);
    expect(await entries().countDocuments({ _id: new ObjectId(id) })).toBe(0);
    expect((await gw.rest('GET', '/iva/books/2025-12-purchases/entries/?limit=1', { key })).body.data.total).toBe(withManual.body.data.total - 1);
    expect((await gw.rest('DELETE', `/iva/entries/${id}/`, { key })).status).toBe(404);
    // The activity feed has the manual line's three changes, newest first, and nothing of the refused delete.
    const feed = await gw.rest('GET', '/stats/activity/?resource_type=iva_entries&per_page=100', { key });
    expect(feed.status).toBe(200);
    expect(feed.body.data.items.filter((item: Row) => item.resource_id === id).map((item: Row) => item.action)).toEqual(['deleted', 'updated', 'created']);
    expect(feed.body.data.items.some((item: Row) => item.resource_id === generated!._id.toHexString())).toBe(false);
  });

  it('closes a month (no entry changes: 409 PERIOD_CLOSED) and reopens it with a reason', async () => {
    const closed = await gw.rest('POST', '/iva/books/2025-12/close/', { key });
    expect(closed.status).toBe(200);
    expect(closed.body.data.status).toBe('closed');
    expect((await gw.rest('POST', '/iva/books/2025-12/close/', { key })).body.error.code).toBe('PERIOD_CLOSED');
    const refused = await gw.rest('POST', '/iva/books/2025-12-purchases/entries/', { key, body: MANUAL });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('PERIOD_CLOSED');
    // A closed month's book is frozen: a source deleted now does not leave it.
    const before = await entries().countDocuments({ account_id: accountId, period: '2025-12' });
    await invoices().deleteOne({ account_id: accountId, voucher_type: 2 });
    expect((await gw.rest('GET', '/iva/books/2025-12/purchases/', { key })).body.data.count).toBe(before);
    expect((await gw.rest('POST', '/iva/books/2025-12/reopen/', { key, body: {} })).status).toBe(400);
    const reopened = await gw.rest('POST', '/iva/books/2025-12/reopen/', { key, body: { reason: 'Factura recibida tarde' } });
    expect(reopened.status).toBe(200);
    expect(reopened.body.data.status).toBe('open');
    expect(reopened.body.data.history.map((event: Row) => [event.action, event.reason])).toEqual([
      ['closed', null],
      ['reopened', 'Factura recibida tarde'],
    ]);
    expect((await gw.rest('GET', '/iva/books/2025-12/purchases/', { key })).body.data.count).toBe(before - 1);
    // One close and one reopen recorded (the refused second close and the reopen without a reason left nothing).
    const feed = await gw.rest('GET', '/stats/activity/?resource_type=iva_periods&per_page=100', { key });
    expect(feed.body.data.items.map((item: Row) => [item.action, item.summary])).toEqual([
      ['reopened', 'VAT period 2025-12 reopened: Factura recibida tarde'],
      ['closed', 'VAT period 2025-12 closed'],
    ]);
  });

  it('settings change which sources feed the book and the computable credit under pro-rata', async () => {
    const bad = await gw.rest('PUT', '/iva/config/', { key, body: { prorata: 'partial' } });
    expect(bad.status).toBe(400);
    const saved = await gw.rest('PUT', '/iva/config/', { key, body: { prorata: 'global', prorata_coefficient: 0.5 } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ prorata: 'global', prorata_coefficient: 0.5, sources: { received_invoices: true } });
    const full = await entries().findOne({ account_id: accountId, origin: 'received_invoice', voucher_type: 1, vat_cents: { $gt: 0 } });
    await gw.rest('GET', '/iva/books/2025-12/purchases/', { key });
    const halved = await entries().findOne({ _id: full!._id });
    expect(halved!.computable_credit_cents).toBe(Math.round(full!.vat_cents / 2));
    await gw.rest('PUT', '/iva/config/', { key, body: { prorata: 'none', sources: { received_invoices: false } } });
    expect((await gw.rest('GET', '/iva/books/2025-12/purchases/', { key })).body.data.count).toBe(0);
    expect((await gw.rest('PUT', '/iva/config/', { key, body: { sources: { received_invoices: true } } })).status).toBe(200);
  });

  it('settings changed at once by several people keep every change: each PUT writes the fields it gives', async () => {
    for (let round = 0; round < 3; round++) {
      const own = await gw.account(['accounting:read', 'accounting:write']);
      const changes = [
        { vat_condition: 'exento' },
        { default_period: '2025-11' },
        { sources: { expenses: false } },
        { sources: { issued_vouchers: false } },
        { prorata: 'global', prorata_coefficient: 0.25 },
      ];
      const answers = await Promise.all(changes.map((body) => gw.rest('PUT', '/iva/config/', { key: own.key, body })));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      expect((await gw.rest('GET', '/iva/config/', { key: own.key })).body.data).toMatchObject({
        vat_condition: 'exento',
        default_period: '2025-11',
        prorata: 'global',
        prorata_coefficient: 0.25,
        sources: { received_invoices: true, expenses: false, issued_vouchers: false },
      });
    }
  });

  it('the position: crédito fiscal from the purchases, saldo técnico carried to the next month', async () => {
    const summary = await gw.rest('GET', '/iva/summary/2025-12/', { key });
    expect(summary.status).toBe(200);
    const book = (await gw.rest('GET', '/iva/books/2025-12/purchases/', { key })).body.data;
    expect(summary.body.data).toMatchObject({ debit: 0, credit: book.computable_credit, technical_balance: -book.computable_credit });
    const calculated = await gw.rest('POST', '/iva/summary/2025-12/calculate/', { key, body: { withholdings: 100 } });
    expect(calculated.status).toBe(200);
    expect(calculated.body.data.new_technical_favor).toBe(book.computable_credit);
    expect(calculated.body.data.new_free_balance).toBe(100);
    const next = await gw.rest('GET', '/iva/declaration/2026-01/', { key });
    expect(next.status).toBe(200);
    expect(next.body.data.form).toBe('F.2002');
    expect(next.body.data.determinacion.saldo_tecnico_a_favor_anterior).toBe(book.computable_credit);
    expect(next.body.data.libre_disponibilidad.saldo_libre_disponibilidad_anterior).toBe(100);
  });
});

describe('IvaBookEntry.source', () => {
  it('resolves the received invoice a line comes from', async () => {
    const res = await gw.gql(
      `query { ivaBookEntries(bookId: "2025-12-purchases", first: 100) { nodes { origin sourceId source { __typename ... on ReceivedInvoice { id supplierCuit } } } } }`,
      {},
      { key },
    );
    expect(res.body.errors).toBeUndefined();
    const nodes = res.body.data.ivaBookEntries.nodes as Row[];
    expect(nodes.length).toBeGreaterThan(0);
    for (const node of nodes) expect(node.source).toMatchObject({ __typename: 'ReceivedInvoice', id: node.sourceId });
  });
});

describe('a closed month refuses new source documents dated in it', () => {
  it('expense create and update → 409 PERIOD_CLOSED; received-invoice import rows → row errors', async () => {
    const account = await gw.account(['accounting:read', 'accounting:write', 'expenses:read', 'expenses:write', 'received_invoices:write']);
    const other = new ObjectId(account.accountId);
    const open = await gw.rest('POST', '/expenses/', { key: account.key, body: { amount: 121, description: 'Insumos', tax_rate: 21, date: '2025-11-20' } });
    expect(open.status).toBe(201);
    expect((await gw.rest('POST', '/iva/books/2025-11/close/', { key: account.key })).status).toBe(200);
    const refused = await gw.rest('POST', '/expenses/', { key: account.key, body: { amount: 50, description: 'Tarde', tax_rate: 21, date: '2025-11-21' } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('PERIOD_CLOSED');
    expect(await gw.store.collection('expenses').countDocuments({ account_id: other })).toBe(1);
    const moved = await gw.rest('PUT', `/expenses/${open.body.data._id}/`, { key: account.key, body: { amount: 200 } });
    expect(moved.status).toBe(409);
    expect(moved.body.error.code).toBe('PERIOD_CLOSED');
    // What the book does not read may still change.
    expect((await gw.rest('PUT', `/expenses/${open.body.data._id}/`, { key: account.key, body: { notes: 'pagado en efectivo' } })).status).toBe(200);
    const intoClosed = await gw.rest('POST', '/expenses/', { key: account.key, body: { amount: 50, description: 'Dic', tax_rate: 21, date: '2025-12-21' } });
    expect(intoClosed.status).toBe(201);
    expect((await gw.rest('PUT', `/expenses/${intoClosed.body.data._id}/`, { key: account.key, body: { date: '2025-11-30' } })).status).toBe(409);
  });

  it('reports each imported row dated in a closed month as a row error and stores the others', async () => {
    // The receiver account of the export (its CUIT is on every row), its December vouchers gone and the month closed.
    const account = { key };
    const other = accountId;
    await invoices().deleteMany({ account_id: accountId });
    expect((await gw.rest('POST', '/iva/books/2025-12/close/', { key })).status).toBe(200);
    const csv = fixture('received-invoices', 'synthetic-g3-recibidos-2025-12.csv');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(csv)]), 'recibidos.csv');
    const res = await fetch(`${gw.url}/api/v1/received_invoices/upload-csv/`, { method: 'POST', headers: { 'x-api-key': account.key }, body: form });
    const body = (await res.json()) as Row;
    expect(res.status).toBe(200);
    const rows = csv.toString('utf8').trim().split('\n').length - 1;
    expect(body.data).toMatchObject({ rows_imported: 0, rows_with_errors: rows });
    expect(body.data.row_errors[0].messages.join(' ')).toMatch(/PERIOD_CLOSED/);
    expect(await invoices().countDocuments({ account_id: other })).toBe(0);
  });
});
