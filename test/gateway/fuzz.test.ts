import fs from 'node:fs';
import path from 'node:path';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { SCOPES } from '../../src/domain/auth/scopes';
import { ROUTES } from '../../src/rest-compat/routes';
import { gatewaySchema } from '../../src/resolvers/gateway-schema';
import { DEEP, Rotation } from '../support/depth';
import { startTestGateway, type HttpResult, type TestGateway } from '../support/gateway';

/** The schema's mutations, read from the committed SDL so each gets a test of its own (the live schema must match it). */
const MUTATION_NAMES = Object.keys(
  buildSchema(fs.readFileSync(path.join(__dirname, '../../schema.graphql'), 'utf8'))
    .getMutationType()!
    .getFields(),
);

/**
 * Hostile input against every REST route of the route table and every GraphQL mutation of the schema, generated
 * from them (a new route or mutation is covered without new test code): wrong types, hostile nesting, sizes,
 * encodings, Mongo operators, prototype keys, fragment fan-outs. Whatever the input, the answer is never a 5xx, every
 * error carries a stable code, and the process keeps answering /healthz within a second.
 *
 * Each route and each mutation is sent a few items of each hostile list, handed out round-robin (test/support/depth.ts),
 * so that every item is sent and every route and mutation is walked; `npm run test:deep` sends each of them every item
 * of every list.
 */
let gw: TestGateway;
let key: string;
let schema: GraphQLSchema;
const problems: string[] = [];
let sent = 0;
const rotation = new Rotation();

beforeAll(async () => {
  gw = await startTestGateway();
  ({ key } = await gw.account([...SCOPES]));
  schema = await gatewaySchema();
});
afterAll(async () => {
  await gw?.stop();
});

/** Nested objects and arrays, `depth` deep, as JSON text (JSON.stringify would recurse that deep). */
const deep = (depth: number) => `${'{"a": ['.repeat(depth / 2)}1${']}'.repeat(depth / 2)}`;
const protoKeys = (key: string) => `{"${key}": {"polluted": true}, "name": "Proto SA"}`;

/** Hostile JSON values (as JSON text), each sent as a whole body, as a field's value and as a GraphQL variable. */
const VALUES: Array<[string, string]> = [
  ['null', 'null'],
  ['true', 'true'],
  ['a number', '1e308'],
  ['a number too large for a double', '1e400'],
  ['a negative zero', '-0'],
  ['an empty string', '""'],
  ['a string of NULs', '"\\u0000\\u0000"'],
  ['a lone surrogate', '"\\ud800"'],
  ['right-to-left and emoji text', JSON.stringify('\u202e🦜 ñandú')],
  ['a 100 kB string', JSON.stringify('x'.repeat(100_000))],
  ['an empty array', '[]'],
  ['an array of 5,000 numbers', JSON.stringify(Array.from({ length: 5_000 }, (_, i) => i))],
  ['an object', '{"nested": {"deeper": "x"}}'],
  ['a Mongo operator object', '{"$gt": "", "$where": "sleep(1000)"}'],
  ['an $-key inside', '{"name": {"$ne": null}, "a.b": 1}'],
  ['a __proto__ key', protoKeys('__proto__')],
  ['a constructor key', protoKeys('constructor')],
  ['a prototype key', protoKeys('prototype')],
  ['nesting 40 deep', deep(40)],
  ['nesting 10,000 deep', deep(10_000)],
];

/** Hostile path ids (already percent-encoded where they are malformed on purpose). */
const IDS = ['%ZZ', '%E0%A4%A', '%00', '000000000000000000000000', 'ffffffffffffffffffffffff', '%24gt', '__proto__', 'x'.repeat(2_000), '..%2F..%2Fetc'];

/** Hostile query strings. */
const QUERIES = [
  '?page=-1&limit=abc',
  '?page=99999999999999999999&limit=0',
  '?search=%00&status=%ZZ',
  '?search=a&search=b&status[$gt]=',
  '?sort_by=__proto__&sort_order=sideways',
  '?created_from=2024-02-30&date_from=0000-00-00&date_to=9999-99-99',
  `?search=${'%F0%9F%A6%9C'.repeat(2_000)}`,
  '?__proto__[polluted]=1&constructor=x',
];

/** The body fields a hostile value is put in. */
const FIELDS = ['name', 'items', 'metadata', 'ids', 'amount', 'date', 'address'];

/** Literals put in a mutation's document where an input object, a scalar or an enum goes. */
const LITERALS = ['{ __proto__: "x" }', '{ metadata: { __proto__: "x", constructor: "y" } }', '{ name: { $ne: null } }', '"\\u0000"', '[[[[[[[[[[1]]]]]]]]]]'];

