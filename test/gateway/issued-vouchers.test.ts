import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { ObjectId } from 'mongodb';
import { createAccount, createApiKey } from '../../src/domain/auth/auth.admin';
import { BATCH_SIZE } from '../../src/domain/mis-comprobantes/import-loop';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * Issued vouchers: importing every Emitidos export (the real G1 file, the real Excel re-saves in three encodings, and
 * G2/G3 twins of the synthetic Recibidos vouchers turned into Emitidos rows), deduplication, a file of the other
 * direction refused on either route, the issuer check, and the read-only resource (list filters, get, GraphQL).
 */

const FIXTURES = join(__dirname, '..', 'fixtures');
const fixture = (name: string) => readFileSync(join(FIXTURES, 'issued-vouchers', name));
const SCOPES = ['invoices:read', 'invoices:write', 'received_invoices:read', 'received_invoices:write'] as const;

let gw: TestGateway;

/** A CUIT no other account of the run has (valid check digit), for files that do not name their issuer. */
function freshCuit(): string {
  for (;;) {
    const body = `20${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const sum = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2].reduce((total, weight, i) => total + weight * Number(body[i]), 0);
    const r = 11 - (sum % 11);
    if (r !== 10 && !ACCOUNTS.has(`${body}${r === 11 ? 0 : r}`)) return `${body}${r === 11 ? 0 : r}`;
  }
}

const ACCOUNTS = new Map<string, Promise<{ accountId: string; key: string; cuit: string }>>();

/** The account of this CUIT (made once): files whose title row names their issuer need that very CUIT. */
function accountFor(cuit: string) {
  let found = ACCOUNTS.get(cuit);
  if (!found) {
    found = (async () => {
      const accountId = (await createAccount(gw.store, { name: `Cuenta ${cuit}`, cuit })).toHexString();
      return { accountId, cuit, key: (await createApiKey(gw.store, { accountId, scopes: [...SCOPES] })).key };
    })();
    ACCOUNTS.set(cuit, found);
  }
  return found;
}

const newAccount = () => accountFor(freshCuit());

async function upload(key: string, content: Buffer, name = 'export.csv', route = '/issued_vouchers/upload-csv/') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), name);
  const response = await fetch(`${gw.url}/api/v1${route}`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

const imported = async (key: string, content: Buffer, name?: string) => {
  const res = await upload(key, content, name);
  if (res.status !== 200) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};

const vouchersOf = (accountId: string) =>
  gw.store
    .collection('issued_vouchers')
    .find({ account_id: new ObjectId(accountId) })
    .sort({ voucher_type: 1, sale_point: 1, voucher_number: 1 })
    .toArray();

/** Per-currency sum of Imp. Total over the file's data rows, computed from the file independently of the importer. */
function fileTotals(name: string, encoding = 'utf8'): Record<string, number> {
  const lines = iconv.decode(fixture(name), encoding).split('\n');
  const headerAt = lines.findIndex((line) => line.includes('Imp. Total'));
  const text = lines.slice(headerAt).join('\n');
  const delimiter = lines[headerAt].includes(';') ? ';' : ',';
  const rows: Array<Record<string, string>> = parse(text, { columns: true, delimiter, bom: true, skip_empty_lines: true, relax_column_count: true });
  const totals: Record<string, number> = {};
  for (const row of rows) {
    const currency = { $: 'ARS', PES: 'ARS', DOL: 'USD', USD: 'USD' }[row.Moneda] ?? row.Moneda;
    const cents = Math.round(Number(row['Imp. Total'].replace(delimiter === ';' ? ',' : /$^/, '.')) * 100);
    totals[currency] = (totals[currency] ?? 0) + cents;
  }
  return totals;
}

async function storedTotals(accountId: string): Promise<Record<string, number>> {
  const totals: Record<string, number> = {};
  for (const doc of await vouchersOf(accountId)) totals[doc.currency] = (totals[doc.currency] ?? 0) + doc.total_amount_cents;
  return totals;
}

beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.stop();
});

describe('every Emitidos sample imports', () => {
  test.each([
    ['anon-g1-emitidos-2022.csv', null, 'G1', 'utf8'],
    ['anon-g1xl-emitidos-2020-08-b-utf8.csv', '27990079191', 'G1', 'utf8'],
    ['anon-g1xl-emitidos-2020-09-a-cp850.csv', '30990079192', 'G1', 'cp850'],
    ['anon-g1xl-emitidos-2020-09-b-latin1.csv', '27990079191', 'G1', 'windows-1252'],
    ['anon-g1xl-emitidos-2020-10-b-utf8.csv', '27990079191', 'G1', 'utf8'],
    ['synthetic-g2-emitidos-2025-12.csv', null, 'G2', 'utf8'],
    ['synthetic-g3-emitidos-2025-12.csv', null, 'G3', 'utf8'],
  ])('%s: per-currency totals equal the file', async (name, titleCuit, layout, encoding) => {
    // An Excel re-save names its issuer in a title row: only that CUIT's account may import it.
    const cuit = titleCuit ?? freshCuit();
    const owner = await accountFor(cuit);
    const before = await storedTotals(owner.accountId);
    const result = await imported(owner.key, fixture(name), name);
    expect(result).toMatchObject({ direction: 'issued', layout, encoding, status: 'completed', rows_with_errors: 0, rows_duplicated: 0, file_name: name });
    expect(result.rows_imported).toBe(result.rows_total);
    const after = await storedTotals(owner.accountId);
    const added = Object.fromEntries(Object.entries(after).map(([currency, cents]) => [currency, cents - (before[currency] ?? 0)]));
    expect(added).toEqual(fileTotals(name, encoding));
    const docs = await gw.store
      .collection('issued_vouchers')
      .find({ import_id: new ObjectId(result.id) })
      .toArray();
    expect(docs).toHaveLength(result.rows_total);
    expect(docs.every((doc) => doc.issuer_cuit === cuit && doc.source === 'excel_import')).toBe(true);
  });
});

describe('layouts, fields and deduplication', () => {
  let g3: { accountId: string; key: string };
  beforeAll(async () => {
    g3 = await newAccount();
    await imported(g3.key, fixture('synthetic-g3-emitidos-2025-12.csv'));
  });

  test('the G2 and G3 synthetic twins produce identical records', async () => {
    const g2 = await newAccount();
    await imported(g2.key, fixture('synthetic-g2-emitidos-2025-12.csv'));
    const strip = ({ _id, account_id, issuer_cuit, import_id, created_at, updated_at, vat_items, rate_review, needs_review, ...rest }: any) => rest;
    const fromG3 = await vouchersOf(g3.accountId);
    const fromG2 = await vouchersOf(g2.accountId);
    expect(fromG2).toHaveLength(11);
    expect(fromG2.map(strip)).toEqual(fromG3.map(strip));
    fromG2.forEach((doc, index) => {
      // G2 has one net and one VAT: a rate is named when it alone explains the VAT; a mix of rates, which G3 splits
      // per rate, keeps its VAT on one provisional line, marked for review.
      expect(doc.vat_items.reduce((sum: number, line: any) => sum + line.amount_cents, 0)).toBe(doc.iva_cents);
      if (!doc.needs_review) expect(doc.vat_items).toEqual(fromG3[index].vat_items);
      else expect(fromG3[index].vat_items).toHaveLength(2);
    });
    expect(fromG2.some((doc) => doc.needs_review)).toBe(true);
    // The marked vouchers are listed by the "needs review" filter, with their mark.
    const flagged = (await gw.rest('GET', '/issued_vouchers/list/?needs_review=true&page_size=100', { key: g2.key })).body.data.items;
    expect(flagged.map((item: any) => item.voucher_number).sort()).toEqual(
      fromG2
        .filter((doc) => doc.needs_review)
        .map((doc) => doc.voucher_number)
        .sort(),
    );
    expect(flagged[0]).toMatchObject({
      needs_review: true,
      rate_review: { reason: expect.stringMatching(/\(VAT_RATES_MIXED\)$/), flagged_at: expect.any(String) },
    });
    expect(fromG3.some((doc) => doc.vat_items.length === 2)).toBe(true);
  });

  test('what a row says: receiver, range, code name, authorization kind', async () => {
    const docs = await vouchersOf(g3.accountId);
    const range = docs.find((doc) => doc.voucher_type === 6)!;
    expect(range).toMatchObject({
      voucher_type_name: 'Factura B',
      voucher_number: 47220,
      voucher_number_to: 47225,
      receiver_doc_type: 99,
      receiver_doc: '0',
      receiver_name: null,
    });
    expect(docs.find((doc) => doc.voucher_type === 11)).toMatchObject({ receiver_doc_type: 96, receiver_doc: '28444556', voucher_number_to: null });
    expect(docs.find((doc) => doc.voucher_type === 3)).toMatchObject({ voucher_class: 'credit_note', voucher_type_name: 'Nota de Crédito A' });
    expect(docs.find((doc) => doc.voucher_type === 201)).toMatchObject({ voucher_type_name: 'Factura de Crédito Electrónica MiPyMEs (FCE) A' });
    expect(docs.filter((doc) => doc.authorization_kind === 'CAEA').map((doc) => doc.voucher_number)).toEqual([98840, 98841]);
    expect(docs.find((doc) => doc.currency === 'USD')).toMatchObject({ exchange_rate: 1465.0222, total_amount_cents: 26426 });
  });

  test('re-importing imports nothing new and reports the duplicates', async () => {
    const again = await imported(g3.key, fixture('synthetic-g3-emitidos-2025-12.csv'));
    expect(again).toMatchObject({ rows_total: 11, rows_imported: 0, rows_duplicated: 11 });
    // The G2 twin is the same vouchers: duplicates too.
    expect(await imported(g3.key, fixture('synthetic-g2-emitidos-2025-12.csv'))).toMatchObject({ rows_imported: 0, rows_duplicated: 11 });
    expect(await vouchersOf(g3.accountId)).toHaveLength(11);
  });

  test('two concurrent uploads of one file store each voucher once', async () => {
    const owner = await newAccount();
    // The real 915-row re-save without its title row, so that it names no issuer and suits any account.
    const withTitle = fixture('anon-g1xl-emitidos-2020-09-a-cp850.csv');
    const content = withTitle.subarray(withTitle.indexOf(0x0a) + 1);
    const [a, b] = await Promise.all([imported(owner.key, content), imported(owner.key, content)]);
    expect(a.rows_imported + b.rows_imported).toBe(915);
    expect(a.rows_duplicated + b.rows_duplicated).toBe(915);
    expect(await vouchersOf(owner.accountId)).toHaveLength(915);
  });

  test('an export whose title names another CUIT is refused row by row: the issuer must be the account', async () => {
    const owner = await newAccount();
    const result = await imported(owner.key, fixture('anon-g1xl-emitidos-2020-10-b-utf8.csv'));
    expect(result).toMatchObject({ rows_total: 38, rows_imported: 0, rows_with_errors: 38 });
    const own = (await gw.store.collection('accounts').findOne({ _id: new ObjectId(owner.accountId) }))!.cuit;
    expect(result.row_errors[0].reasons).toEqual([
      { code: 'NOT_THIS_ACCOUNT', message: `issuer: the file is the export of CUIT 27990079191, not of this account's CUIT ${own}` },
    ]);
    expect(result.row_errors[0]).toMatchObject({
      line: 3,
      messages: [`issuer: the file is the export of CUIT 27990079191, not of this account's CUIT ${own}`],
    });
    expect(await vouchersOf(owner.accountId)).toHaveLength(0);
  });

  test('row problems are reported by line and do not stop the import', async () => {
    const owner = await newAccount();
    const header = fixture('synthetic-g2-emitidos-2025-12.csv').toString('utf8').split('\n')[0];
    const rows = [
      '2025-12-01;1;3;1;1;75481234500011;80;30715551249;MALA CUIT S.A.;1,00;PES;100,00;0,00;0,00;0,00;21,00;121,00',
      '2025-12-01;6;3;2;1;75481234500011;99;0;;1,00;PES;100,00;0,00;0,00;0,00;21,00;121,00',
      '2025-12-01;6;3;3;3;75481234500011;XX;0;;1,00;PES;100,00;0,00;0,00;0,00;21,00;121,00',
      '2025-12-01;1;3;4;4;75481234500011;80;30715551248;BUENA S.A.;1,00;PES;100,00;0,00;0,00;0,00;21,00;121,00',
    ];
    const result = await imported(owner.key, Buffer.from([header, ...rows, ''].join('\n')));
    expect(result).toMatchObject({ rows_total: 4, rows_imported: 1, rows_with_errors: 3 });
    expect(result.row_errors.map((error: any) => [error.line, error.messages[0].split(':')[0]])).toEqual([
      [2, 'receiver CUIT'],
      [3, 'voucher number to'],
      [4, 'receiver document type'],
    ]);
  });
  test('a file unreadable past its first batch fails with BAD_CSV; the history counts what was stored', async () => {
    const owner = await newAccount();
    const header = fixture('synthetic-g2-emitidos-2025-12.csv').toString('utf8').split('\n')[0];
    const rows = Array.from(
      { length: BATCH_SIZE + 500 },
      (_, i) => `2025-12-01;6;9;${i + 1};${i + 1};75481234500011;99;0;;1,00;PES;100,00;0,00;0,00;0,00;21,00;121,00`,
    );
    // A cell opening a quote that never closes: csv-parse fails at the end of the input, after the first batch was
    // sent to the database.
    const unclosed = `2025-12-01;6;9;"${rows.length + 1};${rows.length + 1}`;
    const res = await upload(owner.key, Buffer.from([header, ...rows, unclosed, ''].join('\n')), 'unclosed.csv');
    expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 400, code: 'BAD_CSV' });
    const [history] = (await gw.rest('GET', '/issued_vouchers/import-history/', { key: owner.key })).body.data;
    expect(history).toMatchObject({
      status: 'failed',
      file_name: 'unclosed.csv',
      rows_imported: BATCH_SIZE,
      failure: expect.stringMatching(/^the CSV cannot be read/),
    });
    expect(await vouchersOf(owner.accountId)).toHaveLength(BATCH_SIZE);
  });
});

