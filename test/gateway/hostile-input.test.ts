import { SCOPES } from '../../src/domain/auth/scopes';
import { MAX_JSON_DEPTH } from '../../src/domain/json-shape';
import { ROUTES } from '../../src/rest-compat/routes';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * Inputs that used to crash a request (500) or silently lose data, each now a coded 4xx or a correct answer:
 * deep JSON, malformed percent-encoding in paths, NUL in search text, prototype keys in free-form objects.
 * (Malformed session cookies: sessions.test.ts; racing first issues of a sale point: delivery-notes.test.ts.)
 */
let gw: TestGateway;
let key: string;
let customer: string;
beforeAll(async () => {
  gw = await startTestGateway();
  ({ key } = await gw.account([...SCOPES]));
  const created = await gw.gql('mutation { createCustomer(input: {name: "Cliente Hostil"}) { id } }', {}, { key });
  customer = created.body.data.createCustomer.id;
});
afterAll(async () => {
  await gw?.stop();
});

/** `{"name": {"name": … "leaf" … }}`, `depth` objects deep, written as text (JSON.stringify would recurse that deep). */
const nested = (depth: number): string => `${'{"name": '.repeat(depth)}"leaf"${'}'.repeat(depth)}`;

describe('JSON nested 10,000 deep', () => {
  const writes = ROUTES.filter((route) => route.method === 'post' || route.method === 'put').map(
    (route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const,
  );

  it.each(writes)('%s → 400 BAD_USER_INPUT naming the depth', async (_label, route) => {
    const res = await gw.rest(route.method.toUpperCase(), route.path.replace('{id}', '000000000000000000000000'), { key, raw: nested(10_000) });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('BAD_USER_INPUT');
    expect(res.body.error.details).toEqual([{ path: expect.stringMatching(/^name(\.name)*$/), message: `nested deeper than ${MAX_JSON_DEPTH} levels` }]);
  });

  it('as GraphQL variables → 400 BAD_USER_INPUT', async () => {
    const query = JSON.stringify('mutation($input: CreateSupplierInput!) { createSupplier(input: $input) { id } }');
    const res = await gw.http('POST', '/graphql', { key, raw: `{"query": ${query}, "variables": {"input": ${nested(10_000)}}}` });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it(`${MAX_JSON_DEPTH} levels are still read (and judged by the ordinary rules)`, async () => {
    const res = await gw.rest('POST', '/suppliers/', { key, raw: `{"name": "Hondo SA", "extra": ${nested(MAX_JSON_DEPTH - 2)}}` });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: 'extra', message: 'unknown field' }]);
  });
});

describe('malformed percent-encoding in a path', () => {
  const paths = ['/expenses/%E0%A4%A/', '/expenses/%ZZ/', '/suppliers/%/', '/delivery_notes/%E0%A4%A/', '/supply-consumptions/%ZZ/revert'];

  it.each(paths)('%s → 400 MALFORMED_URL, with or without a key', async (path) => {
    for (const options of [{ key }, {}]) {
      const res = await gw.rest(path.endsWith('revert') ? 'POST' : 'GET', path, options);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        error: { code: 'MALFORMED_URL', message: expect.stringMatching(/percent-encoding/), details: [expect.any(Object)] },
      });
    }
  });
});

describe('NUL in search text', () => {
  beforeAll(async () => {
    expect((await gw.rest('POST', '/suppliers/', { key, body: { name: 'Nul\u0000Cero SA' } })).status).toBe(201);
    expect((await gw.rest('POST', '/suppliers/', { key, body: { name: 'Nulo Cero SA' } })).status).toBe(201);
  });

  it('REST matches it literally', async () => {
    const res = await gw.rest('GET', `/suppliers/list/?search=${encodeURIComponent('l\u0000C')}`, { key });
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((item: { name: string }) => item.name)).toEqual(['Nul\u0000Cero SA']);
  });

  it('GraphQL matches it literally', async () => {
    const res = await gw.gql('query($s: String) { suppliers(filter: {search: $s}) { nodes { name } } }', { s: '\u0000' }, { key });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.suppliers.nodes).toEqual([{ name: 'Nul\u0000Cero SA' }]);
  });
});

