import fs from 'node:fs';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { createAccount, createApiKey } from '../../src/domain/auth/auth.admin';
import type { RunningGateway } from '../../src/gateway';
import { type AdminGateway, startAdminGateway } from '../support/admin-gateway';

/**
 * `verify-books --account ID [--period YYYY-MM]`: re-derives the VAT books and Libro IVA Digital files from their
 * source documents and compares them with the stored lines; prints every difference as JSON and exits 3 when there
 * are any, 0 when the books agree. It reads only.
 */
const CSV = path.join(__dirname, '..', 'fixtures', 'fiscal-corpus', 'g2-2025-12', 'recibidos.csv');
let running: AdminGateway;
let gateway: RunningGateway;
let accountId: string;
let key: string;

async function verify(args: string[] = []): Promise<{ code: number; json: any }> {
  const { code, stdout } = await running.admin(['verify-books', '--account', accountId, ...args]);
  return { code, json: stdout ? JSON.parse(stdout) : null };
}

const lines = () => gateway.store.collection('iva_book_entries');

beforeAll(async () => {
  running = await startAdminGateway('verify-books-test-');
  ({ gateway } = running);
  accountId = (await createAccount(gateway.store, { name: 'Libros IVA SA', cuit: '30712345671' })).toHexString();
  key = (await createApiKey(gateway.store, { accountId, scopes: ['accounting:read', 'received_invoices:write'] })).key;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(fs.readFileSync(CSV))]), 'recibidos.csv');
  const upload = await fetch(`${gateway.url}/api/v1/received_invoices/upload-csv/`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
  expect(upload.status).toBe(200);
  // Reading the book writes its lines (an open month follows its sources).
  const book = await fetch(`${gateway.url}/api/v1/iva/books/2025-12/purchases/`, { headers: { 'x-api-key': key } });
  expect(book.status).toBe(200);
});
afterAll(async () => {
  await running?.stop();
});

it('books that agree with their sources: exit 0, nothing to report', async () => {
  expect(await verify()).toEqual({ code: 0, json: { account: accountId, ok: true, checked: { books: 2, lines: 3 }, differences: [] } });
  expect(await verify(['--period', '2025-12'])).toEqual({ code: 0, json: { account: accountId, ok: true, checked: { books: 2, lines: 3 }, differences: [] } });
});

it('an unknown account or a bad period: exit 1', async () => {
  const unknown = await running.admin(['verify-books', '--account', new ObjectId().toHexString()]);
  expect(unknown.code).toBe(1);
  expect((await running.admin(['verify-books', '--account', accountId, '--period', '2025-13'])).code).toBe(1);
  expect(unknown.stdout).toMatch(/NOT_FOUND/);
});

describe('a stored line edited or lost', () => {
  const account = () => new ObjectId(accountId);
  let saved: any[];
  beforeEach(async () => {
    saved = await lines().find({ account_id: account() }).toArray();
  });
  afterEach(async () => {
    await lines().deleteMany({ account_id: account() });
    await lines().insertMany(saved);
    expect((await verify()).code).toBe(0);
  });

  it('a line whose VAT was changed in the store is reported field by field with the LID files it changes: exit 3, and nothing is written', async () => {
    const line = await lines().findOne({ account_id: account(), voucher_number: 55 });
    await lines().updateOne({ _id: line!._id }, { $set: { vat_cents: 10_501, 'pesos.vat_cents': 10_501 } });
    const before = await lines().find({ account_id: account() }).sort({ _id: 1 }).toArray();
    const { code, json } = await verify();
    expect(code).toBe(3);
    expect(json.ok).toBe(false);
    expect(json.differences).toEqual([
      {
        kind: 'line',
        period: '2025-12',
        book: 'purchases',
        origin: 'received_invoice',
        source_id: line!.source_id.toHexString(),
        entry_id: line!._id.toHexString(),
        fields: [
          { field: 'vat_cents', derived: 10_500, stored: 10_501 },
          {
            field: 'pesos',
            derived: { total_cents: 60_500, vat_cents: 10_500, computable_credit_cents: 10_500, vat_perception_cents: 0 },
            stored: { total_cents: 60_500, vat_cents: 10_501, computable_credit_cents: 10_500, vat_perception_cents: 0 },
          },
        ],
      },
    ]);
    expect(await lines().find({ account_id: account() }).sort({ _id: 1 }).toArray()).toEqual(before);
  });

  it('a credit changed in the store changes the COMPRAS_CBTE file; a lost line and a stray one are reported', async () => {
    const line = await lines().findOne({ account_id: account(), voucher_number: 9 });
    await lines().updateOne({ _id: line!._id }, { $set: { computable_credit_cents: 1 } });
    const lost = await lines().findOne({ account_id: account(), voucher_number: 168 });
    await lines().deleteOne({ _id: lost!._id });
    const stray = new ObjectId();
    await lines().insertOne({ ...lost!, _id: stray, source_id: new ObjectId() });
    const { code, json } = await verify(['--period', '2025-12']);
    expect(code).toBe(3);
    expect(
      json.differences.map((difference: any) => [
        difference.kind,
        difference.field ?? difference.fields?.map((f: any) => f.field) ?? difference.file ?? difference.source_id,
      ]),
    ).toEqual([
      ['line', ['computable_credit_cents']],
      ['missing_line', lost!.source_id.toHexString()],
      ['extra_line', expect.any(String)],
      ['lid_file', 'COMPRAS_CBTE.txt'],
    ]);
  });
});
