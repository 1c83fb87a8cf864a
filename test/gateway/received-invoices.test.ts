import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { ObjectId } from 'mongodb';
import { createAccount, createApiKey } from '../../src/domain/auth/auth.admin';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { zipOf } from '../support/zip';

/**
 * Received invoices (contract §2.1, §3.1, §4.1): importing every real and synthetic export, the layouts, encodings
 * and containers the portal produces, deduplication (re-import, concurrent uploads), row problems by line, the
 * history, and managing the records (list filters, ignore, link, delete).
 */

const FIXTURES = join(__dirname, '..', 'fixtures', 'received-invoices');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const SCOPES = ['received_invoices:read', 'received_invoices:write', 'suppliers:read', 'suppliers:write'] as const;

let gw: TestGateway;
const keys = new Map<string, { accountId: string; key: string }>();

/** An account with this CUIT (created once per suite). */
async function accountFor(cuit: string) {
  let found = keys.get(cuit);
  if (!found) {
    const accountId = (await createAccount(gw.store, { name: `Cuenta ${cuit}`, cuit })).toHexString();
    found = { accountId, key: (await createApiKey(gw.store, { accountId, scopes: [...SCOPES] })).key };
    keys.set(cuit, found);
  }
  return found;
}

async function upload(key: string, content: Buffer, name = 'export.csv', query = '') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), name);
  const response = await fetch(`${gw.url}/api/v1/received_invoices/upload-csv/${query}`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

const imported = async (key: string, content: Buffer, name?: string, query?: string) => {
  const res = await upload(key, content, name, query);
  if (res.status !== 200) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};

const invoicesOf = (accountId: string) =>
  gw.store
    .collection('received_invoices')
    .find({ account_id: new ObjectId(accountId) })
    .sort({ supplier_cuit: 1, voucher_type: 1, sale_point: 1, voucher_number: 1 })
    .toArray();

/** Per-currency sum of Imp. Total over the data rows a filter keeps, computed from the file independently. */
function fileTotals(name: string, keep: (row: Record<string, string>) => boolean = () => true, encoding = 'utf8'): Record<string, number> {
  const text = iconv.decode(fixture(name), encoding);
  const delimiter = text.split('\n')[0].includes(';') ? ';' : ',';
  const rows: Array<Record<string, string>> = parse(text, { columns: true, delimiter, bom: true, skip_empty_lines: true, relax_column_count: true });
  const totals: Record<string, number> = {};
  for (const row of rows.filter(keep)) {
    const currency = { $: 'ARS', PES: 'ARS', DOL: 'USD', USD: 'USD' }[row.Moneda] ?? row.Moneda;
    const cents = Math.round(Number(row['Imp. Total'].replace(delimiter === ';' ? ',' : /$^/, '.')) * 100);
    totals[currency] = (totals[currency] ?? 0) + cents;
  }
  return totals;
}

async function storedTotals(accountId: string): Promise<Record<string, number>> {
  const totals: Record<string, number> = {};
  for (const doc of await invoicesOf(accountId)) totals[doc.currency] = (totals[doc.currency] ?? 0) + doc.total_amount_cents;
  return totals;
}

beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.stop();
});

