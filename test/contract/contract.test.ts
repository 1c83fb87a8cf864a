import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setWidget } from '../../src/domain/auth/auth.admin';
import { SCOPES } from '../../src/domain/auth/scopes';
import { startTestGateway, type HttpResult, type TestGateway } from '../support/gateway';
import { CONTRACT } from './index';
import type { ContractField, ContractResource, Reference } from './types';

/**
 * The contract suite: for every resource of the contract's transcription (test/contract/*.ts), on the running
 * gateway — the full documented body creates and reads back every field unchanged; the required fields alone create;
 * each required field missing and each bound crossed is a 400 naming the field; the identifier is the documented one;
 * every documented route answers; the OpenAPI document describes every documented field. A resource added to
 * CONTRACT is covered with no new test code.
 */
type Json = Record<string, any>;

let gw: TestGateway;
let key: string;
let openApi: Json;
let refs = {} as Record<Reference, string>;
/** A second account, for writes that must not meet the first account's records (unique fields such as a tax id). */
let other: { key: string; refs: Record<Reference, string> };

/** An account with every scope, and one record of each kind the contract's fields refer to. */
async function account(): Promise<{ key: string; refs: Record<Reference, string> }> {
  const { key: own, accountId } = await gw.account([...SCOPES]);
  const customer = await gw.gql('mutation { createCustomer(input: {name: "Almacén Don Pepe"}) { id } }', {}, { key: own });
  const product = await gw.gql('mutation { createProduct(input: {name: "Yerba mate 1 kg", sku: "YM-1KG", stock: 100000}) { id } }', {}, { key: own });
  const supplier = await gw.rest('POST', '/suppliers/', { key: own, body: { name: 'Papelera Central SRL' } });
  const supply = await gw.gql('mutation { createSupply(input: {name: "Tóner negro", defaultAmount: 1000, stock: 100000}) { id } }', {}, { key: own });
  // A heading account and a postable account under it: parents of new accounts, accounts of journal lines.
  await gw.rest('POST', '/accounting/accounts/', { key: own, body: { code: '1', name: 'ACTIVO', account_type: 'asset' } });
  await gw.rest('POST', '/accounting/accounts/', { key: own, body: { code: '1.1', name: 'Caja', account_type: 'asset', parent_code: '1', is_detail: true } });
  for (const widget of new Set(CONTRACT.flatMap((resource) => (resource.widget ? [resource.widget] : [])))) await setWidget(gw.store, accountId, widget, true);
  return {
    key: own,
    refs: {
      customer: customer.body.data.createCustomer.id,
      product: product.body.data.createProduct.id,
      supplier: supplier.body.data._id,
      supply: supply.body.data.createSupply.id,
      ledger_parent: '1',
      ledger_account: '1.1',
    },
  };
}

beforeAll(async () => {
  gw = await startTestGateway();
  ({ key, refs } = await account());
  other = await account();
  openApi = (await (await fetch(`${gw.url}/api/v1/openapi.json`)).json()) as Json;
});
afterAll(async () => {
  await gw?.stop();
});

let distinct = 0;

/** A valid CUIT (módulo 11) not sent before: prefix 20, a counter as the document number. */
function distinctCuit(): string {
  for (;;) {
    const body = `20${String(30_000_000 + ++distinct).padStart(8, '0')}`;
    const sum = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2].reduce((total, weight, i) => total + weight * Number(body[i]), 0);
    const check = 11 - (sum % 11);
    if (check !== 10) return `${body}${check === 11 ? 0 : check}`;
  }
}

/** The items of an array of objects: as many as its minimum (at least one), each field at its per-item example. */
function itemsOf(field: ContractField, pick: (sub: ContractField) => boolean, of: Record<Reference, string>): Json[] {
  return Array.from({ length: Math.max(1, field.min ?? 1) }, (_, index) =>
    Object.fromEntries(
      field
        .fields!.filter(pick)
        .map((sub) => [sub.name, sub.examples ? sub.examples[index] : exampleOf(sub, of)] as const)
        .filter(([, value]) => value !== undefined),
    ),
  );
}

/** A field's documented example (references replaced by real records of the account, unique values made distinct). */
function exampleOf(field: ContractField, of = refs): unknown {
  if (field.ref) return field.type === 'array' ? [of[field.ref]] : of[field.ref];
  if (field.fields && field.type === 'array') return itemsOf(field, () => true, of);
  if (field.fields) return Object.fromEntries(field.fields.map((sub) => [sub.name, exampleOf(sub, of)]));
  if (field.unique === 'cuit') return distinctCuit();
  if (field.unique) return `${field.example}-${++distinct}`;
  return field.example;
}

