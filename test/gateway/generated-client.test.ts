import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { setWidget } from '../../src/domain/auth/auth.admin';
import { SCOPES } from '../../src/domain/auth/scopes';
import { TAGS } from '../../src/rest-compat/tags';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * What a client developer does with the published document: generate types with openapi-typescript, write a client
 * with openapi-fetch against them, compile it with strict TypeScript and run it. One typed call per area of the API
 * (a list or a read, and a create with its body), so a path, parameter or body the document gets wrong fails to
 * compile or to run. The packages are ESM-only, so generation and the client run in child processes.
 */
const ROOT = path.join(__dirname, '..', '..');
const run = promisify(execFile);
let gw: TestGateway;
let key: string;
let dir: string;

beforeAll(async () => {
  gw = await startTestGateway();
  const account = await gw.account([...SCOPES]);
  key = account.key;
  await setWidget(gw.store, account.accountId, 'multi_taxpayer', true);
  // Inside the project, so the client resolves openapi-fetch from its node_modules (.data is ignored by git).
  fs.mkdirSync(path.join(ROOT, '.data'), { recursive: true });
  dir = fs.mkdtempSync(path.join(ROOT, '.data', 'generated-client-'));
});
afterAll(async () => {
  await gw?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const GENERATE = `
  import fs from 'node:fs';
  import openapiTS, { astToString } from 'openapi-typescript';
  const [from, to] = process.argv.slice(1);
  fs.writeFileSync(to, astToString(await openapiTS(JSON.parse(fs.readFileSync(from, 'utf8')))));
`;

/** The client a developer writes: one call per area, typed by the generated paths. */
const CLIENT = `
import createClient from 'openapi-fetch';
import type { paths } from './api.js';

const client = createClient<paths>({ baseUrl: process.env.BASE_URL, headers: { 'X-API-Key': process.env.API_KEY! } });
const status: Record<string, number> = {};
const page = { params: { query: { page: 1, limit: 5 } } } as const;

const created = await client.POST('/api/v1/suppliers/', { body: { name: 'Cliente Generado SA', tax_id: '30712345671' } });
status['Suppliers (create)'] = created.response.status;
const createdId: string | undefined = created.data?.data._id;
status.Suppliers = (await client.GET('/api/v1/suppliers/{id}/', { params: { path: { id: createdId ?? 'none' } } })).response.status;
status.Customers = (await client.GET('/api/v1/customers/list/', page)).response.status;
status.Products = (await client.GET('/api/v1/products/list/', page)).response.status;
status.Supplies = (await client.GET('/api/v1/supplies/list/', page)).response.status;
status['Supply consumptions'] = (await client.GET('/api/v1/supply-consumptions/list/', page)).response.status;
status.Expenses = (await client.GET('/api/v1/expenses/list/', page)).response.status;
status['Delivery notes'] = (await client.GET('/api/v1/delivery_notes/list/', page)).response.status;
status['Chart of accounts'] = (await client.GET('/api/v1/accounting/accounts/list/', page)).response.status;
status.Journal = (await client.GET('/api/v1/accounting/journal/list/', page)).response.status;
status['Fiscal calendar'] = (await client.GET('/api/v1/accounting/fiscal-calendar/', { params: { query: { year: 2026 } } })).response.status;
status['Fiscal close'] = (await client.GET('/api/v1/accounting/fiscal-close/years/')).response.status;
status['Accounting reports'] = (await client.GET('/api/v1/accounting/reports/trial-balance/', { params: { query: { to: '2026-11-27' } } })).response.status;
status['Received invoices'] = (await client.GET('/api/v1/received_invoices/list/', page)).response.status;
status['Tax rules'] = (await client.GET('/api/v1/bill/tax_info/tax-rules/')).response.status;
status['Additional taxpayers'] = (await client.GET('/api/v1/widgets/multi-taxpayer/taxpayers/')).response.status;
status['Bank reconciliation'] = (await client.GET('/api/v1/accounting/bank/statements/', { params: { query: { limit: 1000 } } })).response.status;
status['Posting purchases'] = (await client.GET('/api/v1/accounting/posting-accounts/')).response.status;
status['Issued vouchers'] = (await client.GET('/api/v1/issued_vouchers/list/', page)).response.status;
status['Taxpayer data and billing systems'] = (await client.GET('/api/v1/bill/tax_info/taxpayer/')).response.status;
status['VAT books'] = (await client.GET('/api/v1/iva/config/')).response.status;
status.Statistics = (await client.GET('/api/v1/stats/dashboard/', { params: { query: { period: '2026-11' } } })).response.status;
status['FCE MiPyME'] = (await client.GET('/api/v1/fce/threshold/')).response.status;
status['Withholdings and perceptions'] = (await client.GET('/api/v1/accounting/retenciones-percepciones/config/')).response.status;
console.log(JSON.stringify(status));
`;

it('a client generated from the document compiles under strict TypeScript and answers one call per area', async () => {
  const served = await gw.http('GET', '/api/v1/openapi.json');
  fs.writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(served.body));
  await run(process.execPath, ['--input-type=module', '-e', GENERATE, path.join(dir, 'openapi.json'), path.join(dir, 'api.d.ts')], { cwd: ROOT });
  expect(fs.readFileSync(path.join(dir, 'api.d.ts'), 'utf8')).toContain('"/api/v1/suppliers/list/"');

  fs.writeFileSync(path.join(dir, 'client.mts'), CLIENT);
  const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const options = [
    '--ignoreConfig',
    '--strict',
    '--target',
    'es2022',
    '--module',
    'nodenext',
    '--moduleResolution',
    'nodenext',
    '--skipLibCheck',
    '--types',
    'node',
  ];
  const compiled = await run(process.execPath, [tsc, ...options, '--outDir', dir, path.join(dir, 'client.mts')], { cwd: ROOT }).catch(
    (error: { stdout: string }) => ({
      stdout: error.stdout,
      failed: true,
    }),
  );
  expect({ compiled: 'failed' in compiled ? compiled.stdout : 'ok' }).toEqual({ compiled: 'ok' });

  const { stdout } = await run(process.execPath, [path.join(dir, 'client.mjs')], { cwd: dir, env: { ...process.env, BASE_URL: gw.url, API_KEY: key } });
  const status = JSON.parse(stdout) as Record<string, number>;
  expect(status['Suppliers (create)']).toBe(201);
  const areas = Object.fromEntries(Object.entries(status).filter(([area]) => area !== 'Suppliers (create)'));
  // Every area of the document is called, and answers.
  expect(Object.keys(areas).sort()).toEqual(TAGS.map((tag) => tag.name).sort());
  expect(Object.entries(areas).filter(([, code]) => code !== 200)).toEqual([]);
});