/** Raw bodies that are not the JSON they claim (or claim nothing). */
const RAW_BODIES: Array<[string, string, string]> = [
  ['malformed JSON', '{"name": ', 'application/json'],
  ['JSON with a trailing comma', '{"name": "A",}', 'application/json'],
  ['a bare string', '"just text"', 'application/json'],
  ['text/plain', 'name=A', 'text/plain'],
  ['form encoded', 'name=A&tax_id=1', 'application/x-www-form-urlencoded'],
  ['an empty body', '', 'application/json'],
  ['invalid UTF-8', '{"name": "\udcff"}', 'application/json; charset=utf-16'],
];

function check(label: string, result: HttpResult): void {
  sent++;
  if (result.status >= 500) {
    problems.push(`${label} → ${result.status} ${JSON.stringify(result.body).slice(0, 200)}`);
    return;
  }
  if (result.status < 400 && !(result.body && typeof result.body === 'object' && 'errors' in result.body)) return;
  const body = result.body as any;
  const codes: unknown[] = body?.error
    ? [body.error.code]
    : Array.isArray(body?.errors)
      ? body.errors.map((error: any) => error?.extensions?.code)
      : [undefined];
  if (!codes.every((code) => typeof code === 'string' && code.length > 0))
    problems.push(`${label} → ${result.status} without an error code: ${JSON.stringify(body).slice(0, 200)}`);
}

async function healthy(label: string): Promise<void> {
  try {
    const health = await fetch(`${gw.url}/healthz`, { signal: AbortSignal.timeout(1_000) });
    if (health.status !== 200) problems.push(`after ${label}: /healthz answered ${health.status}`);
  } catch (error) {
    problems.push(`after ${label}: /healthz did not answer within a second (${(error as Error).message})`);
  }
}

/** Every path parameter (`{id}`, `{account_code}`, `{date}`) takes the hostile value. */
const withPath = (path: string, id: string) => path.replace(/\{\w+\}/g, id);

const rawGraphQL = (raw: string): Promise<HttpResult> => gw.http('POST', '/graphql', { key, raw });

describe('every REST route', () => {
  const routes = ROUTES.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const);
  const walked = new Set<string>();

  it('the route table has routes to walk', () => {
    expect(routes.length).toBeGreaterThan(30);
  });

  it.each(routes)('%s', async (label, route) => {
    problems.length = 0;
    walked.add(label);
    const method = route.method.toUpperCase();
    const hasBody = method === 'POST' || method === 'PUT';
    const ids = route.path.includes('{') ? rotation.take('path id', IDS, 2) : ['unused'];
    for (const id of ids) {
      const path = withPath(route.path, id);
      for (const credentials of [{ key }, {}, { key: 'not-a-key' }])
        check(`${label} id=${id} key=${credentials.key ?? 'none'}`, await gw.rest(method, path, credentials));
      if (method === 'GET')
        for (const query of rotation.take('query string', QUERIES, 2))
          check(`${label} id=${id} ${query.slice(0, 60)}`, await gw.rest(method, `${path}${query}`, { key }));
    }
    const path = withPath(route.path, '000000000000000000000000');
    if (hasBody) {
      for (const [name, value] of rotation.take('body value', VALUES, 3)) {
        check(`${label} body ${name}`, await gw.rest(method, path, { key, raw: value }));
        for (const field of rotation.take('body field', FIELDS, 2)) {
          check(`${label} body.${field} ${name}`, await gw.rest(method, path, { key, raw: `{"${field}": ${value}}` }));
        }
        check(`${label} items[0] ${name}`, await gw.rest(method, path, { key, raw: `{"items": [${value}], "ids": [${value}], "all_or_none": ${value}}` }));
      }
      for (const [name, raw, type] of rotation.take('raw body', RAW_BODIES, 2))
        check(`${label} ${name}`, await gw.rest(method, path, { key, raw, headers: { 'content-type': type } }));
    }
    await healthy(label);
    expect(problems).toEqual([]);
  });

  it('walked every route of the route table, and sent every hostile id, query, value, field and body', () => {
    expect([...walked].sort()).toEqual(routes.map(([label]) => label).sort());
    expect([
      ...rotation.unsent('path id', IDS),
      ...rotation.unsent('query string', QUERIES),
      ...rotation.unsent('body value', VALUES, (value) => (value as [string, string])[0]),
      ...rotation.unsent('body field', FIELDS),
      ...rotation.unsent('raw body', RAW_BODIES, (body) => (body as [string, string, string])[0]),
    ]).toEqual([]);
  });
});

