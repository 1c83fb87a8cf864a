import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { ObjectId } from 'mongodb';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * The fiscal corpus (test/fixtures/fiscal-corpus/README.md): each Mis Comprobantes export imported through the real
 * route, its Libro IVA Digital exported through the real route and compared byte for byte with the files written by
 * hand from ARCA's record design, its book and position compared with the figures computed by hand.
 */
type Row = Record<string, any>;
const CUIT = '30712345671';
const CORPUS = join(__dirname, '..', 'fixtures', 'fiscal-corpus');
const CASES = readdirSync(CORPUS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
  gw.clock.now = new Date('2026-01-10T12:00:00Z');
});
afterAll(async () => {
  await gw?.stop();
});

/** Imports a Recibidos export (the purchases book) or an Emitidos one (the sales book) into a new account. */
async function accountWithExport(file: Buffer, route = '/received_invoices/upload-csv/'): Promise<{ key: string; accountId: ObjectId; answer: Row }> {
  const account = await gw.account([
    'accounting:read',
    'accounting:write',
    'received_invoices:read',
    'received_invoices:write',
    'invoices:read',
    'invoices:write',
  ]);
  const accountId = new ObjectId(account.accountId);
  // The receiver CUIT is unique to an account: each case takes it over from the previous one.
  for (const previous of await gw.store.collection('accounts').find({ cuit: CUIT }).toArray())
    await gw.store.collection('accounts').updateOne({ _id: previous._id }, { $set: { cuit: `retired-${previous._id.toHexString()}` } });
  await gw.store.collection('accounts').updateOne({ _id: accountId }, { $set: { cuit: CUIT } });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'recibidos.csv');
  const res = await fetch(`${gw.url}/api/v1${route}`, { method: 'POST', headers: { 'x-api-key': account.key }, body: form });
  const body = (await res.json()) as Row;
  expect(res.status).toBe(200);
  expect(body.data.rows_with_errors).toBe(0);
  return { key: account.key, accountId, answer: body.data };
}

async function exported(key: string, period: string, book = 'purchases'): Promise<{ status: number; files: Record<string, Buffer>; error?: Row }> {
  const response = await fetch(`${gw.url}/api/v1/iva/export/${period}/${book}/`, { headers: { 'x-api-key': key } });
  if (response.status !== 200) return { status: response.status, files: {}, error: ((await response.json()) as Row).error };
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  return { status: 200, files: Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, Buffer.from(bytes)])) };
}

describe.each(CASES)('fiscal corpus %s', (name) => {
  const dir = join(CORPUS, name);
  const expected = JSON.parse(readFileSync(join(dir, 'expected-book.json'), 'utf8')) as Row;
  const expectedFiles = readdirSync(dir).filter((file) => file.endsWith('.txt'));
  const book = (expected.book_type ?? 'purchases') as string;
  const [csv, base] = (book === 'sales' ? ['emitidos.csv', 'issued_vouchers'] : ['recibidos.csv', 'received_invoices']) as [
    string,
    'issued_vouchers' | 'received_invoices',
  ];
  // The rows whose VAT the export does not explain, and how an accountant resolves each (reviews.json, the corpus README).
  const reviews = (existsSync(join(dir, 'reviews.json')) ? JSON.parse(readFileSync(join(dir, 'reviews.json'), 'utf8')).reviews : []) as Row[];

  it('imports the export, then exports the Libro IVA Digital byte for byte and the book and position as computed by hand', async () => {
    const { key, accountId, answer } = await accountWithExport(readFileSync(join(dir, csv)), `/${base}/upload-csv/`);
    expect(answer.rows_needing_review).toBe(reviews.length);
    expect(answer.row_reviews.map((row: Row) => row.reasons[0].code)).toEqual(reviews.map((review) => review.reason));
    if (reviews.length) {
      // Every credit is kept in the book, marked; the Libro IVA Digital waits for the review, naming each voucher.
      const marked = await gw.rest('GET', `/iva/books/${expected.period}/${book}/`, { key });
      expect(marked.body.data.entries_to_review).toBe(reviews.length);
      const refused = await exported(key, expected.period, book);
      expect(refused.status).toBe(409);
      expect(refused.error).toMatchObject({ code: 'VAT_RATES_TO_REVIEW' });
      expect(refused.error!.details).toHaveLength(reviews.length);
      for (const review of reviews) {
        const voucher = await gw.store.collection(base).findOne({ account_id: accountId, voucher_number: review.voucher_number });
        const resolved = await gw.rest('POST', `/${base}/${voucher!._id.toHexString()}/vat-lines/`, { key, body: review.body });
        expect({ status: resolved.status, needs_review: resolved.body.data?.needs_review }).toEqual({ status: 200, needs_review: false });
      }
    }
    const dispatches = await gw.store.collection('received_invoices').find({ account_id: accountId, voucher_type: 66 }).toArray();
    if (dispatches.length) {
      // The export does not list a dispatch number: the Libro IVA Digital waits for it, naming the voucher.
      const refused = await exported(key, expected.period);
      expect(refused.status).toBe(409);
      expect(refused.error).toMatchObject({ code: 'CUSTOMS_DISPATCH_MISSING' });
      expect(refused.error!.details).toHaveLength(dispatches.length);
      const view = await gw.rest('GET', `/iva/books/${expected.period}/purchases/`, { key });
      expect(view.body.data.entries_to_review).toBe(dispatches.length);
      for (const dispatch of dispatches) {
        const set = await gw.rest('POST', `/received_invoices/${dispatch._id.toHexString()}/customs-dispatch/`, {
          key,
          body: { customs_dispatch: '25001IC04001234K' },
        });
        expect(set.status).toBe(200);
        const shown = await gw.rest('GET', `/received_invoices/${dispatch._id.toHexString()}/`, { key });
        expect(shown.body.data).toMatchObject({ voucher_type: 66, customs_dispatch: '25001IC04001234K' });
      }
    }
    const { status, files } = await exported(key, expected.period, book);
    expect(status).toBe(200);
    expect(Object.keys(files).sort()).toEqual([...expectedFiles].sort());
    for (const file of expectedFiles) expect(files[file].toString('latin1')).toBe(readFileSync(join(dir, file)).toString('latin1'));
    for (const file of expectedFiles) expect(files[file].equals(readFileSync(join(dir, file)))).toBe(true);

    const view = await gw.rest('GET', `/iva/books/${expected.period}/${book}/`, { key });
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject(expected.book);
    const summary = await gw.rest('GET', `/iva/summary/${expected.period}/`, { key });
    expect(summary.status).toBe(200);
    expect(summary.body.data).toMatchObject(expected.position);
  });
});