describe('every sample export imports', () => {
  test.each([
    ['anon-g3-recibidos-2025-11.csv', '20026773548', 'G3', 3],
    ['anon-g3-recibidos-2025-12.csv', '20026773548', 'G3', 0],
    ['anon-g2-recibidos-2024.csv', '20111111112', 'G2', 0],
    ['anon-g1-recibidos-2022.csv', '20111111112', 'G1', 0],
    ['synthetic-g3-recibidos-2025-12.csv', '30712345671', 'G3', 0],
  ])('%s: per-currency totals equal the file', async (name, cuit, layout, refused) => {
    const owner = await accountFor(cuit);
    const before = await storedTotals(owner.accountId);
    const result = await imported(owner.key, fixture(name), name);
    expect(result).toMatchObject({ layout, status: 'completed', rows_with_errors: refused, file_name: name });
    expect(result.rows_imported + result.rows_duplicated + result.rows_with_errors).toBe(result.rows_total);
    const after = await storedTotals(owner.accountId);
    const added = Object.fromEntries(Object.entries(after).map(([currency, cents]) => [currency, cents - (before[currency] ?? 0)]));
    // Rows addressed to someone else (a DNI that is not the account's) are refused, each named by its line.
    const mine = (row: Record<string, string>) => !row['Nro. Doc. Receptor'] || row['Nro. Doc. Receptor'] === cuit;
    expect(Object.fromEntries(Object.entries(added).filter(([, cents]) => cents !== 0))).toEqual(fileTotals(name, mine));
    for (const problem of result.row_errors) expect(problem.messages.join(' ')).toMatch(/receiver: \d+ is not this account's CUIT/);
  });

  test('the G2 row whose total exceeds its components (perceptions left out) is imported and reported for review', async () => {
    const owner = await accountFor('20111111112');
    const history = (await gw.rest('GET', '/received_invoices/import-history/', { key: owner.key })).body.data;
    const g2 = history.find((entry: any) => entry.layout === 'G2');
    expect(g2.rows_with_warnings).toBe(1);
    const message = expect.stringMatching(/components add up to 104899.19, not to the total 106651.37/);
    expect(g2.row_warnings[0]).toEqual({ line: 15, messages: [message], reasons: [{ code: 'TOTAL_ABOVE_AMOUNTS', message }] });
  });

  test('issued-voucher exports (Emitidos) are refused as the wrong export', async () => {
    const owner = await accountFor('20111111112');
    for (const name of ['anon-g1-emitidos-2022.csv', 'anon-g1xl-emitidos-2020-08-b-utf8.csv', 'anon-g1xl-emitidos-2020-09-a-cp850.csv']) {
      const res = await upload(owner.key, fixture(name), name);
      expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 400, code: 'WRONG_EXPORT' });
    }
  });
});

describe('Excel re-saved exports (title row, `;`, decimal comma, dd/mm/yyyy, "6 - Factura B")', () => {
  /** A Recibidos twin of a real Excel re-save: its Receptor columns renamed Emisor, bytes and encoding untouched. */
  const recibidosOf = (name: string) => {
    const bytes = fixture(name);
    const swap = (from: string, to: string, buffer: Buffer) => Buffer.from(buffer.toString('latin1').split(from).join(to), 'latin1');
    return swap('Emitidos', 'Recibidos', swap('Receptor', 'Emisor', bytes));
  };

  test.each([
    ['anon-g1xl-emitidos-2020-09-a-cp850.csv', '30990079192', 'cp850'],
    ['anon-g1xl-emitidos-2020-09-b-latin1.csv', '27990079191', 'windows-1252'],
    ['anon-g1xl-emitidos-2020-10-b-utf8.csv', '27990079191', 'utf8'],
  ])('%s: encoding %s told by the header; CUIT rows imported, others refused by line', async (name, cuit, encoding) => {
    const owner = await accountFor(cuit);
    const before = await storedTotals(owner.accountId);
    const content = recibidosOf(name);
    const result = await imported(owner.key, content, name);
    expect(result).toMatchObject({ layout: 'G1', encoding, status: 'completed' });
    const lines = iconv
      .decode(content, encoding === 'utf8' ? 'utf8' : encoding)
      .split('\n')
      .slice(2)
      .filter((line) => line.trim());
    const byCuit = lines.filter((line) => line.split(';')[6] === 'CUIT');
    expect(result.rows_total).toBe(lines.length);
    expect(result.rows_imported + result.rows_duplicated).toBe(byCuit.length);
    expect(result.rows_with_errors).toBe(lines.length - byCuit.length);
    expect(result.row_errors[0].line).toBeGreaterThan(2);
    expect(result.row_errors[0].messages[0]).toMatch(/^issuer: identified by/);
    const after = await storedTotals(owner.accountId);
    const expected = byCuit.reduce((sum, line) => sum + Math.round(Number(line.split(';')[15].replace(',', '.')) * 100), 0);
    expect((after.ARS ?? 0) - (before.ARS ?? 0)).toBe(expected);
  });
});

