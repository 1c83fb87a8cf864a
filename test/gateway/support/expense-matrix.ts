/**
 * The expense entries of the authorization matrix (test/gateway/authorization.test.ts): one per REST route and per
 * GraphQL operation. Each case makes its own expense of account A; B's expense (made once) must stay invisible and
 * untouched, and B's supplier cannot be linked from A.
 */
import { ObjectId } from 'mongodb';
import type { TestGateway } from '../../support/gateway';
import type { GqlCase, RestCase } from './matrix';

type Row = Record<string, any>;

export interface MatrixEnv {
  gw(): TestGateway;
  /** Keys with every scope of accounts A and B. */
  fullA(): string;
  fullB(): string;
  unique(prefix: string): string;
}

export function expenseMatrix(env: MatrixEnv): { rest: Record<string, RestCase>; gql: Record<string, GqlCase> } {
  const gw = () => env.gw();
  const stored = (id: string) =>
    gw()
      .store.collection('expenses')
      .findOne({ _id: new ObjectId(id) });
  const count = (filter: Row) => gw().store.collection('expenses').countDocuments(filter);
  const body = (fields: Row = {}) => ({ amount: 10, description: env.unique('Expense'), tax_rate: 21, category: 'Matrix', date: '2025-01-31', ...fields });
  /** The same body in GraphQL names. */
  const gqlBody = (fields: Row = {}) => {
    const { tax_rate: taxRate, ...rest } = body(fields);
    return { ...rest, taxRate };
  };

  const make = async (key: string, fields: Row = {}) => {
    const res = await gw().rest('POST', '/expenses/', { key, body: body(fields) });
    expect(res.status).toBe(201);
    return res.body.data._id as string;
  };
  const snapshots = new Map<string, Promise<unknown>>();
  /** An expense of A in `status`, remembered as it was stored. */
  const recordIn = (status: string) => async () => {
    const id = await make(env.fullA(), { status });
    snapshots.set(id, stored(id));
    return id;
  };
  const record = recordIn('pending');
  const unchanged = async (id: string) => expect(await stored(id)).toEqual(await snapshots.get(id));

  let ofB: Promise<{ id: string; description: string; before: unknown }> | undefined;
  const expenseOfB = () =>
    (ofB ??= (async () => {
      const description = env.unique('Secret expense of B');
      const id = await make(env.fullB(), { description });
      return { id, description, before: await stored(id) };
    })());
  const bUntouched = async () => {
    const b = await expenseOfB();
    expect(await stored(b.id)).toEqual(b.before);
  };
  let supplierOfB: Promise<string> | undefined;
  const supplierB = () =>
    (supplierOfB ??= gw()
      .rest('POST', '/suppliers/', { key: env.fullB(), body: { name: env.unique('Supplier of B for expenses') } })
      .then((res) => res.body.data._id as string));

  const restNotFound = async (method: string, path: (id: string) => string, payload?: unknown) => {
    const b = await expenseOfB();
    const res = await gw().rest(method, path(b.id), { key: env.fullA(), body: payload });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect(JSON.stringify(res.body)).not.toContain(b.description);
    await bUntouched();
  };
  const gqlNotFound = async (document: string, variables: (id: string) => Row) => {
    const b = await expenseOfB();
    const res = await gw().gql(document, variables(b.id), { key: env.fullA() });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(JSON.stringify(res.body)).not.toContain(b.description);
    await bUntouched();
  };
  /** Linking B's supplier from A: 400 naming supplier_id (never 403), nothing written. */
  const restForeignSupplier = async (path: string, payload: (supplierId: string) => unknown, status = 400) => {
    const supplierId = await supplierB();
    const before = await count({});
    const res = await gw().rest(path.endsWith('/bulk/update/') ? 'PUT' : 'POST', path, { key: env.fullA(), body: payload(supplierId) });
    expect(res.status).toBe(status);
    expect(JSON.stringify(res.body.error)).toContain('supplier_id');
    expect(await count({})).toBe(before);
    await bUntouched();
  };

  const rest: Record<string, RestCase> = {
    'GET /expenses/list/': {
      record,
      request: () => ({ path: '/expenses/list/?limit=100' }),
      succeeded: (res, id) => expect(res.body.data.items.map((item: Row) => item._id)).toContain(id),
      unchanged,
      async otherAccount() {
        const b = await expenseOfB();
        const all = await gw().rest('GET', '/expenses/list/?limit=100', { key: env.fullA() });
        expect(all.body.data.items.map((item: Row) => item._id)).not.toContain(b.id);
        const searched = await gw().rest('GET', `/expenses/list/?search=${encodeURIComponent(b.description)}`, { key: env.fullA() });
        expect(searched.body.data).toMatchObject({ items: [], total: 0 });
      },
    },
    'POST /expenses/bulk/create/': {
      record,
      request: (id) => ({
        path: '/expenses/bulk/create/',
        body: { items: [body({ description: `Bulk expense for ${id}` }), body({ description: `Bulk expense for ${id}` })] },
      }),
      succeeded: (res) => expect(res.body.data).toMatchObject({ created: 2, errors: [] }),
      async unchanged(id) {
        expect(await count({ description: `Bulk expense for ${id}` })).toBe(0);
      },
      otherAccount: () => restForeignSupplier('/expenses/bulk/create/', (supplierId) => ({ items: [body({ supplier_id: supplierId })] })),
    },
    'PUT /expenses/bulk/update/': {
      record,
      request: (id) => ({ path: '/expenses/bulk/update/', body: { items: [{ _id: id, notes: 'bulk updated' }] } }),
      succeeded: (res, id) => expect(res.body.data).toMatchObject({ updated: 1, items: [{ _id: id, notes: 'bulk updated' }], errors: [] }),
      unchanged,
      async otherAccount() {
        const b = await expenseOfB();
        const res = await gw().rest('PUT', '/expenses/bulk/update/', {
          key: env.fullA(),
          body: { items: [{ _id: b.id, notes: 'hijacked' }], all_or_none: false },
        });
        expect(res.body.data).toMatchObject({ updated: 0, errors: [{ index: 0, code: 'NOT_FOUND' }] });
        await bUntouched();
      },
    },
    'POST /expenses/bulk/delete/': {
      record,
      request: (id) => ({ path: '/expenses/bulk/delete/', body: { ids: [id] } }),
      async succeeded(res, id) {
        expect(res.body.data).toEqual({ deleted: 1, items: [{ _id: id, deleted: true }], errors: [] });
        expect(await stored(id)).toBeNull();
      },
      unchanged,
      async otherAccount() {
        const b = await expenseOfB();
        const res = await gw().rest('POST', '/expenses/bulk/delete/', { key: env.fullA(), body: { ids: [b.id], all_or_none: false } });
        expect(res.body.data).toMatchObject({ deleted: 0, errors: [{ index: 0, code: 'NOT_FOUND' }] });
        await bUntouched();
      },
    },
    'GET /expenses/{id}/': {
      record,
      request: (id) => ({ path: `/expenses/${encodeURIComponent(id)}/` }),
      succeeded: (res, id) => expect(res.body.data._id).toBe(id),
      unchanged,
      otherAccount: () => restNotFound('GET', (id) => `/expenses/${id}/`),
    },
    'POST /expenses/': {
      record,
      request: (id) => ({ path: '/expenses/', body: body({ description: `Created for ${id}` }) }),
      succeeded: (res, id) => expect(res.body.data).toMatchObject({ description: `Created for ${id}`, status: 'pending' }),
      async unchanged(id) {
        expect(await count({ description: `Created for ${id}` })).toBe(0);
      },
      otherAccount: () => restForeignSupplier('/expenses/', (supplierId) => body({ supplier_id: supplierId })),
    },
    'PUT /expenses/{id}/': {
      record,
      request: (id) => ({ path: `/expenses/${encodeURIComponent(id)}/`, body: { notes: 'updated', status: 'approved' } }),
      succeeded: (res, id) => expect(res.body.data).toMatchObject({ _id: id, notes: 'updated', status: 'approved' }),
      unchanged,
      otherAccount: () => restNotFound('PUT', (id) => `/expenses/${id}/`, { notes: 'hijacked', status: 'approved' }),
    },
    'DELETE /expenses/{id}/': {
      record,
      request: (id) => ({ path: `/expenses/${encodeURIComponent(id)}/` }),
      async succeeded(res, id) {
        expect(res.body.data).toEqual({ _id: id, deleted: true });
        expect(await stored(id)).toBeNull();
      },
      unchanged,
      otherAccount: () => restNotFound('DELETE', (id) => `/expenses/${id}/`),
    },
  };

  const get = 'query Q($id: ID!) { expense(id: $id) { id description } }';
  const update = 'mutation M($id: ID!, $input: UpdateExpenseInput!) { updateExpense(id: $id, input: $input) { id notes } }';
  const remove = 'mutation M($id: ID!) { deleteExpense(id: $id) }';
  const create = 'mutation M($input: CreateExpenseInput!) { createExpense(input: $input) { id description } }';
  const createMany = 'mutation M($inputs: [ExpenseCreateItem!]!) { createExpenses(inputs: $inputs) { count errors { code } } }';
  const gqlForeignSupplier = async (document: string, variables: (supplierId: string) => Row) => {
    const before = await count({});
    const res = await gw().gql(document, variables(await supplierB()), { key: env.fullA() });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(res.body.errors[0].extensions.details)).toContain('supplierId');
    expect(await count({})).toBe(before);
    await bUntouched();
  };

  const gql: Record<string, GqlCase> = {
    expense: {
      scope: 'expenses:read',
      record,
      document: get,
      variables: (id) => ({ id }),
      succeeded: (data, id) => expect(data.expense.id).toBe(id),
      unchanged,
      otherAccount: () => gqlNotFound(get, (id) => ({ id })),
      badId: (id) => ({ id }),
    },
    expenses: {
      scope: 'expenses:read',
      record,
      document: 'query Q { expenses(first: 100) { totalCount nodes { id } } }',
      variables: () => ({}),
      succeeded: (data, id) => expect(data.expenses.nodes.map((n: Row) => n.id)).toContain(id),
      unchanged,
      async otherAccount() {
        const b = await expenseOfB();
        const res = await gw().gql(
          'query Q($s: String) { expenses(first: 100, filter: { search: $s }) { totalCount totalAmount nodes { id } } }',
          { s: b.description },
          { key: env.fullA() },
        );
        expect(res.body).toEqual({ data: { expenses: { totalCount: 0, totalAmount: 0, nodes: [] } } });
      },
    },
    createExpense: {
      scope: 'expenses:write',
      record,
      document: create,
      variables: (id) => ({ input: gqlBody({ description: `GQL created for ${id}` }) }),
      succeeded: (data, id) => expect(data.createExpense.description).toBe(`GQL created for ${id}`),
      async unchanged(id) {
        expect(await count({ description: `GQL created for ${id}` })).toBe(0);
      },
      otherAccount: () => gqlForeignSupplier(create, (supplierId) => ({ input: gqlBody({ supplierId }) })),
    },
    createExpenses: {
      scope: 'expenses:write',
      record,
      document: createMany,
      variables: (id) => ({ inputs: [gqlBody({ description: `GQL bulk created for ${id}` })] }),
      succeeded: (data) => expect(data.createExpenses).toEqual({ count: 1, errors: [] }),
      async unchanged(id) {
        expect(await count({ description: `GQL bulk created for ${id}` })).toBe(0);
      },
      otherAccount: () => gqlForeignSupplier(createMany, (supplierId) => ({ inputs: [gqlBody({ supplierId })] })),
    },
    updateExpense: {
      scope: 'expenses:write',
      record,
      document: update,
      variables: (id) => ({ id, input: { notes: 'gql updated' } }),
      succeeded: (data, id) => expect(data.updateExpense).toEqual({ id, notes: 'gql updated' }),
      unchanged,
      otherAccount: () => gqlNotFound(update, (id) => ({ id, input: { notes: 'hijacked' } })),
      badId: (id) => ({ id, input: { notes: 'x' } }),
    },
    updateExpenses: {
      scope: 'expenses:write',
      record,
      document: 'mutation M($inputs: [ExpenseUpdateItem!]!) { updateExpenses(inputs: $inputs) { count items { id notes } errors { code } } }',
      variables: (id) => ({ inputs: [{ id, notes: 'gql bulk updated' }] }),
      succeeded: (data, id) => expect(data.updateExpenses).toEqual({ count: 1, items: [{ id, notes: 'gql bulk updated' }], errors: [] }),
      unchanged,
      async otherAccount() {
        const b = await expenseOfB();
        const res = await gw().gql(
          'mutation M($inputs: [ExpenseUpdateItem!]!) { updateExpenses(inputs: $inputs, allOrNone: false) { count errors { index code } } }',
          { inputs: [{ id: b.id, notes: 'hijacked' }] },
          { key: env.fullA() },
        );
        expect(res.body.data.updateExpenses).toEqual({ count: 0, errors: [{ index: 0, code: 'NOT_FOUND' }] });
        await bUntouched();
      },
    },
    deleteExpense: {
      scope: 'expenses:write',
      record,
      document: remove,
      variables: (id) => ({ id }),
      async succeeded(data, id) {
        expect(data.deleteExpense).toBe(id);
        expect(await stored(id)).toBeNull();
      },
      unchanged,
      otherAccount: () => gqlNotFound(remove, (id) => ({ id })),
      badId: (id) => ({ id }),
    },
    deleteExpenses: {
      scope: 'expenses:write',
      record,
      document: 'mutation M($ids: [ID!]!) { deleteExpenses(ids: $ids) { count items { id deleted } errors { code } } }',
      variables: (id) => ({ ids: [id] }),
      async succeeded(data, id) {
        expect(data.deleteExpenses).toEqual({ count: 1, items: [{ id, deleted: true }], errors: [] });
        expect(await stored(id)).toBeNull();
      },
      unchanged,
      async otherAccount() {
        const b = await expenseOfB();
        const res = await gw().gql(
          'mutation M($ids: [ID!]!) { deleteExpenses(ids: $ids, allOrNone: false) { count errors { index code } } }',
          { ids: [b.id] },
          { key: env.fullA() },
        );
        expect(res.body.data.deleteExpenses).toEqual({ count: 0, errors: [{ index: 0, code: 'NOT_FOUND' }] });
        await bUntouched();
      },
    },
  };

  // The explicit moves: each acts on an expense of A in the status it leaves.
  const moves: Array<[string, string, string]> = [
    ['approveExpense', 'pending', 'approved'],
    ['payExpense', 'approved', 'paid'],
    ['refundExpense', 'paid', 'refunded'],
    ['cancelExpense', 'pending', 'cancelled'],
  ];
  for (const [mutation, from, to] of moves) {
    const document = `mutation M($id: ID!) { ${mutation}(id: $id) { id status } }`;
    gql[mutation] = {
      scope: 'expenses:write',
      record: recordIn(from),
      document,
      variables: (id) => ({ id }),
      async succeeded(data, id) {
        expect(data[mutation]).toEqual({ id, status: to });
        expect((await stored(id))!.status).toBe(to);
      },
      unchanged,
      otherAccount: () => gqlNotFound(document, (id) => ({ id })),
      badId: (id) => ({ id }),
    };
  }
  return { rest, gql };
}
