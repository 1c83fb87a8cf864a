import { loadConfig } from '../../src/config';
import { randomBytes } from 'node:crypto';
import { execute, parse, validate, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { principalForApiKey } from '../../src/domain/auth/authenticate';
import type { Scope } from '../../src/domain/auth/scopes';
import { SecretBox } from '../../src/domain/secrets';
import { createContext } from '../../src/domain/context';
import { toClientError } from '../../src/rest-compat/client-errors';
import { createLogger } from '../../src/logger';
import { gatewaySchema } from '../../src/resolvers/gateway-schema';
import { compileOperation, executeCompiled } from '../../src/schema/compiled';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * Compiled execution (graphql-jit) answers exactly what graphql-js's execute answers — data, error messages,
 * locations, paths and codes — for successes, every kind of failure, and the inputs graphql-jit alone would refuse.
 */

let gw: TestGateway;
let schema: GraphQLSchema;
let ids: { supplier: string; customer: string };
const keys: Partial<Record<'all' | 'notesOnly', string>> = {};

beforeAll(async () => {
  gw = await startTestGateway();
  schema = await gatewaySchema();
  const all = await gw.account([
    'suppliers:read',
    'suppliers:write',
    'delivery_notes:read',
    'delivery_notes:write',
    'supplies:read',
    'supplies:write',
    'expenses:read',
  ]);
  keys.all = all.key;
  keys.notesOnly = await gw.key(all.accountId, ['delivery_notes:read'] as Scope[]);
  const gql = async (query: string, variables: Record<string, unknown>) => (await gw.gql(query, variables, { key: all.key })).body.data;
  const supplier = (
    await gql('mutation($i: CreateSupplierInput!) { createSupplier(input: $i) { id } }', { i: { name: 'Acme SA', address: { city: 'Rosario' } } })
  ).createSupplier.id;
  await gql('mutation($i: CreateSupplierInput!) { createSupplier(input: $i) { id } }', { i: { name: 'Beta SRL', address: { text: 'Calle 1' }, tags: ['x'] } });
  const customer = (await gql('mutation($i: CreateCustomerInput!) { createCustomer(input: $i) { id } }', { i: { name: 'Cliente' } })).createCustomer.id;
  const product = (
    await gql('mutation($i: CreateProductInput!) { createProduct(input: $i) { id } }', { i: { name: 'Yerba', sku: 'Y', price: 1.5, stock: 10 } })
  ).createProduct.id;
  await gql('mutation($i: CreateDeliveryNoteInput!) { createDeliveryNote(input: $i) { id } }', {
    i: {
      customerId: customer,
      status: 'issued',
      metadata: { a: 'b' },
      items: [
        { productId: product, description: 'Yerba', quantity: 1.25, unitPrice: 3 },
        { description: 'Flete', quantity: 1 },
      ],
    },
  });
  ids = { supplier, customer };
});
afterAll(async () => {
  await gw?.stop();
});

async function contextFor(key: string) {
  const principal = await principalForApiKey(gw.store, key, new Date());
  return createContext({
    requestId: 'compiled-test',
    log: createLogger('silent'),
    store: gw.store,
    principal,
    now: () => new Date(),
    secrets: new SecretBox(randomBytes(32)),
    platform: { fceMinThresholdArs: loadConfig({}).FCE_MIN_THRESHOLD_ARS },
  });
}

function comparable(result: ExecutionResult) {
  const report = () => undefined;
  const errors = result.errors?.map((error) => ({
    message: error.message,
    locations: error.locations,
    path: error.path,
    client: toClientError(error, report),
  }));
  return JSON.parse(JSON.stringify({ data: result.data, errors }));
}

const CASES: Array<[string, string, () => Record<string, unknown>, keyof typeof keys]> = [
  [
    'a list with nested values, dates and enums',
    '{ suppliers(first: 5, orderBy: {field: name, direction: asc}) { totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id name } } nodes { name tags status createdAt address { text city } fiscalInfo { condicionIva } } } }',
    () => ({}),
    'all',
  ],
  [
    'an input field left to its default (graphql-jit alone refuses it)',
    'query($o: SupplierOrderBy) { suppliers(orderBy: $o) { nodes { name } } }',
    () => ({ o: { field: 'name' } }),
    'all',
  ],
  ['an input field left to its default in the document itself', '{ suppliers(orderBy: {field: name}) { nodes { name } } }', () => ({}), 'all'],
  [
    'a variable left to its default, and one omitted',
    'query($f: Int = 1, $a: String) { suppliers(first: $f, after: $a) { nodes { name } } }',
    () => ({}),
    'all',
  ],
  [
    'relations, custom scalars and floats',
    '{ deliveryNotes { nodes { number formattedNumber total metadata issueDate customer { name } items { quantity unitPrice subtotal product { name sku price } } } } }',
    () => ({}),
    'all',
  ],
  ['a missing record', 'query($id: ID!) { supplier(id: $id) { id } }', () => ({ id: '0123456789abcdef01234567' }), 'all'],
  ['a malformed id', 'query($id: ID!) { customer(id: $id) { id name } }', () => ({ id: 'nope' }), 'all'],
  ['a record found', 'query($id: ID!) { customer(id: $id) { id name deliveryNotes(first: 5) { number } } }', () => ({ id: ids.customer }), 'all'],
  ['a missing scope', '{ suppliers { totalCount } }', () => ({}), 'notesOnly'],
  ['a missing scope on a nested field', '{ deliveryNotes { nodes { items { product { name stockMovements { totalCount } } } } } }', () => ({}), 'notesOnly'],
  [
    'variables that do not fit',
    'query($f: Int, $o: SupplierOrderBy) { suppliers(first: $f, orderBy: $o) { totalCount } }',
    () => ({ f: 'ten', o: { field: 'nope', extra: 1 } }),
    'all',
  ],
  ['a page size out of range', '{ suppliers(first: 1000) { totalCount } }', () => ({}), 'all'],
  [
    'an invalid input (nothing is written)',
    'mutation($i: CreateSupplierInput!) { createSupplier(input: $i) { id } }',
    () => ({ i: { name: 'x', email: 'not-an-email' } }),
    'all',
  ],
  ['an invalid filter', 'query($f: SupplierFilter) { suppliers(filter: $f) { totalCount } }', () => ({ f: { createdFrom: 'yesterday' } }), 'all'],
  [
    'a valid filter with a date',
    'query($f: SupplierFilter) { suppliers(filter: $f) { totalCount nodes { name } } }',
    () => ({ f: { createdFrom: '2000-01-01T00:00:00Z', search: 'acme' } }),
    'all',
  ],
];

it.each(CASES)('%s', async (_label, query, variables, who) => {
  const document = parse(query);
  expect(validate(schema, document)).toEqual([]);
  const compiled = compileOperation(schema, document);
  if (!compiled) throw new Error('not compiled');
  const expected = comparable(await execute({ schema, document, variableValues: variables(), contextValue: await contextFor(keys[who]!) }));
  const actual = comparable(await executeCompiled(schema, compiled, variables(), await contextFor(keys[who]!)));
  expect(actual).toEqual(expected);
  expect(actual.data ?? actual.errors).toBeTruthy();
});

it('an input field given as undefined is absent, as for graphql-js (not null: an update would clear it)', async () => {
  const update = parse('mutation($id: ID!, $i: UpdateSupplierInput!) { updateSupplier(id: $id, input: $i) { notes category } }');
  const compiled = compileOperation(schema, update)!;
  const context = await contextFor(keys.all!);
  await executeCompiled(schema, compiled, { id: ids.supplier, i: { notes: 'keep me', category: 'insumos' } }, context);
  const result = await executeCompiled(schema, compiled, { id: ids.supplier, i: { notes: undefined, category: 'otros' } }, await contextFor(keys.all!));
  expect(result).toEqual({ data: { updateSupplier: { notes: 'keep me', category: 'otros' } } });
});

it('through Apollo, a document answers the same before and after it runs often enough to be compiled', async () => {
  const documents: Array<[string, Record<string, unknown>, keyof typeof keys]> = [
    ['query Full { suppliers(first: 5) { totalCount nodes { name createdAt address { city text } } } }', {}, 'all'],
    ['query Missing($id: ID!) { supplier(id: $id) { id } }', { id: '0123456789abcdef01234567' }, 'all'],
    ['query Nested { deliveryNotes { nodes { items { product { name stockMovements { totalCount } } } } } }', {}, 'notesOnly'],
    ['query Defaults($o: SupplierOrderBy) { suppliers(orderBy: $o) { nodes { name } } }', { o: { field: 'name' } }, 'all'],
    ['query Unfit($f: Int) { suppliers(first: $f) { totalCount } }', { f: 'ten' }, 'all'],
    ['mutation Invalid($i: CreateSupplierInput!) { createSupplier(input: $i) { id } }', { i: { name: 'x' } }, 'all'],
  ];
  for (const [query, variables, who] of documents) {
    const answers = [];
    for (let run = 0; run < 12; run++) {
      const result = await gw.gql(query, variables, { key: keys[who] });
      answers.push({ status: result.status, body: result.body });
    }
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  }
});
