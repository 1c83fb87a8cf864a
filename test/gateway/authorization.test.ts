import fs from 'node:fs';
import path from 'node:path';
import { buildSchema, Kind, parse, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { ObjectId } from 'mongodb';
import { createApiKey, revokeApiKey } from '../../src/domain/auth/auth.admin';
import { SCOPES, type Scope } from '../../src/domain/auth/scopes';
import { ROUTES } from '../../src/rest-compat/routes';
import type { RestRoute } from '../../src/rest-compat/route';
import { gatewaySchema } from '../../src/resolvers/gateway-schema';
import type { ApiKeyDocument } from '../../src/store/accounts.store';
import type { GqlCase, RestCase } from './support/matrix';
import { startTestGateway, type HttpResult, type RequestOptions, type TestGateway } from '../support/gateway';
import { accountingMatrix } from './support/accounting-matrix';
import { accountingReportsMatrix } from './support/accounting-reports-matrix';
import { exportCase } from './support/export-matrix';
import { expenseMatrix } from './support/expense-matrix';
import { bankMatrix } from './support/bank-matrix';
import { postingMatrix } from './support/posting-matrix';
import { issuedVoucherMatrix } from './support/issued-voucher-matrix';
import { fceMatrix } from './support/fce-matrix';
import { fiscalMatrix } from './support/fiscal-matrix';
import { ivaMatrix } from './support/iva-matrix';
import { withholdingMatrix } from './support/withholding-matrix';
import { receivedInvoiceMatrix } from './support/received-invoice-matrix';
import { taxRuleMatrix } from './support/tax-rule-matrix';
import { taxpayerMatrix } from './support/taxpayer-matrix';
import { afipStandInEnv, taxInfoMatrix } from './support/tax-info-matrix';
import { statsMatrix } from './support/stats-matrix';

/**
 * The authorization matrix: every REST route (from the route table) and every GraphQL operation (from the schema)
 * × {no key, unknown key, key of another scope, key of the right scope, record of another account}.
 */

let gw: TestGateway;
/** Account A: the caller. */
let accountA: string;
let fullA: string;
/** Account B: the other account, whose record A must never see (404 / NOT_FOUND, never 403). */
let fullB: string;
let supplierB: string;
const TAX_ID_B = '30-70000001-0-B';
const NAME_B = 'Other Account Secret Supplier';

let counter = 0;
const unique = (prefix: string) => `${prefix} ${process.pid}-${++counter}`;
const UNKNOWN_KEY = 'sk_thisKeyWasNeverIssuedByTheGatewayAtAll0123456789';

function keyFor(scopes: Scope[]): Promise<string> {
  return gw.key(accountA, scopes);
}
/** A key holding every scope except `scope`. */
function keyWithout(scope: Scope): Promise<string> {
  return keyFor(SCOPES.filter((s) => s !== scope));
}

async function supplierOfA(fields: Record<string, unknown> = {}): Promise<string> {
  const res = await gw.rest('POST', '/suppliers/', { key: fullA, body: { name: unique('Supplier A'), ...fields } });
  expect(res.status).toBe(201);
  return res.body.data._id as string;
}

function suppliersCollection() {
  return gw.store.collection<{ _id: ObjectId; name: string; notes?: string; account_id: ObjectId; tax_id?: string }>('suppliers');
}

/** A new supplier of account B with a tax id of its own; answers the tax id. */
async function taxIdOfB(): Promise<string> {
  const taxId = unique('B-tax');
  const res = await gw.rest('POST', '/suppliers/', { key: fullB, body: { name: unique('Supplier B'), tax_id: taxId } });
  expect(res.status).toBe(201);
  return taxId;
}

async function storedSupplier(id: string) {
  return suppliersCollection().findOne({ _id: new ObjectId(id) });
}

/** B's record, as stored, must never change through A. */
let supplierBBefore: unknown;
async function expectBUntouched(): Promise<void> {
  expect(await storedSupplier(supplierB)).toEqual(supplierBBefore);
}

beforeAll(async () => {
  // Every route is sent an unknown key, all from one address: far more than the bound on unknown keys allows.
  gw = await startTestGateway({ ...(await afipStandInEnv()), API_KEY_MAX_FAILURES_PER_IP: '100000' });
  ({ accountId: accountA, key: fullA } = await gw.account([...SCOPES]));
  ({ key: fullB } = await gw.account([...SCOPES]));
  const created = await gw.rest('POST', '/suppliers/', { key: fullB, body: { name: NAME_B, tax_id: TAX_ID_B, notes: 'B notes' } });
  expect(created.status).toBe(201);
  supplierB = created.body.data._id;
  supplierBBefore = await storedSupplier(supplierB);
});
afterAll(async () => {
  await gw?.stop();
});

// ---------------------------------------------------------------------------------------------------------------
// REST: one entry per route of the route table.
// ---------------------------------------------------------------------------------------------------------------

const routeKey = (route: Pick<RestRoute, 'method' | 'path'>) => `${route.method.toUpperCase()} ${route.path}`;
const fill = (routePath: string, id: string) => routePath.replace('{id}', encodeURIComponent(id));

async function stillNamed(id: string, notes: string | undefined): Promise<void> {
  const doc = await storedSupplier(id);
  expect(doc).not.toBeNull();
  expect(doc!.notes).toBe(notes);
}

const REST_CASES: Record<string, RestCase> = {
  'GET /suppliers/list/': {
    request: () => ({ path: '/suppliers/list/?limit=100' }),
    succeeded(res, id) {
      expect(res.body.success).toBe(true);
      expect(res.body.data.items.map((item: { _id: string }) => item._id)).toContain(id);
    },
    unchanged: async () => undefined,
    async otherAccount() {
      const all = await gw.rest('GET', '/suppliers/list/?limit=100', { key: fullA });
      expect(all.status).toBe(200);
      expect(all.body.data.items.map((item: { _id: string }) => item._id)).not.toContain(supplierB);
      const searched = await gw.rest('GET', `/suppliers/list/?search=${encodeURIComponent(NAME_B)}`, { key: fullA });
      expect(searched.status).toBe(200);
      expect(searched.body.data).toMatchObject({ items: [], total: 0 });
    },
  },
  'POST /suppliers/bulk/create/': {
    request: (id) => ({ path: '/suppliers/bulk/create/', body: { items: [{ name: `Bulk created for ${id}` }, { name: `Bulk second for ${id}` }] } }),
    succeeded(res) {
      expect(res.body.data.created).toBe(2);
      expect(res.body.data.errors).toEqual([]);
    },
    async unchanged(id) {
      expect(await suppliersCollection().countDocuments({ name: `Bulk created for ${id}` })).toBe(0);
    },
    async otherAccount() {
      // B's tax ids are B's business: A may use the same one (unique within an account only), and B is untouched.
      const res = await gw.rest('POST', '/suppliers/bulk/create/', {
        key: fullA,
        body: { items: [{ name: unique('Same tax id'), tax_id: await taxIdOfB() }] },
      });
      expect(res.status).toBe(201);
      expect(res.body.data.created).toBe(1);
      expect(res.body.data.items[0]._id).not.toBe(supplierB);
    },
  },
  'PUT /suppliers/bulk/update/': {
    request: (id) => ({ path: '/suppliers/bulk/update/', body: { items: [{ _id: id, notes: 'bulk updated' }] } }),
    succeeded(res, id) {
      expect(res.body.data.updated).toBe(1);
      expect(res.body.data.items[0]).toMatchObject({ _id: id, notes: 'bulk updated' });
    },
    unchanged: (id) => stillNamed(id, undefined),
    async otherAccount() {
      const res = await gw.rest('PUT', '/suppliers/bulk/update/', { key: fullA, body: { items: [{ _id: supplierB, notes: 'hijacked' }], all_or_none: false } });
      expect(res.status).toBe(200);
      expect(res.body.data.updated).toBe(0);
      expect(res.body.data.errors).toEqual([expect.objectContaining({ index: 0, code: 'NOT_FOUND' })]);
      const allOrNone = await gw.rest('PUT', '/suppliers/bulk/update/', { key: fullA, body: { items: [{ _id: supplierB, notes: 'hijacked' }] } });
      expect(allOrNone.status).not.toBe(403);
      expect(allOrNone.body.success).toBe(false);
      expect(JSON.stringify(allOrNone.body.error)).toContain('NOT_FOUND');
    },
  },
  'POST /suppliers/bulk/delete/': {
    request: (id) => ({ path: '/suppliers/bulk/delete/', body: { ids: [id] } }),
    async succeeded(res, id) {
      expect(res.body.data.deleted).toBe(1);
      expect(res.body.data.items).toEqual([{ _id: id, deleted: true }]);
      expect(await storedSupplier(id)).toBeNull();
    },
    unchanged: (id) => stillNamed(id, undefined),
    async otherAccount() {
      const res = await gw.rest('POST', '/suppliers/bulk/delete/', { key: fullA, body: { ids: [supplierB], all_or_none: false } });
      expect(res.status).toBe(200);
      expect(res.body.data.deleted).toBe(0);
      expect(res.body.data.errors).toEqual([expect.objectContaining({ index: 0, code: 'NOT_FOUND' })]);
      const allOrNone = await gw.rest('POST', '/suppliers/bulk/delete/', { key: fullA, body: { ids: [supplierB] } });
      expect(allOrNone.status).not.toBe(403);
      expect(allOrNone.body.success).toBe(false);
      expect(JSON.stringify(allOrNone.body.error)).toContain('NOT_FOUND');
    },
  },
  'GET /suppliers/{id}/': {
    request: (id) => ({ path: fill('/suppliers/{id}/', id) }),
    succeeded(res, id) {
      expect(res.body.data._id).toBe(id);
    },
    unchanged: async () => undefined,
    async otherAccount() {
      const res = await gw.rest('GET', fill('/suppliers/{id}/', supplierB), { key: fullA });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
      expect(JSON.stringify(res.body)).not.toContain(NAME_B);
    },
  },
  'POST /suppliers/': {
    request: (id) => ({ path: '/suppliers/', body: { name: `Created for ${id}`, category: 'matrix' } }),
    succeeded(res, id) {
      expect(res.body.data).toMatchObject({ name: `Created for ${id}`, category: 'matrix' });
    },
    async unchanged(id) {
      expect(await suppliersCollection().countDocuments({ name: `Created for ${id}` })).toBe(0);
    },
    async otherAccount() {
      const res = await gw.rest('POST', '/suppliers/', { key: fullA, body: { name: unique('Same tax id single'), tax_id: await taxIdOfB() } });
      expect(res.status).toBe(201);
      expect(res.body.data._id).not.toBe(supplierB);
    },
  },
  'PUT /suppliers/{id}/': {
    request: (id) => ({ path: fill('/suppliers/{id}/', id), body: { notes: 'updated' } }),
    succeeded(res, id) {
      expect(res.body.data).toMatchObject({ _id: id, notes: 'updated' });
    },
    unchanged: (id) => stillNamed(id, undefined),
    async otherAccount() {
      const res = await gw.rest('PUT', fill('/suppliers/{id}/', supplierB), { key: fullA, body: { notes: 'hijacked' } });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    },
  },
  'DELETE /suppliers/{id}/': {
    request: (id) => ({ path: fill('/suppliers/{id}/', id) }),
    async succeeded(res, id) {
      expect(res.body.data).toEqual({ _id: id, deleted: true });
      expect(await storedSupplier(id)).toBeNull();
    },
    unchanged: (id) => stillNamed(id, undefined),
    async otherAccount() {
      const res = await gw.rest('DELETE', fill('/suppliers/{id}/', supplierB), { key: fullA });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    },
  },
};

function restCase(route: RestRoute): RestCase {
  const entry = REST_CASES[routeKey(route)];
  if (!entry) throw new Error(`route ${routeKey(route)} has no entry in the authorization matrix (REST_CASES): add one`);
  return entry;
}

describe('REST routes × credentials', () => {
  it('the matrix covers exactly the route table', () => {
    expect(Object.keys(REST_CASES).sort()).toEqual(ROUTES.map(routeKey).sort());
  });

  describe.each(ROUTES.map((route) => [routeKey(route), route] as const))('%s', (_name, route) => {
    const send = (id: string, key?: string, options: RequestOptions = {}) => {
      const { path: p, body } = restCase(route).request(id);
      return gw.rest(route.method.toUpperCase(), p, { key, body, ...options });
    };
    const recordOfA = () => (restCase(route).record ?? supplierOfA)();
    // A refused request changes nothing, as each refusal checks after it: the refusals share one record of A.
    let refused: Promise<string> | undefined;
    const refusedRecord = () => (refused ??= recordOfA());

    it('no key → 401 UNAUTHENTICATED, nothing changes', async () => {
      const id = await refusedRecord();
      const res = await send(id);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, error: { code: 'UNAUTHENTICATED' } });
      await restCase(route).unchanged(id);
    });

    it('unknown key → 401 UNAUTHENTICATED, nothing changes', async () => {
      const id = await refusedRecord();
      const res = await send(id, UNKNOWN_KEY);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, error: { code: 'UNAUTHENTICATED' } });
      await restCase(route).unchanged(id);
    });

    it(`key with every scope but the route's → 403 FORBIDDEN, nothing changes`, async () => {
      const id = await refusedRecord();
      const res = await send(id, await keyWithout(route.scope));
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, error: { code: 'FORBIDDEN' } });
      await restCase(route).unchanged(id);
    });

    it(`key with only the route's scope → ${route.successStatus}`, async () => {
      const id = await recordOfA();
      const caller = restCase(route).caller;
      const res = caller ? await send(id, undefined, await caller(route.scope)) : await send(id, await keyFor([route.scope]));
      expect(res.status).toBe(route.successStatus);
      // A download answers the file itself; its case checks it.
      if (!route.download) expect(res.body.success).toBe(true);
      await restCase(route).succeeded(res, id);
    });

    it('record of another account → NOT_FOUND (never 403), the record untouched', async () => {
      await restCase(route).otherAccount();
      await expectBUntouched();
    });

    if (route.path.includes('{id}')) {
      it.each(['not-an-id', '123', 'zzzzzzzzzzzzzzzzzzzzzzzz', new ObjectId().toHexString()])('id %s → 404 NOT_FOUND', async (id) => {
        const res = await gw.rest(route.method.toUpperCase(), fill(route.path, id), { key: fullA, body: restCase(route).request(id).body });
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('NOT_FOUND');
      });
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// GraphQL: one entry per Query / Mutation field of the schema.
// ---------------------------------------------------------------------------------------------------------------

async function gqlOtherExpectNotFound(document: string, variables: Record<string, unknown>): Promise<void> {
  const res = await gw.gql(document, variables, { key: fullA });
  expect(res.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  expect(JSON.stringify(res.body)).not.toContain(NAME_B);
}

const GQL_CASES: Record<string, GqlCase> = {
  supplier: {
    scope: 'suppliers:read',
    document: 'query Q($id: ID!) { supplier(id: $id) { id name } }',
    variables: (id) => ({ id }),
    succeeded: (data, id) => expect(data.supplier.id).toBe(id),
    unchanged: async () => undefined,
    otherAccount: () => gqlOtherExpectNotFound('query Q($id: ID!) { supplier(id: $id) { id name } }', { id: supplierB }),
    badId: (id) => ({ id }),
  },
  suppliers: {
    scope: 'suppliers:read',
    document: 'query Q($first: Int) { suppliers(first: $first) { totalCount nodes { id } } }',
    variables: () => ({ first: 100 }),
    succeeded: (data, id) => expect(data.suppliers.nodes.map((n: { id: string }) => n.id)).toContain(id),
    unchanged: async () => undefined,
    async otherAccount() {
      const res = await gw.gql(
        'query Q($s: String) { suppliers(first: 100, filter: { search: $s }) { totalCount nodes { id } } }',
        { s: NAME_B },
        { key: fullA },
      );
      expect(res.body).toEqual({ data: { suppliers: { totalCount: 0, nodes: [] } } });
      const all = await gw.gql('{ suppliers(first: 100) { nodes { id } } }', {}, { key: fullA });
      expect(all.body.data.suppliers.nodes.map((n: { id: string }) => n.id)).not.toContain(supplierB);
    },
  },
  createSupplier: {
    scope: 'suppliers:write',
    document: 'mutation M($input: CreateSupplierInput!) { createSupplier(input: $input) { id name } }',
    variables: (id) => ({ input: { name: `GQL created for ${id}` } }),
    succeeded: (data, id) => expect(data.createSupplier.name).toBe(`GQL created for ${id}`),
    async unchanged(id) {
      expect(await suppliersCollection().countDocuments({ name: `GQL created for ${id}` })).toBe(0);
    },
    async otherAccount() {
      const res = await gw.gql(
        'mutation M($input: CreateSupplierInput!) { createSupplier(input: $input) { id } }',
        { input: { name: unique('gql same tax'), taxId: await taxIdOfB() } },
        { key: fullA },
      );
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.createSupplier.id).not.toBe(supplierB);
    },
  },
  createSuppliers: {
    scope: 'suppliers:write',
    document: 'mutation M($inputs: [SupplierCreateItem!]!) { createSuppliers(inputs: $inputs) { count errors { code } } }',
    variables: (id) => ({ inputs: [{ name: `GQL bulk created for ${id}` }] }),
    succeeded: (data) => expect(data.createSuppliers).toEqual({ count: 1, errors: [] }),
    async unchanged(id) {
      expect(await suppliersCollection().countDocuments({ name: `GQL bulk created for ${id}` })).toBe(0);
    },
    async otherAccount() {
      const res = await gw.gql(
        'mutation M($inputs: [SupplierCreateItem!]!) { createSuppliers(inputs: $inputs) { count items { id } } }',
        { inputs: [{ name: unique('gql bulk same tax'), taxId: await taxIdOfB() }] },
        { key: fullA },
      );
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.createSuppliers.count).toBe(1);
      expect(res.body.data.createSuppliers.items[0].id).not.toBe(supplierB);
    },
  },
  updateSupplier: {
    scope: 'suppliers:write',
    document: 'mutation M($id: ID!, $input: UpdateSupplierInput!) { updateSupplier(id: $id, input: $input) { id notes } }',
    variables: (id) => ({ id, input: { notes: 'gql updated' } }),
    succeeded: (data, id) => expect(data.updateSupplier).toEqual({ id, notes: 'gql updated' }),
    unchanged: (id) => stillNamed(id, undefined),
    otherAccount: () =>
      gqlOtherExpectNotFound('mutation M($id: ID!, $input: UpdateSupplierInput!) { updateSupplier(id: $id, input: $input) { id name } }', {
        id: supplierB,
        input: { notes: 'hijacked' },
      }),
    badId: (id) => ({ id, input: { notes: 'x' } }),
  },
  updateSuppliers: {
    scope: 'suppliers:write',
    document: 'mutation M($inputs: [SupplierUpdateItem!]!) { updateSuppliers(inputs: $inputs) { count items { id notes } errors { code } } }',
    variables: (id) => ({ inputs: [{ id, notes: 'gql bulk updated' }] }),
    succeeded: (data, id) => expect(data.updateSuppliers).toEqual({ count: 1, items: [{ id, notes: 'gql bulk updated' }], errors: [] }),
    unchanged: (id) => stillNamed(id, undefined),
    async otherAccount() {
      const res = await gw.gql(
        'mutation M($inputs: [SupplierUpdateItem!]!) { updateSuppliers(inputs: $inputs, allOrNone: false) { count errors { index code } } }',
        { inputs: [{ id: supplierB, notes: 'hijacked' }] },
        { key: fullA },
      );
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.updateSuppliers).toEqual({ count: 0, errors: [{ index: 0, code: 'NOT_FOUND' }] });
    },
  },
  deleteSupplier: {
    scope: 'suppliers:write',
    document: 'mutation M($id: ID!) { deleteSupplier(id: $id) }',
    variables: (id) => ({ id }),
    async succeeded(data, id) {
      expect(data.deleteSupplier).toBe(id);
      expect(await storedSupplier(id)).toBeNull();
    },
    unchanged: (id) => stillNamed(id, undefined),
    otherAccount: () => gqlOtherExpectNotFound('mutation M($id: ID!) { deleteSupplier(id: $id) }', { id: supplierB }),
    badId: (id) => ({ id }),
  },
  deleteSuppliers: {
    scope: 'suppliers:write',
    document: 'mutation M($ids: [ID!]!) { deleteSuppliers(ids: $ids) { count items { id deleted } errors { code } } }',
    variables: (id) => ({ ids: [id] }),
    async succeeded(data, id) {
      expect(data.deleteSuppliers).toEqual({ count: 1, items: [{ id, deleted: true }], errors: [] });
      expect(await storedSupplier(id)).toBeNull();
    },
    unchanged: (id) => stillNamed(id, undefined),
    async otherAccount() {
      const res = await gw.gql(
        'mutation M($ids: [ID!]!) { deleteSuppliers(ids: $ids, allOrNone: false) { count errors { index code } } }',
        { ids: [supplierB] },
        { key: fullA },
      );
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.deleteSuppliers).toEqual({ count: 0, errors: [{ index: 0, code: 'NOT_FOUND' }] });
    },
  },
};

