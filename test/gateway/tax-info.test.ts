import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { ObjectId } from 'mongodb';
import { SecretBox } from '../../src/domain/secrets';
import { type AfipStandIn, startAfipStandIn } from '../support/afip-stand-in';
import { startTestGateway, type TestGateway } from '../support/gateway';

/** Taxpayer data and billing systems (contract §4.12), verified against a local stand-in of ARCA's web services. */
let gw: TestGateway;
let afip: AfipStandIn;
const SECRETS_KEY = randomBytes(32);
const BASE = '/bill/tax_info';

const fixture = (name: string) => readFileSync(join(__dirname, '..', 'fixtures', 'certificates', name), 'utf8');
const CERT = fixture('test-only-cert.pem');
const KEY = fixture('test-only-key.pem');
const OTHER_KEY = fixture('test-only-other-key.pem');
const UNKNOWN_CERT = fixture('test-only-afip-cert.pem');
const UNKNOWN_KEY = fixture('test-only-afip-key.pem');
const paths = (res: { body: any }) => (res.body.error?.details ?? []).map((detail: { path: string }) => detail.path);

beforeAll(async () => {
  afip = await startAfipStandIn();
  gw = await startTestGateway({
    SECRETS_KEY: SECRETS_KEY.toString('hex'),
    AFIP_WSAA_URL_TESTING: afip.wsaaUrl,
    AFIP_WSFE_URL_TESTING: afip.wsfeUrl,
    AFIP_WSAA_URL_PRODUCTION: afip.wsaaUrl,
    AFIP_WSFE_URL_PRODUCTION: afip.wsfeUrl,
  });
});
afterAll(async () => {
  await gw?.stop();
  await afip?.close();
});

async function newAccount(): Promise<{ key: string; accountId: string; cuit: string }> {
  const { key, accountId } = await gw.account(['accounting:read', 'accounting:write']);
  const account = await gw.store.collection('accounts').findOne({ _id: new ObjectId(accountId) });
  return { key, accountId, cuit: account!.cuit };
}

/** An account with afip_wsfe configured on the test certificate, which the stand-in lets act for `relations`. */
async function configured(relations?: (cuit: string) => string[]) {
  const account = await newAccount();
  const res = await gw.rest('POST', `${BASE}/taxpayer/afip_wsfe/`, { key: account.key, body: { certificate: CERT, private_key: KEY, points_of_sale: [1, 2] } });
  expect(res.status).toBe(201);
  afip.authorize(CERT, relations ? relations(account.cuit) : [account.cuit]);
  await freshTickets();
  return account;
}

/** Tickets issued before a delegation do not list it: tests that add one start from no ticket (as 12 hours later). */
async function freshTickets() {
  afip.expireTickets();
  await tickets().deleteMany({});
}

const systems = () => gw.store.collection('billing_systems');
const tickets = () => gw.store.collection('afip_tickets');

