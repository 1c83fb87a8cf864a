import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandStartedEvent } from 'mongodb';
import { ObjectId } from 'mongodb';
import { SCOPES } from '../../src/domain/auth/scopes';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * The VAT books are kept by the writes of their sources and read as they are stored: each write of a source (an
 * import, an ignore, a delete, the VAT lines set, an expense posted, its supplier renamed, the settings, a reopen)
 * shows in the book read after it, with figures worked by hand from the documents; a read of a book, its lines or
 * the position sends no write command; a closed month stays as it was closed.
 */

type Row = Record<string, any>;
const RECEIVER_CUIT = '30712345671';
const SUPPLIER_CUIT = '30715551248';
const fixture = (...parts: string[]) => readFileSync(join(__dirname, '..', 'fixtures', ...parts));

let gw: TestGateway;
let key: string;
let accountId: ObjectId;
/** The write commands the driver sends while `recording` (command monitoring is on for this suite). */
const writes: string[] = [];
let recording = false;
const WRITE_COMMANDS = new Set(['insert', 'update', 'delete', 'findAndModify', 'bulkWrite']);

beforeAll(async () => {
  gw = await startTestGateway({}, undefined, { monitorCommands: true });
  gw.clock.now = new Date('2026-01-10T12:00:00Z');
  gw.store.client.on('commandStarted', (event: CommandStartedEvent) => {
    if (recording && WRITE_COMMANDS.has(event.commandName)) writes.push(`${event.commandName} ${String(event.command[event.commandName])}`);
  });
  const account = await gw.account([...SCOPES]);
  key = account.key;
  accountId = new ObjectId(account.accountId);
  await gw.store.collection('accounts').updateOne({ _id: accountId }, { $set: { cuit: RECEIVER_CUIT } });
  expect((await gw.rest('POST', '/accounting/accounts/seed/', { key })).status).toBe(200);
});
afterAll(async () => {
  await gw?.stop();
});

/** A row of the Recibidos export (G3 layout): 30 cells, the VAT and net of one rate in their columns. */
function receivedRow(day: string, type: number, number: number, rate: '10,5' | '21', net: string, vat: string, total: string): string {
  const cells = Array<string>(30).fill('');
  Object.assign(cells, [
    day,
    String(type),
    '3',
    String(number),
    String(number),
    '75481234500011',
    '80',
    SUPPLIER_CUIT,
    'PANADERÍA LA ESPAÑOLA S.R.L.',
    '80',
    RECEIVER_CUIT,
    '1,00',
    '$',
  ]);
  const [vatAt, netAt] = rate === '21' ? [20, 21] : [18, 19];
  cells[vatAt] = vat;
  cells[netAt] = net;
  Object.assign(cells, { 24: net, 25: '0,00', 26: '0,00', 27: '0,00', 28: vat, 29: total });
  return cells.join(';');
}

async function upload(route: string, fixtureDir: string, fixtureName: string, rows: string[]) {
  const header = fixture(fixtureDir, fixtureName).toString('utf8').split('\n')[0];
  const form = new FormData();
  form.append('file', new Blob([[header, ...rows, ''].join('\n')]), 'export.csv');
  const res = await gw.rest('POST', route, { key, body: form });
  expect(res.status).toBe(200);
  return res.body.data as Row;
}

/** Reads with the write commands counted: none may be sent. */
async function read<T>(fn: () => Promise<T>): Promise<T> {
  // Work an earlier write left to finish after its answer (the statistics' recount) is not the read's.
  await gw.store.idle();
  writes.length = 0;
  recording = true;
  try {
    return await fn();
  } finally {
    recording = false;
  }
}

const book = async (period: string, type: string) => {
  const res = await read(() => gw.rest('GET', `/iva/books/${period}/${type}/`, { key }));
  expect(res.status).toBe(200);
  expect(writes).toEqual([]);
  return res.body.data as Row;
};
const lines = async (bookId: string) => {
  const res = await read(() => gw.rest('GET', `/iva/books/${bookId}/entries/?limit=100`, { key }));
  expect(res.status).toBe(200);
  expect(writes).toEqual([]);
  return res.body.data.items as Row[];
};
const figures = (view: Row) => ({ count: view.count, total: view.total, vat: view.vat, computable_credit: view.computable_credit });
const invoiceOf = async (number: number) =>
  (await gw.store.collection('received_invoices').findOne({ account_id: accountId, voucher_number: number }))!._id.toHexString();

