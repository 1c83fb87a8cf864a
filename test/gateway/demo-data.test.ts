import type { CollectionName } from '../../src/store/catalog';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * The first start outside production on an empty store: a demo account, a demo user whose password is printed once,
 * and a small demo data set, created once however many gateways start at the same time over the store.
 */

let base: TestGateway;
const started: TestGateway[] = [];
afterAll(async () => {
  for (const gateway of started) await gateway.stop();
  await base?.stop();
});

const DEVELOPMENT = { NODE_ENV: 'development' };

it('three gateways starting at once over an empty store create one demo account, user and data set; a restart adds nothing', async () => {
  // A production gateway owns the (empty) database; the three others join it, as three processes would.
  base = await startTestGateway();
  expect(await base.store.collection('accounts').countDocuments()).toBe(0);
  const logs: Array<Array<Record<string, unknown>>> = [[], [], []];
  started.push(...(await Promise.all(logs.map((lines) => startTestGateway(DEVELOPMENT, lines, { sameStoreAs: base })))));

  const printed = logs.flat().filter((line) => typeof line.demoPassword === 'string');
  expect(printed).toHaveLength(1);
  const [{ demoEmail, demoPassword, demoData }] = printed as Array<{ demoEmail: string; demoPassword: string; demoData: Record<string, number> }>;
  expect(demoData).toEqual({ suppliers: 4, receivedInvoices: 12, journalEntries: 6, fceVouchers: 5, deadlines: expect.any(Number), products: 2 });
  expect(demoData.deadlines).toBeGreaterThan(0);

  const count = (name: CollectionName) => base.store.collection(name).countDocuments();
  const stored = async () => ({
    accounts: await count('accounts'),
    users: await count('users'),
    suppliers: await count('suppliers'),
    received: await count('received_invoices'),
    entries: await count('journal_entries'),
    issued: await count('issued_vouchers'),
    products: await count('products'),
  });
  const once = { accounts: 1, users: 1, suppliers: 4, received: 12, entries: 6, issued: 5, products: 2 };
  expect(await stored()).toEqual(once);
  const [account] = await base.store.collection('accounts').find().toArray();
  expect(account.name).toMatch(/DEMO/);
  const names = (await base.store.collection('suppliers').find().toArray()).map((supplier) => supplier.name as string);
  expect(names.every((name) => name.startsWith('DEMO '))).toBe(true);

  // The printed credentials open the dashboard's session.
  const login = await started[0].http('POST', '/api/v1/auth/login', { body: { email: demoEmail, password: demoPassword } });
  expect(login.status).toBe(200);
  expect(login.body.data.user.role).toBe('owner');

  // Another start finds the account there: nothing printed, nothing added.
  const again: Array<Record<string, unknown>> = [];
  started.push(await startTestGateway(DEVELOPMENT, again, { sameStoreAs: base }));
  expect(again.filter((line) => 'demoPassword' in line || 'demoApiKey' in line)).toEqual([]);
  expect(await stored()).toEqual(once);
}, 180_000);

it('DEMO_DATA=false: the demo account and its key only, no user and no data', async () => {
  const logs: Array<Record<string, unknown>> = [];
  const gateway = await startTestGateway({ ...DEVELOPMENT, DEMO_DATA: 'false' }, logs);
  started.push(gateway);
  expect(logs.filter((line) => typeof line.demoApiKey === 'string')).toHaveLength(1);
  expect(logs.filter((line) => 'demoPassword' in line)).toEqual([]);
  expect(await gateway.store.collection('users').countDocuments()).toBe(0);
  expect(await gateway.store.collection('received_invoices').countDocuments()).toBe(0);
}, 60_000);

it('production: no demo account at all', async () => {
  const gateway = await startTestGateway();
  started.push(gateway);
  expect(await gateway.store.collection('accounts').countDocuments()).toBe(0);
});
