import {
  buildClientSchema,
  getIntrospectionQuery,
  parse,
  specifiedRules,
  validate,
  ValidationContext,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { operationCost } from '../../src/http/graphql-cost';
import { armorValidationRules, LIMITS } from '../../src/http/graphql-limits';
import { gatewaySchema } from '../../src/resolvers/gateway-schema';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * Limits against abusive documents (LIMITS in src/http/graphql-limits.ts): depth, aliases and cost are refused before
 * anything executes, with code QUERY_TOO_COMPLEX and a message naming the limit; a page over 100 is BAD_USER_INPUT.
 */

let gw: TestGateway;
let key: string;
beforeAll(async () => {
  gw = await startTestGateway();
  ({ key } = await gw.account(['suppliers:read', 'suppliers:write', 'delivery_notes:read']));
  // The first request of a key records its last use (one extra write); later ones at the same clock do not.
  await gw.gql('{ __typename }', {}, { key });
});
afterAll(async () => {
  await gw?.stop();
});

const FIELDS = 'id name email phone taxId contactName category tags notes status createdAt updatedAt';
const requestId = (result: { headers: Headers }) => result.headers.get('x-request-id')!;

/**
 * A selection nested `depth` fields deep: delivery notes → customer → delivery notes → … (pages of one, so the cost
 * stays far below its limit and only the depth matters).
 */
function deepSelection(depth: number): string {
  const fields = ['deliveryNotes(first: 1)', 'nodes'];
  while (fields.length < depth - 1) fields.push(fields.length % 2 === 0 ? 'customer' : 'deliveryNotes(first: 1)');
  return fields.reduceRight((inner, field) => `${field} { ${inner} }`, 'id');
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
  expect(LIMITS).toEqual({ maxDepth: 10, maxAliases: 30, maxCost: 10_000, maxTokens: 5_000, maxDirectives: 50 });
});