describe('the purchases book follows its received invoices', () => {
  beforeAll(async () => {
    const imported = await upload('/received_invoices/upload-csv/', 'received-invoices', 'synthetic-g3-recibidos-2025-12.csv', [
      receivedRow('2025-12-03', 1, 501, '21', '1000,00', '210,00', '1210,00'),
      receivedRow('2025-12-04', 1, 502, '10,5', '2000,00', '210,00', '2210,00'),
      receivedRow('2025-12-05', 3, 77, '21', '100,00', '21,00', '121,00'),
    ]);
    expect(imported).toMatchObject({ rows_imported: 3, rows_with_errors: 0 });
  });

  it('an import writes the lines: the book read after it adds them up, credit notes subtracting', async () => {
    // 1.210,00 + 2.210,00 − 121,00 (Nota de Crédito A); VAT 210,00 + 210,00 − 21,00, all of it computable.
    expect(figures(await book('2025-12', 'purchases'))).toEqual({ count: 3, total: 3299, vat: 399, computable_credit: 399 });
    expect((await book('2025-12', 'purchases')).rates).toEqual([
      { rate: 10.5, base: 2000, vat: 210 },
      { rate: 21, base: 900, vat: 189 },
    ]);
    expect((await lines('2025-12-purchases')).map((line) => [line.voucher_number, line.total])).toEqual([
      [501, 1210],
      [502, 2210],
      [77, 121],
    ]);
  });

  it('the position, the declaration and the export read the books without writing', async () => {
    const res = await read(() => gw.rest('GET', '/iva/summary/2025-12/', { key }));
    expect(writes).toEqual([]);
    expect(res.body.data).toMatchObject({ debit: 0, credit: 399, technical_balance: -399 });
    const graph = await read(() => gw.gql('{ ivaBook(period: "2025-12", bookType: "purchases") { count vat } }', {}, { key }));
    expect(writes).toEqual([]);
    expect(graph.body.data.ivaBook).toEqual({ count: 3, vat: 399 });
    for (const url of ['/iva/declaration/2025-12/', '/iva/export/2025-12/purchases/']) {
      const res = await read(() => fetch(`${gw.url}/api/v1${url}`, { headers: { 'x-api-key': key } }));
      expect([url, res.status, writes]).toEqual([url, 200, []]);
    }
  });

  it('an ignored invoice leaves the book; a deleted one too', async () => {
    const ignored = await gw.rest('POST', `/received_invoices/${await invoiceOf(502)}/ignore/`, { key });
    expect(ignored.status).toBe(200);
    // 1.210,00 − 121,00; VAT 210,00 − 21,00.
    expect(figures(await book('2025-12', 'purchases'))).toEqual({ count: 2, total: 1089, vat: 189, computable_credit: 189 });
    expect((await gw.rest('DELETE', `/received_invoices/${await invoiceOf(77)}/`, { key })).status).toBeLessThan(300);
    expect(figures(await book('2025-12', 'purchases'))).toEqual({ count: 1, total: 1210, vat: 210, computable_credit: 210 });
  });

  it('the settings: under global pro-rata (Ley de IVA art. 13) the open month computes its share; a source off empties its lines', async () => {
    expect((await gw.rest('PUT', '/iva/config/', { key, body: { prorata: 'global', prorata_coefficient: 0.25 } })).status).toBe(200);
    // 25 % of 210,00.
    expect(figures(await book('2025-12', 'purchases'))).toEqual({ count: 1, total: 1210, vat: 210, computable_credit: 52.5 });
    expect((await gw.rest('PUT', '/iva/config/', { key, body: { prorata: 'none', sources: { received_invoices: false } } })).status).toBe(200);
    expect(figures(await book('2025-12', 'purchases'))).toEqual({ count: 0, total: 0, vat: 0, computable_credit: 0 });
    expect((await gw.rest('PUT', '/iva/config/', { key, body: { sources: { received_invoices: true } } })).status).toBe(200);
    expect(figures(await book('2025-12', 'purchases'))).toEqual({ count: 1, total: 1210, vat: 210, computable_credit: 210 });
  });
});

describe('an ignored invoice linked to a journal entry', () => {
  it('comes back into the book', async () => {
    const entry = new ObjectId();
    await gw.store
      .collection('journal_entries' as never)
      .insertOne({ _id: entry, account_id: accountId, status: 'draft', created_at: new Date(), updated_at: new Date() });
    const linked = await gw.rest('POST', `/received_invoices/${await invoiceOf(502)}/link/`, { key, body: { journal_entry_id: entry.toHexString() } });
    expect(linked.status).toBe(200);
    // 1.210,00 + 2.210,00; VAT 210,00 + 210,00.
    expect(figures(await book('2025-12', 'purchases'))).toEqual({ count: 2, total: 3420, vat: 420, computable_credit: 420 });
  });
});

