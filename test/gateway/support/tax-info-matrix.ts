/**
 * The taxpayer-data entries of the authorization matrix (test/gateway/authorization.test.ts): one per REST route and
 * per GraphQL operation of §4.12. Billing systems are named, one per name and account: A's `afip_wsfe` is made (or
 * removed, for create) before each case; B's (made once, with points of sale only it has) must stay invisible and
 * untouched. The verify routes speak to a local stand-in of ARCA's services (afipStandInEnv gives the gateway its
 * addresses).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scope } from '../../../src/domain/auth/scopes';
import { tokenHash } from '../../../src/domain/auth/auth.secrets';
import { type AfipStandIn, startAfipStandIn } from '../../support/afip-stand-in';
import type { MatrixEnv } from './expense-matrix';
import type { GqlCase, RestCase } from './matrix';

type Row = Record<string, any>;

const READ: Scope = 'accounting:read';
const WRITE: Scope = 'accounting:write';
const BASE = '/bill/tax_info';
const SYSTEM = 'afip_wsfe';
const fixture = (name: string) => readFileSync(join(__dirname, '..', '..', 'fixtures', 'certificates', name), 'utf8');
const CERT = fixture('test-only-cert.pem');
const KEY = fixture('test-only-key.pem');
/** B's points of sale: A's answers must never show them. */
const B_POINT_OF_SALE = 97_531;

let stand: AfipStandIn | undefined;

/** The gateway's configuration pointing at the stand-in (started once). */
export async function afipStandInEnv(): Promise<Record<string, string>> {
  stand ??= await startAfipStandIn();
  return {
    AFIP_WSAA_URL_TESTING: stand.wsaaUrl,
    AFIP_WSFE_URL_TESTING: stand.wsfeUrl,
    AFIP_WSAA_URL_PRODUCTION: stand.wsaaUrl,
    AFIP_WSFE_URL_PRODUCTION: stand.wsfeUrl,
  };
}