describe('a closed VAT month', () => {
  test('each Emitidos row dated in it is a row error (PERIOD_CLOSED) and nothing is stored; reopened, the same file imports', async () => {
    const { accountId } = await newAccount();
    const { key } = await createApiKey(gw.store, { accountId, scopes: [...SCOPES, 'accounting:read', 'accounting:write'] });
    expect((await gw.rest('POST', '/iva/books/2025-12/close/', { key })).status).toBe(200);
    const csv = fixture('synthetic-g3-emitidos-2025-12.csv');
    const rows = csv.toString('utf8').trim().split('\n').length - 1;
    const refused = await imported(key, csv);
    expect(refused).toMatchObject({ rows_imported: 0, rows_with_errors: rows });
    expect(refused.row_errors).toHaveLength(rows);
    for (const error of refused.row_errors) expect(error.messages.join(' ')).toMatch(/VAT period 2025-12 is closed \(PERIOD_CLOSED\)/);
    expect(await vouchersOf(accountId)).toHaveLength(0);
    expect((await gw.rest('POST', '/iva/books/2025-12/reopen/', { key, body: { reason: 'late Emitidos export' } })).status).toBe(200);
    expect(await imported(key, csv)).toMatchObject({ rows_imported: rows, rows_with_errors: 0 });
  });
});

