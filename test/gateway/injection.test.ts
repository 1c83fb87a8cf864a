import { ObjectId } from 'mongodb';
import { startTestGateway, type HttpResult, type TestGateway } from '../support/gateway';

/**
 * Operator injection: `{"$gt": ""}` and friends in every filter argument and body field are rejected (400 /
 * BAD_USER_INPUT) or treated as plain values; prototype keys pollute nothing; nothing leaks across accounts.
 */

let gw: TestGateway;
let keyA: string;
let accountA: string;
let keyB: string;
let accountB: string;

/** A's suppliers by name → id. */
const idsA = new Map<string, string>();
const idsB: string[] = [];

const NAMES_A = [
  'Literal .* Co',
  'Tienda $where SA',
  'a+b Supplies',
  'aab Supplies',
  'Foo ^Acme',
  'Acme Corp',
  'Paren (Open',
  'Back\\slash Ltd',
  'Pipe x|y',
  'Yankee Co',
  'Bracket [ Co',
  'Brace {"$gt":""} Ltd',
];
const NAMES_B = ['B .* secret', 'B $where secret', 'B Acme secret', 'B {"$gt":""} secret'];

type Doc = Record<string, unknown> & { _id: ObjectId; account_id: ObjectId };
const suppliers = () => gw.store.collection<Doc>('suppliers');

/** Every stored supplier, in a stable order. */
async function snapshot(): Promise<Doc[]> {
  return suppliers()
    .find({}, { sort: { _id: 1 } })
    .toArray();
}

async function snapshotOf(accountId: string): Promise<Doc[]> {
  return suppliers()
    .find({ account_id: new ObjectId(accountId) }, { sort: { _id: 1 } })
    .toArray();
}

let bBefore: Doc[];

/** Runs `request` and checks that it changed no stored supplier of any account. */
async function changesNothing(request: () => Promise<HttpResult>): Promise<HttpResult> {
  const before = await snapshot();
  const res = await request();
  expect(await snapshot()).toEqual(before);
  return res;
}

function expectRejected(res: HttpResult): void {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ success: false, error: { code: 'BAD_USER_INPUT' } });
}

function expectGqlRejected(res: HttpResult, codes = ['BAD_USER_INPUT']): void {
  expect(res.body.errors?.length).toBeGreaterThan(0);
  expect(codes).toContain(res.body.errors[0].extensions.code);
  expect(res.body.data ?? null).toBeNull();
  // A client's bad input is a client error (400, or 200 with the error for resolver-level checks): never a 5xx.
  expect([200, 400]).toContain(res.status);
}

function expectPrototypeClean(): void {
  for (const name of ['polluted', 'isAdmin', 'city', 'status']) {
    expect(Object.hasOwn(Object.prototype, name)).toBe(false);
    expect(({} as Record<string, unknown>)[name]).toBeUndefined();
  }
}

/** Items of a REST list answer, each checked to belong to account A. */
async function listA(query: string): Promise<string[]> {
  const res = await gw.rest('GET', `/suppliers/list/${query}`, { key: keyA });
  expect(res.status).toBe(200);
  const items = res.body.data.items as Array<{ _id: string; name: string }>;
  const ownIds = new Set((await snapshotOf(accountA)).map((doc) => doc._id.toHexString()));
  for (const item of items) expect(ownIds.has(item._id)).toBe(true);
  for (const id of idsB) expect(items.map((item) => item._id)).not.toContain(id);
  return items.map((item) => item.name).sort();
}

