import { serverAudits, type AuditResult } from 'graphql-http';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * GraphQL over HTTP conformance (graphql-http's server audits: every MUST, SHOULD and MAY one passes) and the error
 * shape clients see.
 */
let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.stop();
});

describe('graphql-http server audits', () => {
  // The audit list does not depend on the URL; the URL is read lazily once the gateway has started.
  const audits = serverAudits({ url: () => `${gw.url}/graphql` });

  it('has audits to run, MUST ones among them', () => {
    expect(audits.filter((audit) => audit.name.startsWith('MUST')).length).toBeGreaterThan(5);
  });

  const describeResult = (result: AuditResult) => (result.status === 'ok' ? 'ok' : `${result.status}: ${result.reason}`);

  it('has all 61 audits (MUST, SHOULD and MAY)', () => {
    expect(audits).toHaveLength(61);
  });

  it.each(audits.map((audit) => [audit.id, audit.name, audit] as const))('%s %s', async (_id, _name, audit) => {
    const result = await audit.fn();
    expect(describeResult(result)).toBe('ok');
  });
});

/** No stack, no internals: only message, locations, path and extensions {code, details?}. */
function expectCleanErrors(body: { errors?: Array<Record<string, unknown>> }): void {
  expect(Array.isArray(body.errors)).toBe(true);
  for (const error of body.errors!) {
    expect(Object.keys(error).every((key) => ['message', 'locations', 'path', 'extensions'].includes(key))).toBe(true);
    const extensions = error.extensions as Record<string, unknown>;
    expect(typeof extensions.code).toBe('string');
    expect(Object.keys(extensions).every((key) => ['code', 'details'].includes(key))).toBe(true);
    expect(JSON.stringify(error)).not.toMatch(/stacktrace|exception|\.ts:\d+|at [\w.]+ \(|node_modules/i);
  }
}

describe('GraphQL errors carry extensions.code and nothing internal', () => {
  let key: string;
  let readOnly: string;
  beforeAll(async () => {
    ({ key } = await gw.account(['suppliers:read', 'suppliers:write']));
    ({ key: readOnly } = await gw.account(['suppliers:read']));
  });

  it('invalid input: BAD_USER_INPUT with details naming each failing field', async () => {
    const result = await gw.gql(
      'mutation($i: CreateSupplierInput!) { createSupplier(input: $i) { id } }',
      { i: { name: 'A', email: 'not-an-email' } },
      { key },
    );
    expectCleanErrors(result.body);
    expect(result.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const details = result.body.errors[0].extensions.details as Array<{ path: string; message: string }>;
    expect(details.map((detail) => detail.path).sort()).toEqual(['email', 'name']);
    for (const detail of details) expect(typeof detail.message).toBe('string');
  });

  it('a page size over 100: BAD_USER_INPUT on `first`', async () => {
    const result = await gw.gql('{ suppliers(first: 101) { totalCount } }', {}, { key });
    expectCleanErrors(result.body);
    expect(result.body.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', details: [{ path: 'first', message: expect.any(String) }] });
  });

  it('no credentials: UNAUTHENTICATED', async () => {
    const result = await gw.gql('{ suppliers { totalCount } }');
    expectCleanErrors(result.body);
    expect(result.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(result.body.data ?? null).toBeNull();
  });

  it('an unknown API key: UNAUTHENTICATED', async () => {
    const result = await gw.gql('{ suppliers { totalCount } }', {}, { key: 'gw_not_a_real_key' });
    expectCleanErrors(result.body);
    expect(result.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('a missing scope: FORBIDDEN naming the scope', async () => {
    const result = await gw.gql('mutation { createSupplier(input: {name: "Acme SA"}) { id } }', {}, { key: readOnly });
    expectCleanErrors(result.body);
    expect(result.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(result.body.errors[0].message).toContain('suppliers:write');
  });

  it('an unknown id: NOT_FOUND', async () => {
    const result = await gw.gql('{ supplier(id: "65f000000000000000000000") { id } }', {}, { key });
    expectCleanErrors(result.body);
    expect(result.body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect(result.body.errors[0].path).toEqual(['supplier']);
  });

  it('a duplicate tax id: CONFLICT', async () => {
    const create = 'mutation($i: CreateSupplierInput!) { createSupplier(input: $i) { id } }';
    expect((await gw.gql(create, { i: { name: 'Acme SA', taxId: '30712345671' } }, { key })).body.data.createSupplier.id).toEqual(expect.any(String));
    const result = await gw.gql(create, { i: { name: 'Acme Dos SA', taxId: '30712345671' } }, { key });
    expectCleanErrors(result.body);
    expect(result.body.errors[0].extensions.code).toBe('CONFLICT');
  });

  it('a syntax error: GRAPHQL_PARSE_FAILED', async () => {
    const result = await gw.gql('{ suppliers( ', {}, { key });
    expectCleanErrors(result.body);
    expect(result.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
  });

  it('an unknown field: GRAPHQL_VALIDATION_FAILED', async () => {
    const result = await gw.gql('{ nope }', {}, { key });
    expectCleanErrors(result.body);
    expect(result.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it.each([
    ['an unknown input field', { i: { name: 'Acme SA', zip: '1000' } }, 'zip'],
    ['a missing required input field', { i: { email: 'a@b.co' } }, 'name'],
  ])('a variable that does not fit its type (%s): BAD_USER_INPUT naming the field, answered as a client error', async (_what, variables, path) => {
    const result = await gw.gql('mutation($i: CreateSupplierInput!) { createSupplier(input: $i) { id } }', variables, { key });
    expectCleanErrors(result.body);
    expect(result.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(result.body.errors[0].extensions.details).toEqual([{ path, message: expect.any(String) }]);
    // A client's mistake is never a server error: graphql-over-HTTP wants 200 (application/json) or 400.
    expect([200, 400]).toContain(result.status);
  });

  it('a variable of the wrong scalar type is a client error, not a server error', async () => {
    const result = await gw.gql('query($f: Int) { suppliers(first: $f) { totalCount } }', { f: 'ten' }, { key });
    expectCleanErrors(result.body);
    expect(result.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect([200, 400]).toContain(result.status);
  });

  it('an unexpected failure is INTERNAL_SERVER_ERROR with an opaque message', async () => {
    const original = gw.store.collection.bind(gw.store);
    const spy = jest.spyOn(gw.store, 'collection').mockImplementation(((name: Parameters<typeof original>[0]) => {
      if (name === 'suppliers') throw new Error('secret internal detail: mongodb://admin:hunter2@db');
      return original(name);
    }) as typeof original);
    try {
      const result = await gw.gql('{ suppliers { totalCount } }', {}, { key });
      expectCleanErrors(result.body);
      expect(result.body.errors[0].extensions.code).toBe('INTERNAL_SERVER_ERROR');
      expect(JSON.stringify(result.body)).not.toMatch(/secret|hunter2|mongodb:/);
      const rest = await gw.rest('GET', '/suppliers/list/', { key });
      expect(rest.status).toBe(500);
      expect(rest.body).toEqual({ success: false, error: { code: 'INTERNAL_SERVER_ERROR', message: expect.any(String), details: [] } });
      expect(JSON.stringify(rest.body)).not.toMatch(/secret|hunter2|mongodb:|stack/);
    } finally {
      spy.mockRestore();
    }
  });
});