describe('the wrong export on either route', () => {
  test('a Recibidos export sent to the Emitidos route is 400 WRONG_EXPORT, naming the right route', async () => {
    const { key, accountId } = await newAccount();
    for (const name of ['synthetic-g3-recibidos-2025-12.csv', 'synthetic-g2-recibidos-2025-12.csv', 'anon-g1-recibidos-2022.csv']) {
      const res = await upload(key, readFileSync(join(FIXTURES, 'received-invoices', name)), name);
      expect({ name, status: res.status, code: res.body.error.code }).toEqual({ name, status: 400, code: 'WRONG_EXPORT' });
      expect(res.body.error.message).toBe(
        'this is an export of received vouchers (Mis Comprobantes Recibidos): upload it to POST /api/v1/received_invoices/upload-csv/; this route takes the Mis Comprobantes Emitidos export',
      );
    }
    expect(await gw.store.collection('issued_voucher_imports').countDocuments({ account_id: new ObjectId(accountId) })).toBe(0);
    expect(await gw.store.collection('issued_voucher_imports').countDocuments({ account_id: new ObjectId((await newAccount()).accountId) })).toBe(0);
  });

  test('an Emitidos export sent to the Recibidos route is 400 WRONG_EXPORT, naming the right route', async () => {
    const { key } = await newAccount();
    for (const name of ['synthetic-g3-emitidos-2025-12.csv', 'synthetic-g2-emitidos-2025-12.csv', 'anon-g1-emitidos-2022.csv']) {
      const res = await upload(key, fixture(name), name, '/received_invoices/upload-csv/');
      expect({ name, status: res.status, code: res.body.error.code }).toEqual({ name, status: 400, code: 'WRONG_EXPORT' });
      expect(res.body.error.message).toMatch(
        /^this is an export of issued vouchers \(Mis Comprobantes Emitidos\): upload it to POST \/api\/v1\/issued_vouchers\/upload-csv\//,
      );
    }
  });

  test('an unknown file names the Emitidos titles', async () => {
    const { key } = await newAccount();
    const res = await upload(key, Buffer.from('a;b;c\n1;2;3\n'), 'other.csv');
    expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 400, code: 'UNKNOWN_LAYOUT' });
    expect(res.body.error.message).toContain('not a Mis Comprobantes Emitidos export');
    expect(res.body.error.message).toContain('Tipo Doc. Receptor, Nro. Doc. Receptor, Denominación Receptor, Tipo Cambio');
  });
});