describe('prototype keys in free-form objects', () => {
  const body = (metadataJson: string) => `{"customer_id": "${customer}", "items": [{"description": "Caja", "quantity": 1}], "metadata": ${metadataJson}}`;
  const count = async () => (await gw.rest('GET', '/delivery_notes/list/', { key })).body.data.total as number;

  it.each(['__proto__', 'constructor', 'prototype'])('REST metadata.%s → 400 naming the path, nothing written', async (reserved) => {
    const before = await count();
    const res = await gw.rest('POST', '/delivery_notes/', { key, raw: body(`{"${reserved}": "x", "lote": "A1"}`) });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('BAD_USER_INPUT');
    expect(res.body.error.details).toEqual([{ path: `metadata.${reserved}`, message: `"${reserved}" is not allowed as a key` }]);
    expect(await count()).toBe(before);
  });

  it('at any depth of a body', async () => {
    const res = await gw.rest('POST', '/suppliers/bulk/create/', { key, raw: '{"items": [{"name": "A SA", "address": {"__proto__": {"city": "x"}}}]}' });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: 'items.0.address.__proto__', message: '"__proto__" is not allowed as a key' }]);
  });

  it('GraphQL variables → 400 naming the path', async () => {
    const raw = JSON.stringify({ query: 'mutation($m: JSONObject) { createDeliveryNote(input: {customerId: "x", items: [], metadata: $m}) { id } }' }).replace(
      /}$/,
      ', "variables": {"m": {"__proto__": "x"}}}',
    );
    const res = await gw.http('POST', '/graphql', { key, raw });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions).toEqual({
      code: 'BAD_USER_INPUT',
      details: [{ path: 'variables.m.__proto__', message: '"__proto__" is not allowed as a key' }],
    });
  });

  it.each(['__proto__', 'constructor', 'prototype'])('a GraphQL literal metadata.%s → BAD_USER_INPUT naming the key, nothing written', async (reserved) => {
    const before = await count();
    const res = await gw.gql(
      `mutation { createDeliveryNote(input: {customerId: "${customer}", items: [{description: "Caja", quantity: 1}], metadata: {${reserved}: "x", lote: "A1"}}) { id metadata } }`,
      {},
      { key },
    );
    expect(res.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.body.errors[0].extensions.details).toEqual([{ path: `metadata.${reserved}`, message: `"${reserved}" is not allowed as a key` }]);
    expect(await count()).toBe(before);
  });
});

describe('text longer than any index key holds', () => {
  const long = '1'.repeat(2_000);
  const textParameters = ROUTES.filter((route) => route.method === 'get').flatMap((route) =>
    (route.parameters ?? [])
      .filter((parameter) => parameter.schema.type === 'string')
      .map((parameter) => [`GET ${route.path}?${parameter.name}=…`, route, parameter.name] as const),
  );

  it.each(textParameters)('%s of 2,000 characters → 400 naming it, its bound published', async (_label, route, name) => {
    const path = route.path.replace(/\{\w+\}/g, '000000000000000000000000');
    const res = await gw.rest('GET', `${path}?${name}=${long}`, { key });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('BAD_USER_INPUT');
    expect(res.body.error.details).toContainEqual({ path: name, message: 'at most 200 characters' });
    const doc = (await gw.http('GET', '/api/v1/openapi.json')).body as Record<string, any>;
    const documented = doc.paths[`/api/v1${route.path}`].get.parameters.find((parameter: { name: string }) => parameter.name === name);
    if (!documented.schema.enum) expect(documented.schema.maxLength).toBeLessThanOrEqual(200);
  });

  it('a 2,000-character value that reaches the store (a path segment) reads as nothing, never a 500', async () => {
    const ledger = await gw.rest('GET', `/accounting/reports/account-ledger/${long}/`, { key });
    expect(ledger.status).toBe(404);
    expect(ledger.body.error.code).toBe('NOT_FOUND');
  });

  it('GraphQL bounds its text arguments the same way', async () => {
    const search = await gw.gql('query($text: String) { suppliers(filter: {search: $text}) { totalCount } }', { text: long }, { key });
    expect(search.body.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', details: [{ path: 'search', message: 'must be at most 200 characters' }] });
  });
});
