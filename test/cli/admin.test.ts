import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { runAdmin } from '../../src/cli/admin';
import { loadConfig } from '../../src/config';
import { startGateway, type RunningGateway } from '../../src/gateway';
import { createLogger } from '../../src/logger';
import type { AccountDocument, ApiKeyDocument, UserDocument } from '../../src/store/accounts.store';
import { connectStore, type StoreConnection } from '../../src/store/connect';
import { testCuit } from '../support/gateway';

/**
 * The admin CLI: JSON on stdout, exit 0 / 1 (error JSON) / 2 (usage), usable with and without a gateway running
 * on the same DATA_DIR.
 */

const ROOT = path.resolve(__dirname, '../..');

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  json: any;
}

function resultOf(code: number | null, stdout: string, stderr: string): CliResult {
  let json: unknown;
  try {
    json = JSON.parse(stdout);
  } catch {
    json = undefined;
  }
  return { code, stdout, stderr, json };
}

/** One store connection per data directory for the in-process runs (the real CLI opens and closes its own). */
const sharedStores = new Map<string, Promise<StoreConnection>>();
function sharedStore(dataDir: string): Promise<StoreConnection> {
  if (!sharedStores.has(dataDir)) sharedStores.set(dataDir, connectStore({ mongodbUri: process.env.MONGODB_URI, dataDir }));
  return sharedStores.get(dataDir)!;
}
afterAll(async () => {
  for (const connection of sharedStores.values()) await (await connection).close();
});

/**
 * Runs an admin command. By default in this process: the command runner itself, on a store connection kept for the
 * suite; `process` and `npm` run the real CLI as a child process, which joins the engine serving `dataDir` or starts
 * one (asynchronously: a gateway in this process must keep serving meanwhile).
 */
async function runCli(dataDir: string, args: string[], how: 'in-process' | 'process' | 'npm' = 'in-process'): Promise<CliResult> {
  if (how === 'in-process') {
    let stdout = '';
    let stderr = '';
    const code = await runAdmin(args, {
      out: (text) => (stdout += text),
      err: (text) => (stderr += text),
      open: async () => ({ client: (await sharedStore(dataDir)).client, close: async () => undefined }),
    });
    return resultOf(code, stdout, stderr);
  }
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  if (!process.env.MONGODB_URI) delete env.MONGODB_URI;
  const [command, argv] =
    how === 'npm'
      ? ['npm', ['run', '-s', 'admin', '--', ...args]]
      : [process.execPath, ['--conditions=ar-admin-source', '--require', '@swc-node/register', 'src/cli/admin.ts', ...args]];
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve(resultOf(code, stdout, stderr)));
  });
}

/** Exit 0 and one JSON document on stdout. */
function ok(result: CliResult): any {
  expect({ code: result.code, stderr: result.code === 0 ? '' : result.stderr }).toEqual({ code: 0, stderr: '' });
  expect(result.stdout.trim().split('\n')).toHaveLength(1);
  expect(result.json).toBeDefined();
  return result.json;
}

/** Exit 1 and `{"error": {code, message, details}}` on stdout. */
function failed(result: CliResult, code: string): any {
  expect(result.code).toBe(1);
  expect(result.json).toEqual({ error: { code, message: expect.any(String), details: expect.any(Array) } });
  expect(result.json.error.message.length).toBeGreaterThan(0);
  return result.json.error;
}

function usage(result: CliResult): void {
  expect(result.code).toBe(2);
  // A usage error is not a result: nothing JSON-shaped claims success on stdout.
  expect(result.json?.id).toBeUndefined();
  expect(result.json?.ok).toBeUndefined();
}

const HEX_ID = /^[0-9a-f]{24}$/;