describe('layouts, encodings and containers', () => {
  test('the G2 and G3 synthetic twins produce identical records', async () => {
    const g3 = await accountFor('30712345671');
    // The G2 layout names no receiver, so another account may take it: its records are compared with the G3 ones.
    const other = await createAccount(gw.store, { name: 'G2 twin', cuit: '20222222223' });
    const otherKey = (await createApiKey(gw.store, { accountId: other.toHexString(), scopes: [...SCOPES] })).key;
    await imported(otherKey, fixture('synthetic-g2-recibidos-2025-12.csv'));
    const strip = ({ _id, account_id, import_id, created_at, updated_at, tenant_cuit, vat_items, rate_review, needs_review, ...rest }: any) => rest;
    const fromG3 = await invoicesOf(g3.accountId);
    const fromG2 = await invoicesOf(other.toHexString());
    expect(fromG2.map(strip)).toEqual(fromG3.map(strip));
    fromG2.forEach((doc, index) => {
      // G2 has one net and one VAT: a rate is named when it alone explains the VAT; a mix of rates, which G3 splits
      // per rate, keeps its VAT on one provisional line, marked for review. No VAT is lost either way.
      expect(doc.vat_items.reduce((sum: number, line: any) => sum + line.amount_cents, 0)).toBe(doc.iva_cents);
      if (!doc.needs_review) expect(doc.vat_items).toEqual(fromG3[index].vat_items);
      else
        expect({ lines: fromG3[index].vat_items.length, code: doc.rate_review.reason }).toEqual({
          lines: 2,
          code: expect.stringMatching(/\(VAT_RATES_MIXED\)$/),
        });
      expect(fromG3[index].needs_review).toBe(false);
    });
    expect(fromG2.some((doc) => doc.needs_review)).toBe(true);
    expect(fromG3.some((doc) => doc.vat_items.length === 2)).toBe(true);
    const credit = fromG3.find((doc) => doc.voucher_type === 3)!;
    expect(credit.voucher_class).toBe('credit_note');
    expect(credit.total_amount_cents).toBeGreaterThan(0);
    const dollars = fromG3.find((doc) => doc.currency === 'USD')!;
    expect(dollars.exchange_rate).toBe(1465.0222);
  });

  test('re-importing imports nothing new and reports the duplicates', async () => {
    const owner = await accountFor('30712345671');
    const count = (await invoicesOf(owner.accountId)).length;
    const again = await imported(owner.key, fixture('synthetic-g3-recibidos-2025-12.csv'));
    expect(again).toMatchObject({ rows_total: 11, rows_imported: 0, rows_duplicated: 11 });
    expect(await invoicesOf(owner.accountId)).toHaveLength(count);
  });

  test('the portal ZIP, windows-1252, a BOM and CRLF all read as the same vouchers', async () => {
    const text = fixture('synthetic-g3-recibidos-2025-12.csv').toString('utf8');
    const variants: Array<[string, Buffer]> = [
      ['zip', zipOf([['comprobantes (montos expresados en pesos).csv', Buffer.from(text)]])],
      ['windows-1252', iconv.encode(text, 'windows-1252')],
      ['bom+crlf', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text.replace(/\n/g, '\r\n'))])],
    ];
    const reference = (await invoicesOf((await accountFor('30712345671')).accountId)).map((doc) => [doc.supplier_name, doc.total_amount_cents]);
    for (const [label, content] of variants) {
      await gw.store.collection('received_invoices').deleteMany({ account_id: new ObjectId((await accountFor('30712345671')).accountId) });
      const result = await imported((await accountFor('30712345671')).key, content, `${label}.bin`);
      expect({ label, imported: result.rows_imported }).toEqual({ label, imported: 11 });
      expect((await invoicesOf((await accountFor('30712345671')).accountId)).map((doc) => [doc.supplier_name, doc.total_amount_cents])).toEqual(reference);
    }
  });

  test('a ZIP with several files, a ZIP bomb, an unknown layout and an oversized file are refused', async () => {
    const { key } = await accountFor('30712345671');
    const csv = fixture('synthetic-g3-recibidos-2025-12.csv');
    // Built before the first upload: compressing 60 MB takes seconds on a loaded machine, long enough for the server
    // to close the idle keep-alive connection just as the client reuses it (ECONNRESET, not an answer of the gateway).
    const bombZip = zipOf([['big.csv', Buffer.alloc(60 * 1024 * 1024, 0x30)]]);
    const two = await upload(
      key,
      zipOf([
        ['a.csv', csv],
        ['b.csv', csv],
      ]),
      'two.zip',
    );
    expect({ status: two.status, code: two.body.error.code }).toEqual({ status: 400, code: 'BAD_ZIP' });
    const bomb = await upload(key, bombZip, 'bomb.zip');
    expect({ status: bomb.status, code: bomb.body.error.code }).toEqual({ status: 400, code: 'BAD_ZIP' });
    const unknown = await upload(key, Buffer.from('a;b;c\n1;2;3\n'), 'other.csv');
    expect({ status: unknown.status, code: unknown.body.error.code }).toEqual({ status: 400, code: 'UNKNOWN_LAYOUT' });
    expect(unknown.body.error.message).toContain('Fecha de Emisión, Tipo de Comprobante, Punto de Venta');
    const large = await upload(key, Buffer.concat([csv, Buffer.alloc(21 * 1024 * 1024, 0x0a)]), 'large.csv');
    // Answered once the whole body is read, so the client always reads it; the connection is not reused.
    expect({ status: large.status, code: large.body.error.code, connection: large.headers.get('connection') }).toEqual({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      connection: 'close',
    });
  });

  test('row problems are reported by line and do not stop the import', async () => {
    const owner = await accountFor('20333333334');
    const header = fixture('synthetic-g2-recibidos-2025-12.csv').toString('utf8').split('\n')[0];
    const rows = [
      '2025-12-01;1;3;1;1;75481234500011;80;30715551249;MALA CUIT S.A.;1,00;PES;100,00;0,00;0,00;0,00;21,00;121,00',
      '2025-04-31;1;3;2;2;75481234500011;80;30715551248;FECHA S.A.;1,00;PES;100,00;0,00;0,00;0,00;21,00;121,00',
      '2025-12-01;1;3;3;3;75481234500011;80;30715551248;SUMA S.A.;1,00;PES;100,00;0,00;0,00;0,00;21,00;99,00',
      '2025-12-01;1;3;4;4;75481234500011;80;30715551248;BUENA S.A.;1,00;PES;100,00;0,00;0,00;0,00;21,00;121,00',
      // Número Hasta below Número Desde: no range ARCA authorises.
      '2025-12-01;1;3;6;5;75481234500011;80;30715551248;RANGO S.A.;1,00;PES;100,00;0,00;0,00;0,00;21,00;121,00',
    ];
    const result = await imported(owner.key, Buffer.from([header, ...rows, ''].join('\n')));
    expect(result).toMatchObject({ rows_total: 5, rows_imported: 1, rows_with_errors: 4 });
    expect(result.row_errors.map((error: any) => [error.line, error.messages[0].split(':')[0]])).toEqual([
      [2, 'issuer CUIT'],
      [3, 'issue date'],
      [4, 'amounts'],
      [6, 'voucher number to'],
    ]);
    expect(result.row_errors[3].reasons[0].code).toBe('BAD_NUMBER_TO');
    expect((await invoicesOf(owner.accountId))[0].vat_items).toEqual([{ aliquot: 21, base_cents: 10000, amount_cents: 2100 }]);
  });

  test('two concurrent uploads of one file store each voucher once', async () => {
    const owner = await accountFor('20026773548');
    await gw.store.collection('received_invoices').deleteMany({ account_id: new ObjectId(owner.accountId) });
    const content = fixture('anon-g3-recibidos-2025-12.csv');
    const [a, b] = await Promise.all([imported(owner.key, content), imported(owner.key, content)]);
    expect(a.rows_imported + b.rows_imported).toBe(513);
    expect(a.rows_duplicated + b.rows_duplicated).toBe(513);
    expect(await invoicesOf(owner.accountId)).toHaveLength(513);
  });

  test('create_missing_suppliers creates each unknown issuer once, with its CUIT and legal name', async () => {
    const owner = await accountFor('20444444445');
    const result = await imported(owner.key, fixture('synthetic-g2-recibidos-2025-12.csv'), 'x.csv', '?create_missing_suppliers=true');
    const cuits = new Set((await invoicesOf(owner.accountId)).map((doc) => doc.supplier_cuit));
    expect(result.suppliers_created).toBe(cuits.size);
    const supplier = await gw.store.collection('suppliers').findOne({ account_id: new ObjectId(owner.accountId), tax_id: '30708884444' });
    expect(supplier).toMatchObject({ name: 'CONSTRUCCIONES ÑANDÚ S.A.', fiscal_info: { tipo_documento: 80, numero_documento: '30708884444' } });
  });
});

