/**
 * The tax-rule entries of the authorization matrix (test/gateway/authorization.test.ts): one per REST route and per
 * GraphQL operation. Each case makes its own rule of account A; B's rule (made once) must stay invisible and
 * untouched.
 */
import { ObjectId } from 'mongodb';
import type { Scope } from '../../../src/domain/auth/scopes';
import type { MatrixEnv } from './expense-matrix';
import type { GqlCase, RestCase } from './matrix';

type Row = Record<string, any>;

const READ: Scope = 'accounting:read';
const WRITE: Scope = 'accounting:write';
const BASE = '/bill/tax_info/tax-rules';

export function taxRuleMatrix(env: MatrixEnv): { rest: Record<string, RestCase>; gql: Record<string, GqlCase> } {
  const gw = () => env.gw();
  const rules = () => gw().store.collection('tax_rules');
  const stored = (id: string) => rules().findOne({ _id: new ObjectId(id) });

  const make = async (key: string, fields: Row = {}) => {
    const res = await gw().rest('POST', `${BASE}/`, { key, body: { name: env.unique('Regla'), rate: 3, country: 'AR', category: 'internal', ...fields } });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  const snapshots = new Map<string, Promise<unknown>>();
  const ruleOfA = async () => {
    const id = await make(env.fullA());
    snapshots.set(id, stored(id));
    return id;
  };
  const unchanged = async (id: string) => expect(await stored(id)).toEqual(await snapshots.get(id));

  let ofB: Promise<{ id: string; name: string; before: unknown }> | undefined;
  const ruleOfB = () =>
    (ofB ??= (async () => {
      const name = env.unique('Secreta B');
      const id = await make(env.fullB(), { name, country: 'UY' });
      return { id, name, before: await stored(id) };
    })());
  const bUntouched = async () => {
    const b = await ruleOfB();
    expect(await stored(b.id)).toEqual(b.before);
  };
  const restNotFound = async (method: string, body?: unknown) => {
    const b = await ruleOfB();
    const res = await gw().rest(method, `${BASE}/${b.id}/`, { key: env.fullA(), body });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect(JSON.stringify(res.body)).not.toContain(b.name);
    await bUntouched();
  };
  const gqlNotFound = async (document: string, variables: (id: string) => Row) => {
    const b = await ruleOfB();
    const res = await gw().gql(document, variables(b.id), { key: env.fullA() });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(JSON.stringify(res.body)).not.toContain(b.name);
    await bUntouched();
  };
  const marked = (name: string) => rules().countDocuments({ name });
  const ids = (items: Row[]) => items.map((item) => item.id);

  const rest: Record<string, RestCase> = {
    [`GET ${BASE}/`]: {
      record: ruleOfA,
      request: () => ({ path: `${BASE}/?limit=100&sort_by=created_at&sort_order=desc` }),
      succeeded: (res, id) => expect(ids(res.body.data.items)).toContain(id),
      unchanged,
      async otherAccount() {
        const b = await ruleOfB();
        const res = await gw().rest('GET', `${BASE}/?is_active=false&search=${encodeURIComponent(b.name)}`, { key: env.fullA() });
        expect(res.body.data).toMatchObject({ items: [], total: 0 });
      },
    },
    [`GET ${BASE}/by-country/{country}/`]: {
      record: ruleOfA,
      request: () => ({ path: `${BASE}/by-country/ar/` }),
      succeeded: (res, id) => expect(ids(res.body.data.items)).toContain(id),
      unchanged,
      async otherAccount() {
        const b = await ruleOfB();
        const res = await gw().rest('GET', `${BASE}/by-country/UY/`, { key: env.fullA() });
        expect(ids(res.body.data.items)).not.toContain(b.id);
      },
    },
    [`POST ${BASE}/seed/{country}/`]: {
      record: ruleOfA,
      // A already has Argentine rules: the seed leaves them alone.
      request: () => ({ path: `${BASE}/seed/AR/` }),
      succeeded: (res) => expect(res.body).toMatchObject({ data: { seeded: 0 }, message: expect.any(String) }),
      unchanged,
      async otherAccount() {
        await ruleOfB();
        await gw().rest('POST', `${BASE}/seed/UY/`, { key: env.fullA() });
        await bUntouched();
      },
    },
    [`POST ${BASE}/`]: {
      record: ruleOfA,
      request: (id) => ({ path: `${BASE}/`, body: { name: `Created for ${id}`, rate: 1.5, country: 'ar' } }),
      succeeded: (res) => expect(res.body.data).toMatchObject({ rate: 1.5, country: 'AR', is_active: true }),
      async unchanged(id) {
        expect(await marked(`Created for ${id}`)).toBe(0);
      },
      otherAccount: bUntouched,
    },
    [`GET ${BASE}/{id}/`]: {
      record: ruleOfA,
      request: (id) => ({ path: `${BASE}/${id}/` }),
      succeeded: (res, id) => expect(res.body.data.id).toBe(id),
      unchanged,
      otherAccount: () => restNotFound('GET'),
    },
    [`PUT ${BASE}/{id}/`]: {
      record: ruleOfA,
      request: (id) => ({ path: `${BASE}/${id}/`, body: { description: 'matrix update' } }),
      succeeded: (res) => expect(res.body.data.description).toBe('matrix update'),
      unchanged,
      otherAccount: () => restNotFound('PUT', { description: 'hijacked' }),
    },
    [`DELETE ${BASE}/{id}/`]: {
      record: ruleOfA,
      request: (id) => ({ path: `${BASE}/${id}/` }),
      async succeeded(res, id) {
        expect(res.body.data).toEqual({ id, deleted: true, is_active: false });
        expect(await stored(id)).toMatchObject({ is_active: false });
      },
      unchanged,
      otherAccount: () => restNotFound('DELETE'),
    },
  };

  const get = 'query Q($id: ID!) { taxRule(id: $id) { id } }';
  const update = 'mutation M($id: ID!, $input: UpdateTaxRuleInput!) { updateTaxRule(id: $id, input: $input) { id description } }';
  const remove = 'mutation M($id: ID!) { deleteTaxRule(id: $id) }';
  const gql: Record<string, GqlCase> = {
    taxRule: {
      scope: READ,
      record: ruleOfA,
      document: get,
      variables: (id) => ({ id }),
      succeeded: (data, id) => expect(data.taxRule.id).toBe(id),
      unchanged,
      otherAccount: () => gqlNotFound(get, (id) => ({ id })),
      badId: (id) => ({ id }),
    },
    taxRules: {
      scope: READ,
      record: ruleOfA,
      document: 'query Q { taxRules(first: 100, orderBy: {field: createdAt, direction: desc}) { nodes { id } } }',
      variables: () => ({}),
      succeeded: (data, id) => expect(ids(data.taxRules.nodes)).toContain(id),
      unchanged,
      async otherAccount() {
        const b = await ruleOfB();
        const res = await gw().gql('query Q { taxRules(first: 100, filter: {country: "UY"}) { nodes { id } } }', {}, { key: env.fullA() });
        expect(ids(res.body.data.taxRules.nodes)).not.toContain(b.id);
      },
    },
    taxRulesByCountry: {
      scope: READ,
      record: ruleOfA,
      document: 'query Q { taxRulesByCountry(country: "AR") { id } }',
      variables: () => ({}),
      succeeded: (data, id) => expect(ids(data.taxRulesByCountry)).toContain(id),
      unchanged,
      async otherAccount() {
        const b = await ruleOfB();
        const res = await gw().gql('query Q { taxRulesByCountry(country: "UY") { id } }', {}, { key: env.fullA() });
        expect(ids(res.body.data.taxRulesByCountry)).not.toContain(b.id);
      },
    },
    createTaxRule: {
      scope: WRITE,
      record: ruleOfA,
      document: 'mutation M($input: CreateTaxRuleInput!) { createTaxRule(input: $input) { id country } }',
      variables: (id) => ({ input: { name: `GQL for ${id}`, rate: 2, country: 'uy' } }),
      succeeded: (data) => expect(data.createTaxRule.country).toBe('UY'),
      async unchanged(id) {
        expect(await marked(`GQL for ${id}`)).toBe(0);
      },
      otherAccount: bUntouched,
    },
    updateTaxRule: {
      scope: WRITE,
      record: ruleOfA,
      document: update,
      variables: (id) => ({ id, input: { description: 'gql updated' } }),
      succeeded: (data) => expect(data.updateTaxRule.description).toBe('gql updated'),
      unchanged,
      otherAccount: () => gqlNotFound(update, (id) => ({ id, input: { description: 'hijacked' } })),
      badId: (id) => ({ id, input: { description: 'x' } }),
    },
    deleteTaxRule: {
      scope: WRITE,
      record: ruleOfA,
      document: remove,
      variables: (id) => ({ id }),
      async succeeded(data, id) {
        expect(data.deleteTaxRule).toBe(id);
        expect(await stored(id)).toMatchObject({ is_active: false });
      },
      unchanged,
      otherAccount: () => gqlNotFound(remove, (id) => ({ id })),
      badId: (id) => ({ id }),
    },
    seedTaxRules: {
      scope: WRITE,
      record: ruleOfA,
      document: 'mutation { seedTaxRules(country: "AR") { seeded message } }',
      variables: () => ({}),
      succeeded: (data) => expect(data.seedTaxRules.seeded).toBe(0),
      unchanged,
      otherAccount: bUntouched,
    },
  };
  return { rest, gql };
}
