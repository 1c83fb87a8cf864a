import { spawn } from 'node:child_process';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { createAccount, createApiKey } from '../../src/domain/auth/auth.admin';
import type { RunningGateway } from '../../src/gateway';
import { type AdminGateway, startAdminGateway } from '../support/admin-gateway';
import { testCuit } from '../support/gateway';
import { SMALL_CHART } from '../support/small-chart';

/**
 * `verify-ledger --account ID`: recomputes daily totals and balances from the posted lines; prints every difference
 * as JSON and exits 3 when there are any, 0 when the ledger is sound.
 */
const ROOT = path.resolve(__dirname, '../..');
let running: AdminGateway;
let gateway: RunningGateway;
let accountId: string;
let key: string;

async function rest(method: string, url: string, body?: unknown): Promise<any> {
  const response = await fetch(`${gateway.url}/api/v1${url}`, {
    method,
    headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function verify(account = accountId): Promise<{ code: number; json: any }> {
  const { code, stdout } = await running.admin(['verify-ledger', '--account', account]);
  return { code, json: JSON.parse(stdout) };
}

const totals = () => gateway.store.collection('ledger_daily_totals');

beforeAll(async () => {
  running = await startAdminGateway('verify-ledger-test-');
  ({ gateway } = running);
  accountId = (await createAccount(gateway.store, { name: 'Libros SA', cuit: testCuit() })).toHexString();
  key = (await createApiKey(gateway.store, { accountId, scopes: ['accounting:read', 'accounting:write'] })).key;
  for (const body of SMALL_CHART) expect((await rest('POST', '/accounting/accounts/', body)).status).toBe(201);
  for (const [date, amount] of [
    ['2026-05-01', 100],
    ['2026-05-01', 20.5],
    ['2026-05-02', 7],
  ] as const) {
    const created = await rest('POST', '/accounting/journal/', {
      date,
      description: 'Venta',
      lines: [
        { account_code: '1.1', debit: amount },
        { account_code: '4.1', credit: amount },
      ],
    });
    expect((await rest('POST', `/accounting/journal/${created.body.data._id}/post/`)).status).toBe(200);
  }
  // A draft never counts.
  await rest('POST', '/accounting/journal/', {
    date: '2026-05-03',
    description: 'Borrador',
    lines: [
      { account_code: '1.1', debit: 1 },
      { account_code: '4.1', credit: 1 },
    ],
  });
});
afterAll(async () => {
  await running?.stop();
});

it('a sound ledger: exit 0, nothing to report', async () => {
  expect(await verify()).toEqual({
    code: 0,
    json: { account: accountId, ok: true, checked: { posted_entries: 3, daily_totals: 4, ledger_accounts: 4 }, differences: [] },
  });
});

it('an unknown or malformed account: exit 1 NOT_FOUND', async () => {
  for (const account of [new ObjectId().toHexString(), 'nope']) expect((await verify(account)).code).toBe(1);
});

describe('a corrupted ledger', () => {
  const account = () => new ObjectId(accountId);
  let saved: any[];
  beforeEach(async () => {
    saved = await totals().find({ account_id: account() }).toArray();
  });
  afterEach(async () => {
    await totals().deleteMany({ account_id: account() });
    await totals().insertMany(saved);
    // Every entry of this book has debits equal to credits: the debit total is put back from the credit one.
    await gateway.store.collection('journal_entries').updateMany({ account_id: account() }, [{ $set: { total_debit_cents: '$total_credit_cents' } }]);
    expect((await verify()).code).toBe(0);
  });

  it('a daily total off by a centavo is reported with the balances it moves: exit 3', async () => {
    await totals().updateOne({ account_id: account(), account_code: '1.1', day: '2026-05-01' }, { $inc: { debit_cents: 1 } });
    const { code, json } = await verify();
    expect(code).toBe(3);
    expect(json.ok).toBe(false);
    expect(json.differences).toEqual([
      { kind: 'daily_total', account_code: '1.1', day: '2026-05-01', from_lines: { debit: 120.5, credit: 0 }, stored: { debit: 120.51, credit: 0 } },
      { kind: 'balance', account_code: '1', from_lines: { debit: 127.5, credit: 0 }, from_totals: { debit: 127.51, credit: 0 } },
      { kind: 'balance', account_code: '1.1', from_lines: { debit: 127.5, credit: 0 }, from_totals: { debit: 127.51, credit: 0 } },
    ]);
  });

  it('a missing total, a total without lines, wrong roll-up codes and an entry whose totals disagree with its lines', async () => {
    await totals().deleteOne({ account_id: account(), account_code: '4.1', day: '2026-05-02' });
    await totals().insertOne({ account_id: account(), account_code: '1.1', day: '2026-06-01', debit_cents: 500, credit_cents: 0, ancestors: ['1', '1.1'] });
    await totals().updateOne({ account_id: account(), account_code: '1.1', day: '2026-05-02' }, { $set: { ancestors: ['1.1'] } });
    await gateway.store.collection('journal_entries').updateOne({ account_id: account(), number: 3 }, { $set: { total_debit_cents: 1 } });
    const { code, json } = await verify();
    expect(code).toBe(3);
    expect(json.differences).toEqual(
      expect.arrayContaining([
        { kind: 'daily_total', account_code: '4.1', day: '2026-05-02', from_lines: { debit: 0, credit: 7 }, stored: null },
        { kind: 'daily_total', account_code: '1.1', day: '2026-06-01', from_lines: { debit: 0, credit: 0 }, stored: { debit: 5, credit: 0 } },
        { kind: 'ancestors', account_code: '1.1', day: '2026-05-02', expected: ['1', '1.1'], stored: ['1.1'] },
        { kind: 'balance', account_code: '4', from_lines: { debit: 0, credit: 127.5 }, from_totals: { debit: 0, credit: 120.5 } },
        { kind: 'entry', entry_id: expect.any(String), number: 3, lines: { debit: 7, credit: 7 }, stored: { debit: 0.01, credit: 7 } },
      ]),
    );
  });

  it('through npm run admin, as a separate process beside the running gateway', async () => {
    await totals().updateOne({ account_id: account(), account_code: '4.1', day: '2026-05-01' }, { $inc: { credit_cents: -50 } });
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: running.dir, LOG_LEVEL: 'silent' };
    if (!process.env.MONGODB_URI) delete env.MONGODB_URI;
    const result = await new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
      const child = spawn('npm', ['run', '-s', 'admin', '--', 'verify-ledger', '--account', accountId], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout }));
    });
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout).differences[0]).toEqual({
      kind: 'daily_total',
      account_code: '4.1',
      day: '2026-05-01',
      from_lines: { debit: 0, credit: 120.5 },
      stored: { debit: 0, credit: 120 },
    });
  });
});