/**
 * The standard read/create/update/delete operations of a GraphQL-only resource, as matrix entries: each case
 * makes its own record of A, and B's record (made once) must stay invisible and untouched.
 */
function entityCases(options: {
  one: string;
  many: string;
  type: string;
  collection: 'products' | 'customers' | 'supplies';
  read: Scope;
  write: Scope;
  fields: () => Record<string, unknown>;
  change: Record<string, unknown>;
}): Record<string, GqlCase> {
  const { one, many, type, collection, read, write } = options;
  const create = `mutation M($input: Create${type}Input!) { create${type}(input: $input) { id name } }`;
  const stored = (id: string) => gw.store.collection(collection).findOne({ _id: new ObjectId(id) });
  const make = async (key: string) => {
    const res = await gw.gql(create, { input: options.fields() }, { key });
    expect(res.body.errors).toBeUndefined();
    return res.body.data[`create${type}`].id as string;
  };
  let ofB: Promise<{ id: string; before: unknown }> | undefined;
  const recordOfB = () => (ofB ??= make(fullB).then(async (id) => ({ id, before: await stored(id) })));
  const bUntouched = async () => {
    const b = await recordOfB();
    expect(await stored(b.id)).toEqual(b.before);
  };
  const notFoundForB = async (document: string, variables: (id: string) => Record<string, unknown>) => {
    const b = await recordOfB();
    const res = await gw.gql(document, variables(b.id), { key: fullA });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    await bUntouched();
  };
  const sameAsBefore = async (id: string, before: Promise<unknown>) => expect(await stored(id)).toEqual(await before);
  const snapshots = new Map<string, Promise<unknown>>();
  const record = async () => {
    const id = await make(fullA);
    snapshots.set(id, stored(id));
    return id;
  };
  const unchanged = (id: string) => sameAsBefore(id, snapshots.get(id)!);
  const getDoc = `query Q($id: ID!) { ${one}(id: $id) { id name } }`;
  const update = `mutation M($id: ID!, $input: Update${type}Input!) { update${type}(id: $id, input: $input) { id } }`;
  const remove = `mutation M($id: ID!) { delete${type}(id: $id) }`;
  const Many = `${many[0].toUpperCase()}${many.slice(1)}`;
  const bulkCreate = `mutation M($inputs: [${type}CreateItem!]!) { create${Many}(inputs: $inputs) { count items { id } errors { code } } }`;
  const bulkUpdate = `mutation M($inputs: [${type}UpdateItem!]!, $allOrNone: Boolean) { update${Many}(inputs: $inputs, allOrNone: $allOrNone) { count items { id } errors { index code } } }`;
  const bulkDelete = `mutation M($ids: [ID!]!, $allOrNone: Boolean) { delete${Many}(ids: $ids, allOrNone: $allOrNone) { count items { id deleted } errors { index code } } }`;
  const bulkRefusedForB = async (document: string, variables: (id: string) => Record<string, unknown>) => {
    const b = await recordOfB();
    const res = await gw.gql(document, { ...variables(b.id), allOrNone: false }, { key: fullA });
    expect(res.body.errors).toBeUndefined();
    expect(Object.values(res.body.data)[0]).toMatchObject({ count: 0, errors: [{ index: 0, code: 'NOT_FOUND' }] });
    await bUntouched();
  };
  return {
    [`create${Many}`]: {
      scope: write,
      record,
      document: bulkCreate,
      variables: () => ({ inputs: [options.fields(), options.fields()] }),
      succeeded: (data) => expect(data[`create${Many}`]).toMatchObject({ count: 2, errors: [] }),
      unchanged,
      async otherAccount() {
        await recordOfB();
        await bUntouched();
      },
    },
    [`update${Many}`]: {
      scope: write,
      record,
      document: bulkUpdate,
      variables: (id) => ({ inputs: [{ id, ...options.change }] }),
      succeeded: (data, id) => expect(data[`update${Many}`]).toEqual({ count: 1, items: [{ id }], errors: [] }),
      unchanged,
      otherAccount: () => bulkRefusedForB(bulkUpdate, (id) => ({ inputs: [{ id, ...options.change }] })),
    },
    [`delete${Many}`]: {
      scope: write,
      record,
      document: bulkDelete,
      variables: (id) => ({ ids: [id] }),
      async succeeded(data, id) {
        expect(data[`delete${Many}`]).toEqual({ count: 1, items: [{ id, deleted: true }], errors: [] });
        expect(await stored(id)).toBeNull();
      },
      unchanged,
      otherAccount: () => bulkRefusedForB(bulkDelete, (id) => ({ ids: [id] })),
    },
    [one]: {
      scope: read,
      record,
      document: getDoc,
      variables: (id) => ({ id }),
      succeeded: (data, id) => expect(data[one].id).toBe(id),
      unchanged,
      otherAccount: () => notFoundForB(getDoc, (id) => ({ id })),
      badId: (id) => ({ id }),
    },
    [many]: {
      scope: read,
      record,
      document: `query Q { ${many}(first: 100) { nodes { id } } }`,
      variables: () => ({}),
      succeeded: (data, id) => expect(data[many].nodes.map((n: { id: string }) => n.id)).toContain(id),
      unchanged,
      async otherAccount() {
        const b = await recordOfB();
        const res = await gw.gql(`query Q { ${many}(first: 100) { nodes { id } } }`, {}, { key: fullA });
        expect(res.body.data[many].nodes.map((n: { id: string }) => n.id)).not.toContain(b.id);
      },
    },
    [`create${type}`]: {
      scope: write,
      record,
      document: create,
      variables: () => ({ input: options.fields() }),
      succeeded: (data) => expect(data[`create${type}`].id).toEqual(expect.any(String)),
      unchanged,
      async otherAccount() {
        await recordOfB();
        await bUntouched();
      },
    },
    [`update${type}`]: {
      scope: write,
      record,
      document: update,
      variables: (id) => ({ id, input: options.change }),
      succeeded: (data, id) => expect(data[`update${type}`].id).toBe(id),
      unchanged,
      otherAccount: () => notFoundForB(update, (id) => ({ id, input: options.change })),
      badId: (id) => ({ id, input: options.change }),
    },
    [`delete${type}`]: {
      scope: write,
      record,
      document: remove,
      variables: (id) => ({ id }),
      async succeeded(data, id) {
        expect(data[`delete${type}`]).toBe(id);
        expect(await stored(id)).toBeNull();
      },
      unchanged,
      otherAccount: () => notFoundForB(remove, (id) => ({ id })),
      badId: (id) => ({ id }),
    },
  };
}

