/**
 * The multi-taxpayer entries of the authorization matrix (test/gateway/authorization.test.ts): one per REST route and
 * per GraphQL operation. Accounts A and B have the widget on (its off state is multi-taxpayer.test.ts's); each case
 * makes its own identity of A; B's identity (made once) must stay invisible and untouched.
 */
import { ObjectId } from 'mongodb';
import { setWidget } from '../../../src/domain/auth/auth.admin';
import type { Scope } from '../../../src/domain/auth/scopes';
import { tokenHash } from '../../../src/domain/auth/auth.secrets';
import type { MatrixEnv } from './expense-matrix';
import type { GqlCase, RestCase } from './matrix';

type Row = Record<string, any>;

const READ: Scope = 'accounting:read';
const WRITE: Scope = 'accounting:write';
const BASE = '/widgets/multi-taxpayer/taxpayers';

let next = 0;
/** A valid CUIT not used before in this run (prefix 23, módulo 11). */
function freshCuit(): string {
  for (;;) {
    const body = `23${String(40_000_000 + process.pid * 97 + ++next).slice(-8)}`;
    const check = 11 - ([5, 4, 3, 2, 7, 6, 5, 4, 3, 2].reduce((sum, weight, i) => sum + weight * Number(body[i]), 0) % 11);
    if (check !== 10) return `${body}${check === 11 ? 0 : check}`;
  }
}