/** A POST /graphql with a hand-written JSON body (to carry `__proto__` as an own key). */
async function gqlRaw(body: string, key: string): Promise<HttpResult> {
  const response = await fetch(`${gw.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

beforeAll(async () => {
  gw = await startTestGateway();
  ({ key: keyA, accountId: accountA } = await gw.account(['suppliers:read', 'suppliers:write']));
  ({ key: keyB, accountId: accountB } = await gw.account(['suppliers:read', 'suppliers:write']));
  for (const name of NAMES_A) {
    const res = await gw.rest('POST', '/suppliers/', { key: keyA, body: { name, category: 'injection', tags: ['seed'] } });
    expect(res.status).toBe(201);
    idsA.set(name, res.body.data._id);
  }
  for (const [i, name] of NAMES_B.entries()) {
    const res = await gw.rest('POST', '/suppliers/', {
      key: keyB,
      body: { name, category: 'injection', tags: ['seed'], tax_id: `B-TAX-${i}`, email: `b${i}@b.example` },
    });
    expect(res.status).toBe(201);
    idsB.push(res.body.data._id);
  }
  bBefore = await snapshotOf(accountB);
});

afterEach(async () => {
  // Whatever a test sent as account A, account B's suppliers are exactly as they were, and nothing was polluted.
  expect(await snapshotOf(accountB)).toEqual(bBefore);
  expectPrototypeClean();
});

afterAll(async () => {
  await gw?.stop();
});

describe('REST query parameters', () => {
  it.each([
    ['?status[$gt]='],
    ['?status[$ne]=active'],
    ['?search[$regex]=.*'],
    ['?category[$ne]=x'],
    ['?tag[$exists]=true'],
    ['?created_from[$gt]='],
    ['?sort_by[$gt]='],
    ['?limit[$gt]=0'],
    ['?__proto__[polluted]=yes'],
    ['?constructor[prototype][polluted]=yes'],
    ['?__proto__.polluted=yes'],
  ])('%s is not an operator: 400, or ignored as an unknown plain key', async (query) => {
    const res = await gw.rest('GET', `/suppliers/list/${query}`, { key: keyA });
    if (res.status === 400) {
      expectRejected(res);
      return;
    }
    expect(res.status).toBe(200);
    // Ignored: the same answer as without the parameter, only A's suppliers.
    const plain = await gw.rest('GET', '/suppliers/list/', { key: keyA });
    expect(res.body.data.total).toBe(plain.body.data.total);
    expect(res.body.data.items.map((item: { _id: string }) => item._id)).toEqual(plain.body.data.items.map((item: { _id: string }) => item._id));
    for (const id of idsB) expect(JSON.stringify(res.body)).not.toContain(id);
  });

  it.each([
    ['?status=%24gt'],
    ['?status=%7B%22%24gt%22%3A%22%22%7D'],
    ['?status=active&status=inactive'],
    ['?search=a&search=b'],
    ['?created_from=%7B%22%24gt%22%3A%22%22%7D'],
  ])('%s → 400', async (query) => {
    expectRejected(await gw.rest('GET', `/suppliers/list/${query}`, { key: keyA }));
  });

  it.each([
    ['.*', ['Literal .* Co']],
    ['$where', ['Tienda $where SA']],
    ['TIENDA $WHERE', ['Tienda $where SA']],
    ['a+b', ['a+b Supplies']],
    ['^Acme', ['Foo ^Acme']],
    ['(', ['Paren (Open']],
    ['\\', ['Back\\slash Ltd']],
    ['x|y', ['Pipe x|y']],
    ['[', ['Bracket [ Co']],
    ['{"$gt":""}', ['Brace {"$gt":""} Ltd']],
    ['$gt', ['Brace {"$gt":""} Ltd']],
    ['.', ['Literal .* Co']],
    ['(?i)acme', []],
    ['Acme', ['Acme Corp', 'Foo ^Acme']],
  ])('search=%s matches only literal text, only of the account', async (search, expected) => {
    expect(await listA(`?limit=100&search=${encodeURIComponent(search)}`)).toEqual([...expected].sort());
  });

  it('tag and category are exact values, not patterns', async () => {
    expect(await listA('?tag=.*')).toEqual([]);
    expect(await listA(`?tag=${encodeURIComponent('$ne')}`)).toEqual([]);
    expect(await listA('?category=.*')).toEqual([]);
    expect(await listA('?limit=100&category=injection')).toEqual([...NAMES_A].sort());
  });

  it("another account's names are never found", async () => {
    expect(await listA(`?search=${encodeURIComponent('secret')}`)).toEqual([]);
    expect(await listA(`?search=${encodeURIComponent('B-TAX')}`)).toEqual([]);
    expect(await listA(`?search=${encodeURIComponent('@b.example')}`)).toEqual([]);
  });
});

describe('REST body fields', () => {
  it.each([
    [{ name: { $gt: '' } }],
    [{ name: { $ne: null } }],
    [{ name: 'Valid name', tax_id: { $ne: null } }],
    [{ name: 'Valid name', email: { $regex: '.*' } }],
    [{ name: 'Valid name', tags: [{ $gt: '' }] }],
    [{ name: 'Valid name', tags: { $in: ['seed'] } }],
    [{ name: 'Valid name', status: { $in: ['active'] } }],
    [{ name: 'Valid name', category: { $exists: true } }],
    [{ name: 'Valid name', notes: { $where: 'sleep(100)' } }],
    [{ name: 'Valid name', address: { $set: { city: 'x' } } }],
    [{ name: 'Valid name', address: { city: { $gt: '' } } }],
    [{ name: 'Valid name', fiscal_info: { condicion_iva: { $ne: null } } }],
    [{ name: 'Valid name', $where: 'this.name' }],
    [{ name: 'Valid name', $set: { account_id: 'x' } }],
  ])('POST /suppliers/ %j → 400, nothing written', async (body) => {
    expectRejected(await changesNothing(() => gw.rest('POST', '/suppliers/', { key: keyA, body })));
  });

  it.each([['$gt'], ['{"$gt": ""}'], ['$where: 1'], ['.*']])('a name that merely looks like an operator (%s) is stored literally', async (name) => {
    const res = await gw.rest('POST', '/suppliers/', { key: keyA, body: { name, notes: '{"$ne": null}' } });
    expect(res.status).toBe(201);
    const doc = await suppliers().findOne({ _id: new ObjectId(res.body.data._id) });
    expect(doc).toMatchObject({ name, notes: '{"$ne": null}' });
    expect(doc!.account_id.toHexString()).toBe(accountA);
    await gw.rest('DELETE', `/suppliers/${res.body.data._id}/`, { key: keyA });
  });

  it('account_id in a body cannot move a supplier into another account', async () => {
    const res = await gw.rest('POST', '/suppliers/', { key: keyA, body: { name: 'Account hop', account_id: accountB } });
    if (res.status !== 400) {
      expect(res.status).toBe(201);
      const doc = await suppliers().findOne({ _id: new ObjectId(res.body.data._id) });
      expect(doc!.account_id.toHexString()).toBe(accountA);
      await gw.rest('DELETE', `/suppliers/${res.body.data._id}/`, { key: keyA });
    }
    const id = idsA.get('Acme Corp')!;
    const put = await gw.rest('PUT', `/suppliers/${id}/`, { key: keyA, body: { account_id: accountB, notes: 'still mine' } });
    expect([200, 400]).toContain(put.status);
    const doc = await suppliers().findOne({ _id: new ObjectId(id) });
    expect(doc!.account_id.toHexString()).toBe(accountA);
    expect((await gw.rest('GET', `/suppliers/${id}/`, { key: keyB })).status).toBe(404);
  });

  it.each([
    [{ name: { $gt: '' } }],
    [{ notes: { $set: 'x' } }],
    [{ tax_id: { $ne: null } }],
    [{ $set: { name: 'Renamed' } }],
    [{ $unset: { name: '' } }],
    [{ $rename: { name: 'nombre' } }],
    [{ status: { $ne: 'active' } }],
  ])('PUT /suppliers/{id}/ %j → 400, nothing changed', async (body) => {
    const id = idsA.get('Acme Corp')!;
    expectRejected(await changesNothing(() => gw.rest('PUT', `/suppliers/${id}/`, { key: keyA, body })));
  });

  it.each([['{"$ne":null}'], ['$ne'], ['{"$gt":""}'], ['[object Object]']])('an operator as the path id (%s) → 404, nothing changed', async (id) => {
    const path = `/suppliers/${encodeURIComponent(id)}/`;
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { notes: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await changesNothing(() => gw.rest(method, path, { key: keyA, body }));
      expect({ method, status: res.status, code: res.body.error?.code }).toEqual({ method, status: 404, code: 'NOT_FOUND' });
    }
  });
});

describe('REST bulk bodies', () => {
  it.each([
    [{ ids: [{ $ne: null }] }],
    [{ ids: [{ $ne: null }], all_or_none: false }],
    [{ ids: { $ne: null } }],
    [{ ids: [{ $in: ['x'] }] }],
    [{ ids: [{ $gt: '' }], all_or_none: false }],
    [{ ids: ['x'], all_or_none: { $ne: null } }],
    [{ $where: 'true' }],
  ])('POST /suppliers/bulk/delete/ %j → 400, nothing deleted', async (body) => {
    expectRejected(await changesNothing(() => gw.rest('POST', '/suppliers/bulk/delete/', { key: keyA, body })));
  });

  it('ids that are operator-looking strings delete nothing', async () => {
    const res = await changesNothing(() =>
      gw.rest('POST', '/suppliers/bulk/delete/', { key: keyA, body: { ids: ['$ne', '{"$ne":null}', '.*'], all_or_none: false } }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.deleted).toBe(0);
    expect(res.body.data.errors.map((error: { code: string }) => error.code)).toEqual(['NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND']);
  });

  it.each([
    [{ items: [{ _id: { $ne: null }, notes: 'x' }] }],
    [{ items: [{ _id: { $ne: null }, notes: 'x' }], all_or_none: false }],
    [{ items: [{ _id: '__ID__', name: { $gt: '' } }] }],
    [{ items: [{ _id: '__ID__', $set: { name: 'x' } }] }],
    [{ items: { $ne: null } }],
  ])('PUT /suppliers/bulk/update/ %j → 400, nothing changed', async (body) => {
    const filled = JSON.parse(JSON.stringify(body).replace('__ID__', idsA.get('Acme Corp')!));
    expectRejected(await changesNothing(() => gw.rest('PUT', '/suppliers/bulk/update/', { key: keyA, body: filled })));
  });

  it.each([[{ items: [{ name: { $gt: '' } }] }], [{ items: [{ name: 'Fine' }, { name: 'Valid', tax_id: { $ne: null } }] }], [{ items: { $gt: '' } }]])(
    'POST /suppliers/bulk/create/ %j → 400, nothing written',
    async (body) => {
      expectRejected(await changesNothing(() => gw.rest('POST', '/suppliers/bulk/create/', { key: keyA, body })));
    },
  );
});

describe('GraphQL variables', () => {
  const LIST = 'query L($filter: SupplierFilter) { suppliers(filter: $filter, first: 100) { totalCount nodes { id name } } }';

  it.each([
    [{ status: { $gt: '' } }],
    [{ status: '$gt' }],
    [{ search: { $regex: '.*' } }],
    [{ category: { $ne: null } }],
    [{ tag: { $in: ['seed'] } }],
    [{ createdFrom: { $gt: '' } }],
    [{ $where: 'true' }],
    [{ $or: [{ status: 'active' }] }],
  ])('suppliers(filter: %j) → BAD_USER_INPUT', async (filter) => {
    expectGqlRejected(await gw.gql(LIST, { filter }, { key: keyA }));
  });

  it.each([
    ['.*', ['Literal .* Co']],
    ['$where', ['Tienda $where SA']],
    ['^Acme', ['Foo ^Acme']],
    ['x|y', ['Pipe x|y']],
    ['secret', []],
  ])('suppliers(filter: {search: %j}) matches literal text of the account only', async (search, expected) => {
    const res = await gw.gql(LIST, { filter: { search } }, { key: keyA });
    expect(res.body.errors).toBeUndefined();
    const nodes = res.body.data.suppliers.nodes as Array<{ id: string; name: string }>;
    expect(nodes.map((n) => n.name).sort()).toEqual([...expected].sort());
    for (const id of idsB) expect(nodes.map((n) => n.id)).not.toContain(id);
  });

  it('inline literals are plain values too', async () => {
    const res = await gw.gql('{ suppliers(filter: { search: "$where", tag: "seed" }) { nodes { name } } }', {}, { key: keyA });
    expect(res.body).toEqual({ data: { suppliers: { nodes: [{ name: 'Tienda $where SA' }] } } });
  });

  it.each([[{ $ne: null }], [{ $gt: '' }], [[{ $ne: null }]]])('supplier(id: %j) is rejected', async (id) => {
    expectGqlRejected(await gw.gql('query Q($id: ID!) { supplier(id: $id) { id name } }', { id }, { key: keyA }), ['BAD_USER_INPUT', 'NOT_FOUND']);
  });

  it.each([['$ne'], ['{"$ne":null}']])('supplier(id: %j) → NOT_FOUND', async (id) => {
    expectGqlRejected(await gw.gql('query Q($id: ID!) { supplier(id: $id) { id name } }', { id }, { key: keyA }), ['NOT_FOUND']);
  });

  it.each([
    [{ name: { $gt: '' } }],
    [{ name: 'Valid', taxId: { $ne: null } }],
    [{ name: 'Valid', $where: 'true' }],
    [{ name: 'Valid', tags: [{ $gt: '' }] }],
    [{ name: 'Valid', address: { city: { $ne: null } } }],
  ])('createSupplier(input: %j) → BAD_USER_INPUT, nothing written', async (input) => {
    const res = await changesNothing(() =>
      gw.gql('mutation M($input: CreateSupplierInput!) { createSupplier(input: $input) { id } }', { input }, { key: keyA }),
    );
    expectGqlRejected(res);
  });

  it.each([[{ notes: { $set: 'x' } }], [{ $set: { name: 'x' } }], [{ name: { $ne: null } }]])(
    'updateSupplier(input: %j) → BAD_USER_INPUT, nothing changed',
    async (input) => {
      const id = idsA.get('Acme Corp')!;
      const res = await changesNothing(() =>
        gw.gql('mutation M($id: ID!, $input: UpdateSupplierInput!) { updateSupplier(id: $id, input: $input) { id } }', { id, input }, { key: keyA }),
      );
      expectGqlRejected(res);
    },
  );

  it('updateSupplier with an operator as the id changes nothing', async () => {
    const res = await changesNothing(() =>
      gw.gql(
        'mutation M($id: ID!, $input: UpdateSupplierInput!) { updateSupplier(id: $id, input: $input) { id } }',
        { id: { $ne: null }, input: { notes: 'all of them' } },
        { key: keyA },
      ),
    );
    expectGqlRejected(res, ['BAD_USER_INPUT', 'NOT_FOUND']);
  });

  it.each([[[{ $ne: null }]], [{ $ne: null }], [[{ $in: ['x'] }]]])('deleteSuppliers(ids: %j) → BAD_USER_INPUT, nothing deleted', async (ids) => {
    const res = await changesNothing(() =>
      gw.gql('mutation M($ids: [ID!]!) { deleteSuppliers(ids: $ids, allOrNone: false) { count } }', { ids }, { key: keyA }),
    );
    expectGqlRejected(res);
  });

  it('deleteSupplier(id: {$ne: null}) deletes nothing', async () => {
    const res = await changesNothing(() => gw.gql('mutation M($id: ID!) { deleteSupplier(id: $id) }', { id: { $ne: null } }, { key: keyA }));
    expectGqlRejected(res, ['BAD_USER_INPUT', 'NOT_FOUND']);
  });

  it('updateSuppliers with an operator id changes nothing', async () => {
    const res = await changesNothing(() =>
      gw.gql(
        'mutation M($inputs: [SupplierUpdateItem!]!) { updateSuppliers(inputs: $inputs, allOrNone: false) { count } }',
        { inputs: [{ id: { $ne: null }, notes: 'all of them' }] },
        { key: keyA },
      ),
    );
    expectGqlRejected(res);
  });
});

describe('__proto__ and constructor keys', () => {
  it.each([
    ['{"name":"Proto Co","__proto__":{"status":"inactive","polluted":"yes","isAdmin":true}}'],
    ['{"name":"Ctor Co","constructor":{"prototype":{"polluted":"yes"}}}'],
    ['{"name":"Nested Proto","address":{"__proto__":{"city":"Evil","polluted":"yes"}}}'],
    ['{"name":"Nested Ctor","fiscal_info":{"constructor":{"prototype":{"polluted":"yes"}}}}'],
  ])('POST /suppliers/ %s → 400, or created without the extra keys', async (raw) => {
    const res = await gw.rest('POST', '/suppliers/', { key: keyA, raw });
    if (res.status === 400) {
      expectRejected(res);
    } else {
      expect(res.status).toBe(201);
      const doc = (await suppliers().findOne({ _id: new ObjectId(res.body.data._id) }))!;
      expect(doc.status).toBe('active');
      expect(JSON.stringify(doc)).not.toMatch(/polluted|Evil|isAdmin/);
      expect(Object.getPrototypeOf(doc)).toBe(Object.prototype);
      await gw.rest('DELETE', `/suppliers/${res.body.data._id}/`, { key: keyA });
    }
    expectPrototypeClean();
  });

  it.each([['{"__proto__":{"name":"Renamed via proto","polluted":"yes"}}'], ['{"constructor":{"prototype":{"name":"Renamed via ctor"}}}']])(
    'PUT /suppliers/{id}/ %s → 400, or nothing renamed',
    async (raw) => {
      const id = idsA.get('Yankee Co')!;
      const res = await gw.rest('PUT', `/suppliers/${id}/`, { key: keyA, raw });
      expect([200, 400]).toContain(res.status);
      expect((await suppliers().findOne({ _id: new ObjectId(id) }))!.name).toBe('Yankee Co');
      expectPrototypeClean();
    },
  );

  it.each([
    ['{"items":[{"name":"Bulk proto","__proto__":{"polluted":"yes"}}]}', '/suppliers/bulk/create/', 'POST'],
    ['{"ids":["x"],"__proto__":{"all_or_none":false}}', '/suppliers/bulk/delete/', 'POST'],
    ['{"__proto__":{"ids":["__ID__"]}}', '/suppliers/bulk/delete/', 'POST'],
    ['{"items":[{"_id":"__ID__","__proto__":{"name":"Bulk renamed"}}]}', '/suppliers/bulk/update/', 'PUT'],
  ])('bulk %s → 400 or no effect of the prototype keys', async (raw, path, method) => {
    const id = idsA.get('Yankee Co')!;
    const before = await snapshot();
    const res = await gw.rest(method, path, { key: keyA, raw: raw.replace('__ID__', id) });
    expect(res.status).toBeLessThan(500);
    const doc = await suppliers().findOne({ _id: new ObjectId(id) });
    expect(doc).not.toBeNull();
    expect(doc!.name).toBe('Yankee Co');
    if (res.status !== 201) expect((await snapshot()).length).toBe(before.length);
    expect(JSON.stringify(await snapshot())).not.toContain('polluted');
    expectPrototypeClean();
  });

  it.each([
    [
      '{"query":"mutation M($input: CreateSupplierInput!) { createSupplier(input: $input) { id status } }","variables":{"input":{"name":"GQL proto","__proto__":{"status":"inactive","polluted":"yes"}}}}',
    ],
    [
      '{"query":"mutation M($input: CreateSupplierInput!) { createSupplier(input: $input) { id status } }","variables":{"input":{"name":"GQL ctor","constructor":{"prototype":{"polluted":"yes"}}}}}',
    ],
    ['{"query":"query L($filter: SupplierFilter) { suppliers(filter: $filter) { totalCount } }","variables":{"filter":{"__proto__":{"status":"inactive"}}}}'],
    [
      '{"query":"query L($filter: SupplierFilter) { suppliers(filter: $filter) { totalCount } }","variables":{"filter":{"constructor":{"prototype":{"polluted":"yes"}}}}}',
    ],
    ['{"query":"query Q($id: ID!) { supplier(id: $id) { id } }","variables":{"__proto__":{"id":"x"}}}'],
  ])('GraphQL %s → BAD_USER_INPUT, nothing written or polluted', async (raw) => {
    const res = await changesNothing(() => gqlRaw(raw, keyA));
    expect(res.body.errors?.length).toBeGreaterThan(0);
    expect(['BAD_USER_INPUT', 'GRAPHQL_VALIDATION_FAILED']).toContain(res.body.errors[0].extensions.code);
    expectPrototypeClean();
    expect([200, 400]).toContain(res.status);
  });
});

describe('across accounts', () => {
  it("A's writes with B's ids never reach B", async () => {
    for (const id of idsB) {
      expect((await gw.rest('PUT', `/suppliers/${id}/`, { key: keyA, body: { name: 'Taken over' } })).status).toBe(404);
      expect((await gw.rest('DELETE', `/suppliers/${id}/`, { key: keyA })).status).toBe(404);
    }
    const bulk = await gw.rest('POST', '/suppliers/bulk/delete/', { key: keyA, body: { ids: idsB, all_or_none: false } });
    expect(bulk.status).toBe(200);
    expect(bulk.body.data.deleted).toBe(0);
    const update = await gw.rest('PUT', '/suppliers/bulk/update/', {
      key: keyA,
      body: { items: idsB.map((id) => ({ _id: id, notes: 'x' })), all_or_none: false },
    });
    expect(update.status).toBe(200);
    expect(update.body.data.updated).toBe(0);
    // B still sees its own suppliers.
    const list = await gw.rest('GET', '/suppliers/list/?limit=100', { key: keyB });
    expect(list.body.data.items.map((item: { _id: string }) => item._id).sort()).toEqual([...idsB].sort());
  });
});