interface Running {
  gateway: RunningGateway;
  connection: StoreConnection;
  request(
    method: string,
    pathAndQuery: string,
    options?: { key?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  stop(): Promise<void>;
}

const SECRETS_KEY = randomBytes(32).toString('base64');

/** A gateway in this process on `dataDir` (joined the way the CLI joins it), on the default database. */
async function gatewayOn(dataDir: string): Promise<Running> {
  const connection = await connectStore({ mongodbUri: process.env.MONGODB_URI, dataDir });
  const config = loadConfig({ PORT: '0', NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir, MONGODB_URI: process.env.MONGODB_URI, SECRETS_KEY });
  const gateway = await startGateway({ config, log: createLogger('silent'), connection });
  return {
    gateway,
    connection,
    async request(method, pathAndQuery, options = {}) {
      const headers: Record<string, string> = { ...(options.headers ?? {}) };
      if (options.key) headers['x-api-key'] = options.key;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${gateway.url}${pathAndQuery}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: response.status, body, headers: response.headers };
    },
    async stop() {
      await gateway.stop();
      await connection.close();
    },
  };
}

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-cli-test-'));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('without a running gateway', () => {
  const dir = tempDir();
  const cuit = testCuit();
  let accountId: string;
  let userId: string;
  let readKey: { id: string; key: string };
  let writeKey: { id: string; key: string };
  let revokedKey: { id: string; key: string };

  it('create-account → {"id"}', async () => {
    const out = ok(await runCli(dir, ['create-account', '--name', 'CLI Business SA', '--cuit', `${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}`]));
    expect(Object.keys(out)).toEqual(['id']);
    expect(out.id).toMatch(HEX_ID);
    accountId = out.id;
  });

  it('create-account with an invalid CUIT → exit 1 with error JSON', async () => {
    const error = failed(await runCli(dir, ['create-account', '--name', 'Bad CUIT SA', '--cuit', '20-12345678-5']), 'BAD_USER_INPUT');
    expect(error.details).toEqual([expect.objectContaining({ path: 'cuit' })]);
    failed(await runCli(dir, ['create-account', '--name', 'Bad CUIT SA', '--cuit', 'not-a-cuit']), 'BAD_USER_INPUT');
  });

  it('create-account with an existing CUIT → exit 1 CONFLICT', async () => {
    failed(await runCli(dir, ['create-account', '--name', 'Same CUIT SA', '--cuit', cuit]), 'CONFLICT');
  });

  it('create-account with a one-letter name → exit 1', async () => {
    failed(await runCli(dir, ['create-account', '--name', 'X', '--cuit', testCuit()]), 'BAD_USER_INPUT');
  });

  it.each([
    [['create-account', '--name', 'No CUIT SA']],
    [['create-account', '--cuit', '20-12345678-6']],
    [[]],
    [['frobnicate']],
    [['create-account', '--name', 'Opt SA', '--cuit', '20-12345678-6', '--bogus', 'x']],
    [['create-api-key', '--scopes', 'suppliers:read']],
    [['create-user', '--account', '0123456789abcdef01234567', '--email', 'a@b.example']],
    [['set-widget', '--account', '0123456789abcdef01234567', '--widget', 'multi_taxpayer']],
    [['revoke-api-key']],
  ])('usage error %j → exit 2', async (args) => {
    usage(await runCli(dir, args));
  });

  it('as a real process too: a usage error exits 2 with the usage on stderr, a refusal exits 1 with error JSON', async () => {
    const wrong = await runCli(dir, ['frobnicate'], 'process');
    usage(wrong);
    expect(wrong.stderr).toMatch(/usage: npm run admin/);
    failed(await runCli(dir, ['create-account', '--name', 'X', '--cuit', testCuit()], 'process'), 'BAD_USER_INPUT');
  });

  it('create-user → {"id"}', async () => {
    const out = ok(await runCli(dir, ['create-user', '--account', accountId, '--email', 'Owner@CLI.example', '--password', 'a long password']));
    expect(Object.keys(out)).toEqual(['id']);
    expect(out.id).toMatch(HEX_ID);
    userId = out.id;
  });