describe('GraphQL upload', () => {
  const form = (content: Buffer) => {
    const body = new FormData();
    body.append(
      'operations',
      JSON.stringify({ query: 'mutation($file: Upload!) { importIssuedVouchers(file: $file) { direction rowsTotal layout } }', variables: { file: null } }),
    );
    body.append('map', JSON.stringify({ 0: ['variables.file'] }));
    body.append('0', new Blob([new Uint8Array(content)]), 'g3.csv');
    return body;
  };

  test('a multipart request without the preflight header is refused (CSRF) and imports nothing', async () => {
    const { key, accountId } = await newAccount();
    const res = await fetch(`${gw.url}/graphql`, { method: 'POST', headers: { 'x-api-key': key }, body: form(fixture('synthetic-g3-emitidos-2025-12.csv')) });
    expect(res.status).toBe(403);
    expect(((await res.json()) as any).errors[0].extensions.code).toBe('CSRF_PREFLIGHT_REQUIRED');
    expect(await vouchersOf(accountId)).toHaveLength(0);
  });

  test('with Apollo-Require-Preflight it runs the same import as REST', async () => {
    const { key } = await newAccount();
    const res = await fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'apollo-require-preflight': 'true' },
      body: form(fixture('synthetic-g3-emitidos-2025-12.csv')),
    });
    const body = (await res.json()) as any;
    expect(body).toEqual({ data: { importIssuedVouchers: { direction: 'issued', rowsTotal: 11, layout: 'G3' } } });
  });

  test.each(['importIssuedVouchers', 'importReceivedInvoices'])('%s: a file past 20 MB is 413 on the GraphQL multipart path too', async (field) => {
    const { key, accountId } = await newAccount();
    const body = new FormData();
    body.append('operations', JSON.stringify({ query: `mutation($file: Upload!) { ${field}(file: $file) { rowsTotal } }`, variables: { file: null } }));
    body.append('map', JSON.stringify({ 0: ['variables.file'] }));
    body.append(
      '0',
      new Blob([new Uint8Array(Buffer.concat([fixture('synthetic-g3-emitidos-2025-12.csv'), Buffer.alloc(21 * 1024 * 1024, 0x0a)]))]),
      'large.csv',
    );
    const res = await fetch(`${gw.url}/graphql`, { method: 'POST', headers: { 'x-api-key': key, 'apollo-require-preflight': 'true' }, body });
    const answer = (await res.json()) as any;
    expect({ status: res.status, code: answer.errors?.[0]?.extensions?.code }).toEqual({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect(await vouchersOf(accountId)).toHaveLength(0);
  });
});