describe('GraphQL upload', () => {
  const operations = JSON.stringify({
    query: 'mutation($file: Upload!) { importReceivedInvoices(file: $file) { rowsTotal rowsImported rowsDuplicated layout sha256 } }',
    variables: { file: null },
  });
  const form = () => {
    const body = new FormData();
    body.append('operations', operations);
    body.append('map', JSON.stringify({ 0: ['variables.file'] }));
    body.append('0', new Blob([new Uint8Array(fixture('synthetic-g3-recibidos-2025-12.csv'))]), 'g3.csv');
    return body;
  };

  test('a multipart request without the preflight header is refused (CSRF)', async () => {
    const { key } = await accountFor('30712345671');
    const res = await fetch(`${gw.url}/graphql`, { method: 'POST', headers: { 'x-api-key': key }, body: form() });
    expect(res.status).toBe(403);
    expect(((await res.json()) as any).errors[0].extensions.code).toBe('CSRF_PREFLIGHT_REQUIRED');
  });

  test('with Apollo-Require-Preflight it runs the same import as REST', async () => {
    const { key } = await accountFor('30712345671');
    const res = await fetch(`${gw.url}/graphql`, { method: 'POST', headers: { 'x-api-key': key, 'apollo-require-preflight': 'true' }, body: form() });
    const body = (await res.json()) as any;
    expect(body.errors).toBeUndefined();
    expect(body.data.importReceivedInvoices).toMatchObject({ rowsTotal: 11, layout: 'G3' });
    expect(body.data.importReceivedInvoices.sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('managing received invoices', () => {
  let key: string;
  let accountId: string;
  beforeAll(async () => {
    ({ key, accountId } = await accountFor('20555555556'));
    await imported(key, fixture('synthetic-g2-recibidos-2025-12.csv'));
  });

  test('lists filter by status, supplier, voucher type, currency, dates and text', async () => {
    const list = async (query: string) => (await gw.rest('GET', `/received_invoices/list/?${query}`, { key })).body.data.items;
    expect(await list('limit=100')).toHaveLength(11);
    expect((await list('currency=USD')).every((doc: any) => doc.currency === 'USD')).toBe(true);
    expect((await list('voucher_type=3')).map((doc: any) => doc.voucher_type)).toEqual([3]);
    expect((await list('supplier_cuit=30708884444')).map((doc: any) => doc.voucher_type)).toEqual([3, 1]);
    expect((await list('search=ñandú')).length).toBe(2);
    expect((await list('from=2025-12-02&to=2025-12-02')).every((doc: any) => doc.issue_date.startsWith('2025-12-02'))).toBe(true);
    expect(await list('status=ignored')).toHaveLength(0);
  });

  test('ignore, link and delete follow the states; a linked invoice is never deleted', async () => {
    const [first, second] = (await gw.rest('GET', '/received_invoices/list/', { key })).body.data.items;
    const detail = (await gw.rest('GET', `/received_invoices/${first.id}/`, { key })).body.data;
    expect(detail).toMatchObject({ id: first.id, status: 'pending', source: 'excel_import', linked_journal_entry_id: null });

    const ignored = await gw.rest('POST', `/received_invoices/${first.id}/ignore/`, { key });
    expect(ignored.body.data).toMatchObject({ received_invoice_id: first.id, status: 'ignored' });

    const missing = await gw.rest('POST', `/received_invoices/${first.id}/link/`, { key, body: { journal_entry_id: new ObjectId().toHexString() } });
    expect({ status: missing.status, paths: missing.body.error.details.map((d: any) => d.path) }).toEqual({ status: 400, paths: ['journal_entry_id'] });
    const noBody = await gw.rest('POST', `/received_invoices/${first.id}/link/`, { key, body: {} });
    expect(noBody.status).toBe(400);

    const entry = new ObjectId();
    const ledger = new ObjectId();
    await gw.store
      .collection('journal_entries' as never)
      .insertOne({ _id: entry, account_id: new ObjectId(accountId), status: 'posted', created_at: new Date(), updated_at: new Date() });
    await gw.store
      .collection('ledger_accounts' as never)
      .insertOne({ _id: ledger, account_id: new ObjectId(accountId), created_at: new Date(), updated_at: new Date() });
    const linked = await gw.rest('POST', `/received_invoices/${first.id}/link/`, {
      key,
      body: { journal_entry_id: entry.toHexString(), account_id: ledger.toHexString() },
    });
    expect({ status: linked.status, data: linked.body.data }).toMatchObject({
      status: 200,
      data: { received_invoice_id: first.id, status: 'linked', linked_journal_entry_id: entry.toHexString(), linked_account_id: ledger.toHexString() },
    });
    const twice = await gw.rest('POST', `/received_invoices/${first.id}/link/`, { key, body: { journal_entry_id: entry.toHexString() } });
    expect({ status: twice.status, code: twice.body.error.code }).toEqual({ status: 409, code: 'ALREADY_LINKED' });
    const deleteLinked = await gw.rest('DELETE', `/received_invoices/${first.id}/`, { key });
    expect({ status: deleteLinked.status, code: deleteLinked.body.error.code }).toEqual({ status: 409, code: 'INVOICE_LINKED' });
    const ignoreLinked = await gw.rest('POST', `/received_invoices/${first.id}/ignore/`, { key });
    expect({ status: ignoreLinked.status, code: ignoreLinked.body.error.code }).toEqual({ status: 409, code: 'INVOICE_LINKED' });
    expect(ignoreLinked.body.error.message).toContain(`backs journal entry ${entry.toHexString()}, which is on the books`);

    expect((await gw.rest('DELETE', `/received_invoices/${second.id}/`, { key })).status).toBe(200);
    expect((await gw.rest('GET', `/received_invoices/${second.id}/`, { key })).status).toBe(404);
    expect((await gw.rest('POST', '/received_invoices/', { key, body: {} })).status).toBe(404);
  });

  test('linked to a draft entry (not yet on the books), an invoice moves as the contract says: any → linked, any → ignored, delete', async () => {
    const items = (await gw.rest('GET', '/received_invoices/list/?status=pending&limit=100', { key })).body.data.items;
    // Two of the file's pending invoices that no later test reads (those of 30708884444 are the supplier test's).
    const [invoice, other] = items.filter((item: { supplier_cuit: string }) => item.supplier_cuit !== '30708884444').slice(-2);
    const draftEntry = async (status: string) => {
      const id = new ObjectId();
      await gw.store
        .collection('journal_entries' as never)
        .insertOne({ _id: id, account_id: new ObjectId(accountId), status, created_at: new Date(), updated_at: new Date() });
      return id.toHexString();
    };
    const [a, b] = [await draftEntry('draft'), await draftEntry('draft')];
    const link = (id: string, entry: string) => gw.rest('POST', `/received_invoices/${id}/link/`, { key, body: { journal_entry_id: entry } });
    expect((await link(invoice.id, a)).body.data).toMatchObject({ status: 'linked', linked_journal_entry_id: a });
    const relinked = await link(invoice.id, b);
    expect({ status: relinked.status, data: relinked.body.data }).toMatchObject({ status: 200, data: { status: 'linked', linked_journal_entry_id: b } });
    const ignored = await gw.rest('POST', `/received_invoices/${invoice.id}/ignore/`, { key });
    expect(ignored.body.data).toMatchObject({ status: 'ignored', linked_journal_entry_id: null, linked_account_id: null });
    expect((await link(invoice.id, a)).body.data).toMatchObject({ status: 'linked', linked_journal_entry_id: a });
    expect((await gw.rest('DELETE', `/received_invoices/${invoice.id}/`, { key })).status).toBe(200);
    expect((await gw.rest('GET', `/received_invoices/${invoice.id}/`, { key })).status).toBe(404);
    // A reversed entry is on the books as much as a posted one.
    const reversed = await draftEntry('reversed');
    expect((await link(other.id, reversed)).status).toBe(200);
    const refused = await gw.rest('DELETE', `/received_invoices/${other.id}/`, { key });
    expect({ status: refused.status, code: refused.body.error.code }).toEqual({ status: 409, code: 'INVOICE_LINKED' });
  });

  test('GraphQL: ReceivedInvoice.supplier by CUIT and Supplier.receivedInvoices', async () => {
    const created = await gw.rest('POST', '/suppliers/', { key, body: { name: 'Ñandú', tax_id: '30708884444' } });
    expect(created.status).toBe(201);
    const res = await gw.gql(
      `{ receivedInvoices(first: 20, filter: { supplierCuit: "30708884444" }) { nodes { supplierCuit supplier { name } } }
         supplier(id: "${created.body.data._id}") { receivedInvoices(first: 5) { totalCount nodes { supplierName } } } }`,
      {},
      { key },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.receivedInvoices.nodes).toEqual(Array(2).fill({ supplierCuit: '30708884444', supplier: { name: 'Ñandú' } }));
    expect(res.body.data.supplier.receivedInvoices).toEqual({ totalCount: 2, nodes: Array(2).fill({ supplierName: 'CONSTRUCCIONES ÑANDÚ S.A.' }) });
  });
});