  it('create-user errors → exit 1', async () => {
    failed(await runCli(dir, ['create-user', '--account', accountId, '--email', 'not-an-email', '--password', 'a long password']), 'BAD_USER_INPUT');
    failed(await runCli(dir, ['create-user', '--account', accountId, '--email', 'short@cli.example', '--password', 'short']), 'BAD_USER_INPUT');
    failed(
      await runCli(dir, ['create-user', '--account', new ObjectId().toHexString(), '--email', 'x@cli.example', '--password', 'a long password']),
      'NOT_FOUND',
    );
    failed(await runCli(dir, ['create-user', '--account', 'not-an-id', '--email', 'y@cli.example', '--password', 'a long password']), 'NOT_FOUND');
    failed(await runCli(dir, ['create-user', '--account', accountId, '--email', 'owner@cli.example', '--password', 'another password']), 'CONFLICT');
  });

  it('create-api-key → {"id","key"}', async () => {
    const out = ok(await runCli(dir, ['create-api-key', '--account', accountId, '--scopes', 'suppliers:read']));
    expect(Object.keys(out).sort()).toEqual(['id', 'key']);
    expect(out.id).toMatch(HEX_ID);
    expect(typeof out.key).toBe('string');
    expect(out.key.length).toBeGreaterThanOrEqual(32);
    readKey = out;
    writeKey = ok(
      await runCli(dir, ['create-api-key', '--account', accountId, '--scopes', 'suppliers:read,suppliers:write', '--user', userId, '--name', 'CLI write key']),
    );
    revokedKey = ok(await runCli(dir, ['create-api-key', '--account', accountId, '--scopes', 'suppliers:*']));
    expect(new Set([readKey.key, writeKey.key, revokedKey.key]).size).toBe(3);
  });

  it.each([['suppliers:fly'], ['suppliers:read,nope:read'], ['bogus:*'], ['SUPPLIERS:READ']])('create-api-key with bad scopes %s → exit 2', async (scopes) => {
    usage(await runCli(dir, ['create-api-key', '--account', accountId, '--scopes', scopes]));
  });

  it('create-api-key errors → exit 1', async () => {
    failed(await runCli(dir, ['create-api-key', '--account', new ObjectId().toHexString(), '--scopes', 'suppliers:read']), 'NOT_FOUND');
    failed(await runCli(dir, ['create-api-key', '--account', accountId, '--scopes', 'suppliers:read', '--user', new ObjectId().toHexString()]), 'NOT_FOUND');
  });

  it('set-widget → {"ok": true}', async () => {
    expect(ok(await runCli(dir, ['set-widget', '--account', accountId, '--widget', 'multi_taxpayer', '--active', 'true']))).toEqual({ ok: true });
  });

  it('set-widget errors', async () => {
    usage(await runCli(dir, ['set-widget', '--account', accountId, '--widget', 'multi_taxpayer', '--active', 'yes']));
    failed(await runCli(dir, ['set-widget', '--account', new ObjectId().toHexString(), '--widget', 'multi_taxpayer', '--active', 'true']), 'NOT_FOUND');
    failed(await runCli(dir, ['set-widget', '--account', accountId, '--widget', 'Bad Widget!', '--active', 'true']), 'BAD_USER_INPUT');
  });

  it('set-negative-stock → {"ok": true}; bad values and unknown accounts refused', async () => {
    expect(ok(await runCli(dir, ['set-negative-stock', '--account', accountId, '--allow', 'true']))).toEqual({ ok: true });
    usage(await runCli(dir, ['set-negative-stock', '--account', accountId, '--allow', 'maybe']));
    failed(await runCli(dir, ['set-negative-stock', '--account', new ObjectId().toHexString(), '--allow', 'true']), 'NOT_FOUND');
  });

