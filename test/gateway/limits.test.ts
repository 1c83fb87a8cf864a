import { LIMITS } from '../../src/http/graphql-limits';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * Limits against abusive documents (LIMITS in src/http/graphql-limits.ts): depth, aliases and cost are refused before
 * anything executes, with code QUERY_TOO_COMPLEX and a message naming the limit; a page over 100 is BAD_USER_INPUT.
 */

let gw: TestGateway;
let key: string;
beforeAll(async () => {
  gw = await startTestGateway();
  ({ key } = await gw.account(['suppliers:read', 'suppliers:write']));
  // The first request of a key records its last use (one extra write); later ones at the same clock do not.
  await gw.gql('{ __typename }', {}, { key });
});
afterAll(async () => {
  await gw?.stop();
});

const FIELDS = 'id name email phone taxId contactName category tags notes status createdAt updatedAt';
const requestId = (result: { headers: Headers }) => result.headers.get('x-request-id')!;

/** A selection nested `depth` fields deep, through introspection (the gateway's own types are shallow). */
function deepIntrospection(depth: number): string {
  // __schema > types > fields > type > ofType ... > name
  let inner = 'name';
  for (let level = 0; level < depth - 5; level++) inner = `ofType { ${inner} }`;
  return `__schema { types { fields { type { ${inner} } } } }`;
}

function expectTooComplex(result: { status: number; body: any }, pattern: RegExp): void {
  expect(result.body.data ?? undefined).toBeUndefined();
  expect(result.body.errors).toHaveLength(1);
  expect(result.body.errors[0].message).toMatch(pattern);
  expect(result.body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
  // The client's document is at fault: a 4xx, never a server error.
  expect(result.status).toBe(400);
}

it('the limits are the documented ones', () => {
  expect(LIMITS).toEqual({ maxDepth: 10, maxAliases: 30, maxCost: 10_000 });
});

describe('depth', () => {
  it(`a document ${LIMITS.maxDepth} fields deep runs`, async () => {
    const result = await gw.gql(`{ ${deepIntrospection(LIMITS.maxDepth)} }`, {}, { key });
    expect(result.status).toBe(200);
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data.__schema.types.length).toBeGreaterThan(0);
  });

  it(`one level deeper is refused with QUERY_TOO_COMPLEX`, async () => {
    const result = await gw.gql(`{ ${deepIntrospection(LIMITS.maxDepth + 1)} }`, {}, { key });
    expectTooComplex(result, new RegExp(`depth ${LIMITS.maxDepth + 1} exceeds the maximum of ${LIMITS.maxDepth}`));
  });

  it('depth hidden in fragments counts too', async () => {
    const document = `
      query Deep { __schema { ...Types } }
      fragment Types on __Schema { types { fields { ...FieldType } } }
      fragment FieldType on __Field { type { ... on __Type { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } }`;
    const result = await gw.gql(document, {}, { key });
    expectTooComplex(result, /depth 11 exceeds the maximum of 10/);
  });

  it('a document over the depth limit is refused whole: its mutation does not run', async () => {
    const document = `
      mutation Create { createSupplier(input: {name: "Never Written SA"}) { id } }
      query Deep { ${deepIntrospection(LIMITS.maxDepth + 1)} }`;
    const result = await fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({ query: document, operationName: 'Create' }),
    });
    const body = await result.json();
    const list = await gw.gql('{ suppliers(filter: {search: "Never Written"}) { totalCount } }', {}, { key });
    expect(list.body.data.suppliers.totalCount).toBe(0);
    expect(body.data).toBeUndefined();
    expect(body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
  });
});

describe('aliases', () => {
  const aliased = (count: number) => `{ ${Array.from({ length: count }, (_, i) => `a${i}: __typename`).join(' ')} }`;

  it(`${LIMITS.maxAliases} aliases run`, async () => {
    const result = await gw.gql(aliased(LIMITS.maxAliases), {}, { key });
    expect(result.body.errors).toBeUndefined();
    expect(Object.keys(result.body.data)).toHaveLength(LIMITS.maxAliases);
  });

  it(`${LIMITS.maxAliases + 1} aliases are refused with QUERY_TOO_COMPLEX`, async () => {
    const result = await gw.gql(aliased(LIMITS.maxAliases + 1), {}, { key });
    expectTooComplex(result, new RegExp(`${LIMITS.maxAliases + 1} aliases; the maximum is ${LIMITS.maxAliases}`));
  });

  it('aliased mutations over the limit are refused and none of them runs', async () => {
    const mutations = Array.from({ length: LIMITS.maxAliases + 1 }, (_, i) => `m${i}: createSupplier(input: {name: "Alias Flood ${i}"}) { id }`);
    const result = await gw.gql(`mutation { ${mutations.join(' ')} }`, {}, { key });
    const list = await gw.gql('{ suppliers(filter: {search: "Alias Flood"}) { totalCount } }', {}, { key });
    expect(list.body.data.suppliers.totalCount).toBe(0);
    expectTooComplex(result, /aliases/);
  });
});