const HOLE = '\u0001hole\u0001';

/** JSON text of a variable that has the argument's outer shape with `value` (JSON text) at its leaves. */
function shapedText(type: GraphQLInputType, value: string): string {
  return JSON.stringify(shaped(type, HOLE)).split(JSON.stringify(HOLE)).join(value);
}

/** A variable value of a hostile kind that still has the argument's outer shape, so it reaches the inner checks. */
function shaped(type: GraphQLInputType, value: unknown, depth = 0): unknown {
  if (isNonNullType(type)) return shaped(type.ofType, value, depth);
  if (isListType(type)) return [shaped(type.ofType, value, depth)];
  if (isInputObjectType(type) && depth < 3) {
    return Object.fromEntries(Object.values(type.getFields()).map((field) => [field.name, shaped(field.type, value, depth + 1)]));
  }
  return value;
}

function printType(type: GraphQLInputType): string {
  return type.toString();
}

describe('every GraphQL mutation', () => {
  const mutations = () => Object.values(schema.getMutationType()!.getFields());
  const walked = new Set<string>();

  it('the schema has mutations to walk, the same as the committed SDL', () => {
    expect(mutations().length).toBeGreaterThan(20);
    expect(
      mutations()
        .map((field) => field.name)
        .sort(),
    ).toEqual([...MUTATION_NAMES].sort());
  });

  it.each(MUTATION_NAMES)('%s, with every argument hostile, answers without a 5xx and with coded errors', async (name) => {
    problems.length = 0;
    walked.add(name);
    {
      const field = schema.getMutationType()!.getFields()[name];
      const selection = isLeafType(getNamedType(field.type)) ? '' : '{ __typename }';
      const definitions = field.args.map((arg, i) => `$a${i}: ${printType(arg.type)}`).join(', ');
      const call = field.args.map((arg, i) => `${arg.name}: $a${i}`).join(', ');
      const document = `mutation Fuzz${definitions ? `(${definitions})` : ''} { ${field.name}${call ? `(${call})` : ''} ${selection} }`;
      const send = (variables: string) => rawGraphQL(`{"query": ${JSON.stringify(document)}, "variables": {${variables}}}`);
      for (const [name, value] of rotation.take('variable value', VALUES, 3)) {
        // The whole variable hostile, and the hostile value inside a correctly shaped input.
        check(`${field.name} $args=${name}`, await send(field.args.map((_arg, i) => `"a${i}": ${value}`).join(', ')));
        check(`${field.name} inside ${name}`, await send(field.args.map((arg, i) => `"a${i}": ${shapedText(arg.type, value)}`).join(', ')));
      }
      // Literals in the document itself: operators and prototype keys where an input object goes.
      const objectArgs = field.args.filter(
        (arg) => isInputObjectType(getNamedType(arg.type)) || isScalarType(getNamedType(arg.type)) || isEnumType(getNamedType(arg.type)),
      );
      for (const literal of objectArgs.length ? rotation.take('literal', LITERALS, 2) : []) {
        const args = objectArgs.map((arg) => `${arg.name}: ${literal}`).join(', ');
        check(`${field.name} literal ${literal}`, await gw.gql(`mutation { ${field.name}(${args}) ${selection} }`, {}, { key }));
      }
      await healthy(field.name);
    }
    expect(problems).toEqual([]);
  });

  it('fragment fan-outs of growing depth are refused with a code, and the server keeps answering', async () => {
    problems.length = 0;
    for (const levels of [8, 16, 32, 64, 128]) {
      const fragments = Array.from({ length: levels }, (_, i) =>
        i === levels - 1 ? `fragment F${i} on Supplier { id }` : `fragment F${i} on Supplier { ...F${i + 1} ...F${i + 1} }`,
      );
      const document = `mutation { createSupplier(input: { name: "Fan Out SA" }) { ...F0 } } ${fragments.join(' ')}`;
      const result = await gw.gql(document, {}, { key });
      check(`fan-out ${levels}`, result);
      if (levels >= 16) expect(result.body.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');
      await healthy(`fan-out ${levels}`);
    }
    expect(problems).toEqual([]);
  });

  it('walked every mutation of the schema, and sent every hostile value and literal', () => {
    expect([...walked].sort()).toEqual([...MUTATION_NAMES].sort());
    expect([...rotation.unsent('variable value', VALUES, (value) => (value as [string, string])[0]), ...rotation.unsent('literal', LITERALS)]).toEqual([]);
  });

  it('sent thousands of hostile requests', () => {
    expect(sent).toBeGreaterThan(DEEP ? 25_000 : 3_000);
  });
});