export function taxpayerMatrix(env: MatrixEnv): { rest: Record<string, RestCase>; gql: Record<string, GqlCase> } {
  const gw = () => env.gw();
  const identities = () => gw().store.collection('additional_taxpayers');
  const stored = (id: string) => identities().findOne({ _id: new ObjectId(id) });

  const widgetOn = new Map<string, Promise<void>>();
  /** The key's account with the widget on (once per key). */
  const enabled = (key: string) => {
    let done = widgetOn.get(key);
    if (!done) {
      done = (async () => {
        const apiKey = await gw()
          .store.collection('api_keys')
          .findOne({ key_hash: tokenHash(key) });
        await setWidget(gw().store, apiKey!.account_id.toHexString(), 'multi_taxpayer', true);
      })();
      widgetOn.set(key, done);
    }
    return done;
  };
  // Before any case (the malformed-id ones make no record): both accounts have the widget on.
  beforeAll(async () => {
    await Promise.all([enabled(env.fullA()), enabled(env.fullB())]);
  });
  const make = async (key: string, fields: Row = {}) => {
    await enabled(key);
    const res = await gw().rest('POST', `${BASE}/`, { key, body: { tax_id: freshCuit(), business_name: env.unique('Identidad'), ...fields } });
    expect(res.status).toBe(201);
    return res.body.data.taxpayer.id as string;
  };
  const snapshots = new Map<string, Promise<unknown>>();
  const identityOfA = async () => {
    const id = await make(env.fullA());
    snapshots.set(id, stored(id));
    return id;
  };
  const unchanged = async (id: string) => expect(await stored(id)).toEqual(await snapshots.get(id));

  let ofB: Promise<{ id: string; name: string; taxId: string; before: unknown }> | undefined;
  const identityOfB = () =>
    (ofB ??= (async () => {
      const name = env.unique('Secreta B');
      const taxId = freshCuit();
      const id = await make(env.fullB(), { business_name: name, tax_id: taxId });
      return { id, name, taxId, before: await stored(id) };
    })());
  const bUntouched = async () => {
    const b = await identityOfB();
    expect(await stored(b.id)).toEqual(b.before);
  };
  const restNotFound = async (method: string, body?: unknown) => {
    const b = await identityOfB();
    const res = await gw().rest(method, `${BASE}/${b.id}/`, { key: env.fullA(), body });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect(JSON.stringify(res.body)).not.toContain(b.name);
    await bUntouched();
  };
  const gqlNotFound = async (document: string, variables: (id: string) => Row) => {
    const b = await identityOfB();
    const res = await gw().gql(document, variables(b.id), { key: env.fullA() });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(JSON.stringify(res.body)).not.toContain(b.name);
    await bUntouched();
  };
  const ids = (items: Row[]) => items.map((item) => item.id);
  const named = (name: string) => identities().countDocuments({ business_name: name });

  const rest: Record<string, RestCase> = {
    [`GET ${BASE}/`]: {
      record: identityOfA,
      request: () => ({ path: `${BASE}/?limit=100&sort_by=created_at&sort_order=desc` }),
      succeeded: (res, id) => expect(ids(res.body.data.items)).toContain(id),
      unchanged,
      async otherAccount() {
        const b = await identityOfB();
        const res = await gw().rest('GET', `${BASE}/?search=${encodeURIComponent(b.name)}`, { key: env.fullA() });
        expect(res.body.data).toMatchObject({ items: [], total: 0, count: 0 });
      },
    },
    [`GET ${BASE}/all/`]: {
      record: identityOfA,
      request: () => ({ path: `${BASE}/all/` }),
      succeeded: (res, id) => expect(ids(res.body.data.items)).toContain(id),
      unchanged,
      async otherAccount() {
        const b = await identityOfB();
        const res = await gw().rest('GET', `${BASE}/all/`, { key: env.fullA() });
        expect(ids(res.body.data.items)).not.toContain(b.id);
        expect(JSON.stringify(res.body)).not.toContain(b.taxId);
      },
    },
    [`POST ${BASE}/`]: {
      record: identityOfA,
      request: (id) => ({ path: `${BASE}/`, body: { numero_documento: freshCuit(), razon_social: `Created for ${id}` } }),
      succeeded: (res) => expect(res.body.data).toMatchObject({ success: true, taxpayer: { id: expect.any(String) } }),
      async unchanged(id) {
        expect(await named(`Created for ${id}`)).toBe(0);
      },
      async otherAccount() {
        // B's CUIT is free for A: identities are per account.
        const b = await identityOfB();
        const res = await gw().rest('POST', `${BASE}/`, { key: env.fullA(), body: { tax_id: b.taxId } });
        expect(res.status).toBe(201);
        await bUntouched();
      },
    },
    [`GET ${BASE}/{id}/`]: {
      record: identityOfA,
      request: (id) => ({ path: `${BASE}/${id}/` }),
      succeeded: (res, id) => expect(res.body.data.id).toBe(id),
      unchanged,
      otherAccount: () => restNotFound('GET'),
    },
    [`PUT ${BASE}/{id}/`]: {
      record: identityOfA,
      request: (id) => ({ path: `${BASE}/${id}/`, body: { apellido: 'Actualizado' } }),
      succeeded: (res) => expect(res.body.data.last_name).toBe('Actualizado'),
      unchanged,
      otherAccount: () => restNotFound('PUT', { last_name: 'hijacked' }),
    },
    [`DELETE ${BASE}/{id}/`]: {
      record: identityOfA,
      request: (id) => ({ path: `${BASE}/${id}/` }),
      async succeeded(res, id) {
        expect(res.body.data).toEqual({ id, deleted: true });
        expect(await stored(id)).toBeNull();
      },
      unchanged,
      otherAccount: () => restNotFound('DELETE'),
    },
  };

  const get = 'query Q($id: ID!) { additionalTaxpayer(id: $id) { id } }';
  const update = 'mutation M($id: ID!, $input: UpdateAdditionalTaxpayerInput!) { updateAdditionalTaxpayer(id: $id, input: $input) { id lastName } }';
  const remove = 'mutation M($id: ID!) { deleteAdditionalTaxpayer(id: $id) }';
  const gql: Record<string, GqlCase> = {
    additionalTaxpayer: {
      scope: READ,
      record: identityOfA,
      document: get,
      variables: (id) => ({ id }),
      succeeded: (data, id) => expect(data.additionalTaxpayer.id).toBe(id),
      unchanged,
      otherAccount: () => gqlNotFound(get, (id) => ({ id })),
      badId: (id) => ({ id }),
    },
    additionalTaxpayers: {
      scope: READ,
      record: identityOfA,
      document: 'query Q { additionalTaxpayers(first: 100, orderBy: {field: createdAt, direction: desc}) { nodes { id } } }',
      variables: () => ({}),
      succeeded: (data, id) => expect(ids(data.additionalTaxpayers.nodes)).toContain(id),
      unchanged,
      async otherAccount() {
        const b = await identityOfB();
        const res = await gw().gql('query Q { additionalTaxpayers(first: 100) { nodes { id } } }', {}, { key: env.fullA() });
        expect(ids(res.body.data.additionalTaxpayers.nodes)).not.toContain(b.id);
      },
    },
    allTaxpayers: {
      scope: READ,
      record: identityOfA,
      document: 'query Q { allTaxpayers { items { id isPrimary } } }',
      variables: () => ({}),
      succeeded: (data, id) => expect(ids(data.allTaxpayers.items)).toContain(id),
      unchanged,
      async otherAccount() {
        const b = await identityOfB();
        const res = await gw().gql('query Q { allTaxpayers { items { id } } }', {}, { key: env.fullA() });
        expect(ids(res.body.data.allTaxpayers.items)).not.toContain(b.id);
      },
    },
    createAdditionalTaxpayer: {
      scope: WRITE,
      record: identityOfA,
      document: 'mutation M($input: CreateAdditionalTaxpayerInput!) { createAdditionalTaxpayer(input: $input) { id } }',
      variables: (id) => ({ input: { taxId: freshCuit(), businessName: `GQL for ${id}` } }),
      succeeded: (data) => expect(data.createAdditionalTaxpayer.id).toEqual(expect.any(String)),
      async unchanged(id) {
        expect(await named(`GQL for ${id}`)).toBe(0);
      },
      otherAccount: bUntouched,
    },
    updateAdditionalTaxpayer: {
      scope: WRITE,
      record: identityOfA,
      document: update,
      variables: (id) => ({ id, input: { lastName: 'gql updated' } }),
      succeeded: (data) => expect(data.updateAdditionalTaxpayer.lastName).toBe('gql updated'),
      unchanged,
      otherAccount: () => gqlNotFound(update, (id) => ({ id, input: { lastName: 'hijacked' } })),
      badId: (id) => ({ id, input: { lastName: 'x' } }),
    },
    deleteAdditionalTaxpayer: {
      scope: WRITE,
      record: identityOfA,
      document: remove,
      variables: (id) => ({ id }),
      async succeeded(data, id) {
        expect(data.deleteAdditionalTaxpayer).toBe(id);
        expect(await stored(id)).toBeNull();
      },
      unchanged,
      otherAccount: () => gqlNotFound(remove, (id) => ({ id })),
      badId: (id) => ({ id }),
    },
  };
  return { rest, gql };
}