describe('a line whose rates the import flagged', () => {
  it('is marked in the book and its entries, and the export refuses VAT_RATES_TO_REVIEW until it is resolved', async () => {
    // Voucher 55 with 100,00 of VAT on 500,00 of net taxed (20 %: no rate): the import flags it.
    const corpus = readFileSync(join(CORPUS, 'g2-2025-12', 'recibidos.csv')).toString('utf8');
    const file = corpus.replace(
      ';55;55;75481234500301;80;30500010912;IMPORTADORA DEL LITORAL S.A.;1,00;PES;500,00;0,00;0,00;0,00;105,00;605,00',
      ';55;55;75481234500301;80;30500010912;IMPORTADORA DEL LITORAL S.A.;1,00;PES;500,00;0,00;0,00;0,00;100,00;600,00',
    );
    expect(file).not.toBe(corpus);
    const { key, accountId, answer } = await accountWithExport(Buffer.from(file, 'utf8'));
    expect(answer.rows_needing_review).toBe(1);
    const invoices = gw.store.collection('received_invoices');
    const flagged = await invoices.findOne({ account_id: accountId, voucher_number: 55 });
    const reason = flagged!.rate_review.reason as string;
    const book = await gw.rest('GET', '/iva/books/2025-12/purchases/', { key });
    // The credit is kept: the stated VAT stays in the book while it waits for review (21.115,50 with 105,00 of it: 5,00 less).
    expect(book.body.data).toMatchObject({ count: 3, entries_to_review: 1, vat: 21110.5 });
    const list = await gw.rest('GET', '/iva/books/2025-12-purchases/entries/?limit=100', { key });
    const marks = (list.body.data.items as Row[]).map((item) => [item.voucher_number, item.needs_review, item.review_reason]);
    expect(marks.sort()).toEqual([
      [168, false, null],
      [55, true, reason],
      [9, false, null],
    ]);
    const gql = await gw.gql('query { ivaBook(period: "2025-12", bookType: "purchases") { entriesToReview } }', {}, { key });
    expect(gql.body.data?.ivaBook.entriesToReview ?? gql.body.errors).toBe(1);
    const refused = await exported(key, '2025-12');
    expect(refused.status).toBe(409);
    expect(refused.error).toMatchObject({ code: 'VAT_RATES_TO_REVIEW' });
    expect(refused.error!.details).toEqual([
      { path: 'vouchers', message: `001 00007-00000055 of 30500010912 (source ${flagged!._id.toHexString()}): ${reason}` },
    ]);
    // Resolved: 21 % of 476,19 is 99,9999 → 100,00; the rest of the net, 23,81, is untaxed.
    const resolved = await gw.rest('POST', `/received_invoices/${flagged!._id.toHexString()}/vat-lines/`, {
      key,
      body: { vat_items: [{ aliquot: 21, base: 476.19, amount: 100 }], net_taxed: 476.19, net_untaxed: 23.81 },
    });
    expect(resolved.status).toBe(200);
    expect((await exported(key, '2025-12')).status).toBe(200);
    expect((await gw.rest('GET', '/iva/books/2025-12/purchases/', { key })).body.data).toMatchObject({ entries_to_review: 0, vat: 21110.5 });
  });

  it('a dispatch number is 16 letters and digits, and only a dispatch has one', async () => {
    const { key, accountId } = await accountWithExport(readFileSync(join(CORPUS, 'g3-2025-12', 'recibidos.csv')));
    const invoices = gw.store.collection('received_invoices');
    const dispatch = await invoices.findOne({ account_id: accountId, voucher_type: 66 });
    const invoice = await invoices.findOne({ account_id: accountId, voucher_type: 1 });
    const short = await gw.rest('POST', `/received_invoices/${dispatch!._id.toHexString()}/customs-dispatch/`, {
      key,
      body: { customs_dispatch: '25001IC0400' },
    });
    expect(short.status).toBe(400);
    const other = await gw.rest('POST', `/received_invoices/${invoice!._id.toHexString()}/customs-dispatch/`, {
      key,
      body: { customs_dispatch: '25001IC04001234K' },
    });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('NOT_A_CUSTOMS_DISPATCH');
    expect((await invoices.findOne({ _id: invoice!._id }))!.customs_dispatch).toBeUndefined();
    expect((await invoices.findOne({ _id: dispatch!._id }))!.customs_dispatch).toBeUndefined();
  });
});