describe('cost', () => {
  // Each `suppliers(first: 100) { nodes { 12 fields } }` costs 1 + 100 × (1 + 12) = 1301.
  const pages = (count: number, first = 100) =>
    `{ ${Array.from({ length: count }, (_, i) => `p${i}: suppliers(first: ${first}) { nodes { ${FIELDS} } }`).join(' ')} }`;

  it('7 full pages (cost 9107) run', async () => {
    const result = await gw.gql(pages(7), {}, { key });
    expect(result.status).toBe(200);
    expect(result.body.errors).toBeUndefined();
    expect(Object.keys(result.body.data)).toHaveLength(7);
  });

  it('8 full pages (cost 10408) are refused with QUERY_TOO_COMPLEX, before any resolver runs', async () => {
    const baseline = await gw.gql('{ __typename }', {}, { key });
    const result = await gw.gql(pages(8), {}, { key });
    // Only authentication touched the store: as many commands as a document that reads nothing.
    expect(await gw.commandsOf(requestId(result))).toBe(await gw.commandsOf(requestId(baseline)));
    expectTooComplex(result, /cost 10408 exceeds the maximum of 10000/);
  });

  it('the page size counts when it comes from a variable', async () => {
    const document = `query($n: Int) { ${Array.from({ length: 8 }, (_, i) => `p${i}: suppliers(first: $n) { nodes { ${FIELDS} } }`).join(' ')} }`;
    const small = await gw.gql(document, { n: 10 }, { key });
    expect(small.body.errors).toBeUndefined();
    const large = await gw.gql(document, { n: 100 }, { key });
    expectTooComplex(large, /cost \d+ exceeds the maximum of 10000/);
  });

  it('edges and nodes both count', async () => {
    const both = `{ ${Array.from({ length: 4 }, (_, i) => `p${i}: suppliers(first: 100) { nodes { ${FIELDS} } edges { cursor node { ${FIELDS} } } }`).join(' ')} }`;
    const result = await gw.gql(both, {}, { key });
    expectTooComplex(result, /cost \d+ exceeds the maximum of 10000/);
  });

  it('a page size over 100 cannot lower the cost estimate: the page is refused with BAD_USER_INPUT', async () => {
    const result = await gw.gql(pages(1, 1000), {}, { key });
    expect(result.body.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', details: [{ path: 'first', message: expect.any(String) }] });
  });
});

describe('page size', () => {
  beforeAll(async () => {
    const items = Array.from({ length: 101 }, (_, i) => ({ name: `Page Size ${String(i).padStart(3, '0')}` }));
    const created = await gw.rest('POST', '/suppliers/bulk/create/', { key, body: { items } });
    expect(created.body.data.created).toBe(101);
  });

  it('first: 100 answers 100 suppliers', async () => {
    const result = await gw.gql('{ suppliers(first: 100) { totalCount nodes { id } pageInfo { hasNextPage } } }', {}, { key });
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data.suppliers.nodes).toHaveLength(100);
    expect(result.body.data.suppliers.totalCount).toBeGreaterThanOrEqual(101);
    expect(result.body.data.suppliers.pageInfo.hasNextPage).toBe(true);
  });

  it.each([101, 0, -1])('first: %i is BAD_USER_INPUT on `first`', async (first) => {
    const result = await gw.gql('query($first: Int) { suppliers(first: $first) { totalCount } }', { first }, { key });
    expect(result.body.errors).toHaveLength(1);
    expect(result.body.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', details: [{ path: 'first', message: expect.any(String) }] });
    expect(result.body.errors[0].message).toMatch(/between 1 and 100/);
  });

  it('REST limit=100 answers 100 items', async () => {
    const result = await gw.rest('GET', '/suppliers/list/?limit=100', { key });
    expect(result.status).toBe(200);
    expect(result.body.data.items).toHaveLength(100);
    expect(result.body.data.limit).toBe(100);
  });

  it('REST limit=101 is 400 BAD_USER_INPUT on `limit`', async () => {
    const result = await gw.rest('GET', '/suppliers/list/?limit=101', { key });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({
      success: false,
      error: { code: 'BAD_USER_INPUT', message: expect.any(String), details: [{ path: 'limit', message: expect.any(String) }] },
    });
  });
});