describe('expenses and their suppliers', () => {
  let expenseId: string;
  let supplierId: string;

  it('a posted expense with VAT lines enters the book; its supplier renamed renames its line', async () => {
    const supplier = await gw.rest('POST', '/suppliers/', { key, body: { name: 'Librería del Sur', tax_id: '30708884444' } });
    expect(supplier.status).toBe(201);
    supplierId = supplier.body.data._id;
    const created = await gw.rest('POST', '/expenses/', {
      key,
      body: {
        amount: 242,
        description: 'Resmas',
        tax_rate: 21,
        date: '2026-02-10',
        status: 'approved',
        payment_method: 'cash',
        supplier_id: supplierId,
        receipt_number: '00004-00000123',
        iva_items: [{ Id: 5, BaseImp: 200, Importe: 42 }],
      },
    });
    expect(created.status).toBe(201);
    expenseId = created.body.data._id;
    // Approved, not posted: not in the book yet.
    expect((await book('2026-02', 'purchases')).count).toBe(0);
    expect((await gw.rest('POST', `/expenses/${expenseId}/post/`, { key })).status).toBe(200);
    expect(figures(await book('2026-02', 'purchases'))).toEqual({ count: 1, total: 242, vat: 42, computable_credit: 42 });
    expect(await lines('2026-02-purchases')).toMatchObject([
      { origin: 'expense', sale_point: 4, voucher_number: 123, document_number: '30708884444', counterpart_name: 'Librería del Sur' },
    ]);
    const lineId = (await lines('2026-02-purchases'))[0]._id;
    const before = (await gw.rest('GET', `/iva/entries/${lineId}/`, { key })).headers.get('etag');
    expect((await gw.rest('PUT', `/suppliers/${supplierId}/`, { key, body: { name: 'Librería del Sur SRL' } })).status).toBe(200);
    expect((await lines('2026-02-purchases'))[0].counterpart_name).toBe('Librería del Sur SRL');
    // The line was rewritten by its source's change: the tag read before it is stale.
    const after = await gw.rest('GET', `/iva/entries/${lineId}/`, { key });
    expect([before, after.headers.get('etag'), after.body.data.counterpart_name]).toEqual(['"0"', '"1"', 'Librería del Sur SRL']);
  });
});

describe('the sales book follows the issued vouchers', () => {
  it('an Emitidos import writes the sales lines', async () => {
    const cells = Array<string>(28).fill('');
    Object.assign(cells, ['2026-03-02', '1', '5', '900', '900', '75481234500011', '80', '30708884444', 'Cliente SA', '1,00', '$']);
    Object.assign(cells, { 18: '105,00', 19: '500,00', 22: '500,00', 23: '0,00', 24: '0,00', 25: '0,00', 26: '105,00', 27: '605,00' });
    const imported = await upload('/issued_vouchers/upload-csv/', 'issued-vouchers', 'synthetic-g3-emitidos-2025-12.csv', [cells.join(';')]);
    expect(imported).toMatchObject({ rows_imported: 1, rows_with_errors: 0 });
    expect(figures(await book('2026-03', 'sales'))).toEqual({ count: 1, total: 605, vat: 105, computable_credit: 0 });
    const position = await read(() => gw.rest('GET', '/iva/summary/2026-03/', { key }));
    expect(writes).toEqual([]);
    expect(position.body.data).toMatchObject({ debit: 105, credit: 0, technical_balance: 105 });
  });
});

describe('a closed month', () => {
  it('stays as it was closed when its sources change; reopened, it follows them', async () => {
    await upload('/received_invoices/upload-csv/', 'received-invoices', 'synthetic-g3-recibidos-2025-12.csv', [
      receivedRow('2026-04-06', 1, 601, '21', '500,00', '105,00', '605,00'),
    ]);
    expect(figures(await book('2026-04', 'purchases'))).toEqual({ count: 1, total: 605, vat: 105, computable_credit: 105 });
    expect((await gw.rest('POST', '/iva/books/2026-04/close/', { key })).status).toBe(200);
    // Ignoring is not refused in a closed month, but its book does not move.
    expect((await gw.rest('POST', `/received_invoices/${await invoiceOf(601)}/ignore/`, { key })).status).toBe(200);
    expect(figures(await book('2026-04', 'purchases'))).toEqual({ count: 1, total: 605, vat: 105, computable_credit: 105 });
    expect((await gw.rest('POST', '/iva/books/2026-04/reopen/', { key, body: { reason: 'invoice ignored' } })).status).toBe(200);
    expect(figures(await book('2026-04', 'purchases'))).toEqual({ count: 0, total: 0, vat: 0, computable_credit: 0 });
  });
});
