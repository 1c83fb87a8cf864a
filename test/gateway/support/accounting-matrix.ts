/**
 * The accounting entries of the authorization matrix (test/gateway/authorization.test.ts): chart of accounts and
 * journal, one per REST route and per GraphQL operation. Each case makes its own record of account A; B's records
 * (made once) must stay invisible and untouched, and B's accounts cannot be used from A.
 */
import { ObjectId } from 'mongodb';
import type { Scope } from '../../../src/domain/auth/scopes';
import type { GqlCase, RestCase } from './matrix';
import type { MatrixEnv } from './expense-matrix';

type Row = Record<string, any>;

const READ: Scope = 'accounting:read';
const WRITE: Scope = 'accounting:write';

export function accountingMatrix(env: MatrixEnv): { rest: Record<string, RestCase>; gql: Record<string, GqlCase> } {
  const gw = () => env.gw();
  const collection = (name: 'ledger_accounts' | 'journal_entries') => gw().store.collection(name);
  const stored = (name: 'ledger_accounts' | 'journal_entries', id: string) => collection(name).findOne({ _id: new ObjectId(id) });

  /** A postable asset account and a postable revenue account of the key's account, made once per account. */
  /** A's chart once made (records of A are made before any request about them is built). */
  let chartA: { cash: string; sales: string } | undefined;
  const entryOfAccountA = (description: string) => ({
    date: '2026-04-01',
    description,
    lines: [
      { account_code: chartA!.cash, debit: 10 },
      { account_code: chartA!.sales, credit: 10 },
    ],
  });
  const charts = new Map<string, Promise<{ cash: string; sales: string }>>();
  const chartOf = (key: string) => {
    let chart = charts.get(key);
    if (!chart) {
      chart = (async () => {
        const [cash, sales] = [env.unique('C'), env.unique('V')];
        for (const body of [
          { code: `${cash}`, name: 'Caja', account_type: 'asset', is_detail: true },
          { code: `${sales}`, name: 'Ventas', account_type: 'revenue', is_detail: true },
        ]) {
          const res = await gw().rest('POST', '/accounting/accounts/', { key, body });
          expect(res.status).toBe(201);
        }
        if (key === env.fullA()) chartA = { cash, sales };
        return { cash, sales };
      })();
      charts.set(key, chart);
    }
    return chart;
  };
  const entryBody = async (key: string, description: string) => {
    const { cash, sales } = await chartOf(key);
    return {
      date: '2026-04-01',
      description,
      lines: [
        { account_code: cash, debit: 10 },
        { account_code: sales, credit: 10 },
      ],
    };
  };
  const gqlEntry = async (key: string, description: string) => {
    const { cash, sales } = await chartOf(key);
    return {
      date: '2026-04-01',
      description,
      lines: [
        { accountCode: cash, debit: 10 },
        { accountCode: sales, credit: 10 },
      ],
    };
  };

  const makeAccount = async (key: string, fields: Row = {}) => {
    const res = await gw().rest('POST', '/accounting/accounts/', { key, body: { code: env.unique('A'), name: 'Cuenta', account_type: 'asset', ...fields } });
    expect(res.status).toBe(201);
    return res.body.data._id as string;
  };
  const makeEntry = async (key: string, posted = false) => {
    const res = await gw().rest('POST', '/accounting/journal/', { key, body: await entryBody(key, env.unique('Asiento')) });
    expect(res.status).toBe(201);
    const id = res.body.data._id as string;
    if (posted) expect((await gw().rest('POST', `/accounting/journal/${id}/post/`, { key })).status).toBe(200);
    return id;
  };

  const snapshots = new Map<string, Promise<unknown>>();
  const remember = (name: 'ledger_accounts' | 'journal_entries', id: string) => {
    snapshots.set(id, stored(name, id));
    return id;
  };
  const accountOfA = async () => remember('ledger_accounts', await makeAccount(env.fullA()));
  const entryOfA = (posted: boolean) => async () => remember('journal_entries', await makeEntry(env.fullA(), posted));
  const unchangedIn = (name: 'ledger_accounts' | 'journal_entries') => async (id: string) => expect(await stored(name, id)).toEqual(await snapshots.get(id));

  let ofB: Promise<{ account: string; code: string; entry: string; posted: string; before: unknown[] }> | undefined;
  const recordsOfB = () =>
    (ofB ??= (async () => {
      const code = env.unique('Secreta B');
      const account = await makeAccount(env.fullB(), { code });
      const entry = await makeEntry(env.fullB());
      const posted = await makeEntry(env.fullB(), true);
      const before = await Promise.all([stored('ledger_accounts', account), stored('journal_entries', entry), stored('journal_entries', posted)]);
      return { account, code, entry, posted, before };
    })());
  const bUntouched = async () => {
    const b = await recordsOfB();
    expect(await Promise.all([stored('ledger_accounts', b.account), stored('journal_entries', b.entry), stored('journal_entries', b.posted)])).toEqual(
      b.before,
    );
  };
  const restNotFound = async (method: string, path: (b: { account: string; entry: string; posted: string }) => string, body?: unknown) => {
    const b = await recordsOfB();
    const res = await gw().rest(method, path(b), { key: env.fullA(), body });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect(JSON.stringify(res.body)).not.toContain(b.code);
    await bUntouched();
  };
  const gqlNotFound = async (document: string, variables: (b: { account: string; entry: string; posted: string }) => Row) => {
    const b = await recordsOfB();
    const res = await gw().gql(document, variables(b), { key: env.fullA() });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(JSON.stringify(res.body)).not.toContain(b.code);
    await bUntouched();
  };
  /** A's writes naming B's account code: refused as unknown in A's chart (400 naming the field), nothing written. */
  const restForeignCode = async (method: string, path: string, body: (code: string) => unknown, field: string) => {
    const b = await recordsOfB();
    const res = await gw().rest(method, path, { key: env.fullA(), body: await body(b.code) });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.error)).toContain(field);
    await bUntouched();
  };
  const entryWithCode = async (code: string, description: string) => {
    const { sales } = await chartOf(env.fullA());
    return {
      description,
      lines: [
        { account_code: code, debit: 1 },
        { account_code: sales, credit: 1 },
      ],
    };
  };
  const countIn = (name: 'ledger_accounts' | 'journal_entries', filter: Row) => collection(name).countDocuments(filter);

  const accountsUnchanged = unchangedIn('ledger_accounts');
  const entriesUnchanged = unchangedIn('journal_entries');

  const rest: Record<string, RestCase> = {
    'GET /accounting/accounts/list/': {
      record: accountOfA,
      request: () => ({ path: '/accounting/accounts/list/?limit=100&sort_order=desc' }),
      succeeded: (res, id) => expect(res.body.data.items.map((item: Row) => item._id)).toContain(id),
      unchanged: accountsUnchanged,
      async otherAccount() {
        const b = await recordsOfB();
        const res = await gw().rest('GET', `/accounting/accounts/list/?search=${encodeURIComponent(b.code)}`, { key: env.fullA() });
        expect(res.body.data).toMatchObject({ items: [], total: 0 });
      },
    },
    'POST /accounting/accounts/seed/': {
      record: accountOfA,
      request: () => ({ path: '/accounting/accounts/seed/' }),
      // A's chart already has accounts: the load leaves it alone.
      succeeded: (res) => expect(res.body).toMatchObject({ data: { seeded: 0 }, message: expect.any(String) }),
      unchanged: accountsUnchanged,
      async otherAccount() {
        await recordsOfB();
        await gw().rest('POST', '/accounting/accounts/seed/', { key: env.fullA() });
        await bUntouched();
      },
    },
    'GET /accounting/accounts/balances/': {
      record: accountOfA,
      request: () => ({ path: '/accounting/accounts/balances/?level=1' }),
      async succeeded(res, id) {
        const code = ((await stored('ledger_accounts', id)) as Row).code;
        expect(res.body.data.items.map((row: Row) => row.code)).toContain(code);
      },
      unchanged: accountsUnchanged,
      async otherAccount() {
        const b = await recordsOfB();
        const res = await gw().rest('GET', '/accounting/accounts/balances/', { key: env.fullA() });
        expect(res.body.data.items.map((row: Row) => row.code)).not.toContain(b.code);
      },
    },
    'POST /accounting/accounts/bulk/create/': {
      record: accountOfA,
      request: (id) => ({
        path: '/accounting/accounts/bulk/create/',
        body: { items: [{ code: env.unique('Bulk'), name: `Bulk for ${id}`, account_type: 'asset' }] },
      }),
      succeeded: (res) => expect(res.body.data).toMatchObject({ created: 1, errors: [] }),
      async unchanged(id) {
        expect(await countIn('ledger_accounts', { name: `Bulk for ${id}` })).toBe(0);
      },
      otherAccount: () =>
        restForeignCode(
          'POST',
          '/accounting/accounts/bulk/create/',
          (code) => ({ items: [{ code: env.unique('Hijo'), name: 'x', account_type: 'asset', parent_code: code }] }),
          'parent_code',
        ),
    },
    'PUT /accounting/accounts/bulk/update/': {
      record: accountOfA,
      request: (id) => ({ path: '/accounting/accounts/bulk/update/', body: { items: [{ _id: id, description: 'bulk updated' }] } }),
      succeeded: (res, id) => expect(res.body.data).toMatchObject({ updated: 1, items: [{ _id: id, description: 'bulk updated' }] }),
      unchanged: accountsUnchanged,
      async otherAccount() {
        const b = await recordsOfB();
        const res = await gw().rest('PUT', '/accounting/accounts/bulk/update/', {
          key: env.fullA(),
          body: { items: [{ _id: b.account, description: 'hijacked' }], all_or_none: false },
        });
        expect(res.body.data).toMatchObject({ updated: 0, errors: [{ index: 0, code: 'NOT_FOUND' }] });
        await bUntouched();
      },
    },
    'POST /accounting/accounts/bulk/delete/': {
      record: accountOfA,
      request: (id) => ({ path: '/accounting/accounts/bulk/delete/', body: { ids: [id] } }),
      async succeeded(res, id) {
        expect(res.body.data).toEqual({ deleted: 1, items: [{ _id: id, deleted: true }], errors: [] });
        expect(await stored('ledger_accounts', id)).toBeNull();
      },
      unchanged: accountsUnchanged,
      async otherAccount() {
        const b = await recordsOfB();
        const res = await gw().rest('POST', '/accounting/accounts/bulk/delete/', { key: env.fullA(), body: { ids: [b.account], all_or_none: false } });
        expect(res.body.data).toMatchObject({ deleted: 0, errors: [{ index: 0, code: 'NOT_FOUND' }] });
        await bUntouched();
      },
    },
    'GET /accounting/accounts/{id}/': {
      record: accountOfA,
      request: (id) => ({ path: `/accounting/accounts/${encodeURIComponent(id)}/` }),
      succeeded: (res, id) => expect(res.body.data).toMatchObject({ _id: id, balance: 0, is_active: true }),
      unchanged: accountsUnchanged,
      otherAccount: () => restNotFound('GET', (b) => `/accounting/accounts/${b.account}/`),
    },
    'POST /accounting/accounts/': {
      record: accountOfA,
      request: (id) => ({ path: '/accounting/accounts/', body: { code: env.unique('New'), name: `Created for ${id}`, account_type: 'expense' } }),
      succeeded: (res, id) => expect(res.body.data).toMatchObject({ name: `Created for ${id}`, level: 1 }),
      async unchanged(id) {
        expect(await countIn('ledger_accounts', { name: `Created for ${id}` })).toBe(0);
      },
      otherAccount: () =>
        restForeignCode(
          'POST',
          '/accounting/accounts/',
          (code) => ({ code: env.unique('Hijo'), name: 'x', account_type: 'asset', parent_code: code }),
          'parent_code',
        ),
    },
    'PUT /accounting/accounts/{id}/': {
      record: accountOfA,
      request: (id) => ({ path: `/accounting/accounts/${encodeURIComponent(id)}/`, body: { description: 'updated' } }),
      succeeded: (res, id) => expect(res.body.data).toMatchObject({ _id: id, description: 'updated' }),
      unchanged: accountsUnchanged,
      otherAccount: () => restNotFound('PUT', (b) => `/accounting/accounts/${b.account}/`, { description: 'hijacked' }),
    },
    'DELETE /accounting/accounts/{id}/': {
      record: accountOfA,
      request: (id) => ({ path: `/accounting/accounts/${encodeURIComponent(id)}/` }),
      async succeeded(res, id) {
        expect(res.body.data).toEqual({ _id: id, deleted: true });
        expect(await stored('ledger_accounts', id)).toBeNull();
      },
      unchanged: accountsUnchanged,
      otherAccount: () => restNotFound('DELETE', (b) => `/accounting/accounts/${b.account}/`),
    },
    'GET /accounting/journal/list/': {
      record: entryOfA(false),
      request: () => ({ path: '/accounting/journal/list/?limit=100&sort_by=created_at' }),
      succeeded: (res, id) => expect(res.body.data.items.map((item: Row) => item._id)).toContain(id),
      unchanged: entriesUnchanged,
      async otherAccount() {
        const b = await recordsOfB();
        const res = await gw().rest('GET', '/accounting/journal/list/?limit=100', { key: env.fullA() });
        expect(res.body.data.items.map((item: Row) => item._id)).not.toContain(b.entry);
      },
    },
    'POST /accounting/journal/bulk/create/': {
      record: entryOfA(false),
      request: (id) => ({ path: '/accounting/journal/bulk/create/', body: { items: [entryOfAccountA(`Bulk for ${id}`)] } }),
      succeeded: (res) => expect(res.body.data).toMatchObject({ created: 1, errors: [], items: [{ status: 'draft' }] }),
      async unchanged(id) {
        expect(await countIn('journal_entries', { description: `Bulk for ${id}` })).toBe(0);
      },
      otherAccount: () =>
        restForeignCode('POST', '/accounting/journal/bulk/create/', async (code) => ({ items: [await entryWithCode(code, 'x')] }), 'account_code'),
    },
    'PUT /accounting/journal/bulk/update/': {
      record: entryOfA(false),
      request: (id) => ({ path: '/accounting/journal/bulk/update/', body: { items: [{ _id: id, description: 'bulk updated' }] } }),
      succeeded: (res, id) => expect(res.body.data).toMatchObject({ updated: 1, items: [{ _id: id, description: 'bulk updated' }] }),
      unchanged: entriesUnchanged,
      async otherAccount() {
        const b = await recordsOfB();
        const res = await gw().rest('PUT', '/accounting/journal/bulk/update/', {
          key: env.fullA(),
          body: { items: [{ _id: b.entry, description: 'hijacked' }], all_or_none: false },
        });
        expect(res.body.data).toMatchObject({ updated: 0, errors: [{ index: 0, code: 'NOT_FOUND' }] });
        await bUntouched();
      },
    },
    'POST /accounting/journal/bulk/delete/': {
      record: entryOfA(false),
      request: (id) => ({ path: '/accounting/journal/bulk/delete/', body: { ids: [id] } }),
      async succeeded(res, id) {
        expect(res.body.data).toEqual({ deleted: 1, items: [{ _id: id, deleted: true }], errors: [] });
        expect(await stored('journal_entries', id)).toBeNull();
      },
      unchanged: entriesUnchanged,
      async otherAccount() {
        const b = await recordsOfB();
        const res = await gw().rest('POST', '/accounting/journal/bulk/delete/', { key: env.fullA(), body: { ids: [b.entry], all_or_none: false } });
        expect(res.body.data).toMatchObject({ deleted: 0, errors: [{ index: 0, code: 'NOT_FOUND' }] });
        await bUntouched();
      },
    },
    'GET /accounting/journal/{id}/': {
      record: entryOfA(false),
      request: (id) => ({ path: `/accounting/journal/${encodeURIComponent(id)}/` }),
      succeeded: (res, id) => expect(res.body.data).toMatchObject({ _id: id, status: 'draft' }),
      unchanged: entriesUnchanged,
      otherAccount: () => restNotFound('GET', (b) => `/accounting/journal/${b.entry}/`),
    },
    'POST /accounting/journal/': {
      record: entryOfA(false),
      request: (id) => ({ path: '/accounting/journal/', body: entryOfAccountA(`Created for ${id}`) }),
      succeeded: (res, id) => expect(res.body.data).toMatchObject({ description: `Created for ${id}`, status: 'draft', total_debit: 10 }),
      async unchanged(id) {
        expect(await countIn('journal_entries', { description: `Created for ${id}` })).toBe(0);
      },
      otherAccount: () => restForeignCode('POST', '/accounting/journal/', (code) => entryWithCode(code, 'x'), 'account_code'),
    },
    'PUT /accounting/journal/{id}/': {
      record: entryOfA(false),
      request: (id) => ({ path: `/accounting/journal/${encodeURIComponent(id)}/`, body: { description: 'updated' } }),
      succeeded: (res, id) => expect(res.body.data).toMatchObject({ _id: id, description: 'updated' }),
      unchanged: entriesUnchanged,
      otherAccount: () => restNotFound('PUT', (b) => `/accounting/journal/${b.entry}/`, { description: 'hijacked' }),
    },
    'DELETE /accounting/journal/{id}/': {
      record: entryOfA(false),
      request: (id) => ({ path: `/accounting/journal/${encodeURIComponent(id)}/` }),
      async succeeded(res, id) {
        expect(res.body.data).toEqual({ _id: id, deleted: true });
        expect(await stored('journal_entries', id)).toBeNull();
      },
      unchanged: entriesUnchanged,
      otherAccount: () => restNotFound('DELETE', (b) => `/accounting/journal/${b.entry}/`),
    },
    'POST /accounting/journal/{id}/post/': {
      record: entryOfA(false),
      request: (id) => ({ path: `/accounting/journal/${encodeURIComponent(id)}/post/` }),
      succeeded: (res, id) => expect(res.body.data).toMatchObject({ _id: id, status: 'posted', number: expect.any(Number) }),
      unchanged: entriesUnchanged,
      otherAccount: () => restNotFound('POST', (b) => `/accounting/journal/${b.entry}/post/`),
    },
    'POST /accounting/journal/{id}/reverse/': {
      record: entryOfA(true),
      request: (id) => ({ path: `/accounting/journal/${encodeURIComponent(id)}/reverse/`, body: {} }),
      succeeded: (res, id) => expect(res.body.data).toMatchObject({ status: 'posted', reverses_id: id }),
      unchanged: entriesUnchanged,
      otherAccount: () => restNotFound('POST', (b) => `/accounting/journal/${b.posted}/reverse/`, {}),
    },
  };

  const gqlCases = (
    one: string,
    many: string,
    type: string,
    record: () => Promise<string>,
    unchanged: (id: string) => Promise<void>,
    input: (id: string) => Promise<Row>,
    change: Row,
    ofB: (b: { account: string; entry: string }) => string,
  ): Record<string, GqlCase> => {
    const get = `query Q($id: ID!) { ${one}(id: $id) { id } }`;
    const update = `mutation M($id: ID!, $input: Update${type}Input!) { update${type}(id: $id, input: $input) { id } }`;
    const remove = `mutation M($id: ID!) { delete${type}(id: $id) }`;
    const name = (id: string) => `GQL for ${id}`;
    const inputs = new Map<string, Row>();
    // Variables are built synchronously: the input of each id is prepared when its record is made.
    const made = async () => {
      const id = await record();
      inputs.set(id, await input(id));
      return id;
    };
    return {
      [one]: {
        scope: READ,
        record,
        document: get,
        variables: (id) => ({ id }),
        succeeded: (data, id) => expect(data[one].id).toBe(id),
        unchanged,
        otherAccount: () => gqlNotFound(get, (b) => ({ id: ofB(b) })),
        badId: (id) => ({ id }),
      },
      [many]: {
        scope: READ,
        record,
        document: `query Q { ${many}(first: 100, orderBy: {field: createdAt, direction: desc}) { nodes { id } } }`,
        variables: () => ({}),
        succeeded: (data, id) => expect(data[many].nodes.map((n: Row) => n.id)).toContain(id),
        unchanged,
        async otherAccount() {
          const b = await recordsOfB();
          const res = await gw().gql(`query Q { ${many}(first: 100) { nodes { id } } }`, {}, { key: env.fullA() });
          expect(res.body.data[many].nodes.map((n: Row) => n.id)).not.toContain(ofB(b));
        },
      },
      [`create${type}`]: {
        scope: WRITE,
        record: made,
        document: `mutation M($input: Create${type}Input!) { create${type}(input: $input) { id } }`,
        variables: (id) => ({ input: { ...inputs.get(id), description: name(id) } }),
        succeeded: (data) => expect(data[`create${type}`].id).toEqual(expect.any(String)),
        async unchanged(id) {
          expect(await countIn(type === 'LedgerAccount' ? 'ledger_accounts' : 'journal_entries', { description: name(id) })).toBe(0);
        },
        otherAccount: bUntouched,
      },
      [`create${many[0].toUpperCase()}${many.slice(1)}`]: {
        scope: WRITE,
        record: made,
        document: `mutation M($inputs: [${type}CreateItem!]!) { create${many[0].toUpperCase()}${many.slice(1)}(inputs: $inputs) { count errors { code } } }`,
        variables: (id) => ({ inputs: [{ ...inputs.get(id), description: name(id) }] }),
        succeeded: (data) => expect(data[`create${many[0].toUpperCase()}${many.slice(1)}`]).toEqual({ count: 1, errors: [] }),
        async unchanged(id) {
          expect(await countIn(type === 'LedgerAccount' ? 'ledger_accounts' : 'journal_entries', { description: name(id) })).toBe(0);
        },
        otherAccount: bUntouched,
      },
      [`update${type}`]: {
        scope: WRITE,
        record,
        document: update,
        variables: (id) => ({ id, input: change }),
        succeeded: (data, id) => expect(data[`update${type}`].id).toBe(id),
        unchanged,
        otherAccount: () => gqlNotFound(update, (b) => ({ id: ofB(b), input: change })),
        badId: (id) => ({ id, input: change }),
      },
      [`update${many[0].toUpperCase()}${many.slice(1)}`]: {
        scope: WRITE,
        record,
        document: `mutation M($inputs: [${type}UpdateItem!]!, $all: Boolean!) { update${many[0].toUpperCase()}${many.slice(1)}(inputs: $inputs, allOrNone: $all) { count errors { index code } } }`,
        variables: (id) => ({ inputs: [{ id, ...change }], all: true }),
        succeeded: (data) => expect(data[`update${many[0].toUpperCase()}${many.slice(1)}`]).toEqual({ count: 1, errors: [] }),
        unchanged,
        async otherAccount() {
          const b = await recordsOfB();
          const res = await gw().gql(
            `mutation M($inputs: [${type}UpdateItem!]!) { update${many[0].toUpperCase()}${many.slice(1)}(inputs: $inputs, allOrNone: false) { count errors { index code } } }`,
            { inputs: [{ id: ofB(b), ...change }] },
            { key: env.fullA() },
          );
          expect(res.body.data[`update${many[0].toUpperCase()}${many.slice(1)}`]).toEqual({ count: 0, errors: [{ index: 0, code: 'NOT_FOUND' }] });
          await bUntouched();
        },
      },
      [`delete${type}`]: {
        scope: WRITE,
        record,
        document: remove,
        variables: (id) => ({ id }),
        succeeded: (data, id) => expect(data[`delete${type}`]).toBe(id),
        unchanged,
        otherAccount: () => gqlNotFound(remove, (b) => ({ id: ofB(b) })),
        badId: (id) => ({ id }),
      },
      [`delete${many[0].toUpperCase()}${many.slice(1)}`]: {
        scope: WRITE,
        record,
        document: `mutation M($ids: [ID!]!) { delete${many[0].toUpperCase()}${many.slice(1)}(ids: $ids) { count errors { code } } }`,
        variables: (id) => ({ ids: [id] }),
        succeeded: (data) => expect(data[`delete${many[0].toUpperCase()}${many.slice(1)}`]).toEqual({ count: 1, errors: [] }),
        unchanged,
        async otherAccount() {
          const b = await recordsOfB();
          const res = await gw().gql(
            `mutation M($ids: [ID!]!) { delete${many[0].toUpperCase()}${many.slice(1)}(ids: $ids, allOrNone: false) { count errors { index code } } }`,
            { ids: [ofB(b)] },
            { key: env.fullA() },
          );
          expect(res.body.data[`delete${many[0].toUpperCase()}${many.slice(1)}`]).toEqual({ count: 0, errors: [{ index: 0, code: 'NOT_FOUND' }] });
          await bUntouched();
        },
      },
    };
  };

  const postDoc = 'mutation M($id: ID!) { postJournalEntry(id: $id) { id status } }';
  const reverseDoc = 'mutation M($id: ID!) { reverseJournalEntry(id: $id) { status reverses { id } } }';
  const gql: Record<string, GqlCase> = {
    ...gqlCases(
      'ledgerAccount',
      'ledgerAccounts',
      'LedgerAccount',
      accountOfA,
      accountsUnchanged,
      async () => ({ code: env.unique('G'), name: 'Cuenta GQL', accountType: 'equity' }),
      { description: 'gql updated' },
      (b) => b.account,
    ),
    ...gqlCases(
      'journalEntry',
      'journalEntries',
      'JournalEntry',
      entryOfA(false),
      entriesUnchanged,
      (id) => gqlEntry(env.fullA(), id),
      { description: 'gql updated' },
      (b) => b.entry,
    ),
    seedLedgerAccounts: {
      scope: WRITE,
      record: accountOfA,
      document: 'mutation { seedLedgerAccounts { seeded message } }',
      variables: () => ({}),
      succeeded: (data) => expect(data.seedLedgerAccounts.seeded).toBe(0),
      unchanged: accountsUnchanged,
      otherAccount: bUntouched,
    },
    ledgerBalances: {
      scope: READ,
      record: accountOfA,
      document: 'query { ledgerBalances(level: 1) { items { code } } }',
      variables: () => ({}),
      async succeeded(data, id) {
        expect(data.ledgerBalances.items.map((row: Row) => row.code)).toContain(((await stored('ledger_accounts', id)) as Row).code);
      },
      unchanged: accountsUnchanged,
      async otherAccount() {
        const b = await recordsOfB();
        const res = await gw().gql('query { ledgerBalances { items { code } } }', {}, { key: env.fullA() });
        expect(res.body.data.ledgerBalances.items.map((row: Row) => row.code)).not.toContain(b.code);
      },
    },
    postJournalEntry: {
      scope: WRITE,
      record: entryOfA(false),
      document: postDoc,
      variables: (id) => ({ id }),
      succeeded: (data, id) => expect(data.postJournalEntry).toEqual({ id, status: 'posted' }),
      unchanged: entriesUnchanged,
      otherAccount: () => gqlNotFound(postDoc, (b) => ({ id: b.entry })),
      badId: (id) => ({ id }),
    },
    reverseJournalEntry: {
      scope: WRITE,
      record: entryOfA(true),
      document: reverseDoc,
      variables: (id) => ({ id }),
      succeeded: (data, id) => expect(data.reverseJournalEntry).toEqual({ status: 'posted', reverses: { id } }),
      unchanged: entriesUnchanged,
      otherAccount: () => gqlNotFound(reverseDoc, (b) => ({ id: ofBPosted(b) })),
      badId: (id) => ({ id }),
    },
  };
  const ofBPosted = (b: { posted?: string }) => b.posted!;
  return { rest, gql };
}