/**
 * The REST routes of a declared resource (`/base/` CRUD, list and bulk, `_id` as its identifier) as matrix entries:
 * each case makes its own record of A (through REST), and B's record (made once) must read as not found and stay
 * untouched.
 */
function restEntityCases(options: {
  base: string;
  collection: 'products' | 'customers';
  body: () => Record<string, unknown>;
  change: Record<string, unknown>;
}): Record<string, RestCase> {
  const { base, collection } = options;
  const stored = (id: string) => gw.store.collection(collection).findOne({ _id: new ObjectId(id) });
  const make = async (key: string) => {
    const res = await gw.rest('POST', `${base}/`, { key, body: options.body() });
    expect(res.status).toBe(201);
    return res.body.data._id as string;
  };
  const snapshots = new Map<string, Promise<unknown>>();
  const record = async () => {
    const id = await make(fullA);
    snapshots.set(id, stored(id));
    return id;
  };
  const unchanged = async (id: string) => expect(await stored(id)).toEqual(await snapshots.get(id));
  let ofB: Promise<{ id: string; name: string; before: unknown }> | undefined;
  const recordOfB = () =>
    (ofB ??= (async () => {
      const body = options.body();
      const res = await gw.rest('POST', `${base}/`, { key: fullB, body });
      expect(res.status).toBe(201);
      return { id: res.body.data._id as string, name: body.name as string, before: await stored(res.body.data._id) };
    })());
  const bUntouched = async () => {
    const b = await recordOfB();
    expect(await stored(b.id)).toEqual(b.before);
  };
  const notFoundForB = async (method: string, body?: unknown) => {
    const b = await recordOfB();
    const res = await gw.rest(method, `${base}/${b.id}/`, { key: fullA, body });
    expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(JSON.stringify(res.body)).not.toContain(b.name);
    await bUntouched();
  };
  const bulkRefusedForB = async (method: string, path: string, body: (id: string) => Record<string, unknown>) => {
    const b = await recordOfB();
    const some = await gw.rest(method, `${base}${path}`, { key: fullA, body: { ...body(b.id), all_or_none: false } });
    expect(some.status).toBe(200);
    expect(some.body.data.errors).toEqual([expect.objectContaining({ index: 0, code: 'NOT_FOUND' })]);
    const all = await gw.rest(method, `${base}${path}`, { key: fullA, body: body(b.id) });
    expect(all.body.success).toBe(false);
    expect(JSON.stringify(all.body.error)).toContain('NOT_FOUND');
    await bUntouched();
  };
  const ids = (res: HttpResult) => (res.body.data.items as Array<{ _id: string }>).map((item) => item._id);
  return {
    [`GET ${base}/list/`]: {
      record,
      request: () => ({ path: `${base}/list/?limit=100&sort_by=created_at&sort_order=desc` }),
      succeeded: (res, id) => expect(ids(res)).toContain(id),
      unchanged,
      async otherAccount() {
        const b = await recordOfB();
        const res = await gw.rest('GET', `${base}/list/?search=${encodeURIComponent(b.name)}`, { key: fullA });
        expect(res.body.data).toMatchObject({ items: [], total: 0 });
      },
    },
    [`GET ${base}/{id}/`]: {
      record,
      request: (id) => ({ path: `${base}/${id}/` }),
      succeeded: (res, id) => expect(res.body.data._id).toBe(id),
      unchanged,
      otherAccount: () => notFoundForB('GET'),
    },
    [`POST ${base}/`]: {
      record,
      request: () => ({ path: `${base}/`, body: options.body() }),
      succeeded: (res) => expect(res.body.data._id).toEqual(expect.any(String)),
      unchanged,
      otherAccount: bUntouched,
    },
    [`PUT ${base}/{id}/`]: {
      record,
      request: (id) => ({ path: `${base}/${id}/`, body: options.change }),
      succeeded: (res, id) => expect(res.body.data).toMatchObject({ _id: id, ...options.change }),
      unchanged,
      otherAccount: () => notFoundForB('PUT', options.change),
    },
    [`DELETE ${base}/{id}/`]: {
      record,
      request: (id) => ({ path: `${base}/${id}/` }),
      async succeeded(res, id) {
        expect(res.body.data).toEqual({ _id: id, deleted: true });
        expect(await stored(id)).toBeNull();
      },
      unchanged,
      otherAccount: () => notFoundForB('DELETE'),
    },
    [`POST ${base}/bulk/create/`]: {
      record,
      request: () => ({ path: `${base}/bulk/create/`, body: { items: [options.body(), options.body()] } }),
      succeeded: (res) => expect(res.body.data).toMatchObject({ created: 2, errors: [] }),
      unchanged,
      otherAccount: bUntouched,
    },
    [`PUT ${base}/bulk/update/`]: {
      record,
      request: (id) => ({ path: `${base}/bulk/update/`, body: { items: [{ _id: id, ...options.change }] } }),
      succeeded: (res, id) => expect(res.body.data).toMatchObject({ updated: 1, items: [{ _id: id, ...options.change }], errors: [] }),
      unchanged,
      otherAccount: () => bulkRefusedForB('PUT', '/bulk/update/', (id) => ({ items: [{ _id: id, ...options.change }] })),
    },
    [`POST ${base}/bulk/delete/`]: {
      record,
      request: (id) => ({ path: `${base}/bulk/delete/`, body: { ids: [id] } }),
      async succeeded(res, id) {
        expect(res.body.data).toMatchObject({ deleted: 1, items: [{ _id: id, deleted: true }] });
        expect(await stored(id)).toBeNull();
      },
      unchanged,
      otherAccount: () => bulkRefusedForB('POST', '/bulk/delete/', (id) => ({ ids: [id] })),
    },
  };
}

Object.assign(
  REST_CASES,
  restEntityCases({
    base: '/products',
    collection: 'products',
    body: () => ({ name: unique('Product'), sku: unique('SKU'), stock: 5 }),
    change: { description: 'changed' },
  }),
  restEntityCases({
    base: '/customers',
    collection: 'customers',
    body: () => ({ name: unique('Customer'), document_type: 'CUIT', document_number: '20-12345678-6' }),
    change: { email: 'changed@example.com' },
  }),
);

Object.assign(
  GQL_CASES,
  entityCases({
    one: 'product',
    many: 'products',
    type: 'Product',
    collection: 'products',
    read: 'supplies:read',
    write: 'supplies:write',
    fields: () => ({ name: unique('Product'), sku: unique('SKU'), stock: 5 }),
    change: { description: 'changed' },
  }),
  entityCases({
    one: 'customer',
    many: 'customers',
    type: 'Customer',
    collection: 'customers',
    read: 'delivery_notes:read',
    write: 'delivery_notes:write',
    fields: () => ({ name: unique('Customer'), documentType: 'CUIT', documentNumber: '20-12345678-6' }),
    change: { email: 'changed@example.com' },
  }),
);

