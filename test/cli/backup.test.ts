import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { runAdmin } from '../../src/cli/admin';
import { createAccount, createApiKey } from '../../src/domain/auth/auth.admin';
import type { RunningGateway } from '../../src/gateway';
import { connectStore } from '../../src/store/connect';
import { type AdminGateway, startAdminGateway } from '../support/admin-gateway';
import { testCuit } from '../support/gateway';
import { SMALL_CHART } from '../support/small-chart';

/**
 * `backup --out FILE` copies the embedded store while the gateway serves writes; `restore --from FILE` puts it back
 * into a data directory nothing serves. Everything acknowledged before the backup began is in the copy, and its
 * ledger checks out. On real MongoDB (MONGODB_URI) both point at mongodump / mongorestore instead.
 */
let running: AdminGateway;
let gateway: RunningGateway;
let accountId: string;
let key: string;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-files-'));

async function rest(method: string, url: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${gateway.url}/api/v1${url}`, {
    method,
    headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function admin(args: string[], dataDir?: string, open = running.connection) {
  let stdout = '';
  const code = await runAdmin(args, {
    out: (text) => (stdout += text),
    err: () => undefined,
    open: async () => ({ client: open.client, close: async () => undefined }),
    dataDir,
  });
  return { code, json: JSON.parse(stdout || 'null') };
}

beforeAll(async () => {
  running = await startAdminGateway('backup-test-');
  ({ gateway } = running);
  accountId = (await createAccount(gateway.store, { name: 'Respaldo SA', cuit: testCuit() })).toHexString();
  key = (await createApiKey(gateway.store, { accountId, scopes: ['accounting:read', 'accounting:write', 'suppliers:read', 'suppliers:write'] })).key;
  for (const body of SMALL_CHART) expect((await rest('POST', '/accounting/accounts/', body)).status).toBe(201);
  for (const amount of [100, 20.5, 7]) {
    const created = await rest('POST', '/accounting/journal/', {
      date: '2026-05-01',
      description: 'Venta',
      lines: [
        { account_code: '1.1', debit: amount },
        { account_code: '4.1', credit: amount },
      ],
    });
    expect((await rest('POST', `/accounting/journal/${created.body.data._id}/post/`)).status).toBe(200);
  }
});
afterAll(async () => {
  await running?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const embedded = !process.env.MONGODB_URI;

it('backs up while writes go on, and the restored store holds every write acknowledged before, its ledger sound', async () => {
  const before: string[] = [];
  for (let i = 0; i < 40; i++) before.push((await rest('POST', '/suppliers/', { name: `Antes ${i}` })).body.data._id);
  const file = path.join(scratch, 'store.backup');
  let writing = true;
  const during = (async () => {
    let i = 0;
    while (writing) expect((await rest('POST', '/suppliers/', { name: `Durante ${i++}` })).status).toBe(201);
    return i;
  })();
  const backup = await admin(['backup', '--out', file]);
  writing = false;
  const writtenDuring = await during;
  if (!embedded) {
    expect(backup).toEqual({ code: 1, json: { error: { code: 'NOT_EMBEDDED', message: expect.stringContaining('mongodump') } } });
    return;
  }
  expect(backup.code).toBe(0);
  expect(backup.json).toEqual({ backup: file, bytes: fs.statSync(file).size });
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  expect(writtenDuring).toBeGreaterThan(0);

  const restoredDir = path.join(scratch, 'restored');
  const restored = await admin(['restore', '--from', file], restoredDir);
  expect(restored).toEqual({ code: 0, json: { restored: restoredDir, from: file, kept: null } });
  const connection = await connectStore({ dataDir: restoredDir });
  try {
    const suppliers = connection.client.db(gateway.store.db.databaseName).collection('suppliers');
    const account = new ObjectId(accountId);
    const found = await suppliers.find({ account_id: account, _id: { $in: before.map((id) => new ObjectId(id)) } }).toArray();
    expect(found).toHaveLength(before.length);
    const all = await suppliers.countDocuments({ account_id: account });
    expect(all).toBeGreaterThanOrEqual(before.length);
    expect(all).toBeLessThanOrEqual(before.length + writtenDuring);
    const ledger = await admin(['verify-ledger', '--account', accountId], undefined, connection);
    expect(ledger.code).toBe(0);
  } finally {
    await connection.close();
  }
});

it('a backup never overwrites a file, and a restore never replaces a store in use', async () => {
  const file = path.join(scratch, 'kept.backup');
  fs.writeFileSync(file, 'not a store');
  const again = await admin(['backup', '--out', file]);
  expect(again.code).toBe(1);
  expect(fs.readFileSync(file, 'utf8')).toBe('not a store');
  if (!embedded)
    return expect(await admin(['restore', '--from', file])).toEqual({ code: 1, json: { error: expect.objectContaining({ code: 'NOT_EMBEDDED' }) } });
  const before = fs.readFileSync(path.join(running.dir, 'data.mdb')).length;
  expect(await admin(['restore', '--from', file], running.dir)).toEqual({ code: 1, json: { error: expect.objectContaining({ code: 'STORE_IN_USE' }) } });
  expect(fs.existsSync(path.join(running.dir, 'data.mdb'))).toBe(true);
  expect(fs.readFileSync(path.join(running.dir, 'data.mdb')).length).toBe(before);
});

it('a restore over an existing store keeps the one it replaces beside it', async () => {
  if (!embedded) return expect(await admin(['restore', '--from', 'x'])).toMatchObject({ code: 1 });
  const file = path.join(scratch, 'twice.backup');
  expect((await admin(['backup', '--out', file])).code).toBe(0);
  const dir = path.join(scratch, 'twice');
  expect((await admin(['restore', '--from', file], dir)).code).toBe(0);
  const second = await admin(['restore', '--from', file], dir);
  expect(second.code).toBe(0);
  expect(second.json.kept).toMatch(/data\.mdb\.before-restore-/);
  expect(fs.statSync(second.json.kept).size).toBe(fs.statSync(file).size);
});
