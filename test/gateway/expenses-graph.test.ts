/**
 * Expenses across the graph and both surfaces: Expense.supplier (batched through the request's loader), list
 * filters and order (GraphQL arguments and REST query parameters giving the same records), exact money sums,
 * bulk creation, GraphQL ↔ REST parity of records, account isolation, and live answers against the OpenAPI document.
 */
import { SCOPES } from '../../src/domain/auth/scopes';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { createGql, createRest, EQ, expenseToRest, restExpense, restToGql, type Row } from './support/expenses';
import { openApiValidator, requestSchema, responseSchema } from '../support/openapi';

let gw: TestGateway;
let key: string;
let otherKey: string;
let s1: string;
let s2: string;

beforeAll(async () => {
  gw = await startTestGateway();
  key = (await gw.account([...SCOPES])).key;
  otherKey = (await gw.account([...SCOPES])).key;
  s1 = (await gw.rest('POST', '/suppliers/', { key, body: { name: 'Telecom Argentina SA', tax_id: '30639453738' } })).body.data._id;
  s2 = (await gw.rest('POST', '/suppliers/', { key, body: { name: 'Aguas Cordobesas SA' } })).body.data._id;
});
afterAll(async () => {
  await gw?.stop();
});

const requestId = (result: { headers: Headers }) => result.headers.get('x-request-id')!;

describe('Expense.supplier', () => {
  it('resolves the linked supplier, null without one', async () => {
    const linked = await createGql(gw, key, { supplierId: s1 });
    const unlinked = await createGql(gw, key);
    const query = 'query($id: ID!) { expense(id: $id) { supplierId supplier { id name taxId } } }';
    expect((await gw.gql(query, { id: linked.id }, { key })).body.data.expense).toEqual({
      supplierId: s1,
      supplier: { id: s1, name: 'Telecom Argentina SA', taxId: '30639453738' },
    });
    expect((await gw.gql(query, { id: unlinked.id }, { key })).body.data.expense).toEqual({ supplierId: null, supplier: null });
  });

  it('reads as null once the supplier is deleted (the id stays on the expense)', async () => {
    const gone = (await gw.rest('POST', '/suppliers/', { key, body: { name: 'Efímera SRL' } })).body.data._id;
    const expense = await createGql(gw, key, { supplierId: gone });
    expect((await gw.rest('DELETE', `/suppliers/${gone}/`, { key })).status).toBe(200);
    const res = await gw.gql('query($id: ID!) { expense(id: $id) { supplierId supplier { id } } }', { id: expense.id }, { key });
    expect(res.body.data.expense).toEqual({ supplierId: gone, supplier: null });
  });

  it('needs suppliers:read (supplierId alone needs only expenses:read)', async () => {
    const { accountId, key: full } = await gw.account([...SCOPES]);
    const supplier = (await gw.rest('POST', '/suppliers/', { key: full, body: { name: 'Propio SA' } })).body.data._id;
    const expense = await createGql(gw, full, { supplierId: supplier });
    const expensesOnly = await gw.key(accountId, ['expenses:read']);
    const withSupplier = await gw.gql('query($id: ID!) { expense(id: $id) { supplierId supplier { name } } }', { id: expense.id }, { key: expensesOnly });
    expect(withSupplier.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(JSON.stringify(withSupplier.body)).not.toContain('Propio SA');
    const idOnly = await gw.gql('query($id: ID!) { expense(id: $id) { supplierId } }', { id: expense.id }, { key: expensesOnly });
    expect(idOnly.body).toEqual({ data: { expense: { supplierId: supplier } } });
    const both = await gw.gql(
      'query($id: ID!) { expense(id: $id) { supplier { name } } }',
      { id: expense.id },
      { key: await gw.key(accountId, ['expenses:read', 'suppliers:read']) },
    );
    expect(both.body).toEqual({ data: { expense: { supplier: { name: 'Propio SA' } } } });
  });

  it('a page of expenses with their suppliers costs the same number of MongoDB commands for 5 or 50 expenses', async () => {
    const { key: own, accountId } = await gw.account([...SCOPES]);
    const suppliers: string[] = [];
    for (let i = 0; i < 5; i++) suppliers.push((await gw.rest('POST', '/suppliers/', { key: own, body: { name: `Proveedor ${i}` } })).body.data._id);
    const make = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ amount: 1, description: `e${i}`, taxRate: 21, category: 'c', date: '2025-01-01', supplierId: suppliers[i % 5] }));
    expect((await gw.gql(EQ.bulkCreate, { inputs: make(5), allOrNone: true }, { key: own })).body.data.createExpenses.count).toBe(5);
    const query = 'query($n: Int) { expenses(first: $n) { totalCount nodes { id supplier { id name } } } }';
    const five = await gw.gql(query, { n: 100 }, { key: own });
    expect(five.body.data.expenses.nodes).toHaveLength(5);
    expect((await gw.gql(EQ.bulkCreate, { inputs: make(45), allOrNone: true }, { key: own })).body.data.createExpenses.count).toBe(45);
    const fifty = await gw.gql(query, { n: 100 }, { key: own });
    expect(fifty.body.data.expenses.nodes).toHaveLength(50);
    expect(fifty.body.data.expenses.nodes.every((n: Row) => n.supplier && suppliers.includes(n.supplier.id))).toBe(true);
    expect(await gw.commandsOf(requestId(fifty))).toBe(await gw.commandsOf(requestId(five)));
    expect(accountId).toEqual(expect.any(String));
  });
});