describe('reading issued vouchers', () => {
  let key: string;
  let cuit: string;
  beforeAll(async () => {
    ({ key, cuit } = await newAccount());
    await imported(key, fixture('synthetic-g3-emitidos-2025-12.csv'));
  });

  test('lists filter by type, point of sale, receiver, currency and dates; a record reads by id', async () => {
    const list = async (query: string) => {
      const res = await gw.rest('GET', `/issued_vouchers/list/?${query}`, { key });
      expect(res.status).toBe(200);
      return res.body.data.items;
    };
    expect(await list('limit=100')).toHaveLength(11);
    expect((await list('voucher_type=3')).map((doc: any) => doc.voucher_number)).toEqual([1163]);
    expect((await list('sale_point=11')).map((doc: any) => doc.voucher_number).sort()).toEqual([98840, 98841]);
    expect((await list('receiver_doc=30715551248')).map((doc: any) => doc.voucher_type).sort()).toEqual([1, 2]);
    expect((await list('currency=USD')).map((doc: any) => doc.total_amount)).toEqual([264.26]);
    expect((await list('from=2025-12-18&to=2025-12-22')).map((doc: any) => doc.voucher_number).sort()).toEqual([77, 98840, 98841]);
    expect((await list('page=2&limit=5')).length).toBe(5);
    const [first] = await list('voucher_type=6');
    const detail = await gw.rest('GET', `/issued_vouchers/${first.id}/`, { key });
    expect(detail.body.data).toMatchObject({
      id: first.id,
      issuer_cuit: cuit,
      voucher_type: 6,
      voucher_type_name: 'Factura B',
      sale_point: 7,
      voucher_number: 47220,
      voucher_number_to: 47225,
      receiver_doc_type: 99,
      receiver_doc: '0',
      receiver_name: null,
      currency: 'ARS',
      exchange_rate: 1,
      total_amount: 24900,
      vat_items: [],
      authorization_kind: 'CAE',
      cae: '75481234500055',
      source: 'excel_import',
    });
    expect(detail.body.data.import_id).toMatch(/^[0-9a-f]{24}$/);
    expect(detail.body.data.created_at).toEqual(expect.any(String));
  });

  test('no create, update or delete: records come only from imports', async () => {
    const [first] = (await gw.rest('GET', '/issued_vouchers/list/', { key })).body.data.items;
    expect((await gw.rest('POST', '/issued_vouchers/', { key, body: {} })).status).toBe(404);
    expect((await gw.rest('PUT', `/issued_vouchers/${first.id}/`, { key, body: {} })).status).toBe(404);
    expect((await gw.rest('DELETE', `/issued_vouchers/${first.id}/`, { key })).status).toBe(404);
    expect((await gw.rest('GET', `/issued_vouchers/${first.id}/`, { key })).status).toBe(200);
  });

  test('GraphQL: the issuedVouchers connection and issuedVoucher(id)', async () => {
    const res = await gw.gql(
      `{ issuedVouchers(first: 3, filter: { receiverDoc: "30708884444" }, orderBy: { field: totalAmount, direction: asc }) {
           totalCount nodes { id voucherType voucherTypeName totalAmount receiverName vatItems { aliquot base amount } } } }`,
      {},
      { key },
    );
    expect(res.body.errors).toBeUndefined();
    const { totalCount, nodes } = res.body.data.issuedVouchers;
    expect({ totalCount, types: nodes.map((node: any) => node.voucherType) }).toEqual({ totalCount: 2, types: [1, 3] });
    expect(nodes[0].vatItems).toEqual([
      { aliquot: 10.5, base: 2403, amount: 252.32 },
      { aliquot: 21, base: 1620, amount: 340.2 },
    ]);
    const one = await gw.gql('query Q($id: ID!) { issuedVoucher(id: $id) { id receiverName } }', { id: nodes[1].id }, { key });
    expect(one.body.data.issuedVoucher).toEqual({ id: nodes[1].id, receiverName: 'CONSTRUCCIONES ÑANDÚ S.A.' });
  });

  test('the import history of each route records its direction', async () => {
    const issued = (await gw.rest('GET', '/issued_vouchers/import-history/', { key })).body.data;
    expect(issued.map((entry: any) => entry.direction)).toEqual(['issued']);
    const owner = await newAccount();
    const received = await upload(
      owner.key,
      readFileSync(join(FIXTURES, 'received-invoices', 'synthetic-g3-recibidos-2025-12.csv')),
      'r.csv',
      '/received_invoices/upload-csv/',
    );
    expect(received.body.data.direction).toBe('received');
    const history = (await gw.rest('GET', '/received_invoices/import-history/', { key: owner.key })).body.data;
    expect(history.map((entry: any) => entry.direction)).toEqual(['received']);
    expect((await gw.rest('GET', '/issued_vouchers/import-history/', { key: owner.key })).body.data).toEqual([]);
  });
});