GQL_CASES.adjustStock = (() => {
  const document = 'mutation M($id: ID!) { adjustStock(itemType: product, id: $id, delta: -1, reason: "count") { stockAfter } }';
  const make = async (key: string) => {
    const res = await gw.gql(
      'mutation M($input: CreateProductInput!) { createProduct(input: $input) { id } }',
      { input: { name: unique('P'), sku: unique('S'), stock: 5 } },
      { key },
    );
    return res.body.data.createProduct.id as string;
  };
  const stock = async (id: string) =>
    ((await gw.store.collection('products').findOne({ _id: new ObjectId(id) })) as { stock_milli: number } | null)?.stock_milli;
  return {
    scope: 'supplies:write' as Scope,
    record: () => make(fullA),
    document,
    variables: (id: string) => ({ id }),
    succeeded: (data: any) => expect(data.adjustStock.stockAfter).toBe(4),
    unchanged: async (id: string) => expect(await stock(id)).toBe(5000),
    async otherAccount() {
      const id = await make(fullB);
      const res = await gw.gql(document, { id }, { key: fullA });
      expect(res.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      expect(await stock(id)).toBe(5000);
    },
    badId: (id: string) => ({ id }),
  };
})();

// ---------------------------------------------------------------------------------------------------------------
// Supplies and supply consumptions.
// ---------------------------------------------------------------------------------------------------------------

/** The REST stock adjustment of a product or supply: A's own item moves; B's reads as not found and keeps its stock. */
function stockAdjustmentCase(collection: 'products' | 'supplies', base: string, make: (key: string) => Promise<string>): RestCase {
  const stockOf = async (id: string) =>
    ((await gw.store.collection(collection).findOne({ _id: new ObjectId(id) })) as { stock_milli: number } | null)?.stock_milli;
  let ofB: Promise<string> | undefined;
  return {
    record: () => make(fullA),
    request: (id) => ({ path: `${base}/${id}/stock-adjustments/`, body: { delta: 1, reason: 'matrix' } }),
    succeeded: (res, id) => expect(res.body.data).toMatchObject({ item_id: id, delta: 1, stock_after: 6 }),
    unchanged: async (id) => expect(await stockOf(id)).toBe(5000),
    async otherAccount() {
      ofB ??= make(fullB);
      const theirs = await ofB;
      const res = await gw.rest('POST', `${base}/${theirs}/stock-adjustments/`, { key: fullA, body: { delta: 1, reason: 'hijack' } });
      expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
      expect(await stockOf(theirs)).toBe(5000);
    },
  };
}

Object.assign(REST_CASES, {
  'POST /products/{id}/stock-adjustments/': stockAdjustmentCase('products', '/products', async (key) => {
    const res = await gw.rest('POST', '/products/', { key, body: { name: unique('Adjusted product'), sku: unique('ADJ'), stock: 5 } });
    expect(res.status).toBe(201);
    return res.body.data._id as string;
  }),
  'POST /supplies/{id}/stock-adjustments/': stockAdjustmentCase('supplies', '/supplies', (key) => supplyOf(key, 5)),
});

const storedIn = (collection: 'supplies' | 'supply_consumptions', id: string) =>
  gw.store.collection(collection).findOne({ _id: new ObjectId(id) }) as Promise<any>;

async function supplyOf(key: string, stock = 10): Promise<string> {
  const res = await gw.rest('POST', '/supplies/', { key, body: { name: unique('Supply'), default_amount: 0, stock, unit_price: 1 } });
  expect(res.status).toBe(201);
  return res.body.data._id;
}

/** A user of account A, the author of the consumptions that the matrix deletes and the one whose session reverts. */
const MATRIX_USER = { email: `matrix-author-${process.pid}@example.com`, password: 'matrix password 1' };
let matrixUser: Promise<string> | undefined;
const matrixUserId = () => (matrixUser ??= gw.user(accountA, MATRIX_USER.email, MATRIX_USER.password, 'owner'));
async function keyOfMatrixUser(scopes: Scope[]): Promise<RequestOptions> {
  return { key: (await createApiKey(gw.store, { accountId: accountA, scopes, userId: await matrixUserId() })).key };
}
async function sessionOfMatrixUser(): Promise<RequestOptions> {
  await matrixUserId();
  const res = await gw.rest('POST', '/auth/login', { body: MATRIX_USER });
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .find((line) => line.startsWith('sid='))!
    .split(';')[0];
  return { headers: { cookie, 'x-csrf-token': res.body.data.csrf_token } };
}

/** A confirmed consumption of 1 unit (out of 10) of a new supply, registered with `options`. */
async function consumptionOf(options: RequestOptions): Promise<string> {
  const supplyId = await supplyOf(options.key ?? fullA);
  const res = await gw.rest('POST', '/supply-consumptions/', { ...options, body: { items: [{ supply_id: supplyId, quantity: 1 }] } });
  expect(res.status).toBe(201);
  return res.body.data._id;
}
const consumptionOfA = () => consumptionOf({ key: fullA });
const authoredConsumptionOfA = async () => consumptionOf(await keyOfMatrixUser(['supplies:write']));

/** The consumption is still there, confirmed, and its supply still has 9 units. */
async function consumptionUnchanged(id: string): Promise<void> {
  const doc = await storedIn('supply_consumptions', id);
  expect(doc?.status).toBe('confirmed');
  expect((await storedIn('supplies', doc.items[0].supply_id.toHexString())).stock_milli).toBe(9000);
}

let consumptionB: Promise<{ id: string; before: unknown }> | undefined;
const consumptionOfB = () => (consumptionB ??= consumptionOf({ key: fullB }).then(async (id) => ({ id, before: await storedIn('supply_consumptions', id) })));
async function consumptionBUntouched(): Promise<void> {
  const b = await consumptionOfB();
  expect(await storedIn('supply_consumptions', b.id)).toEqual(b.before);
}

let supplyB: Promise<{ id: string; before: unknown }> | undefined;
const supplyOfB = () => (supplyB ??= supplyOf(fullB).then(async (id) => ({ id, before: await storedIn('supplies', id) })));
async function supplyBUntouched(): Promise<void> {
  const b = await supplyOfB();
  expect(await storedIn('supplies', b.id)).toEqual(b.before);
}

/** A request by A about B's supply or consumption: 404 NOT_FOUND, B's record untouched. */
async function restNotFoundForB(
  method: string,
  path: (id: string) => string,
  which: 'supply' | 'consumption',
  options: RequestOptions = { key: fullA },
  body?: unknown,
) {
  const b = which === 'supply' ? await supplyOfB() : await consumptionOfB();
  const res = await gw.rest(method, path(b.id), { ...options, body });
  expect(res.status).toBe(404);
  expect(res.body.error.code).toBe('NOT_FOUND');
  await (which === 'supply' ? supplyBUntouched() : consumptionBUntouched());
}
async function gqlNotFoundForB(
  document: string,
  variables: (id: string) => Record<string, unknown>,
  which: 'supply' | 'consumption',
  options: RequestOptions = { key: fullA },
) {
  const b = which === 'supply' ? await supplyOfB() : await consumptionOfB();
  const res = await gw.gql(document, variables(b.id), options);
  expect(res.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  await (which === 'supply' ? supplyBUntouched() : consumptionBUntouched());
}

const supplyRecord = () => supplyOf(fullA);
const supplyUnchanged = async (id: string) => {
  const doc = await storedIn('supplies', id);
  expect(doc).not.toBeNull();
  expect(doc.description).toBeUndefined();
};

Object.assign(
  GQL_CASES,
  entityCases({
    one: 'supply',
    many: 'supplies',
    type: 'Supply',
    collection: 'supplies',
    read: 'supplies:read',
    write: 'supplies:write',
    fields: () => ({ name: unique('Supply'), defaultAmount: 0, stock: 3 }),
    change: { description: 'changed' },
  }),
  {
    createSupplies: {
      scope: 'supplies:write',
      record: supplyRecord,
      document: 'mutation M($inputs: [SupplyCreateItem!]!) { createSupplies(inputs: $inputs) { count errors { code } } }',
      variables: (id: string) => ({ inputs: [{ name: `Bulk supply for ${id}`, defaultAmount: 0 }] }),
      succeeded: (data: any) => expect(data.createSupplies).toEqual({ count: 1, errors: [] }),
      async unchanged(id: string) {
        expect(await gw.store.collection('supplies').countDocuments({ name: `Bulk supply for ${id}` })).toBe(0);
      },
      async otherAccount() {
        await supplyOfB();
        await supplyBUntouched();
      },
    },
    updateSupplies: {
      scope: 'supplies:write',
      record: supplyRecord,
      document: 'mutation M($inputs: [SupplyUpdateItem!]!) { updateSupplies(inputs: $inputs) { count items { id description } errors { code } } }',
      variables: (id: string) => ({ inputs: [{ id, description: 'bulk' }] }),
      succeeded: (data: any, id: string) => expect(data.updateSupplies).toEqual({ count: 1, items: [{ id, description: 'bulk' }], errors: [] }),
      unchanged: supplyUnchanged,
      async otherAccount() {
        const b = await supplyOfB();
        const res = await gw.gql(
          'mutation M($inputs: [SupplyUpdateItem!]!) { updateSupplies(inputs: $inputs, allOrNone: false) { count errors { index code } } }',
          { inputs: [{ id: b.id, description: 'hijacked' }] },
          { key: fullA },
        );
        expect(res.body.data.updateSupplies).toEqual({ count: 0, errors: [{ index: 0, code: 'NOT_FOUND' }] });
        await supplyBUntouched();
      },
    },
    deleteSupplies: {
      scope: 'supplies:write',
      record: supplyRecord,
      document: 'mutation M($ids: [ID!]!) { deleteSupplies(ids: $ids) { count items { id deleted } errors { code } } }',
      variables: (id: string) => ({ ids: [id] }),
      async succeeded(data: any, id: string) {
        expect(data.deleteSupplies).toEqual({ count: 1, items: [{ id, deleted: true }], errors: [] });
        expect(await storedIn('supplies', id)).toBeNull();
      },
      unchanged: supplyUnchanged,
      async otherAccount() {
        const b = await supplyOfB();
        const res = await gw.gql(
          'mutation M($ids: [ID!]!) { deleteSupplies(ids: $ids, allOrNone: false) { count errors { index code } } }',
          { ids: [b.id] },
          { key: fullA },
        );
        expect(res.body.data.deleteSupplies).toEqual({ count: 0, errors: [{ index: 0, code: 'NOT_FOUND' }] });
        await supplyBUntouched();
      },
    },
    supplyConsumption: {
      scope: 'supplies:read',
      record: consumptionOfA,
      document: 'query Q($id: ID!) { supplyConsumption(id: $id) { id status } }',
      variables: (id: string) => ({ id }),
      succeeded: (data: any, id: string) => expect(data.supplyConsumption).toEqual({ id, status: 'confirmed' }),
      unchanged: consumptionUnchanged,
      otherAccount: () => gqlNotFoundForB('query Q($id: ID!) { supplyConsumption(id: $id) { id } }', (id) => ({ id }), 'consumption'),
      badId: (id: string) => ({ id }),
    },
    supplyConsumptions: {
      scope: 'supplies:read',
      record: consumptionOfA,
      document: 'query Q { supplyConsumptions(first: 100) { nodes { id } } }',
      variables: () => ({}),
      succeeded: (data: any, id: string) => expect(data.supplyConsumptions.nodes.map((n: { id: string }) => n.id)).toContain(id),
      unchanged: consumptionUnchanged,
      async otherAccount() {
        const b = await consumptionOfB();
        const res = await gw.gql('query Q { supplyConsumptions(first: 100) { nodes { id } } }', {}, { key: fullA });
        expect(res.body.data.supplyConsumptions.nodes.map((n: { id: string }) => n.id)).not.toContain(b.id);
      },
    },
    createSupplyConsumption: {
      scope: 'supplies:write',
      record: () => supplyOf(fullA),
      document: 'mutation M($input: CreateSupplyConsumptionInput!) { createSupplyConsumption(input: $input) { status totalCost } }',
      variables: (id: string) => ({ input: { items: [{ supplyId: id, quantity: 2 }] } }),
      async succeeded(data: any, id: string) {
        expect(data.createSupplyConsumption).toEqual({ status: 'confirmed', totalCost: 2 });
        expect((await storedIn('supplies', id)).stock_milli).toBe(8000);
      },
      async unchanged(id: string) {
        expect((await storedIn('supplies', id)).stock_milli).toBe(10000);
        expect(await gw.store.collection('supply_consumptions').countDocuments({ 'items.supply_id': new ObjectId(id) })).toBe(0);
      },
      async otherAccount() {
        // B's supply is not A's to consume: it is named as not found, and B's stock stays.
        const b = await supplyOfB();
        const res = await gw.gql(
          'mutation M($input: CreateSupplyConsumptionInput!) { createSupplyConsumption(input: $input) { id } }',
          { input: { items: [{ supplyId: b.id, quantity: 1 }] } },
          { key: fullA },
        );
        expect(res.body.errors[0].extensions).toMatchObject({
          code: 'BAD_USER_INPUT',
          details: [{ path: 'items.0.supplyId', message: 'no such supply in this account' }],
        });
        await supplyBUntouched();
      },
    },
    deleteSupplyConsumption: {
      scope: 'supplies:write',
      record: authoredConsumptionOfA,
      document: 'mutation M($id: ID!) { deleteSupplyConsumption(id: $id) }',
      variables: (id: string) => ({ id }),
      async succeeded(data: any, id: string) {
        expect(data.deleteSupplyConsumption).toBe(id);
        expect(await storedIn('supply_consumptions', id)).toBeNull();
      },
      unchanged: consumptionUnchanged,
      otherAccount: async () =>
        gqlNotFoundForB(
          'mutation M($id: ID!) { deleteSupplyConsumption(id: $id) }',
          (id) => ({ id }),
          'consumption',
          await keyOfMatrixUser(['supplies:write']),
        ),
      badId: (id: string) => ({ id }),
      // Only the author may delete: a key acting for the author, holding only the scope.
      caller: (scope: Scope) => keyOfMatrixUser([scope]),
    },
    revertSupplyConsumption: {
      scope: 'supplies:write',
      record: consumptionOfA,
      document: 'mutation M($id: ID!) { revertSupplyConsumption(id: $id) { id status } }',
      variables: (id: string) => ({ id }),
      async succeeded(data: any, id: string) {
        expect(data.revertSupplyConsumption).toEqual({ id, status: 'reverted' });
        expect((await storedIn('supply_consumptions', id)).status).toBe('reverted');
      },
      unchanged: consumptionUnchanged,
      otherAccount: async () =>
        gqlNotFoundForB('mutation M($id: ID!) { revertSupplyConsumption(id: $id) { id } }', (id) => ({ id }), 'consumption', await sessionOfMatrixUser()),
      badId: (id: string) => ({ id }),
      // Reverting needs a web-panel session (an owner's: every scope); keys get SESSION_REQUIRED (supply-consumptions.test.ts).
      caller: () => sessionOfMatrixUser(),
    },
  },
);

const supplyPath = (id: string) => fill('/supplies/{id}/', id);
const consumptionPath = (id: string) => fill('/supply-consumptions/{id}/', id);

Object.assign(REST_CASES, {
  'GET /supplies/list/': {
    record: supplyRecord,
    request: () => ({ path: '/supplies/list/?limit=100' }),
    succeeded: (res: HttpResult, id: string) => expect(res.body.data.items.map((i: { _id: string }) => i._id)).toContain(id),
    unchanged: async () => undefined,
    async otherAccount() {
      const b = await supplyOfB();
      const res = await gw.rest('GET', '/supplies/list/?limit=100', { key: fullA });
      expect(res.body.data.items.map((i: { _id: string }) => i._id)).not.toContain(b.id);
    },
  },
  'POST /supplies/bulk/create/': {
    record: supplyRecord,
    request: (id: string) => ({ path: '/supplies/bulk/create/', body: { items: [{ name: `REST bulk supply for ${id}`, default_amount: 0 }] } }),
    succeeded: (res: HttpResult) => expect(res.body.data).toMatchObject({ created: 1, errors: [] }),
    async unchanged(id: string) {
      expect(await gw.store.collection('supplies').countDocuments({ name: `REST bulk supply for ${id}` })).toBe(0);
    },
    async otherAccount() {
      await supplyOfB();
      await supplyBUntouched();
    },
  },
  'PUT /supplies/bulk/update/': {
    record: supplyRecord,
    request: (id: string) => ({ path: '/supplies/bulk/update/', body: { items: [{ _id: id, description: 'bulk' }] } }),
    succeeded: (res: HttpResult, id: string) => expect(res.body.data.items).toEqual([expect.objectContaining({ _id: id, description: 'bulk' })]),
    unchanged: supplyUnchanged,
    async otherAccount() {
      const b = await supplyOfB();
      const res = await gw.rest('PUT', '/supplies/bulk/update/', { key: fullA, body: { items: [{ _id: b.id, description: 'hijacked' }], all_or_none: false } });
      expect(res.body.data).toMatchObject({ updated: 0, errors: [{ index: 0, code: 'NOT_FOUND' }] });
      await supplyBUntouched();
    },
  },
  'POST /supplies/bulk/delete/': {
    record: supplyRecord,
    request: (id: string) => ({ path: '/supplies/bulk/delete/', body: { ids: [id] } }),
    async succeeded(res: HttpResult, id: string) {
      expect(res.body.data).toEqual({ deleted: 1, items: [{ _id: id, deleted: true }], errors: [] });
      expect(await storedIn('supplies', id)).toBeNull();
    },
    unchanged: supplyUnchanged,
    async otherAccount() {
      const b = await supplyOfB();
      const res = await gw.rest('POST', '/supplies/bulk/delete/', { key: fullA, body: { ids: [b.id], all_or_none: false } });
      expect(res.body.data).toMatchObject({ deleted: 0, errors: [{ index: 0, code: 'NOT_FOUND' }] });
      await supplyBUntouched();
    },
  },
  'GET /supplies/{id}/': {
    record: supplyRecord,
    request: (id: string) => ({ path: supplyPath(id) }),
    succeeded: (res: HttpResult, id: string) => expect(res.body.data._id).toBe(id),
    unchanged: async () => undefined,
    otherAccount: () => restNotFoundForB('GET', supplyPath, 'supply'),
  },
  'POST /supplies/': {
    record: supplyRecord,
    request: (id: string) => ({ path: '/supplies/', body: { name: `REST supply for ${id}`, default_amount: 0, stock: 2 } }),
    succeeded: (res: HttpResult, id: string) => expect(res.body.data).toMatchObject({ name: `REST supply for ${id}`, stock: 2 }),
    async unchanged(id: string) {
      expect(await gw.store.collection('supplies').countDocuments({ name: `REST supply for ${id}` })).toBe(0);
    },
    async otherAccount() {
      await supplyOfB();
      await supplyBUntouched();
    },
  },
  'PUT /supplies/{id}/': {
    record: supplyRecord,
    request: (id: string) => ({ path: supplyPath(id), body: { description: 'updated' } }),
    succeeded: (res: HttpResult, id: string) => expect(res.body.data).toMatchObject({ _id: id, description: 'updated' }),
    unchanged: supplyUnchanged,
    otherAccount: () => restNotFoundForB('PUT', supplyPath, 'supply', { key: fullA }, { description: 'hijacked' }),
  },
  'DELETE /supplies/{id}/': {
    record: supplyRecord,
    request: (id: string) => ({ path: supplyPath(id) }),
    async succeeded(res: HttpResult, id: string) {
      expect(res.body.data).toEqual({ _id: id, deleted: true });
      expect(await storedIn('supplies', id)).toBeNull();
    },
    unchanged: supplyUnchanged,
    otherAccount: () => restNotFoundForB('DELETE', supplyPath, 'supply'),
  },
  'GET /supply-consumptions/list/': {
    record: consumptionOfA,
    request: () => ({ path: '/supply-consumptions/list/?limit=100' }),
    succeeded: (res: HttpResult, id: string) => expect(res.body.data.items.map((i: { _id: string }) => i._id)).toContain(id),
    unchanged: consumptionUnchanged,
    async otherAccount() {
      const b = await consumptionOfB();
      const res = await gw.rest('GET', '/supply-consumptions/list/?limit=100', { key: fullA });
      expect(res.body.data.items.map((i: { _id: string }) => i._id)).not.toContain(b.id);
    },
  },
  'POST /supply-consumptions/{id}/revert': {
    record: consumptionOfA,
    request: (id: string) => ({ path: `${consumptionPath(id)}revert` }),
    async succeeded(res: HttpResult, id: string) {
      expect(res.body.data).toMatchObject({ _id: id, status: 'reverted' });
      expect(res.body.message).toEqual(expect.any(String));
      expect((await storedIn('supply_consumptions', id)).status).toBe('reverted');
    },
    unchanged: consumptionUnchanged,
    otherAccount: async () => restNotFoundForB('POST', (id) => `${consumptionPath(id)}revert`, 'consumption', await sessionOfMatrixUser()),
    // Reverting needs a web-panel session (an owner's: every scope); keys get SESSION_REQUIRED (supply-consumptions.test.ts).
    caller: () => sessionOfMatrixUser(),
  },
  'GET /supply-consumptions/{id}/': {
    record: consumptionOfA,
    request: (id: string) => ({ path: consumptionPath(id) }),
    succeeded: (res: HttpResult, id: string) => expect(res.body.data).toMatchObject({ _id: id, status: 'confirmed' }),
    unchanged: consumptionUnchanged,
    otherAccount: () => restNotFoundForB('GET', consumptionPath, 'consumption'),
  },
  'POST /supply-consumptions/': {
    record: () => supplyOf(fullA),
    request: (id: string) => ({ path: '/supply-consumptions/', body: { items: [{ supply_id: id, quantity: 2 }] } }),
    async succeeded(res: HttpResult, id: string) {
      expect(res.body.data).toMatchObject({ status: 'confirmed', total_cost: 2 });
      expect((await storedIn('supplies', id)).stock_milli).toBe(8000);
    },
    async unchanged(id: string) {
      expect((await storedIn('supplies', id)).stock_milli).toBe(10000);
    },
    async otherAccount() {
      const b = await supplyOfB();
      const res = await gw.rest('POST', '/supply-consumptions/', { key: fullA, body: { items: [{ supply_id: b.id, quantity: 1 }] } });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([{ path: 'items.0.supply_id', message: 'no such supply in this account' }]);
      await supplyBUntouched();
    },
  },
  'DELETE /supply-consumptions/{id}/': {
    record: authoredConsumptionOfA,
    request: (id: string) => ({ path: consumptionPath(id) }),
    async succeeded(res: HttpResult, id: string) {
      expect(res.body.data).toEqual({ _id: id, deleted: true });
      expect(await storedIn('supply_consumptions', id)).toBeNull();
    },
    unchanged: consumptionUnchanged,
    otherAccount: async () => restNotFoundForB('DELETE', consumptionPath, 'consumption', await keyOfMatrixUser(['supplies:write'])),
    // Only the author may delete: a key acting for the author, holding only the scope.
    caller: (scope: Scope) => keyOfMatrixUser([scope]),
  },
} satisfies Record<string, RestCase>);

// Expenses: their entries live in support/expense-matrix.ts.
const EXPENSE_MATRIX = expenseMatrix({ gw: () => gw, fullA: () => fullA, fullB: () => fullB, unique });
Object.assign(REST_CASES, EXPENSE_MATRIX.rest);
Object.assign(GQL_CASES, EXPENSE_MATRIX.gql);

// Chart of accounts and journal: their entries live in support/accounting-matrix.ts.
const ACCOUNTING_MATRIX = accountingMatrix({ gw: () => gw, fullA: () => fullA, fullB: () => fullB, unique });
Object.assign(REST_CASES, ACCOUNTING_MATRIX.rest);
Object.assign(GQL_CASES, ACCOUNTING_MATRIX.gql);
const FISCAL_MATRIX = fiscalMatrix({ gw: () => gw, fullA: () => fullA, fullB: () => fullB, unique });
Object.assign(REST_CASES, FISCAL_MATRIX.rest);
Object.assign(GQL_CASES, FISCAL_MATRIX.gql);
const IVA_MATRIX = ivaMatrix({ gw: () => gw, fullA: () => fullA, fullB: () => fullB, unique });
Object.assign(REST_CASES, IVA_MATRIX.rest);
Object.assign(GQL_CASES, IVA_MATRIX.gql);
const ACCOUNTING_REPORTS_MATRIX = accountingReportsMatrix({ gw: () => gw, fullA: () => fullA, fullB: () => fullB, unique });
Object.assign(REST_CASES, ACCOUNTING_REPORTS_MATRIX.rest);
Object.assign(GQL_CASES, ACCOUNTING_REPORTS_MATRIX.gql);

// Received invoices: their entries live in support/received-invoice-matrix.ts.
const RECEIVED_INVOICE_MATRIX = receivedInvoiceMatrix({ gw: () => gw, fullA: () => fullA, fullB: () => fullB, unique });
Object.assign(REST_CASES, RECEIVED_INVOICE_MATRIX.rest);
Object.assign(GQL_CASES, RECEIVED_INVOICE_MATRIX.gql);

// Tax rules: their entries live in support/tax-rule-matrix.ts.
const TAX_RULE_MATRIX = taxRuleMatrix({ gw: () => gw, fullA: () => fullA, fullB: () => fullB, unique });
Object.assign(REST_CASES, TAX_RULE_MATRIX.rest);
Object.assign(GQL_CASES, TAX_RULE_MATRIX.gql);

// Multi-taxpayer identities: their entries live in support/taxpayer-matrix.ts.
const TAXPAYER_MATRIX = taxpayerMatrix({ gw: () => gw, fullA: () => fullA, fullB: () => fullB, unique });
Object.assign(REST_CASES, TAXPAYER_MATRIX.rest);
Object.assign(GQL_CASES, TAXPAYER_MATRIX.gql);

// Bank reconciliation: its entries live in support/bank-matrix.ts.
const BANK_MATRIX = bankMatrix({ gw: () => gw, fullA: () => fullA, fullB: () => fullB, unique });
Object.assign(REST_CASES, BANK_MATRIX.rest);
Object.assign(GQL_CASES, BANK_MATRIX.gql);
const STATS_MATRIX = statsMatrix({ gw: () => gw, fullA: () => fullA, fullB: () => fullB, unique }, () => accountA);
Object.assign(REST_CASES, STATS_MATRIX.rest);
Object.assign(GQL_CASES, STATS_MATRIX.gql);
// Posting: the posting accounts, posting expenses and received invoices, expenses made from received invoices.
const POSTING_MATRIX = postingMatrix({ gw: () => gw, fullA: () => fullA, fullB: () => fullB, unique });
Object.assign(REST_CASES, POSTING_MATRIX.rest);
Object.assign(GQL_CASES, POSTING_MATRIX.gql);
// Issued vouchers: their entries live in support/issued-voucher-matrix.ts.
const ISSUED_VOUCHER_MATRIX = issuedVoucherMatrix({ gw: () => gw, fullA: () => fullA, fullB: () => fullB, unique });
Object.assign(REST_CASES, ISSUED_VOUCHER_MATRIX.rest);
Object.assign(GQL_CASES, ISSUED_VOUCHER_MATRIX.gql);
// Taxpayer data and billing systems: their entries live in support/tax-info-matrix.ts.
const TAX_INFO_MATRIX = taxInfoMatrix({ gw: () => gw, fullA: () => fullA, fullB: () => fullB, unique });
Object.assign(REST_CASES, TAX_INFO_MATRIX.rest);
Object.assign(GQL_CASES, TAX_INFO_MATRIX.gql);
// FCE MiPyME: its entries live in support/fce-matrix.ts.
const FCE_MATRIX = fceMatrix({ gw: () => gw, fullA: () => fullA, fullB: () => fullB, unique });
Object.assign(REST_CASES, FCE_MATRIX.rest);
Object.assign(GQL_CASES, FCE_MATRIX.gql);

// Withholdings and perceptions: their entries live in support/withholding-matrix.ts.
const WITHHOLDING_MATRIX = withholdingMatrix({ gw: () => gw, fullA: () => fullA, fullB: () => fullB, unique });
Object.assign(REST_CASES, WITHHOLDING_MATRIX.rest);
Object.assign(GQL_CASES, WITHHOLDING_MATRIX.gql);

// ---------------------------------------------------------------------------------------------------------------
// Delivery notes: REST routes and GraphQL operations (records of A are notes of A's own customer).
// ---------------------------------------------------------------------------------------------------------------

let noteCustomerA: string;
let noteCustomerB: string;
beforeAll(async () => {
  const customerOf = async (key: string) => {
    const res = await gw.gql(
      'mutation M($input: CreateCustomerInput!) { createCustomer(input: $input) { id } }',
      { input: { name: unique('Matrix customer') } },
      { key },
    );
    return res.body.data.createCustomer.id as string;
  };
  noteCustomerA = await customerOf(fullA);
  noteCustomerB = await customerOf(fullB);
});

const noteLine = [{ description: 'Matrix line', quantity: 1 }];
const storedNote = (id: string) => gw.store.collection('delivery_notes').findOne({ _id: new ObjectId(id) }) as Promise<any>;
const noteSnapshots = new Map<string, Promise<unknown>>();

/** A note of A in the given status, its stored form remembered for `noteUnchanged`. */
async function noteOfA(status: 'draft' | 'issued' | 'delivered' = 'draft'): Promise<string> {
  const res = await gw.rest('POST', '/delivery_notes/', {
    key: fullA,
    body: { customer_id: noteCustomerA, items: noteLine, status: status === 'draft' ? 'draft' : 'issued' },
  });
  expect(res.status).toBe(201);
  const id = res.body.data.id as string;
  if (status === 'delivered') expect((await gw.rest('PUT', `/delivery_notes/${id}/`, { key: fullA, body: { status: 'delivered' } })).status).toBe(200);
  noteSnapshots.set(id, storedNote(id));
  return id;
}
const noteUnchanged = async (id: string) => expect(await storedNote(id)).toEqual(await noteSnapshots.get(id));
const notesMarked = (notes: string) => gw.store.collection('delivery_notes').countDocuments({ notes });

let noteB: Promise<{ id: string; before: unknown }> | undefined;
const noteOfB = () =>
  (noteB ??= gw
    .rest('POST', '/delivery_notes/', { key: fullB, body: { customer_id: noteCustomerB, items: [{ description: 'Matrix B secret line', quantity: 1 }] } })
    .then(async (res) => {
      expect(res.status).toBe(201);
      return { id: res.body.data.id as string, before: await storedNote(res.body.data.id) };
    }));
async function noteBUntouched(): Promise<void> {
  const b = await noteOfB();
  expect(await storedNote(b.id)).toEqual(b.before);
}
async function restNoteNotFoundForB(method: string, path: (id: string) => string, body?: unknown): Promise<void> {
  const b = await noteOfB();
  const res = await gw.rest(method, path(b.id), { key: fullA, body });
  expect(res.status).toBe(404);
  expect(res.body.error.code).toBe('NOT_FOUND');
  expect(JSON.stringify(res.body)).not.toContain('Matrix B secret');
  await noteBUntouched();
}
async function gqlNoteNotFoundForB(document: string, variables: (id: string) => Record<string, unknown>): Promise<void> {
  const b = await noteOfB();
  const res = await gw.gql(document, variables(b.id), { key: fullA });
  expect(res.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  expect(JSON.stringify(res.body)).not.toContain('Matrix B secret');
  await noteBUntouched();
}
const notePath = (id: string) => fill('/delivery_notes/{id}/', id);

Object.assign(REST_CASES, {
  'GET /delivery_notes/list/': {
    record: () => noteOfA(),
    request: () => ({ path: '/delivery_notes/list/?limit=100' }),
    succeeded: (res: HttpResult, id: string) => expect(res.body.data.items.map((item: { id: string }) => item.id)).toContain(id),
    unchanged: async () => undefined,
    async otherAccount() {
      const b = await noteOfB();
      const all = await gw.rest('GET', '/delivery_notes/list/?limit=100', { key: fullA });
      expect(all.body.data.items.map((item: { id: string }) => item.id)).not.toContain(b.id);
      const theirs = await gw.rest('GET', `/delivery_notes/list/?customer_id=${noteCustomerB}`, { key: fullA });
      expect(theirs.body.data).toMatchObject({ items: [], total: 0 });
      await noteBUntouched();
    },
  },
  'POST /delivery_notes/bulk/create/': {
    record: () => noteOfA(),
    request: (id: string) => ({
      path: '/delivery_notes/bulk/create/',
      body: {
        items: [
          { customer_id: noteCustomerA, items: noteLine, notes: `Bulk for ${id}` },
          { customer_id: noteCustomerA, items: noteLine, notes: `Bulk for ${id}` },
        ],
      },
    }),
    async succeeded(res: HttpResult, id: string) {
      expect(res.body.data).toMatchObject({ created: 2, errors: [] });
      expect(await notesMarked(`Bulk for ${id}`)).toBe(2);
    },
    unchanged: async (id: string) => expect(await notesMarked(`Bulk for ${id}`)).toBe(0),
    async otherAccount() {
      // B's customer is not A's: refused as input (never 403), nothing written for B.
      const res = await gw.rest('POST', '/delivery_notes/bulk/create/', {
        key: fullA,
        body: { items: [{ customer_id: noteCustomerB, items: noteLine }], all_or_none: false },
      });
      expect(res.status).toBe(201);
      expect(res.body.data.created).toBe(0);
      expect(res.body.data.errors).toEqual([expect.objectContaining({ index: 0, code: 'BAD_USER_INPUT' })]);
      await noteBUntouched();
    },
  },
  'PUT /delivery_notes/bulk/update/': {
    record: () => noteOfA(),
    request: (id: string) => ({ path: '/delivery_notes/bulk/update/', body: { items: [{ id, notes: 'bulk updated' }] } }),
    succeeded(res: HttpResult, id: string) {
      expect(res.body.data.updated).toBe(1);
      expect(res.body.data.items[0]).toMatchObject({ id, notes: 'bulk updated' });
    },
    unchanged: noteUnchanged,
    async otherAccount() {
      const b = await noteOfB();
      const res = await gw.rest('PUT', '/delivery_notes/bulk/update/', { key: fullA, body: { items: [{ id: b.id, notes: 'hijacked' }], all_or_none: false } });
      expect(res.status).toBe(200);
      expect(res.body.data.errors).toEqual([expect.objectContaining({ index: 0, code: 'NOT_FOUND' })]);
      const allOrNone = await gw.rest('PUT', '/delivery_notes/bulk/update/', { key: fullA, body: { items: [{ id: b.id, notes: 'hijacked' }] } });
      expect(allOrNone.status).not.toBe(403);
      expect(JSON.stringify(allOrNone.body.error)).toContain('NOT_FOUND');
      await noteBUntouched();
    },
  },
  'POST /delivery_notes/bulk/delete/': {
    record: () => noteOfA(),
    request: (id: string) => ({ path: '/delivery_notes/bulk/delete/', body: { ids: [id] } }),
    async succeeded(res: HttpResult, id: string) {
      expect(res.body.data).toEqual({ deleted: 1, items: [{ id, deleted: true }], errors: [] });
      expect(await storedNote(id)).toBeNull();
    },
    unchanged: noteUnchanged,
    async otherAccount() {
      const b = await noteOfB();
      const res = await gw.rest('POST', '/delivery_notes/bulk/delete/', { key: fullA, body: { ids: [b.id], all_or_none: false } });
      expect(res.body.data).toMatchObject({ deleted: 0, errors: [expect.objectContaining({ index: 0, code: 'NOT_FOUND' })] });
      await noteBUntouched();
    },
  },
  'GET /delivery_notes/{id}/': {
    record: () => noteOfA(),
    request: (id: string) => ({ path: notePath(id) }),
    succeeded: (res: HttpResult, id: string) => expect(res.body.data.id).toBe(id),
    unchanged: async () => undefined,
    otherAccount: () => restNoteNotFoundForB('GET', notePath),
  },
  'GET /delivery_notes/{id}/pdf/': {
    record: () => noteOfA(),
    request: (id: string) => ({ path: `${notePath(id)}pdf/` }),
    succeeded(res: HttpResult) {
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(String(res.body).slice(0, 5)).toBe('%PDF-');
    },
    unchanged: async () => undefined,
    otherAccount: () => restNoteNotFoundForB('GET', (id: string) => `${notePath(id)}pdf/`),
  },
  'POST /delivery_notes/': {
    record: () => noteOfA(),
    request: (id: string) => ({ path: '/delivery_notes/', body: { customer_id: noteCustomerA, items: noteLine, notes: `Created for ${id}` } }),
    succeeded: (res: HttpResult, id: string) => expect(res.body.data).toMatchObject({ notes: `Created for ${id}`, status: 'draft', number: null }),
    unchanged: async (id: string) => expect(await notesMarked(`Created for ${id}`)).toBe(0),
    async otherAccount() {
      const res = await gw.rest('POST', '/delivery_notes/', { key: fullA, body: { customer_id: noteCustomerB, items: noteLine } });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([{ path: 'customer_id', message: 'no such customer in this account' }]);
      await noteBUntouched();
    },
  },
  'PUT /delivery_notes/{id}/': {
    record: () => noteOfA(),
    request: (id: string) => ({ path: notePath(id), body: { notes: 'updated' } }),
    succeeded: (res: HttpResult, id: string) => expect(res.body.data).toMatchObject({ id, notes: 'updated' }),
    unchanged: noteUnchanged,
    otherAccount: () => restNoteNotFoundForB('PUT', notePath, { notes: 'hijacked' }),
  },
  'DELETE /delivery_notes/{id}/': {
    record: () => noteOfA(),
    request: (id: string) => ({ path: notePath(id) }),
    async succeeded(res: HttpResult, id: string) {
      expect(res.body.data).toEqual({ id, deleted: true });
      expect(await storedNote(id)).toBeNull();
    },
    unchanged: noteUnchanged,
    otherAccount: () => restNoteNotFoundForB('DELETE', notePath),
  },
} satisfies Record<string, RestCase>);

const noteCase = (
  scope: Scope,
  record: () => Promise<string>,
  document: string,
  variables: (id: string) => Record<string, unknown>,
  succeeded: GqlCase['succeeded'],
  idTaking = true,
): GqlCase => ({
  scope,
  record,
  document,
  variables,
  succeeded,
  unchanged: noteUnchanged,
  otherAccount: () => gqlNoteNotFoundForB(document, variables),
  ...(idTaking ? { badId: variables } : {}),
});

Object.assign(GQL_CASES, {
  deliveryNote: noteCase(
    'delivery_notes:read',
    () => noteOfA(),
    'query Q($id: ID!) { deliveryNote(id: $id) { id customer { id } } }',
    (id) => ({ id }),
    (data, id) => expect(data.deliveryNote.id).toBe(id),
  ),
  deliveryNotes: {
    ...noteCase(
      'delivery_notes:read',
      () => noteOfA(),
      'query Q { deliveryNotes(first: 100) { nodes { id } } }',
      () => ({}),
      (data, id) => expect(data.deliveryNotes.nodes.map((n: { id: string }) => n.id)).toContain(id),
      false,
    ),
    async otherAccount() {
      const b = await noteOfB();
      const res = await gw.gql(
        'query Q($c: ID) { deliveryNotes(first: 100, filter: { customerId: $c }) { totalCount nodes { id } } }',
        { c: noteCustomerB },
        { key: fullA },
      );
      expect(res.body.data.deliveryNotes).toEqual({ totalCount: 0, nodes: [] });
      const all = await gw.gql('{ deliveryNotes(first: 100) { nodes { id } } }', {}, { key: fullA });
      expect(all.body.data.deliveryNotes.nodes.map((n: { id: string }) => n.id)).not.toContain(b.id);
      await noteBUntouched();
    },
  },
  createDeliveryNote: {
    ...noteCase(
      'delivery_notes:write',
      () => noteOfA(),
      'mutation M($input: CreateDeliveryNoteInput!) { createDeliveryNote(input: $input) { id notes } }',
      (id) => ({ input: { customerId: noteCustomerA, items: noteLine, notes: `GQL created for ${id}` } }),
      (data, id) => expect(data.createDeliveryNote.notes).toBe(`GQL created for ${id}`),
      false,
    ),
    unchanged: async (id: string) => expect(await notesMarked(`GQL created for ${id}`)).toBe(0),
    async otherAccount() {
      const res = await gw.gql(
        'mutation M($input: CreateDeliveryNoteInput!) { createDeliveryNote(input: $input) { id } }',
        { input: { customerId: noteCustomerB, items: noteLine } },
        { key: fullA },
      );
      expect(res.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: [{ path: 'customerId' }] });
      await noteBUntouched();
    },
  },
  createDeliveryNotes: {
    ...noteCase(
      'delivery_notes:write',
      () => noteOfA(),
      'mutation M($inputs: [DeliveryNoteCreateItem!]!) { createDeliveryNotes(inputs: $inputs) { count errors { code } } }',
      (id) => ({ inputs: [{ customerId: noteCustomerA, items: noteLine, notes: `GQL bulk created for ${id}` }] }),
      (data) => expect(data.createDeliveryNotes).toEqual({ count: 1, errors: [] }),
      false,
    ),
    unchanged: async (id: string) => expect(await notesMarked(`GQL bulk created for ${id}`)).toBe(0),
    async otherAccount() {
      const res = await gw.gql(
        'mutation M($inputs: [DeliveryNoteCreateItem!]!) { createDeliveryNotes(inputs: $inputs, allOrNone: false) { count errors { index code } } }',
        { inputs: [{ customerId: noteCustomerB, items: noteLine }] },
        { key: fullA },
      );
      expect(res.body.data.createDeliveryNotes).toEqual({ count: 0, errors: [{ index: 0, code: 'BAD_USER_INPUT' }] });
      await noteBUntouched();
    },
  },
  updateDeliveryNote: noteCase(
    'delivery_notes:write',
    () => noteOfA(),
    'mutation M($id: ID!, $input: UpdateDeliveryNoteInput!) { updateDeliveryNote(id: $id, input: $input) { id notes } }',
    (id) => ({ id, input: { notes: 'gql updated' } }),
    (data, id) => expect(data.updateDeliveryNote).toEqual({ id, notes: 'gql updated' }),
  ),
  updateDeliveryNotes: {
    ...noteCase(
      'delivery_notes:write',
      () => noteOfA(),
      'mutation M($inputs: [DeliveryNoteUpdateItem!]!) { updateDeliveryNotes(inputs: $inputs) { count items { id notes } errors { code } } }',
      (id) => ({ inputs: [{ id, notes: 'gql bulk updated' }] }),
      (data, id) => expect(data.updateDeliveryNotes).toEqual({ count: 1, items: [{ id, notes: 'gql bulk updated' }], errors: [] }),
      false,
    ),
    async otherAccount() {
      const b = await noteOfB();
      const res = await gw.gql(
        'mutation M($inputs: [DeliveryNoteUpdateItem!]!) { updateDeliveryNotes(inputs: $inputs, allOrNone: false) { count errors { index code } } }',
        { inputs: [{ id: b.id, notes: 'hijacked' }] },
        { key: fullA },
      );
      expect(res.body.data.updateDeliveryNotes).toEqual({ count: 0, errors: [{ index: 0, code: 'NOT_FOUND' }] });
      await noteBUntouched();
    },
  },
  deleteDeliveryNote: noteCase(
    'delivery_notes:write',
    () => noteOfA(),
    'mutation M($id: ID!) { deleteDeliveryNote(id: $id) }',
    (id) => ({ id }),
    async (data, id) => {
      expect(data.deleteDeliveryNote).toBe(id);
      expect(await storedNote(id)).toBeNull();
    },
  ),
  deleteDeliveryNotes: {
    ...noteCase(
      'delivery_notes:write',
      () => noteOfA(),
      'mutation M($ids: [ID!]!) { deleteDeliveryNotes(ids: $ids) { count items { id deleted } errors { code } } }',
      (id) => ({ ids: [id] }),
      async (data, id) => {
        expect(data.deleteDeliveryNotes).toEqual({ count: 1, items: [{ id, deleted: true }], errors: [] });
        expect(await storedNote(id)).toBeNull();
      },
      false,
    ),
    async otherAccount() {
      const b = await noteOfB();
      const res = await gw.gql(
        'mutation M($ids: [ID!]!) { deleteDeliveryNotes(ids: $ids, allOrNone: false) { count errors { index code } } }',
        { ids: [b.id] },
        { key: fullA },
      );
      expect(res.body.data.deleteDeliveryNotes).toEqual({ count: 0, errors: [{ index: 0, code: 'NOT_FOUND' }] });
      await noteBUntouched();
    },
  },
  issueDeliveryNote: noteCase(
    'delivery_notes:write',
    () => noteOfA(),
    'mutation M($id: ID!) { issueDeliveryNote(id: $id) { id status number } }',
    (id) => ({ id }),
    (data, id) => expect(data.issueDeliveryNote).toEqual({ id, status: 'issued', number: expect.any(Number) }),
  ),
  deliverDeliveryNote: noteCase(
    'delivery_notes:write',
    () => noteOfA('issued'),
    'mutation M($id: ID!) { deliverDeliveryNote(id: $id) { id status deliveryDate } }',
    (id) => ({ id }),
    (data, id) => expect(data.deliverDeliveryNote).toEqual({ id, status: 'delivered', deliveryDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) }),
  ),
  markDeliveryNoteInvoiced: noteCase(
    'delivery_notes:write',
    () => noteOfA('delivered'),
    'mutation M($id: ID!) { markDeliveryNoteInvoiced(id: $id, invoiceId: "FA-0001-00000001") { id status invoiceId } }',
    (id) => ({ id }),
    (data, id) => expect(data.markDeliveryNoteInvoiced).toEqual({ id, status: 'invoiced', invoiceId: 'FA-0001-00000001' }),
  ),
  cancelDeliveryNote: noteCase(
    'delivery_notes:write',
    () => noteOfA('issued'),
    'mutation M($id: ID!) { cancelDeliveryNote(id: $id) { id status number } }',
    (id) => ({ id }),
    (data, id) => expect(data.cancelDeliveryNote).toEqual({ id, status: 'cancelled', number: expect.any(Number) }),
  ),
} satisfies Record<string, GqlCase>);

/** Root fields of a schema, as `Query.x` / `Mutation.y` → field name. */
function rootFields(schema: GraphQLSchema): Array<{ type: 'Query' | 'Mutation'; name: string }> {
  const out: Array<{ type: 'Query' | 'Mutation'; name: string }> = [];
  for (const name of Object.keys(schema.getQueryType()?.getFields() ?? {})) out.push({ type: 'Query', name });
  for (const name of Object.keys(schema.getMutationType()?.getFields() ?? {})) out.push({ type: 'Mutation', name });
  return out;
}

/** The committed SDL, read synchronously so each of its operations gets its own generated tests. */
const SDL_OPERATIONS = rootFields(buildSchema(fs.readFileSync(path.join(__dirname, '../../schema.graphql'), 'utf8'))).map((f) => f.name);
const GQL_OPERATIONS = [...new Set([...SDL_OPERATIONS, ...Object.keys(GQL_CASES)])].sort();

function gqlCase(name: string): GqlCase {
  const entry = GQL_CASES[name];
  if (!entry) throw new Error(`GraphQL operation ${name} has no entry in the authorization matrix (GQL_CASES): add one`);
  return entry;
}

function rootFieldOf(document: string): string {
  const operation = parse(document).definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const field = operation.selectionSet.selections[0];
  if (field.kind !== Kind.FIELD) throw new Error('expected a field');
  return field.name.value;
}

/**
 * Mutations whose success case here stores nothing: calculations and checks against AFIP (never store), and the
 * seeds, which the matrix runs on data already seeded (their recordings are checked in their own suites).
 */
const CHANGE_NOTHING = new Set([
  'calculateWithholding',
  'calculateIvaSummary',
  'checkFceEligibility',
  'verifyDelegation',
  'verifyPointOfSale',
  'seedLedgerAccounts',
  'seedTaxRules',
]);
let MUTATIONS = new Set<string>();
const activityCollection = () => gw.store.collection('activity');

describe('GraphQL operations × credentials', () => {
  beforeAll(async () => {
    MUTATIONS = new Set(Object.keys((await gatewaySchema()).getMutationType()?.getFields() ?? {}));
  });

  it('the matrix covers exactly the Query and Mutation fields of the live schema', async () => {
    const live = rootFields(await gatewaySchema()).map((f) => f.name);
    expect(Object.keys(GQL_CASES).sort()).toEqual([...live].sort());
  });

  it('the committed schema.graphql names the same operations as the live schema', async () => {
    const live = rootFields(await gatewaySchema()).map((f) => f.name);
    expect([...SDL_OPERATIONS].sort()).toEqual([...live].sort());
  });

  it("each REST route's declared scope is the scope of the GraphQL operation it runs", () => {
    for (const route of ROUTES) {
      const field = rootFieldOf(route.document);
      expect({ route: routeKey(route), scope: gqlCase(field).scope }).toEqual({ route: routeKey(route), scope: route.scope });
    }
  });

  describe.each(GQL_OPERATIONS)('%s', (name) => {
    const run = (id: string, key?: string) => gw.gql(gqlCase(name).document, gqlCase(name).variables(id), { key });
    const recordOfA = () => (gqlCase(name).record ?? supplierOfA)();
    // A refused operation changes nothing, as each refusal checks after it: the refusals share one record of A.
    let refused: Promise<string> | undefined;
    const refusedRecord = () => (refused ??= recordOfA());

    it('no key → UNAUTHENTICATED, nothing changes', async () => {
      const id = await refusedRecord();
      const res = await run(id);
      // Missing and unknown credentials answer alike: HTTP 401 (see the README's GraphQL status codes).
      expect(res.status).toBe(401);
      expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect(res.body.data ?? null).toBeNull();
      await gqlCase(name).unchanged(id);
    });

    it('unknown key → HTTP 401, UNAUTHENTICATED, nothing changes', async () => {
      const id = await refusedRecord();
      const res = await run(id, UNKNOWN_KEY);
      expect(res.status).toBe(401);
      expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      await gqlCase(name).unchanged(id);
    });

    it("key with every scope but the operation's → FORBIDDEN, nothing changes", async () => {
      const id = await refusedRecord();
      const res = await run(id, await keyWithout(gqlCase(name).scope));
      expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(res.body.data ?? null).toBeNull();
      await gqlCase(name).unchanged(id);
    });

    it("key with only the operation's scope → data", async () => {
      const id = await recordOfA();
      const caller = gqlCase(name).caller;
      const activityBefore = await activityCollection().countDocuments({});
      const res = caller
        ? await gw.gql(gqlCase(name).document, gqlCase(name).variables(id), await caller(gqlCase(name).scope))
        : await run(id, await keyFor([gqlCase(name).scope]));
      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
      await gqlCase(name).succeeded(res.body.data, id);
      // Every mutation that changes stored data leaves the account's activity a record of it.
      if (MUTATIONS.has(name) && !CHANGE_NOTHING.has(name)) {
        expect({ name, recorded: (await activityCollection().countDocuments({})) > activityBefore }).toEqual({ name, recorded: true });
      }
    });

    it('record of another account → NOT_FOUND (never FORBIDDEN), the record untouched', async () => {
      await gqlCase(name).otherAccount();
      await expectBUntouched();
    });

    it('malformed or missing id → NOT_FOUND (operations taking an id)', async () => {
      const badId = gqlCase(name).badId;
      const field = (await gatewaySchema()).getQueryType()?.getFields()[name] ?? (await gatewaySchema()).getMutationType()?.getFields()[name];
      const takesId = field?.args.some((arg) => arg.name === 'id') ?? false;
      // An operation with an `id` argument must say how to call it with a bad id.
      expect(Boolean(badId)).toBe(takesId);
      if (!badId) return;
      for (const id of ['not-an-id', '42', new ObjectId().toHexString()]) {
        const res = await gw.gql(gqlCase(name).document, badId(id), { key: fullA });
        expect({ id, code: res.body.errors?.[0]?.extensions?.code }).toEqual({ id, code: 'NOT_FOUND' });
      }
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Key lifecycle: revocation and last_used_at.
// ---------------------------------------------------------------------------------------------------------------

describe('API keys', () => {
  it('a revoked key → 401 on REST and HTTP 401 UNAUTHENTICATED on GraphQL', async () => {
    const { id, key } = await createApiKey(gw.store, { accountId: accountA, scopes: [...SCOPES] });
    expect((await gw.rest('GET', '/suppliers/list/', { key })).status).toBe(200);
    expect((await gw.gql('{ suppliers { totalCount } }', {}, { key })).body.errors).toBeUndefined();

    await revokeApiKey(gw.store, id.toHexString());

    const rest = await gw.rest('GET', '/suppliers/list/', { key });
    expect(rest.status).toBe(401);
    expect(rest.body.error.code).toBe('UNAUTHENTICATED');
    const write = await gw.rest('POST', '/suppliers/', { key, body: { name: 'After revocation' } });
    expect(write.status).toBe(401);
    expect(await suppliersCollection().countDocuments({ name: 'After revocation' })).toBe(0);
    const gql = await gw.gql('{ suppliers { totalCount } }', {}, { key });
    expect(gql.status).toBe(401);
    expect(gql.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    // The other keys of the account keep working.
    expect((await gw.rest('GET', '/suppliers/list/', { key: fullA })).status).toBe(200);
  });

  it('records last_used_at with the gateway clock', async () => {
    const { id, key } = await createApiKey(gw.store, { accountId: accountA, scopes: ['suppliers:read'] });
    const keys = gw.store.collection<ApiKeyDocument>('api_keys');
    const created = await keys.findOne({ _id: id });
    expect(created!.last_used_at).toBeNull();
    expect(created!.created_at).toBeInstanceOf(Date);

    const saved = gw.clock.now;
    try {
      const first = new Date('2031-03-04T05:06:07.000Z');
      gw.clock.now = first;
      expect((await gw.rest('GET', '/suppliers/list/', { key })).status).toBe(200);
      expect((await keys.findOne({ _id: id }))!.last_used_at).toEqual(first);

      // A use an hour later (through GraphQL) is recorded too.
      const later = new Date(first.getTime() + 60 * 60 * 1000);
      gw.clock.now = later;
      expect((await gw.gql('{ suppliers { totalCount } }', {}, { key })).body.errors).toBeUndefined();
      expect((await keys.findOne({ _id: id }))!.last_used_at).toEqual(later);
    } finally {
      gw.clock.now = saved;
    }
  });

  it('stores the key only as a hash, with its name, scopes and account', async () => {
    const { id, key } = await createApiKey(gw.store, { accountId: accountA, scopes: ['suppliers:read'], name: 'matrix key' });
    const doc = await gw.store.collection<ApiKeyDocument>('api_keys').findOne({ _id: id });
    expect(doc).toMatchObject({ name: 'matrix key', scopes: ['suppliers:read'], revoked_at: null });
    expect(doc!.account_id.toHexString()).toBe(accountA);
    const secret = key.replace(/^sk_/, '');
    expect(JSON.stringify(doc)).not.toContain(secret);
    expect(JSON.stringify(await gw.store.collection('api_keys').find({}).toArray())).not.toContain(secret);
  });
});

// The spreadsheet exports: each derived from its JSON report's entry (support/export-matrix.ts).
for (const route of ROUTES.filter((candidate) => candidate.export)) REST_CASES[routeKey(route)] = exportCase(route, REST_CASES);

// The remito and the signed download links.
Object.assign(GQL_CASES, {
  deliveryNoteRemito: {
    scope: 'delivery_notes:read',
    record: () => noteOfA(),
    document: 'query Q($id: ID!) { deliveryNoteRemito(id: $id) { fileName pdfBase64 } }',
    variables: (id: string) => ({ id }),
    succeeded(data: { deliveryNoteRemito: { fileName: string; pdfBase64: string } }) {
      expect(data.deliveryNoteRemito.fileName).toMatch(/^remito-\d{5}-/);
      expect(Buffer.from(data.deliveryNoteRemito.pdfBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    },
    unchanged: noteUnchanged,
    otherAccount: async () => gqlOtherExpectNotFound('query Q($id: ID!) { deliveryNoteRemito(id: $id) { fileName } }', { id: (await noteOfB()).id }),
    badId: (id: string) => ({ id }),
  },
  downloadUrl: {
    scope: 'accounting:read',
    document: 'query Q($path: String!) { downloadUrl(path: $path) { url expiresAt } }',
    variables: () => ({ path: '/api/v1/accounting/reports/trial-balance/export/?format=csv' }),
    async succeeded(data: { downloadUrl: { url: string } }) {
      expect(data.downloadUrl.url.startsWith('/api/v1/accounting/reports/trial-balance/export/?format=csv&x-account=')).toBe(true);
      expect((await fetch(`${gw.url}${data.downloadUrl.url}`)).status).toBe(200);
    },
    unchanged: async () => undefined,
    async otherAccount() {
      // A's link moved to B's account no longer opens: the account is signed.
      const linkOf = async (key: string) =>
        (await gw.gql('query Q($path: String!) { downloadUrl(path: $path) { url } }', { path: '/api/v1/accounting/reports/trial-balance/export/' }, { key }))
          .body.data.downloadUrl.url as string;
      const [ofA, ofB] = [await linkOf(fullA), await linkOf(fullB)];
      const accountOfB = /x-account=([0-9a-f]{24})/.exec(ofB)?.[1];
      expect(accountOfB).toBeDefined();
      const moved = ofA.replace(/x-account=[0-9a-f]{24}/, `x-account=${accountOfB}`);
      expect(moved).not.toBe(ofA);
      const opened = await fetch(`${gw.url}${moved}`);
      expect(opened.status).toBe(403);
      expect((await opened.json()).error.code).toBe('LINK_INVALID');
    },
  },
} satisfies Record<string, GqlCase>);