export function taxInfoMatrix(env: MatrixEnv): { rest: Record<string, RestCase>; gql: Record<string, GqlCase> } {
  const gw = () => env.gw();
  const systems = () => gw().store.collection('billing_systems');
  const accountOf = async (key: string) => {
    const apiKey = await gw()
      .store.collection('api_keys')
      .findOne({ key_hash: tokenHash(key) });
    return (await gw().store.collection('accounts').findOne({ _id: apiKey!.account_id }))!;
  };
  const systemOf = async (key: string) => systems().findOne({ account_id: (await accountOf(key))._id, name: SYSTEM });

  // Both accounts' CUITs are related to the certificate before any ticket is issued (a ticket lists the relations of its issue).
  beforeAll(async () => {
    for (const key of [env.fullA(), env.fullB()]) stand?.authorize(CERT, [(await accountOf(key)).cuit]);
  });
  afterAll(async () => {
    await stand?.close();
    stand = undefined;
  });

  let snapshot: Promise<unknown> | undefined;
  const snapshotOfA = async () => ({ system: await systemOf(env.fullA()), settings: (await accountOf(env.fullA())).settings });
  /** A's system, made if missing, with its stored state kept for `unchanged`. */
  const systemOfA = async () => {
    if (!(await systemOf(env.fullA()))) {
      const res = await gw().rest('POST', `${BASE}/taxpayer/${SYSTEM}/`, {
        key: env.fullA(),
        body: { certificate: CERT, private_key: KEY, points_of_sale: [1] },
      });
      expect(res.status).toBe(201);
    }
    snapshot = snapshotOfA();
    return SYSTEM;
  };
  /** A without a system (for create). */
  const noSystemOfA = async () => {
    await gw().rest('DELETE', `${BASE}/taxpayer/${SYSTEM}/`, { key: env.fullA() });
    snapshot = snapshotOfA();
    return SYSTEM;
  };
  const unchanged = async () => expect(await snapshotOfA()).toEqual(await snapshot);

  let ofB: Promise<unknown> | undefined;
  const systemOfB = () =>
    (ofB ??= (async () => {
      const res = await gw().rest('POST', `${BASE}/taxpayer/${SYSTEM}/`, {
        key: env.fullB(),
        body: { certificate: CERT, private_key: KEY, points_of_sale: [B_POINT_OF_SALE] },
      });
      expect(res.status).toBe(201);
      return systemOf(env.fullB());
    })());
  const bUntouched = async () => {
    const before = await systemOfB();
    expect(await systemOf(env.fullB())).toEqual(before);
  };
  /** A's request answers about A only: B's points of sale never show, B's system never changes. */
  const restAsA = (method: string, path: string, body?: unknown) => async () => {
    await systemOfB();
    const res = await gw().rest(method, path, { key: env.fullA(), body });
    expect(JSON.stringify(res.body)).not.toContain(String(B_POINT_OF_SALE));
    await bUntouched();
  };
  const gqlAsA =
    (document: string, variables: Row = {}) =>
    async () => {
      await systemOfB();
      const res = await gw().gql(document, variables, { key: env.fullA() });
      expect(JSON.stringify(res.body)).not.toContain(String(B_POINT_OF_SALE));
      await bUntouched();
    };

  const systemPath = `${BASE}/taxpayer/{billing_system}/`;
  const rest: Record<string, RestCase> = {
    [`GET ${BASE}/taxpayer/`]: {
      record: systemOfA,
      request: () => ({ path: `${BASE}/taxpayer/` }),
      succeeded: (res) => expect(res.body.data).toMatchObject({ active_billing_system: SYSTEM, points_of_sale: [1] }),
      unchanged,
      otherAccount: restAsA('GET', `${BASE}/taxpayer/`),
    },
    [`GET ${BASE}/taxpayer/systems/`]: {
      record: systemOfA,
      request: () => ({ path: `${BASE}/taxpayer/systems/` }),
      succeeded: (res) => expect(res.body.data.items.map((item: Row) => item.billing_system)).toEqual([SYSTEM]),
      unchanged,
      otherAccount: restAsA('GET', `${BASE}/taxpayer/systems/`),
    },
    [`PATCH ${BASE}/taxpayer/active-system/`]: {
      record: systemOfA,
      request: () => ({ path: `${BASE}/taxpayer/active-system/`, body: { billing_system: SYSTEM } }),
      succeeded: (res) => expect(res.body.data).toMatchObject({ billing_system: SYSTEM, is_active: true }),
      unchanged,
      otherAccount: restAsA('PATCH', `${BASE}/taxpayer/active-system/`, { billing_system: SYSTEM }),
    },
    [`GET ${systemPath}`]: {
      record: systemOfA,
      request: (name) => ({ path: `${BASE}/taxpayer/${name}/` }),
      succeeded: (res) => expect(res.body.data).toMatchObject({ billing_system: SYSTEM, points_of_sale: [1] }),
      unchanged,
      otherAccount: restAsA('GET', `${BASE}/taxpayer/${SYSTEM}/`),
    },
    [`POST ${systemPath}`]: {
      record: noSystemOfA,
      request: (name) => ({ path: `${BASE}/taxpayer/${name}/`, body: { points_of_sale: [2] } }),
      succeeded: (res) => expect(res.body.data).toMatchObject({ billing_system: SYSTEM, points_of_sale: [2] }),
      unchanged,
      // B's system does not stop A from configuring its own.
      otherAccount: restAsA('POST', `${BASE}/taxpayer/${SYSTEM}/`, { points_of_sale: [3] }),
    },
    [`PUT ${systemPath}`]: {
      record: systemOfA,
      request: (name) => ({ path: `${BASE}/taxpayer/${name}/`, body: { points_of_sale: [4] } }),
      succeeded: (res) => expect(res.body.data.points_of_sale).toEqual([4]),
      unchanged,
      otherAccount: restAsA('PUT', `${BASE}/taxpayer/${SYSTEM}/`, { points_of_sale: [5] }),
    },
    [`DELETE ${systemPath}`]: {
      record: systemOfA,
      request: (name) => ({ path: `${BASE}/taxpayer/${name}/` }),
      async succeeded(res) {
        expect(res.body.data).toEqual({ billing_system: SYSTEM, deleted: true });
        expect(await systemOf(env.fullA())).toBeNull();
      },
      unchanged,
      otherAccount: restAsA('DELETE', `${BASE}/taxpayer/${SYSTEM}/`),
    },
    [`POST ${BASE}/verify-delegation/`]: {
      record: systemOfA,
      request: () => ({ path: `${BASE}/verify-delegation/`, body: {} }),
      succeeded: (res) => expect(res.body.data).toMatchObject({ billing_system: SYSTEM, delegated: true }),
      unchanged,
      otherAccount: restAsA('POST', `${BASE}/verify-delegation/`, {}),
    },
    [`POST ${BASE}/verify-punto-venta/`]: {
      record: systemOfA,
      request: () => ({ path: `${BASE}/verify-punto-venta/`, body: { punto_venta: 1 } }),
      // The stand-in lists no point of sale for A's CUIT: WSFEv1's 602.
      succeeded: (res) => expect(res.body.data).toMatchObject({ punto_venta: 1, valid: false, status: 'not_listed' }),
      unchanged,
      otherAccount: restAsA('POST', `${BASE}/verify-punto-venta/`, { punto_venta: 1 }),
    },
  };

  const systemFields = 'name pointsOfSale isActive';
  const gql: Record<string, GqlCase> = {
    taxpayerData: {
      scope: READ,
      record: systemOfA,
      document: 'query Q { taxpayerData { taxId activeBillingSystem pointsOfSale } }',
      variables: () => ({}),
      succeeded: (data) => expect(data.taxpayerData).toMatchObject({ activeBillingSystem: SYSTEM, pointsOfSale: [1] }),
      unchanged,
      otherAccount: gqlAsA('query Q { taxpayerData { taxId pointsOfSale } }'),
    },
    updatePrimaryTaxpayer: {
      scope: WRITE,
      record: systemOfA,
      document: 'mutation M($input: PrimaryTaxpayerInput!) { updatePrimaryTaxpayer(input: $input) { grossIncomeNumber } }',
      variables: () => ({ input: { grossIncomeNumber: '901-000001-2' } }),
      succeeded: (data) => expect(data.updatePrimaryTaxpayer.grossIncomeNumber).toBe('901-000001-2'),
      unchanged,
      otherAccount: gqlAsA('mutation M { updatePrimaryTaxpayer(input: { grossIncomeNumber: "hijacked" }) { pointsOfSale } }'),
    },
    billingSystems: {
      scope: READ,
      record: systemOfA,
      document: `query Q { billingSystems { ${systemFields} } }`,
      variables: () => ({}),
      succeeded: (data) => expect(data.billingSystems.map((system: Row) => system.name)).toEqual([SYSTEM]),
      unchanged,
      otherAccount: gqlAsA(`query Q { billingSystems { ${systemFields} } }`),
    },
    billingSystem: {
      scope: READ,
      record: systemOfA,
      document: `query Q($name: String!) { billingSystem(name: $name) { ${systemFields} } }`,
      variables: (name) => ({ name }),
      succeeded: (data) => expect(data.billingSystem).toMatchObject({ name: SYSTEM, pointsOfSale: [1] }),
      unchanged,
      otherAccount: gqlAsA(`query Q { billingSystem(name: "${SYSTEM}") { ${systemFields} } }`),
    },
    createBillingSystem: {
      scope: WRITE,
      record: noSystemOfA,
      document: `mutation M($name: String!) { createBillingSystem(name: $name, input: { pointsOfSale: [6] }) { ${systemFields} } }`,
      variables: (name) => ({ name }),
      succeeded: (data) => expect(data.createBillingSystem).toMatchObject({ name: SYSTEM, pointsOfSale: [6] }),
      unchanged,
      otherAccount: gqlAsA(`mutation M { createBillingSystem(name: "${SYSTEM}", input: {}) { ${systemFields} } }`),
    },
    updateBillingSystem: {
      scope: WRITE,
      record: systemOfA,
      document: `mutation M($name: String!) { updateBillingSystem(name: $name, input: { pointsOfSale: [7] }) { ${systemFields} } }`,
      variables: (name) => ({ name }),
      succeeded: (data) => expect(data.updateBillingSystem.pointsOfSale).toEqual([7]),
      unchanged,
      otherAccount: gqlAsA(`mutation M { updateBillingSystem(name: "${SYSTEM}", input: { pointsOfSale: [8] }) { ${systemFields} } }`),
    },
    deleteBillingSystem: {
      scope: WRITE,
      record: systemOfA,
      document: 'mutation M($name: String!) { deleteBillingSystem(name: $name) }',
      variables: (name) => ({ name }),
      async succeeded(data) {
        expect(data.deleteBillingSystem).toBe(SYSTEM);
        expect(await systemOf(env.fullA())).toBeNull();
      },
      unchanged,
      otherAccount: gqlAsA(`mutation M { deleteBillingSystem(name: "${SYSTEM}") }`),
    },
    setActiveBillingSystem: {
      scope: WRITE,
      record: systemOfA,
      document: `mutation M($name: String!) { setActiveBillingSystem(name: $name) { ${systemFields} } }`,
      variables: (name) => ({ name }),
      succeeded: (data) => expect(data.setActiveBillingSystem).toMatchObject({ name: SYSTEM, isActive: true }),
      unchanged,
      otherAccount: gqlAsA(`mutation M { setActiveBillingSystem(name: "${SYSTEM}") { ${systemFields} } }`),
    },
    verifyDelegation: {
      scope: WRITE,
      record: systemOfA,
      document: 'mutation M { verifyDelegation { billingSystem delegated } }',
      variables: () => ({}),
      succeeded: (data) => expect(data.verifyDelegation).toEqual({ billingSystem: SYSTEM, delegated: true }),
      unchanged,
      otherAccount: gqlAsA('mutation M { verifyDelegation { delegated reason } }'),
    },
    verifyPointOfSale: {
      scope: WRITE,
      record: systemOfA,
      document: 'mutation M { verifyPointOfSale(input: { puntoVenta: 1 }) { puntoVenta valid status } }',
      variables: () => ({}),
      succeeded: (data) => expect(data.verifyPointOfSale).toEqual({ puntoVenta: 1, valid: false, status: 'not_listed' }),
      unchanged,
      otherAccount: gqlAsA(`mutation M { verifyPointOfSale(input: { puntoVenta: 1 }) { status reason pointsOfSale { number } } }`),
    },
  };
  return { rest, gql };
}