/** Only the required (and needed) fields, and inside arrays of objects their required (and needed) sub-fields. */
function minimalOf(fields: ContractField[], of = refs): Json {
  const kept = (field: ContractField) => Boolean(field.required || field.needed);
  return Object.fromEntries(
    fields.filter(kept).map((field) => [field.name, field.fields && field.type === 'array' ? itemsOf(field, kept, of) : exampleOf(field, of)]),
  );
}

const fullOf = (fields: ContractField[], of = refs): Json => Object.fromEntries(fields.map((field) => [field.name, exampleOf(field, of)]));

/** Every documented value sent comes back equal (the record may carry more). */
function expectReadBack(sent: unknown, got: unknown, path: string): void {
  if (Array.isArray(sent)) {
    expect({ path, length: Array.isArray(got) ? got.length : got }).toEqual({ path, length: sent.length });
    for (const [i, item] of sent.entries()) expectReadBack(item, (got as unknown[])[i], `${path}.${i}`);
  } else if (sent !== null && typeof sent === 'object') {
    expect({ path, type: typeof got }).toEqual({ path, type: 'object' });
    for (const [name, value] of Object.entries(sent)) expectReadBack(value, (got as Json)?.[name], `${path}.${name}`);
  } else {
    expect({ path, value: got }).toEqual({ path, value: sent });
  }
}

/** Values just outside each documented bound, with the path the refusal must name. */
function boundCrossings(fields: ContractField[], prefix = ''): Array<{ path: string; value: unknown; why: string; at: string[] }> {
  const crossings: Array<{ path: string; value: unknown; why: string; at: string[] }> = [];
  for (const field of fields) {
    const path = `${prefix}${field.name}`;
    const at = path.split('.');
    const isText = field.type === 'string';
    const isNumber = field.type === 'number' || field.type === 'integer';
    if (isText && field.max !== undefined) crossings.push({ path, value: 'x'.repeat(field.max + 1), why: `longer than ${field.max}`, at });
    // An optional text of minimum 1 may be sent empty to clear it; only real minimums are crossed.
    if (isText && field.min !== undefined && (field.required || field.min > 1))
      crossings.push({ path, value: 'x'.repeat(field.min - 1), why: `shorter than ${field.min}`, at });
    if (isNumber && field.min !== undefined) crossings.push({ path, value: field.min - (field.type === 'integer' ? 1 : 0.01), why: `below ${field.min}`, at });
    if (isNumber && field.max !== undefined) crossings.push({ path, value: field.max + 1, why: `above ${field.max}`, at });
    if (isNumber && field.above !== undefined) crossings.push({ path, value: field.above, why: `not above ${field.above}`, at });
    if (isNumber && field.below !== undefined) crossings.push({ path, value: field.below, why: `not below ${field.below}`, at });
    if (field.enum) crossings.push({ path, value: typeof field.enum[0] === 'number' ? 999 : 'not_a_documented_value', why: 'outside its values', at });
    if (field.type === 'array' && field.min !== undefined) crossings.push({ path, value: [], why: `fewer than ${field.min} items`, at });
    if (field.fields && field.type === 'array') crossings.push(...boundCrossings(field.fields, `${path}.0.`));
    else if (field.fields) crossings.push(...boundCrossings(field.fields, `${path}.`));
  }
  return crossings;
}

/** `body` with the value at `at` (`items.0.description`) replaced, or removed when `value` is undefined. */
function withValue(body: Json, at: string[], value: unknown): Json {
  const copy = structuredClone(body);
  let node: any = copy;
  for (const segment of at.slice(0, -1)) node = node[segment];
  const last = at[at.length - 1];
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

const named = (result: HttpResult, path: string) => (result.body?.error?.details ?? []).map((detail: Json) => detail.path).includes(path);

/** A REST error speaks REST: no GraphQL variables or input types, no camelCase names. */
function expectRestVocabulary(result: HttpResult): void {
  const error = result.body?.error ?? {};
  const texts = [error.message, ...(error.details ?? []).map((detail: Json) => detail.message)];
  for (const text of texts) expect({ text, graphql: /Variable "\$|\$input|Input"|\b[a-z]+[A-Z][A-Za-z]*\b/.test(text) }).toEqual({ text, graphql: false });
}

/** A schema with its `$ref` followed (OpenAPI components). */
function resolve(schema: Json | undefined): Json | undefined {
  if (!schema?.$ref) return schema;
  return resolve(openApi.components.schemas[String(schema.$ref).split('/').pop()!]);
}

/** The documented properties of an OpenAPI schema (through `oneOf`/`anyOf` and arrays). */
function propertiesOf(schema: Json | undefined): Record<string, Json> {
  const resolved = resolve(schema);
  if (!resolved) return {};
  if (resolved.type === 'array' || resolved.items) return propertiesOf(resolved.items);
  const variants = [...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])];
  return Object.assign({}, resolved.properties ?? {}, ...variants.map((variant: Json) => propertiesOf(variant)));
}