describe('the primary taxpayer', () => {
  it('shows the account’s CUIT and name, and the fiscal data set with updatePrimaryTaxpayer', async () => {
    const { key, cuit } = await newAccount();
    const first = await gw.rest('GET', `${BASE}/taxpayer/`, { key });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      tax_id: cuit,
      legal_name: 'Test account',
      vat_condition: 'responsable_inscripto',
      vat_condition_code: 1,
      afip_environment: 'testing',
      fiscal_address: null,
      activities: [],
      gross_income_number: null,
      activity_start_date: null,
      active_billing_system: null,
      points_of_sale: [],
    });
    const update = await gw.gql(
      `mutation M($input: PrimaryTaxpayerInput!) { updatePrimaryTaxpayer(input: $input) { taxId legalName vatConditionCode fiscalAddress { city postalCode } } }`,
      {
        input: {
          legalName: 'Principal SA',
          vatCondition: 'monotributo',
          fiscalAddress: { street: 'Av. Corrientes 1234', city: 'CABA', province: 'Ciudad de Buenos Aires', postalCode: 'C1043' },
          activities: [{ code: '620100', description: 'Servicios de consultores en informática', main: true }],
          grossIncomeNumber: '901-123456-7',
          activityStartDate: '2020-03-01',
        },
      },
      { key },
    );
    expect(update.body.data.updatePrimaryTaxpayer).toEqual({
      taxId: cuit,
      legalName: 'Principal SA',
      vatConditionCode: 6,
      fiscalAddress: { city: 'CABA', postalCode: 'C1043' },
    });
    const read = await gw.rest('GET', `${BASE}/taxpayer/`, { key });
    expect(read.body.data).toMatchObject({
      tax_id: cuit,
      vat_condition: 'monotributo',
      activities: [{ code: '620100', main: true }],
      gross_income_number: '901-123456-7',
      activity_start_date: '2020-03-01',
    });
  });

  it('refuses invalid fiscal data field by field, and has no field for the CUIT', async () => {
    const { key } = await newAccount();
    const bad = await gw.gql(
      `mutation M($input: PrimaryTaxpayerInput!) { updatePrimaryTaxpayer(input: $input) { taxId } }`,
      { input: { vatCondition: 'rico', activityStartDate: '2020-13-45', activities: [{ code: 'abc' }] } },
      { key },
    );
    expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(bad.body.errors[0].extensions.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'activities.0.code',
      'activityStartDate',
      'vatCondition',
    ]);
    const cuit = await gw.gql(`mutation M { updatePrimaryTaxpayer(input: { taxId: "20111111112" }) { taxId } }`, {}, { key });
    expect(cuit.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

describe('billing systems', () => {
  it('stores the certificate sealed and shows only its summary; the first system becomes active', async () => {
    const { key, cuit, accountId } = await newAccount();
    const created = await gw.rest('POST', `${BASE}/taxpayer/afip_wsfe/`, { key, body: { certificate: CERT, private_key: KEY, points_of_sale: [3, 1] } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      billing_system: 'afip_wsfe',
      environment: 'testing',
      represented_cuit: cuit,
      points_of_sale: [3, 1],
      is_active: true,
      certificate: { subject: expect.stringContaining('CN=gateway-tests'), fingerprint_sha256: expect.stringMatching(/^[0-9A-F:]{95}$/) },
      last_delegation_check: null,
    });
    const answers = [created, await gw.rest('GET', `${BASE}/taxpayer/afip_wsfe/`, { key }), await gw.rest('GET', `${BASE}/taxpayer/systems/`, { key })];
    for (const answer of answers) {
      expect(JSON.stringify(answer.body)).not.toContain('PRIVATE KEY');
      expect(JSON.stringify(answer.body)).not.toContain('BEGIN CERTIFICATE');
    }
    expect(answers[2].body.data).toMatchObject({ count: 1, items: [{ billing_system: 'afip_wsfe', is_active: true }] });
    const stored = await systems().findOne({ account_id: new ObjectId(accountId) });
    expect(JSON.stringify(stored)).not.toContain('PRIVATE KEY');
    expect(new SecretBox(SECRETS_KEY).open(stored!.certificate.private_key_sealed)).toBe(KEY);
    const data = await gw.rest('GET', `${BASE}/taxpayer/`, { key });
    expect(data.body.data).toMatchObject({ active_billing_system: 'afip_wsfe', points_of_sale: [3, 1] });
  });

  it('refuses a key that does not match, half a pair, a bad CUIT and a second create; stores nothing', async () => {
    const { key, accountId } = await newAccount();
    const mismatch = await gw.rest('POST', `${BASE}/taxpayer/afip_wsfe/`, { key, body: { certificate: CERT, private_key: OTHER_KEY } });
    expect(mismatch.status).toBe(400);
    expect(paths(mismatch)).toEqual(['certificate.private_key']);
    const half = await gw.rest('POST', `${BASE}/taxpayer/afip_wsfe/`, { key, body: { certificate: CERT } });
    expect(half.status).toBe(400);
    expect(paths(half)).toEqual(['private_key']);
    const badCuit = await gw.rest('POST', `${BASE}/taxpayer/afip_wsfe/`, { key, body: { represented_cuit: '20-12345678-0', points_of_sale: [0, 7, 7] } });
    expect(badCuit.status).toBe(400);
    expect(paths(badCuit).sort()).toEqual(['points_of_sale', 'points_of_sale.0', 'represented_cuit']);
    const unknownField = await gw.rest('POST', `${BASE}/taxpayer/afip_wsfe/`, { key, body: { token: 'x' } });
    expect(unknownField.status).toBe(400);
    expect(await systems().countDocuments({ account_id: new ObjectId(accountId) })).toBe(0);
    expect((await gw.rest('POST', `${BASE}/taxpayer/afip_wsfe/`, { key, body: {} })).status).toBe(201);
    const again = await gw.rest('POST', `${BASE}/taxpayer/afip_wsfe/`, { key, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ALREADY_EXISTS');
    const unknown = await gw.rest('POST', `${BASE}/taxpayer/mercadopago/`, { key, body: {} });
    expect(unknown.status).toBe(404);
  });

  it('updates given fields, replaces the certificate, refuses an unknown active system, and deletes', async () => {
    const { key, accountId } = await newAccount();
    await gw.rest('POST', `${BASE}/taxpayer/afip_wsfe/`, { key, body: { certificate: CERT, private_key: KEY } });
    const updated = await gw.rest('PUT', `${BASE}/taxpayer/afip_wsfe/`, {
      key,
      body: { environment: 'production', points_of_sale: [5], certificate: UNKNOWN_CERT, private_key: UNKNOWN_KEY },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      environment: 'production',
      points_of_sale: [5],
      certificate: { subject: expect.stringContaining('CN=gatewaytest') },
    });
    const unknown = await gw.rest('PATCH', `${BASE}/taxpayer/active-system/`, { key, body: { billing_system: 'afip_wsfex' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('UNKNOWN_BILLING_SYSTEM');
    expect(paths(unknown)).toEqual(['billing_system']);
    const active = await gw.rest('PATCH', `${BASE}/taxpayer/active-system/`, { key, body: { billing_system: 'afip_wsfe' } });
    expect(active.status).toBe(200);
    expect(active.body.data.is_active).toBe(true);
    const removed = await gw.rest('DELETE', `${BASE}/taxpayer/afip_wsfe/`, { key });
    expect(removed.body.data).toEqual({ billing_system: 'afip_wsfe', deleted: true });
    expect(await systems().countDocuments({ account_id: new ObjectId(accountId) })).toBe(0);
    expect((await gw.rest('GET', `${BASE}/taxpayer/`, { key })).body.data.active_billing_system).toBeNull();
    const notConfigured = await gw.rest('PATCH', `${BASE}/taxpayer/active-system/`, { key, body: { billing_system: 'afip_wsfe' } });
    expect(notConfigured.status).toBe(400);
    expect((await gw.rest('GET', `${BASE}/taxpayer/afip_wsfe/`, { key })).status).toBe(404);
  });
});

describe('verify-delegation', () => {
  it('is delegated when WSFEv1 answers for the represented CUIT, and keeps the outcome', async () => {
    const { key, cuit, accountId } = await configured();
    const res = await gw.rest('POST', `${BASE}/verify-delegation/`, { key, body: {} });
    expect(res.status).toBe(200);
    // The CUIT has no web-service point of sale yet: 602 is "no results", not an authorization failure.
    expect(res.body.data).toMatchObject({
      billing_system: 'afip_wsfe',
      environment: 'testing',
      cuit,
      delegated: true,
      in_ticket_relations: true,
      afip_errors: [{ code: 602 }],
    });
    const stored = await systems().findOne({ account_id: new ObjectId(accountId) });
    expect(stored!.last_delegation_check).toMatchObject({ cuit, delegated: true });
  });

  it('is not delegated for a CUIT outside the token’s relations (601), with the reason', async () => {
    const { key } = await configured();
    const other = '20111111112';
    const res = await gw.rest('POST', `${BASE}/verify-delegation/`, { key, body: { cuit: other } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ cuit: other, delegated: false, in_ticket_relations: false, afip_errors: [{ code: 601 }] });
    expect(res.body.data.reason).toContain('601');
  });

  it('is not delegated when WSAA does not know the certificate (coe.notAuthorized)', async () => {
    const { key } = await newAccount();
    await gw.rest('POST', `${BASE}/taxpayer/afip_wsfe/`, { key, body: { certificate: UNKNOWN_CERT, private_key: UNKNOWN_KEY } });
    const res = await gw.rest('POST', `${BASE}/verify-delegation/`, { key });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ delegated: false, in_ticket_relations: null });
    expect(res.body.data.reason).toContain('coe.notAuthorized');
  });

  it('needs a certificate and a configured system', async () => {
    const { key } = await newAccount();
    const none = await gw.rest('POST', `${BASE}/verify-delegation/`, { key, body: {} });
    expect(none.status).toBe(400);
    expect(paths(none)).toEqual(['billing_system']);
    await gw.rest('POST', `${BASE}/taxpayer/afip_wsfe/`, { key, body: {} });
    const noCertificate = await gw.rest('POST', `${BASE}/verify-delegation/`, { key, body: {} });
    expect(noCertificate.status).toBe(400);
    expect(noCertificate.body.error.code).toBe('CERTIFICATE_MISSING');
  });
});

describe('verify-punto-venta', () => {
  it('tells an enabled, a blocked, a dropped and an unlisted point of sale apart', async () => {
    const { key, cuit } = await configured();
    afip.setPointsOfSale(cuit, [{ number: 1 }, { number: 2, blocked: true }, { number: 3, droppedOn: '20240131', emissionType: 'CAEA' }]);
    const check = (punto_venta: number) => gw.rest('POST', `${BASE}/verify-punto-venta/`, { key, body: { punto_venta } });
    const enabled = await check(1);
    expect(enabled.status).toBe(200);
    expect(enabled.body.data).toMatchObject({ punto_venta: 1, valid: true, status: 'enabled', emission_type: 'CAE - Ri Iva' });
    expect(enabled.body.data.points_of_sale).toEqual([
      { number: 1, emission_type: 'CAE - Ri Iva', blocked: false, dropped_on: null },
      { number: 2, emission_type: 'CAE - Ri Iva', blocked: true, dropped_on: null },
      { number: 3, emission_type: 'CAEA', blocked: false, dropped_on: '20240131' },
    ]);
    expect((await check(2)).body.data).toMatchObject({ valid: false, status: 'blocked' });
    expect((await check(3)).body.data).toMatchObject({ valid: false, status: 'dropped' });
    expect((await check(9)).body.data).toMatchObject({ valid: false, status: 'not_listed' });
  });

  it('reads 602 as no web-service point of sale, and 601 as not delegated', async () => {
    const { key } = await configured();
    const none = await gw.rest('POST', `${BASE}/verify-punto-venta/`, { key, body: { punto_venta: 1 } });
    expect(none.body.data).toMatchObject({ valid: false, status: 'not_listed', points_of_sale: [] });
    expect(none.body.data.reason).toContain('602');
    const foreign = await gw.rest('POST', `${BASE}/verify-punto-venta/`, { key, body: { punto_venta: 1, cuit: '20111111112' } });
    expect(foreign.body.data).toMatchObject({ valid: false, status: 'not_delegated' });
  });

  it('refuses a missing or out-of-range point of sale', async () => {
    const { key } = await configured();
    const missing = await gw.rest('POST', `${BASE}/verify-punto-venta/`, { key, body: {} });
    expect(missing.status).toBe(400);
    expect(paths(missing)).toEqual(['punto_venta']);
    const big = await gw.rest('POST', `${BASE}/verify-punto-venta/`, { key, body: { punto_venta: 100000 } });
    expect(big.status).toBe(400);
    expect(paths(big)).toEqual(['punto_venta']);
  });
});

describe('the access ticket', () => {
  it('is stored sealed and reused: one login for many checks, and none while it is valid', async () => {
    const { key, cuit } = await configured();
    afip.setPointsOfSale(cuit, [{ number: 1 }]);
    const before = afip.loginRequests;
    for (let i = 0; i < 3; i++) expect((await gw.rest('POST', `${BASE}/verify-punto-venta/`, { key, body: { punto_venta: 1 } })).body.data.valid).toBe(true);
    expect((await gw.rest('POST', `${BASE}/verify-delegation/`, { key })).body.data.delegated).toBe(true);
    expect(afip.loginRequests - before).toBe(1);
    const stored = await tickets().find({}).toArray();
    expect(stored).toHaveLength(1);
    expect(stored[0]._id).toMatch(/^testing:[0-9A-F:]+:wsfe$/);
    expect(JSON.stringify(stored[0])).not.toMatch(/"token"|"sign"/);
  });

  it('two logins racing (two processes, or two requests) end with one ticket: the refused one reads the stored ticket', async () => {
    const { key } = await configured();
    const [loginsBefore, requestsBefore] = [afip.logins, afip.loginRequests];
    const answers = await Promise.all([1, 2].map(() => gw.rest('POST', `${BASE}/verify-delegation/`, { key, body: {} })));
    expect(answers.map((answer) => [answer.status, answer.body.data?.delegated])).toEqual([
      [200, true],
      [200, true],
    ]);
    // At most one ticket issued; a second login, if both missed the store, was refused with coe.alreadyAuthenticated.
    expect(afip.logins - loginsBefore).toBe(1);
    expect(afip.loginRequests - requestsBefore).toBeGreaterThanOrEqual(1);
    expect(await tickets().countDocuments({})).toBe(1);
  });

  it('is shared: another account using the same certificate logs in no more, and a lost ticket reads alreadyAuthenticated as 409', async () => {
    const first = await configured();
    const { key } = await configured();
    const before = afip.loginRequests;
    expect((await gw.rest('POST', `${BASE}/verify-delegation/`, { key: first.key })).body.data.delegated).toBe(true);
    expect((await gw.rest('POST', `${BASE}/verify-delegation/`, { key })).body.data.delegated).toBe(true);
    expect(afip.loginRequests - before).toBe(1);
    // The stored ticket lost (e.g. a database restored) while WSAA still holds it: WSAA refuses a new login.
    await tickets().deleteMany({});
    const lost = await gw.rest('POST', `${BASE}/verify-delegation/`, { key });
    expect(lost.status).toBe(409);
    expect(lost.body.error.code).toBe('AFIP_TICKET_IN_USE');
    expect(afip.loginRequests - before).toBe(2);
    expect(afip.logins).toBeGreaterThan(0);
  });
});

describe('ARCA unreachable', () => {
  let closedPort: number;
  let hanging: TestGateway;
  beforeAll(async () => {
    const probe: Server = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedPort = (probe.address() as { port: number }).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    hanging = await startTestGateway({
      AFIP_WSAA_URL_TESTING: `http://127.0.0.1:${closedPort}/wsaa`,
      AFIP_WSFE_URL_TESTING: `http://127.0.0.1:${closedPort}/wsfe`,
      AFIP_WSAA_URL_PRODUCTION: afip.wsaaUrl,
      AFIP_WSFE_URL_PRODUCTION: afip.wsfeUrl,
      AFIP_TIMEOUT_MS: '300',
    });
  });
  afterAll(async () => {
    afip.hang = false;
    await hanging?.stop();
  });

  async function systemOn(environment: string) {
    const { key, accountId } = await hanging.account(['accounting:read', 'accounting:write']);
    const res = await hanging.rest('POST', `${BASE}/taxpayer/afip_wsfe/`, { key, body: { environment, certificate: CERT, private_key: KEY } });
    expect(res.status).toBe(201);
    return { key, accountId };
  }

  it('a refused connection answers 503 AFIP_UNAVAILABLE and stores neither ticket nor outcome', async () => {
    const { key, accountId } = await systemOn('testing');
    for (const [path, body] of [
      ['verify-delegation', {}],
      ['verify-punto-venta', { punto_venta: 1 }],
    ] as const) {
      const res = await hanging.rest('POST', `${BASE}/${path}/`, { key, body });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('AFIP_UNAVAILABLE');
    }
    expect(await hanging.store.collection('afip_tickets').countDocuments({})).toBe(0);
    const stored = await hanging.store.collection('billing_systems').findOne({ account_id: new ObjectId(accountId) });
    expect(stored!.last_delegation_check).toBeUndefined();
    expect(stored!.last_point_of_sale_check).toBeUndefined();
  });

  it('a service that never answers is abandoned after the configured bound: 503, nothing stored', async () => {
    const { key, accountId } = await systemOn('production');
    afip.hang = true;
    const res = await hanging.rest('POST', `${BASE}/verify-delegation/`, { key, body: {} });
    afip.hang = false;
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('AFIP_UNAVAILABLE');
    expect(await hanging.store.collection('afip_tickets').countDocuments({})).toBe(0);
    const stored = await hanging.store.collection('billing_systems').findOne({ account_id: new ObjectId(accountId) });
    expect(stored!.last_delegation_check).toBeUndefined();
  });
});
