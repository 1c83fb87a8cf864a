import fs from 'node:fs';
import path from 'node:path';
import { setWidget } from '../../src/domain/auth/auth.admin';
import { SCOPES } from '../../src/domain/auth/scopes';
import contract from '../fixtures/contract/endpoints.json';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * The contract's endpoint list (section 4, copied row by row into the fixture) walked over HTTP as a legacy client
 * would: every method and path it names is served there, answers the envelope and a documented status (the OpenAPI
 * check of every REST exchange), never "no route" and never a 5xx. What each answers is pinned by the suites that
 * docs/contract.md names per row.
 */

let gw: TestGateway;
let key: string;
beforeAll(async () => {
  gw = await startTestGateway();
  let accountId: string;
  ({ key, accountId } = await gw.account([...SCOPES]));
  // An account set up as its users set it up: the widget of §5.6 on, the default chart of accounts loaded.
  await setWidget(gw.store, accountId, 'multi_taxpayer', true);
  expect((await gw.rest('POST', '/accounting/accounts/seed/', { key })).status).toBe(200);
});
afterAll(async () => {
  await gw?.stop();
});

/** Values a client would put in the path: well-formed, naming nothing the fresh account holds. */
const PARAMETERS: Record<string, string> = {
  id: '64b7f0c2a1b2c3d4e5f60718',
  fce_invoice_id: '64b7f0c2a1b2c3d4e5f60718',
  book_id: '64b7f0c2a1b2c3d4e5f60718',
  entry_id: '64b7f0c2a1b2c3d4e5f60718',
  statement_id: '64b7f0c2a1b2c3d4e5f60718',
  deadline_id: '64b7f0c2a1b2c3d4e5f60718',
  rule_id: '64b7f0c2a1b2c3d4e5f60718',
  period: '2025-03',
  book_type: 'compras',
  account_code: '1.1.1.01',
  date: '2025-03-14',
  year: '2024',
  billing_system: 'facturador',
  country: 'AR',
};

const rows = contract.rows as Array<{ section: string; method: string; path: string; row: string }>;

it('names every endpoint of the contract’s section 4 once', () => {
  expect(rows).toHaveLength(121);
  expect(new Set(rows.map((row) => `${row.method} ${row.path}`)).size).toBe(rows.length);
});

it.each(rows.map((row) => [`${row.method} ${row.path}`, row] as const))('%s is served at the contract’s path', async (_name, row) => {
  const url = row.path.replace(/\{(\w+)\}/g, (_match, name: string) => PARAMETERS[name]).replace(/^\/api\/v1/, '');
  expect(url).not.toContain('undefined');
  const body = row.method === 'GET' || row.method === 'DELETE' ? undefined : url.includes('upload-csv') || url.endsWith('/import/') ? new FormData() : {};
  const answer = await gw.rest(row.method, url, { key, body });
  expect(answer.status).toBeLessThan(500);
  expect(answer.status).not.toBe(405);
  expect(typeof answer.body.success).toBe('boolean');
  if (answer.status === 404) expect(answer.body.error.message).not.toMatch(/^no route/);
  // A list or a reading that names no record is there for any account, empty or not.
  if (row.method === 'GET' && !row.path.includes('{')) expect(answer.status).toBe(200);
});

it('docs/contract.md gives every row, with the suites that pin what it answers', () => {
  const text = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'contract.md'), 'utf8');
  const listed = [...text.matchAll(/^\| (4\.\d+) \| (GET|POST|PUT|PATCH|DELETE) \| `([^`]+)` \| (.+) \| (.+) \|$/gm)];
  expect(listed.map(([, section, method, route]) => `${section} ${method} ${route}`)).toEqual(rows.map((row) => `${row.section} ${row.method} ${row.path}`));
  for (const [, , , , result, suites] of listed) {
    expect(result).toMatch(/^✔/);
    const files = [...suites.matchAll(/`(test\/[^`]+)`/g)].map(([, file]) => file);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(fs.existsSync(path.join(__dirname, '..', '..', file))).toBe(true);
  }
});