/** Every documented field (and sub-field) missing from an OpenAPI schema, as paths. */
function missingIn(schema: Json | undefined, fields: ContractField[], prefix = ''): string[] {
  const properties = propertiesOf(schema);
  return fields.flatMap((field) => {
    const path = `${prefix}${field.name}`;
    if (!(field.name in properties)) return [path];
    return field.fields ? missingIn(properties[field.name], field.fields, `${path}.`) : [];
  });
}

const DATE_TIME_WITHOUT_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/;

/** Whether a returned value has the documented type (date-times without a zone). */
function hasType(field: ContractField, value: unknown): boolean {
  if (value === null && field.alsoAccepts?.includes('null')) return true;
  switch (field.type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'date-time':
      return typeof value === 'string' && DATE_TIME_WITHOUT_ZONE.test(value);
    default:
      return value !== undefined;
  }
}

function expectType(field: ContractField, value: unknown): void {
  expect({ field: field.name, value, ok: hasType(field, value) }).toEqual({ field: field.name, value, ok: true });
}

describe.each(CONTRACT.map((resource) => [resource.base, resource] as const))('%s', (_base, resource: ContractResource) => {
  const create = (body: unknown) => gw.rest('POST', `${resource.base}/`, { key, body });
  /** The record an answer of create carries. */
  const createdOf = (result: HttpResult): Json => (resource.createdIn ? result.body.data?.[resource.createdIn] : result.body.data);
  const get = (id: string) => gw.rest('GET', `${resource.base}/${id}/`, { key });

  if (resource.seed) {
    const seed = resource.seed;
    it('records made by the documented upload read back every returned field with its documented type, by list and by id', async () => {
      const form = new FormData();
      const content = readFileSync(join(__dirname, '..', 'fixtures', seed.fixture));
      form.append(seed.field, new Blob([new Uint8Array(content)]), seed.fixture.split('/').pop());
      const uploaded = await fetch(`${gw.url}/api/v1${seed.route}`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
      expect(uploaded.status).toBe(200);
      const list = await gw.rest('GET', `${resource.base}/list/?limit=100`, { key });
      const items: Json[] = list.body.data.items;
      expect(items.length).toBeGreaterThan(0);
      const read = await get(items[0][resource.idField]);
      expect(read.status).toBe(200);
      expect(read.body.data).not.toHaveProperty(resource.idField === 'id' ? '_id' : 'id');
      for (const record of [...items, read.body.data])
        for (const field of resource.returned.filter((returned) => !returned.fields)) expectType(field, record[field.name]);
      const withItems = items.find((record) => record.vat_items?.length);
      for (const field of resource.returned.filter((returned) => returned.fields))
        for (const sub of field.fields!) expectType(sub, withItems?.[field.name]?.[0]?.[sub.name]);
    });

    it('the OpenAPI document describes every returned field in the response of get', () => {
      const operation = openApi.paths[`/api/v1${resource.base}/{id}/`]?.get;
      const response = operation?.responses?.['200']?.content?.['application/json']?.schema?.properties?.data;
      expect({ response: missingIn(response, resource.returned) }).toEqual({ response: [] });
    });
  } else if (!resource.routesOnly) {
    it('the full documented body creates a record that reads back every field unchanged', async () => {
      const body = fullOf(resource.fields);
      const created = await create(body);
      expect({ status: created.status, error: created.body.error }).toEqual({ status: 201, error: undefined });
      const id = createdOf(created)[resource.idField];
      const read = await get(id);
      expect(read.status).toBe(200);
      for (const field of resource.fields) expectReadBack(body[field.name], read.body.data[field.name], field.name);
      for (const field of resource.returned.filter((returned) => !returned.fields)) expectType(field, read.body.data[field.name]);
    });

    if (resource.updatable)
      it('PUT with the full documented body updates a record created with the required fields; it reads back unchanged', async () => {
        const minimal = minimalOf(resource.fields, other.refs);
        const created = await gw.rest('POST', `${resource.base}/`, { key: other.key, body: minimal });
        const id = createdOf(created)[resource.idField];
        const body = fullOf(resource.fields, other.refs);
        for (const field of resource.fields.filter((fixed) => fixed.immutable)) body[field.name] = minimal[field.name];
        const updated = await gw.rest('PUT', `${resource.base}/${id}/`, { key: other.key, body });
        expect({ status: updated.status, error: updated.body.error }).toEqual({ status: 200, error: undefined });
        const read = await gw.rest('GET', `${resource.base}/${id}/`, { key: other.key });
        for (const field of resource.fields) expectReadBack(body[field.name], read.body.data[field.name], field.name);
      });

    it('the required fields alone create a record', async () => {
      const created = await create(minimalOf(resource.fields));
      expect({ status: created.status, error: created.body.error }).toEqual({ status: 201, error: undefined });
    });

    it(`the identifier is \`${resource.idField}\`, the one the contract names`, async () => {
      const created = await create(minimalOf(resource.fields));
      const id = createdOf(created)[resource.idField];
      expect(typeof id).toBe('string');
      expect(createdOf(created)).not.toHaveProperty(resource.idField === 'id' ? '_id' : 'id');
      expect((await get(id)).body.data[resource.idField]).toBe(id);
    });

    const required = [
      ...resource.fields.filter((field) => field.required).map((field) => ({ path: field.name, at: [field.name] })),
      ...resource.fields
        .filter((field) => field.required && field.type === 'array' && field.fields)
        .flatMap((field) =>
          field.fields!.filter((sub) => sub.required).map((sub) => ({ path: `${field.name}.0.${sub.name}`, at: [field.name, '0', sub.name] })),
        ),
    ];
    it.each(required.map((entry) => [entry.path, entry] as const))('without %s → 400 naming it', async (path, { at }) => {
      const result = await create(withValue(minimalOf(resource.fields), at, undefined));
      expect({ status: result.status, named: named(result, path) }).toEqual({ status: 400, named: true });
      expectRestVocabulary(result);
    });

    it.each(boundCrossings(resource.fields).map((crossing) => [crossing.path, crossing.why, crossing] as const))(
      '%s %s → 400 naming it',
      async (path, _why, crossing) => {
        const body = withValue(fullOf(resource.fields), crossing.at, crossing.value);
        const result = await create(body);
        expect({ status: result.status, named: named(result, path), details: result.body.error?.details }).toMatchObject({ status: 400, named: true });
        expectRestVocabulary(result);
      },
    );

    it('an unknown field is a 400 naming it, in REST words', async () => {
      const result = await create({ ...fullOf(resource.fields), colourCode: 'rojo' });
      expect({ status: result.status, named: named(result, 'colour_code') || named(result, 'colourCode') }).toEqual({ status: 400, named: true });
      expectRestVocabulary(result);
    });
  }

  it.each(resource.routes.map((route) => [route.method, route.path] as const))('%s %s answers (the route exists)', async (method, path) => {
    const filled = path.replace('{id}', '000000000000000000000000').replace('{account_code}', refs.ledger_account).replace('{date}', '2026-11-20');
    const result = await gw.rest(method, filled, {
      key,
      body: method === 'GET' || method === 'DELETE' ? undefined : {},
    });
    expect({ method, path, noRoute: result.status === 404 && /^no route/.test(result.body?.error?.message ?? '') }).toEqual({ method, path, noRoute: false });
  });

  if (!resource.seed && !resource.routesOnly)
    it('the OpenAPI document describes every documented field in the request and the response of create', () => {
      const operation = openApi.paths[`/api/v1${resource.base}/`]?.post;
      expect(operation).toBeDefined();
      const request = operation.requestBody?.content?.['application/json']?.schema;
      const data = operation.responses?.['201']?.content?.['application/json']?.schema?.properties?.data;
      const response = resource.createdIn ? resolve(data)?.properties?.[resource.createdIn] : data;
      expect({ request: missingIn(request, resource.fields) }).toEqual({ request: [] });
      expect({ response: missingIn(response, [...resource.fields, ...resource.returned]) }).toEqual({ response: [] });
    });
});