describe('list: filters, order and sums (GraphQL and REST give the same records)', () => {
  let own: string;
  const ids: Record<string, string> = {};
  let supA: string;
  let supB: string;

  beforeAll(async () => {
    own = (await gw.account([...SCOPES])).key;
    supA = (await gw.rest('POST', '/suppliers/', { key: own, body: { name: 'A SA' } })).body.data._id;
    supB = (await gw.rest('POST', '/suppliers/', { key: own, body: { name: 'B SA' } })).body.data._id;
    const rows: Array<[string, Row]> = [
      [
        'luz',
        {
          amount: 0.1,
          description: 'Factura de luz',
          category: 'Servicios',
          date: '2025-01-15',
          supplier_id: supA,
          recurring: true,
          recurring_period: 'monthly',
        },
      ],
      [
        'agua',
        {
          amount: 0.2,
          description: 'Factura de AGUA',
          category: 'Servicios',
          date: '2025-02-01',
          supplier_id: supB,
          recurring: true,
          recurring_period: 'monthly',
        },
      ],
      ['resma', { amount: 1500.55, description: 'Resma de papel', category: 'Librería', date: '2025-02-28', supplier_id: supA }],
      ['nafta', { amount: 30000, description: 'Nafta (camioneta)', category: 'Movilidad', date: '2025-03-01', status: 'paid' }],
      [
        'seguro',
        {
          amount: 99999.99,
          description: 'Seguro anual',
          category: 'Seguros',
          date: '2024-12-31',
          recurring: true,
          recurring_period: 'yearly',
          status: 'approved',
        },
      ],
    ];
    for (const [name, body] of rows) ids[name] = (await createRest(gw, own, body))._id;
  });

  const FILTERS: Array<{ title: string; gql: Row; rest: string; expect: string[]; total: number }> = [
    { title: 'no filter (date, newest first)', gql: {}, rest: '', expect: ['nafta', 'resma', 'agua', 'luz', 'seguro'], total: 131500.84 },
    { title: 'status paid', gql: { status: 'paid' }, rest: 'status=paid', expect: ['nafta'], total: 30000 },
    { title: 'status pending', gql: { status: 'pending' }, rest: 'status=pending', expect: ['resma', 'agua', 'luz'], total: 1500.85 },
    { title: 'category Servicios', gql: { category: 'Servicios' }, rest: 'category=Servicios', expect: ['agua', 'luz'], total: 0.3 },
    { title: 'supplier A', gql: { supplierId: '$A' }, rest: 'supplier_id=$A', expect: ['resma', 'luz'], total: 1500.65 },
    {
      title: 'date range (inclusive)',
      gql: { dateFrom: '2025-02-01', dateTo: '2025-02-28' },
      rest: 'date_from=2025-02-01&date_to=2025-02-28',
      expect: ['resma', 'agua'],
      total: 1500.75,
    },
    { title: 'dates from', gql: { dateFrom: '2025-03-01' }, rest: 'date_from=2025-03-01', expect: ['nafta'], total: 30000 },
    { title: 'recurring', gql: { recurring: true }, rest: 'recurring=true', expect: ['agua', 'luz', 'seguro'], total: 100000.29 },
    { title: 'not recurring', gql: { recurring: false }, rest: 'recurring=false', expect: ['nafta', 'resma'], total: 31500.55 },
    { title: 'search (case-insensitive)', gql: { search: 'factura de' }, rest: 'search=factura%20de', expect: ['agua', 'luz'], total: 0.3 },
    { title: 'search with pattern characters is literal', gql: { search: '(camioneta)' }, rest: 'search=(camioneta)', expect: ['nafta'], total: 30000 },
    { title: 'search .* matches nothing', gql: { search: '.*' }, rest: 'search=.*', expect: [], total: 0 },
    {
      title: 'combined',
      gql: { category: 'Servicios', supplierId: '$B', recurring: true },
      rest: 'category=Servicios&supplier_id=$B&recurring=true',
      expect: ['agua'],
      total: 0.2,
    },
  ];

  const fill = (value: unknown) => (value === '$A' ? supA : value === '$B' ? supB : value);

  it.each(FILTERS)('$title', async ({ gql, rest, expect: names, total }) => {
    const filter = Object.fromEntries(Object.entries(gql).map(([k, v]) => [k, fill(v)]));
    const g = await gw.gql(EQ.list, { filter, first: 100 }, { key: own });
    expect(g.body.errors).toBeUndefined();
    const expected = names.map((name) => ids[name]);
    expect(g.body.data.expenses.nodes.map((n: Row) => n.id)).toEqual(expected);
    expect(g.body.data.expenses.totalCount).toBe(names.length);
    expect(g.body.data.expenses.totalAmount).toBe(total);
    const r = await gw.rest('GET', `/expenses/list/?limit=100&${rest.replace('$A', supA).replace('$B', supB)}`, { key: own });
    expect(r.status).toBe(200);
    expect(r.body.data.items.map((i: Row) => i._id)).toEqual(expected);
    expect(r.body.data.total).toBe(names.length);
    // The same records on both surfaces, field for field.
    expect(r.body.data.items).toEqual(g.body.data.expenses.nodes.map(expenseToRest));
  });

  it.each([
    ['amount', 'asc', ['luz', 'agua', 'resma', 'nafta', 'seguro']],
    ['amount', 'desc', ['seguro', 'nafta', 'resma', 'agua', 'luz']],
    ['date', 'asc', ['seguro', 'luz', 'agua', 'resma', 'nafta']],
    ['created_at', 'asc', ['luz', 'agua', 'resma', 'nafta', 'seguro']],
  ])('order by %s %s', async (field, direction, names) => {
    const gqlField = field === 'created_at' ? 'createdAt' : field;
    const g = await gw.gql(EQ.list, { orderBy: { field: gqlField, direction }, first: 100 }, { key: own });
    expect(g.body.data.expenses.nodes.map((n: Row) => n.id)).toEqual(names.map((n) => ids[n]));
    const r = await gw.rest('GET', `/expenses/list/?sort_by=${field}&sort_order=${direction}`, { key: own });
    expect(r.body.data.items.map((i: Row) => i._id)).toEqual(names.map((n) => ids[n]));
  });

  it('pages: REST page/limit and GraphQL first/offset', async () => {
    const r = await gw.rest('GET', '/expenses/list/?page=2&limit=2', { key: own });
    expect(r.body.data).toMatchObject({ total: 5, page: 2, limit: 2, pages: 3 });
    expect(r.body.data.items.map((i: Row) => i._id)).toEqual([ids.agua, ids.luz]);
    const g = await gw.gql(EQ.list, { first: 2, offset: 2 }, { key: own });
    expect(g.body.data.expenses.nodes.map((n: Row) => n.id)).toEqual([ids.agua, ids.luz]);
  });

  it("another account's expenses are never listed", async () => {
    const theirs = await createRest(gw, otherKey, { description: 'Factura de luz ajena' });
    const g = await gw.gql(EQ.list, { filter: { search: 'luz' }, first: 100 }, { key: own });
    expect(g.body.data.expenses.nodes.map((n: Row) => n.id)).toEqual([ids.luz]);
    expect((await gw.rest('GET', `/expenses/${theirs._id}/`, { key: own })).status).toBe(404);
    const mine = await gw.gql(EQ.list, { filter: { supplierId: supA }, first: 100 }, { key: otherKey });
    expect(mine.body.data.expenses).toMatchObject({ totalCount: 0, totalAmount: 0 });
  });
});