  it('revoke-api-key → {"ok": true}; again → exit 1', async () => {
    expect(ok(await runCli(dir, ['revoke-api-key', '--id', revokedKey.id]))).toEqual({ ok: true });
    failed(await runCli(dir, ['revoke-api-key', '--id', revokedKey.id]), 'NOT_FOUND');
    failed(await runCli(dir, ['revoke-api-key', '--id', new ObjectId().toHexString()]), 'NOT_FOUND');
    failed(await runCli(dir, ['revoke-api-key', '--id', 'not-an-id']), 'NOT_FOUND');
  });

  it('what it wrote is what a gateway later started on the same DATA_DIR serves', async () => {
    const gw = await gatewayOn(dir);
    try {
      const store = gw.gateway.store;
      const account = await store.collection<AccountDocument>('accounts').findOne({ _id: new ObjectId(accountId) });
      expect(account).toMatchObject({ name: 'CLI Business SA', cuit, settings: { widgets: { multi_taxpayer: true }, allow_negative_stock: true } });
      const user = await store.collection<UserDocument>('users').findOne({ _id: new ObjectId(userId) });
      expect(user).toMatchObject({ email: 'owner@cli.example', role: 'owner' });
      expect(user!.account_id.toHexString()).toBe(accountId);
      expect(user!.password_hash).toMatch(/^scrypt\$/);
      expect(JSON.stringify(user)).not.toContain('a long password');

      const keyDoc = await store.collection<ApiKeyDocument>('api_keys').findOne({ _id: new ObjectId(writeKey.id) });
      expect(keyDoc).toMatchObject({ name: 'CLI write key', scopes: ['suppliers:read', 'suppliers:write'], last_used_at: null, revoked_at: null });
      expect(keyDoc!.user_id!.toHexString()).toBe(userId);
      expect(keyDoc!.created_at).toBeInstanceOf(Date);
      const allKeys = JSON.stringify(await store.collection('api_keys').find({}).toArray());
      for (const { key } of [readKey, writeKey, revokedKey]) expect(allKeys).not.toContain(key);

      // The keys work as issued.
      expect((await gw.request('GET', '/api/v1/suppliers/list/', { key: readKey.key })).status).toBe(200);
      const denied = await gw.request('POST', '/api/v1/suppliers/', { key: readKey.key, body: { name: 'Not allowed' } });
      expect(denied.status).toBe(403);
      expect(denied.body.error.code).toBe('FORBIDDEN');
      const created = await gw.request('POST', '/api/v1/suppliers/', { key: writeKey.key, body: { name: 'Made with a CLI key' } });
      expect(created.status).toBe(201);
      const revoked = await gw.request('GET', '/api/v1/suppliers/list/', { key: revokedKey.key });
      expect(revoked.status).toBe(401);
      expect(revoked.body.error.code).toBe('UNAUTHENTICATED');

      // The user can log in.
      const login = await gw.request('POST', '/api/v1/auth/login', { body: { email: 'owner@cli.example', password: 'a long password' } });
      expect(login.status).toBe(200);
      expect(login.body.data.user.account_id).toBe(accountId);
    } finally {
      await gw.stop();
    }
  });

  it('set-widget --active false turns it off', async () => {
    expect(ok(await runCli(dir, ['set-widget', '--account', accountId, '--widget', 'multi_taxpayer', '--active', 'false']))).toEqual({ ok: true });
    const gw = await gatewayOn(dir);
    try {
      const account = await gw.gateway.store.collection<AccountDocument>('accounts').findOne({ _id: new ObjectId(accountId) });
      expect(account!.settings.widgets.multi_taxpayer).toBe(false);
    } finally {
      await gw.stop();
    }
  });

  it('runs as `npm run admin -- …`', async () => {
    const out = ok(await runCli(dir, ['create-account', '--name', 'Via npm SA', '--cuit', testCuit()], 'npm'));
    expect(out.id).toMatch(HEX_ID);
  });
});

