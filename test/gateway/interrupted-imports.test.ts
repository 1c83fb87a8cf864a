import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandStartedEvent } from 'mongodb';
import { ObjectId } from 'mongodb';
import { SCOPES } from '../../src/domain/auth/scopes';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * An import cut off by a crash is not left `running` forever: it writes its counts as it goes, and a read shows one
 * that has been silent for five minutes as `interrupted`, with what it had stored; the same file uploaded again
 * completes it (what was stored counts as duplicates). The stored record is left as it is: reads never write.
 */

let gw: TestGateway;
const updates: Array<{ collection: string }> = [];
beforeAll(async () => {
  gw = await startTestGateway({}, undefined, { monitorCommands: true });
  gw.store.client.on('commandStarted', (event: CommandStartedEvent) => {
    if (event.commandName === 'update') updates.push({ collection: String(event.command.update) });
  });
});
afterAll(async () => {
  await gw?.stop();
});

const FILE = readFileSync(join(__dirname, '..', 'fixtures', 'received-invoices', 'synthetic-g2-recibidos-2025-12.csv'));

async function upload(key: string, content: Buffer | string) {
  const form = new FormData();
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), 'recibidos.csv');
  return gw.rest('POST', '/received_invoices/upload-csv/', { key, body: form });
}

const history = async (key: string) => (await gw.rest('GET', '/received_invoices/import-history/', { key })).body.data as Array<Record<string, any>>;

it('a running import silent for five minutes reads as interrupted with what it stored; one that just wrote reads as running', async () => {
  gw.clock.now = new Date('2026-01-10T15:00:00Z');
  const { key, accountId } = await gw.account([...SCOPES]);
  const done = await upload(key, FILE);
  expect(done.status).toBe(200);
  const stored = done.body.data.rows_imported as number;
  expect(stored).toBeGreaterThan(0);
  // The gateway stops half-way: its record stays as it last wrote it.
  const imports = gw.store.collection('received_invoice_imports');
  const id = new ObjectId(done.body.data.id as string);
  await imports.updateOne({ _id: id }, { $set: { status: 'running', finished_at: null, updated_at: new Date('2026-01-10T15:00:00Z') } });

  gw.clock.now = new Date('2026-01-10T15:04:59Z');
  expect((await history(key))[0]).toMatchObject({ id: id.toHexString(), status: 'running' });
  gw.clock.now = new Date('2026-01-10T15:05:01Z');
  expect((await history(key))[0]).toMatchObject({ id: id.toHexString(), status: 'interrupted', rows_imported: stored, finished_at: null });
  const graphql = await gw.gql('{ receivedInvoiceImports(last: 1) { id status rowsImported } }', {}, { key });
  expect(graphql.body.data.receivedInvoiceImports).toEqual([{ id: id.toHexString(), status: 'interrupted', rowsImported: stored }]);
  expect((await imports.findOne({ _id: id }))?.status).toBe('running');

  // Uploading the file again completes it: what was stored counts as duplicates, nothing twice.
  const again = await upload(key, FILE);
  expect(again.body.data).toMatchObject({ status: 'completed', rows_imported: 0, rows_duplicated: stored });
  expect(await gw.store.collection('received_invoices').countDocuments({ account_id: new ObjectId(accountId) })).toBe(stored);
});

it('writes its counts as it goes: after every 5,000 refused rows, and once more at the end', async () => {
  gw.clock.now = new Date('2026-01-11T15:00:00Z');
  const { key } = await gw.account([...SCOPES]);
  const header = FILE.toString('utf8').split('\n')[0];
  // 10,000 rows the import refuses (an impossible date), so the count is of progress alone, no voucher written.
  const rows = Array.from({ length: 10_000 }, (_, i) => `2025-13-01;1;3;${i + 1};${i + 1};1;80;30715551248;X;1,00;PES;1,00;0,00;0,00;0,00;0,21;1,21`);
  updates.length = 0;
  const res = await upload(key, `${header}\n${rows.join('\n')}\n`);
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ status: 'completed', rows_total: 10_000, rows_with_errors: 10_000 });
  expect(updates.filter((update) => update.collection === 'received_invoice_imports')).toHaveLength(3);
});

it('writes its counts after each batch written, and once more at the end: as many writes as before progress was pushed', async () => {
  gw.clock.now = new Date('2026-01-12T15:00:00Z');
  const { key } = await gw.account([...SCOPES]);
  const header = FILE.toString('utf8').split('\n')[0];
  // 10,000 vouchers: two batches of 5,000.
  const rows = Array.from({ length: 10_000 }, (_, i) => `2025-12-01;1;3;${i + 1};${i + 1};1;80;30715551248;X;1,00;PES;1,00;0,00;0,00;0,00;0,21;1,21`);
  updates.length = 0;
  const res = await upload(key, `${header}\n${rows.join('\n')}\n`);
  expect(res.body.data).toMatchObject({ status: 'completed', rows_total: 10_000, rows_imported: 10_000, percent: 100 });
  expect(updates.filter((update) => update.collection === 'received_invoice_imports')).toHaveLength(3);
});