describe('depth', () => {
  it(`a document ${LIMITS.maxDepth} fields deep runs`, async () => {
    const result = await gw.gql(`{ ${deepSelection(LIMITS.maxDepth)} }`, {}, { key });
    expect(result.status).toBe(200);
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data.deliveryNotes.nodes).toEqual([]);
  });

  it(`one level deeper is refused with QUERY_TOO_COMPLEX`, async () => {
    const result = await gw.gql(`{ ${deepSelection(LIMITS.maxDepth + 1)} }`, {}, { key });
    expectTooComplex(result, new RegExp(`depth limit of ${LIMITS.maxDepth} exceeded, found ${LIMITS.maxDepth + 1}`));
  });

  it('depth hidden in fragments counts too; the spreads themselves are no level', async () => {
    const document = `
      query Deep { deliveryNotes(first: 1) { nodes { ...Note } } }
      fragment Note on DeliveryNote { customer { deliveryNotes(first: 1) { ...Customer } } }
      fragment Customer on DeliveryNote { customer { deliveryNotes(first: 1) { customer { ... on Customer { deliveryNotes(first: 1) { customer { deliveryNotes(first: 1) { id } } } } } } } }`;
    const result = await gw.gql(document, {}, { key });
    expectTooComplex(result, /depth limit of 10 exceeded, found 11/);
  });

  it('a document over the depth limit is refused whole: its mutation does not run', async () => {
    const document = `
      mutation Create { createSupplier(input: {name: "Never Written SA"}) { id } }
      query Deep { ${deepSelection(LIMITS.maxDepth + 1)} }`;
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
    expectTooComplex(result, new RegExp(`Aliases limit of ${LIMITS.maxAliases} exceeded, found ${LIMITS.maxAliases + 1}`));
  });

  it('aliased mutations over the limit are refused and none of them runs', async () => {
    const mutations = Array.from({ length: LIMITS.maxAliases + 1 }, (_, i) => `m${i}: createSupplier(input: {name: "Alias Flood ${i}"}) { id }`);
    const result = await gw.gql(`mutation { ${mutations.join(' ')} }`, {}, { key });
    const list = await gw.gql('{ suppliers(filter: {search: "Alias Flood"}) { totalCount } }', {}, { key });
    expect(list.body.data.suppliers.totalCount).toBe(0);
    expectTooComplex(result, /Aliases limit/);
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

  it('REST limit=1000 (what legacy clients send) is served as 100 and the page says so', async () => {
    const result = await gw.rest('GET', '/suppliers/list/?limit=1000&page=2', { key });
    expect(result.status).toBe(200);
    const { items, ...block } = result.body.data;
    expect(block.total).toBeGreaterThanOrEqual(101);
    expect(items).toHaveLength(Math.min(100, block.total - 100));
    expect(block).toEqual({ total: block.total, page: 2, limit: 100, pages: Math.ceil(block.total / 100), limit_requested: 1000 });
  });

  it('REST limit=100 says nothing of a requested limit', async () => {
    const result = await gw.rest('GET', '/suppliers/list/?limit=100', { key });
    expect(result.body.data).not.toHaveProperty('limit_requested');
  });

  it('REST limit=0 is 400 BAD_USER_INPUT on `limit`', async () => {
    const result = await gw.rest('GET', '/suppliers/list/?limit=0', { key });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({
      success: false,
      error: { code: 'BAD_USER_INPUT', message: expect.any(String), details: [{ path: 'limit', message: expect.any(String) }] },
    });
  });
});

/** `levels` fragments, each spreading the next one twice: 2^levels fields once expanded, a few hundred bytes written. */
function fragmentBomb(levels: number, selection = 'suppliers(first: 1) { nodes { ...F0 } }', on = 'Supplier', leaf = 'name'): string {
  const fragments = Array.from({ length: levels }, (_, i) =>
    i === levels - 1 ? `fragment F${i} on ${on} { ${leaf} }` : `fragment F${i} on ${on} { ...F${i + 1} ...F${i + 1} }`,
  );
  return `query Bomb { ${selection} } ${fragments.join(' ')}`;
}

describe('fragment fan-out', () => {
  let schema: GraphQLSchema;
  beforeAll(async () => {
    schema = await gatewaySchema();
  });

  /** Validation work (fragment look-ups by every rule, GraphQL Armor's included) and the cost walk's nodes. */
  function workFor(levels: number): { lookups: number; nodes: number; cost: number } {
    const document = parse(fragmentBomb(levels));
    const getFragment = jest.spyOn(ValidationContext.prototype, 'getFragment');
    try {
      expect(validate(schema, document, [...specifiedRules, ...armorValidationRules()])).toEqual([]);
      const stats = { nodesVisited: 0 };
      const cost = operationCost(schema, document, document.definitions[0] as OperationDefinitionNode, {}, stats);
      return { lookups: getFragment.mock.calls.length, nodes: stats.nodesVisited, cost };
    } finally {
      getFragment.mockRestore();
    }
  }

  it('the work to check a document grows with its size, not with its expansion', () => {
    const small = workFor(10);
    const large = workFor(40);
    // Four times the fragments: at most about four times the work (an exponential walk would do 2^30 times more).
    expect(large.nodes).toBeLessThanOrEqual(4 * small.nodes + 4);
    expect(large.lookups).toBeLessThanOrEqual(5 * small.lookups);
    // ...while the cost still counts every expanded field.
    expect(large.cost).toBeGreaterThan(2 ** 39);
  });

  it.each([20, 40, 80])('a %i-level fan-out is refused as too costly, at once, and the server keeps answering', async (levels) => {
    const result = await gw.gql(fragmentBomb(levels), {}, { key });
    expectTooComplex(result, /query cost \S+ exceeds the maximum of 10000/);
    const health = await fetch(`${gw.url}/healthz`, { signal: AbortSignal.timeout(1000) });
    expect(health.status).toBe(200);
  });

  it('a fan-out refused without a key gets the same refusal (the limit runs before authentication matters)', async () => {
    const result = await gw.gql(fragmentBomb(40));
    expectTooComplex(result, /query cost/);
  });

  it('a fan-out added to an over-cost document cannot make its cost check pass', async () => {
    const pagesOf = (count: number) => Array.from({ length: count }, (_, i) => `p${i}: suppliers(first: 100) { nodes { ...F0 } }`).join(' ');
    const result = await gw.gql(fragmentBomb(14, pagesOf(8)), {}, { key });
    expectTooComplex(result, /query cost \d+ exceeds the maximum of 10000/);
  });

  it('a fan-out inside introspection is refused too', async () => {
    const result = await gw.gql(fragmentBomb(40, '__schema { types { ...F0 } }', '__Type'), {}, { key });
    expectTooComplex(result, /query cost/);
  });
});

describe('introspection', () => {
  it.each([
    ['with a key', true],
    ['without a key', false],
  ])("graphql-js's standard introspection query answers %s", async (_label, withKey) => {
    const result = await gw.gql(
      getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, inputValueDeprecation: true }),
      {},
      withKey ? { key } : {},
    );
    expect(result.status).toBe(200);
    expect(result.body.errors).toBeUndefined();
    const schema = buildClientSchema(result.body.data);
    expect(Object.keys(schema.getQueryType()!.getFields())).toContain('suppliers');
  });

  it('introspection nesting more than three lists of fields is refused', async () => {
    const twice = await gw.gql('{ __schema { types { fields { type { fields { name } } } } } }', {}, { key });
    expect(twice.body.errors).toBeUndefined();
    const thrice = await gw.gql('{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }', {}, { key });
    expectTooComplex(thrice, /introspection nests more than 3 lists/);
  });

  it('list nesting hidden in fragments counts too', async () => {
    const document = `{ __schema { ...S } } fragment S on __Schema { types { ...T } } fragment T on __Type { fields { type { ...U } } }
      fragment U on __Type { interfaces { fields { name } } }`;
    expectTooComplex(await gw.gql(document, {}, { key }), /introspection nests more than 3 lists/);
  });
});

describe('tokens', () => {
  it(`a document of more than ${LIMITS.maxTokens} tokens is refused before it is parsed whole`, async () => {
    const fields = Array.from({ length: LIMITS.maxTokens }, () => '__typename').join(' ');
    const result = await gw.gql(`{ ${fields} }`, {}, { key });
    expectTooComplex(result, new RegExp(`more than ${LIMITS.maxTokens} tokens; the maximum is ${LIMITS.maxTokens}`));
  });
});

describe('field suggestions', () => {
  it('are given to an authenticated caller', async () => {
    const result = await gw.gql('{ supplierz { id } }', {}, { key });
    expect(result.body.errors[0].message).toMatch(/Did you mean "supplier/);
  });

  it('are hidden from an unauthenticated caller', async () => {
    const result = await gw.gql('{ supplierz { id } }');
    expect(result.status).toBe(400);
    expect(result.body.errors[0].message).toBe('Cannot query field "supplierz" on type "Query".');
  });
});