describe('exact money', () => {
  it('1,000 expenses of 0.10 sum to exactly 100.00; amounts read back exactly', async () => {
    const { key: own } = await gw.account([...SCOPES]);
    const inputs = Array.from({ length: 500 }, (_, i) => ({ amount: 0.1, description: `Café ${i}`, tax_rate: 21, category: 'Cafetería', date: '2025-05-05' }));
    for (let batch = 0; batch < 2; batch++) {
      const res = await gw.rest('POST', '/expenses/bulk/create/', { key: own, body: { items: inputs } });
      expect(res.status).toBe(201);
      expect(res.body.data.created).toBe(500);
    }
    const res = await gw.gql('{ expenses(first: 100) { totalCount totalAmount nodes { amount } } }', {}, { key: own });
    expect(res.body.data.expenses.totalCount).toBe(1000);
    expect(res.body.data.expenses.totalAmount).toBe(100);
    expect(res.body.data.expenses.nodes.every((n: Row) => n.amount === 0.1)).toBe(true);
    const stored = await gw.store
      .collection('expenses')
      .find({ description: /^Café / })
      .toArray();
    expect(stored.reduce((sum, doc) => sum + (doc.amount_cents as number), 0)).toBe(10000);
  });

  it('0.1 + 0.2 is 0.3 and the largest amounts add up exactly', async () => {
    const { key: own } = await gw.account([...SCOPES]);
    await createRest(gw, own, { amount: 0.1 });
    await createRest(gw, own, { amount: 0.2 });
    expect((await gw.gql('{ expenses { totalAmount } }', {}, { key: own })).body.data.expenses.totalAmount).toBe(0.3);
    await createRest(gw, own, { amount: 999999999999.99 });
    await createRest(gw, own, { amount: 999999999999.99 });
    // 2,000,000,000,000.28 has no exact binary double; the sum is exact in centavos and shown as the nearest double.
    const doc = await gw.store
      .collection('expenses')
      .aggregate([{ $group: { _id: null, t: { $sum: '$amount_cents' } } }])
      .toArray();
    expect(doc[0].t).toBeGreaterThan(0);
    expect((await gw.gql('{ expenses { totalAmount } }', {}, { key: own })).body.data.expenses.totalAmount).toBe(200000000000028 / 100);
  });
});