describe('beside a running gateway on the same DATA_DIR', () => {
  const dir = tempDir();
  let gw: Running;
  beforeAll(async () => {
    gw = await gatewayOn(dir);
  });
  afterAll(async () => {
    await gw?.stop();
  });

  it('creates an account and a key the running gateway accepts at once, and revokes it', async () => {
    const cuit = testCuit();
    // A separate process joins the engine the gateway started on the same DATA_DIR.
    const account = ok(await runCli(dir, ['create-account', '--name', 'Live Business SA', '--cuit', cuit], 'process'));
    expect(account.id).toMatch(HEX_ID);
    const key = ok(await runCli(dir, ['create-api-key', '--account', account.id, '--scopes', 'suppliers:read,suppliers:write', '--name', 'live key']));

    const created = await gw.request('POST', '/api/v1/suppliers/', { key: key.key, body: { name: 'Live supplier' } });
    expect(created.status).toBe(201);
    const list = await gw.request('GET', '/api/v1/suppliers/list/', { key: key.key });
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((item: { name: string }) => item.name)).toEqual(['Live supplier']);
    const gql = await gw.request('POST', '/graphql', { key: key.key, body: { query: '{ suppliers { totalCount } }' } });
    expect(gql.body).toEqual({ data: { suppliers: { totalCount: 1 } } });

    // The gateway sees what the CLI wrote, in the same database.
    const stored = await gw.gateway.store.collection<AccountDocument>('accounts').findOne({ _id: new ObjectId(account.id) });
    expect(stored).toMatchObject({ name: 'Live Business SA', cuit });

    // Errors are reported the same way while the gateway runs.
    failed(await runCli(dir, ['create-account', '--name', 'Duplicate SA', '--cuit', cuit]), 'CONFLICT');
    usage(await runCli(dir, ['create-api-key', '--account', account.id, '--scopes', 'suppliers:fly']));

    expect(ok(await runCli(dir, ['revoke-api-key', '--id', key.id]))).toEqual({ ok: true });
    const after = await gw.request('GET', '/api/v1/suppliers/list/', { key: key.key });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('users and widgets created beside the gateway take effect in it', async () => {
    const account = ok(await runCli(dir, ['create-account', '--name', 'Live Users SA', '--cuit', testCuit()]));
    const user = ok(await runCli(dir, ['create-user', '--account', account.id, '--email', 'live@cli.example', '--password', 'live password 1']));
    expect(user.id).toMatch(HEX_ID);
    const login = await gw.request('POST', '/api/v1/auth/login', { body: { email: 'live@cli.example', password: 'live password 1' } });
    expect(login.status).toBe(200);
    expect(login.body.data.user).toMatchObject({ id: user.id, account_id: account.id });

    const userKey = ok(await runCli(dir, ['create-api-key', '--account', account.id, '--scopes', 'suppliers:read', '--user', user.id]));
    expect((await gw.request('GET', '/api/v1/suppliers/list/', { key: userKey.key })).status).toBe(200);

    expect(ok(await runCli(dir, ['set-widget', '--account', account.id, '--widget', 'multi_taxpayer', '--active', 'true']))).toEqual({ ok: true });
    const stored = await gw.gateway.store.collection<AccountDocument>('accounts').findOne({ _id: new ObjectId(account.id) });
    expect(stored!.settings.widgets).toEqual({ multi_taxpayer: true });
  });

  it('the gateway keeps serving after the CLI has come and gone', async () => {
    const account = ok(await runCli(dir, ['create-account', '--name', 'Still Here SA', '--cuit', testCuit()]));
    const key = ok(await runCli(dir, ['create-api-key', '--account', account.id, '--scopes', 'suppliers:read']));
    await runCli(dir, ['frobnicate']);
    expect((await gw.request('GET', '/readyz')).status).toBe(200);
    expect((await gw.request('GET', '/api/v1/suppliers/list/', { key: key.key })).status).toBe(200);
  });
});
