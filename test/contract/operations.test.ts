import { SCOPES, type Scope } from '../../src/domain/auth/scopes';
import { startTestGateway, type HttpResult, type TestGateway } from '../support/gateway';
import type { ContractOperation, ContractOperations } from './operation-types';
import { CONTRACT_OPERATIONS } from './operations';

/**
 * The contract suite for operation-only sections (test/contract/operations.ts): on the running gateway, every
 * documented path answers; without a key it is 401, with the other scope of its area 403, with its own scope an
 * answer in the documented envelope (`success`, `data`); the OpenAPI document describes it. A section added to
 * CONTRACT_OPERATIONS is covered with no new test code.
 */
type Json = Record<string, any>;

let gw: TestGateway;
let openApi: Json;

beforeAll(async () => {
  gw = await startTestGateway();
  openApi = (await (await fetch(`${gw.url}/api/v1/openapi.json`)).json()) as Json;
});
afterAll(async () => {
  await gw?.stop();
});

/** Path parameters filled with values of the right shape: a year and a month that have ended, a book type, an id no record has. */
const filled = (path: string) =>
  path
    .replace('{year}', '2020')
    .replace('{period}', '2020-01')
    .replace('{book_type}', 'purchases')
    .replace(/\{\w*id\}/, '000000000000000000000000');
/** A path with its parameters unnamed, to compare the contract's names with the service's. */
const shape = (path: string) => path.replace(/\{\w+\}/g, '{}');

async function call(operation: ContractOperation, key?: string): Promise<HttpResult> {
  return gw.rest(operation.method, filled(operation.path), { key, body: operation.method === 'GET' ? undefined : (operation.body ?? {}) });
}

describe.each(CONTRACT_OPERATIONS.map((section) => [`§${section.section} ${section.name}`, section] as const))('%s', (_name, section: ContractOperations) => {
  const cases = section.operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const);

  it.each(cases)('%s answers (the route exists) in the documented envelope with its own scope', async (_label, operation) => {
    const { key } = await gw.account([section.scopes[operation.access] as Scope]);
    const result = await call(operation, key);
    expect({ noRoute: result.status === 404 && /^no route/.test(result.body?.error?.message ?? '') }).toEqual({ noRoute: false });
    if (result.status < 400 && operation.download) expect(result.headers.get('content-disposition')).toMatch(/^attachment/);
    else if (result.status < 400) expect(result.body).toMatchObject({ success: true, data: expect.anything() });
    else expect(result.body).toMatchObject({ success: false, error: { code: expect.any(String) } });
    // Only a made-up deadline id may be missing; everything else answers.
    if (!operation.path.includes('id}') && !operation.needsBody && !operation.refusedWhenFresh) expect(result.status).toBeLessThan(400);
    if (operation.needsBody && result.status >= 400) expect(result.status).toBe(400);
  });

  it.each(cases)('%s without a key → 401', async (_label, operation) => {
    expect((await call(operation)).status).toBe(401);
  });

  // Every scope but the operation's own: the other scope of its area among them where the area has one, so a write
  // answering to the read scope (or a read to the write scope) is caught, and a read-only area is covered alike.
  it.each(cases)('%s with every scope but its own → 403', async (_label, operation) => {
    const own = section.scopes[operation.access];
    expect(own).toBeDefined();
    const { key } = await gw.account(SCOPES.filter((scope) => scope !== own));
    const result = await call(operation, key);
    expect({ status: result.status, code: result.body?.error?.code }).toEqual({ status: 403, code: 'FORBIDDEN' });
  });

  it.each(cases)('%s is in the OpenAPI document', (_label, operation) => {
    const documented = Object.entries(openApi.paths as Record<string, Json>)
      .filter(([path]) => shape(path) === shape(`/api/v1${operation.path}`))
      .map(([, item]) => item[operation.method.toLowerCase()]);
    expect(documented.filter(Boolean)).toHaveLength(1);
  });
});