describe('parity: the same expense through both surfaces', () => {
  const body = restExpense({
    amount: 12100,
    description: 'Mantenimiento mensual',
    tax_rate: 21,
    category: 'Servicios',
    date: '2025-04-30',
    iva_items: [
      { Id: 5, BaseImp: 10000, Importe: 2100 },
      { Id: 4, BaseImp: 0, Importe: 0 },
    ],
    recurring: true,
    recurring_period: 'monthly',
    payment_method: 'bank_transfer',
    receipt_number: 'B-0003-00012345',
    notes: 'Contrato 2025',
  });

  it('created through REST, read through GraphQL (and the other way round): the same record', async () => {
    const viaRest = await createRest(gw, key, { ...body, supplier_id: s2 });
    const read = await gw.gql(EQ.get, { id: viaRest._id }, { key });
    expect(expenseToRest(read.body.data.expense)).toEqual(viaRest);
    const viaGql = await createGql(gw, key, { ...restToGql(body), supplierId: s2 });
    const got = await gw.rest('GET', `/expenses/${viaGql.id}/`, { key });
    expect(got.body.data).toEqual(expenseToRest(viaGql));
    const strip = ({ _id, created_at, updated_at, ...rest }: Row) => rest;
    expect(strip(got.body.data)).toEqual(strip(viaRest));
    expect(viaRest.iva_items).toEqual([
      { Id: 5, BaseImp: 10000, Importe: 2100 },
      { Id: 4, BaseImp: 0, Importe: 0 },
    ]);
  });

  it('updates and moves: PUT and updateExpense agree', async () => {
    const a = await createRest(gw, key, body);
    const b = await createRest(gw, key, body);
    const change = { amount: 50.5, iva_items: [{ Id: 9, BaseImp: 40, Importe: 1 }], status: 'approved' };
    const rest = await gw.rest('PUT', `/expenses/${a._id}/`, { key, body: change });
    const gql = await gw.gql(EQ.update, { id: b._id, input: restToGql(change) }, { key });
    const strip = ({ _id, created_at, updated_at, approved_at, ...rest }: Row) => rest;
    expect(strip(rest.body.data)).toEqual(strip(expenseToRest(gql.body.data.updateExpense)));
    expect(rest.body.data).toMatchObject({ amount: 50.5, status: 'approved', iva_items: [{ Id: 9, BaseImp: 40, Importe: 1 }] });
  });

  it('bulk create with one bad item: all_or_none refuses all naming index.field; item by item writes the others', async () => {
    const { key: own } = await gw.account([...SCOPES]);
    const items = [
      restExpense({ description: 'ok 1' }),
      restExpense({ amount: 0, iva_items: [{ Id: 5, BaseImp: 10, Importe: 3 }] }),
      restExpense({ description: 'ok 2' }),
    ];
    const all = await gw.rest('POST', '/expenses/bulk/create/', { key: own, body: { items } });
    expect(all.status).toBe(400);
    expect(all.body.error.details.map((d: Row) => d.path).sort()).toEqual(['1.amount', '1.iva_items.0.Importe']);
    expect((await gw.rest('GET', '/expenses/list/', { key: own })).body.data.total).toBe(0);
    const gqlAll = await gw.gql(EQ.bulkCreate, { inputs: items.map(restToGql), allOrNone: true }, { key: own });
    expect(gqlAll.body.errors[0].extensions.details.map((d: Row) => d.path).sort()).toEqual(
      ['inputs.1.amount', 'inputs.1.ivaItems.0.importe'].map((p) => p.replace('inputs.', '')).sort(),
    );
    const each = await gw.rest('POST', '/expenses/bulk/create/', { key: own, body: { items, all_or_none: false } });
    expect(each.status).toBe(201);
    expect(each.body.data.created).toBe(2);
    expect(each.body.data.errors).toEqual([
      expect.objectContaining({
        index: 1,
        code: 'BAD_USER_INPUT',
        details: expect.arrayContaining([expect.objectContaining({ path: 'iva_items.0.Importe' })]),
      }),
    ]);
  });

  it('bulk: more than 500 items → 400', async () => {
    const res = await gw.rest('POST', '/expenses/bulk/create/', { key, body: { items: Array.from({ length: 501 }, () => restExpense()) } });
    expect(res.status).toBe(400);
  });
});

describe('OpenAPI: live expense answers match the documented schemas', () => {
  it('create, get, list, update, bulk and delete', async () => {
    const doc = (await (await fetch(`${gw.url}/api/v1/openapi.json`)).json()) as Row;
    const { errorsAgainst } = openApiValidator(doc);
    const check = (value: unknown, ...parts: string[]) => expect(errorsAgainst(value, ...parts)).toEqual([]);
    const [response, request] = [responseSchema, requestSchema];

    const body = restExpense({ iva_items: [{ Id: 5, BaseImp: 100, Importe: 21 }], supplier_id: s1, recurring: true, recurring_period: 'weekly' });
    check(body, ...request('/expenses/', 'post'));
    const created = await gw.rest('POST', '/expenses/', { key, body });
    check(created.body, ...response('/expenses/', 'post', 201));
    const id = created.body.data._id;
    check((await gw.rest('GET', `/expenses/${id}/`, { key })).body, ...response('/expenses/{id}/', 'get', 200));
    check((await gw.rest('GET', '/expenses/list/?limit=5', { key })).body, ...response('/expenses/list/', 'get', 200));
    const update = { status: 'approved', notes: 'ok' };
    check(update, ...request('/expenses/{id}/', 'put'));
    check((await gw.rest('PUT', `/expenses/${id}/`, { key, body: update })).body, ...response('/expenses/{id}/', 'put', 200));
    const bulk = { items: [body] };
    check(bulk, ...request('/expenses/bulk/create/', 'post'));
    const bulkCreated = await gw.rest('POST', '/expenses/bulk/create/', { key, body: bulk });
    check(bulkCreated.body, ...response('/expenses/bulk/create/', 'post', 201));
    const bulkUpdate = { items: [{ _id: bulkCreated.body.data.items[0]._id, status: 'cancelled' }] };
    check(bulkUpdate, ...request('/expenses/bulk/update/', 'put'));
    check((await gw.rest('PUT', '/expenses/bulk/update/', { key, body: bulkUpdate })).body, ...response('/expenses/bulk/update/', 'put', 200));
    check(
      (await gw.rest('POST', '/expenses/bulk/delete/', { key, body: { ids: [bulkCreated.body.data.items[0]._id] } })).body,
      ...response('/expenses/bulk/delete/', 'post', 200),
    );
    // The documented body refuses GraphQL names for VAT lines.
    expect(errorsAgainst(restExpense({ iva_items: [{ id: 5, baseImp: 100, importe: 21 }] }), ...request('/expenses/', 'post')).length).toBeGreaterThan(0);
  });
});
