/**
 * The withholdings and perceptions entries of the authorization matrix (test/gateway/authorization.test.ts): one per
 * REST route and per GraphQL operation. Each account gets its own ledger accounts (its settings point there, since
 * other cases' charts differ) and one supplier; each case applies payments of its own (August 2026). B keeps a
 * regime, a certified payment, an uncertified one and a perception (September 2026) that A must not see or change.
 */
import { ObjectId } from 'mongodb';
import { tokenHash } from '../../../src/domain/auth/auth.secrets';
import type { Scope } from '../../../src/domain/auth/scopes';
import type { TestGateway } from '../../support/gateway';
import type { MatrixEnv } from './expense-matrix';
import type { GqlCase, RestCase } from './matrix';

type Row = Record<string, any>;

const READ: Scope = 'accounting:read';
const WRITE: Scope = 'accounting:write';
const BASE = '/accounting/retenciones-percepciones';
const COLLECTIONS = ['withholding_config', 'withholding_regimes', 'withholdings', 'withholding_pending', 'withholding_certificates', 'perceptions'] as const;

export function withholdingMatrix(env: MatrixEnv): { rest: Record<string, RestCase>; gql: Record<string, GqlCase> } {
  const gw = (): TestGateway => env.gw();
  const db = (name: (typeof COLLECTIONS)[number]) => gw().store.collection(name);
  const nothing = async () => undefined;
  const code = (prefix: string) => env.unique(prefix).replace(/\s/g, '');
  const accountIdOf = async (key: string) =>
    (
      (await gw()
        .store.collection('api_keys')
        .findOne({ key_hash: tokenHash(key) })) as Row
    ).account_id as ObjectId;

  /** Ledger accounts, settings and a supplier of the key's account, made once per key. */
  const setups = new Map<string, Promise<{ supplierId: string; agentName: string }>>();
  const setupOf = (key: string) => {
    let setup = setups.get(key);
    if (!setup) {
      setup = (async () => {
        const [bank, suppliers, payable] = [code('WB'), code('WS'), code('WR')];
        for (const body of [
          { code: bank, name: 'Banco', account_type: 'asset', is_detail: true },
          { code: suppliers, name: 'Proveedores', account_type: 'liability', is_detail: true },
          { code: payable, name: 'Retenciones a depositar', account_type: 'liability', is_detail: true },
        ])
          expect((await gw().rest('POST', '/accounting/accounts/', { key, body })).status).toBe(201);
        const agentName = env.unique(key === env.fullB() ? 'Secreto B agente' : 'Agente A');
        const config = await gw().rest('PUT', `${BASE}/config/`, {
          key,
          body: { agent_name: agentName, iva_perception_agent: true, accounts: { payment: bank, suppliers, ganancias: payable, iva: payable, iibb: payable } },
        });
        expect(config.status).toBe(200);
        const supplier = await gw().rest('POST', '/suppliers/', {
          key,
          body: { name: env.unique(key === env.fullB() ? 'Secreto B proveedor' : 'Proveedor A') },
        });
        expect(supplier.status).toBe(201);
        return { supplierId: supplier.body.data.id ?? supplier.body.data._id, agentName };
      })();
      setups.set(key, setup);
    }
    return setup;
  };

  const payment = (supplierId: string, paymentId: string, date: string, extra: Row = {}) => ({
    supplier_id: supplierId,
    payment_id: paymentId,
    date,
    amount: 100000,
    regime_codes: ['94'],
    condition: 'no_inscripto',
    ...extra,
  });
  const applied = async (key: string, date: string, extra: Row = {}) => {
    const { supplierId } = await setupOf(key);
    const res = await gw().rest('POST', `${BASE}/retenciones/apply/`, { key, body: payment(supplierId, env.unique('OP'), date, extra) });
    expect(res.status).toBe(201);
    return res.body.data.withholdings[0] as Row;
  };
  const sale = (voucherNumber: number) => ({
    tax: 'iva',
    date: '2026-08-12',
    customer_name: 'Cliente',
    customer_cuit: '30708884444',
    voucher_type: 1,
    sale_point: 9,
    voucher_number: voucherNumber,
    net_by_rate: [{ rate: 21, base: 100000 }],
  });
  let voucher = 1000 + Math.floor(Math.random() * 1000) * 1000;

  // Records of A, by the id a case is about.
  const withholdingOfA = async () => (await applied(env.fullA(), '2026-08-10')).id as string;
  const certificateOfA = async () => (await applied(env.fullA(), '2026-08-10')).certificate_id as string;
  const uncertifiedOfA = async () => (await applied(env.fullA(), '2026-08-10', { issue_certificates: false })).id as string;
  const regimeOfA = async () => {
    const regime = code('R');
    const res = await gw().rest('POST', `${BASE}/regimes/`, { key: env.fullA(), body: regimeBody(regime) });
    expect(res.status).toBe(201);
    return res.body.data.code as string;
  };
  const perceptionOfA = async () => {
    const res = await gw().rest('POST', `${BASE}/percepciones/calculate/`, { key: env.fullA(), body: sale(++voucher) });
    expect(res.status).toBe(200);
    return res.body.data.id as string;
  };
  const supplierOfA = async () => {
    await setupOf(env.fullA());
    return (await setupOf(env.fullA())).supplierId;
  };
  const regimeBody = (regime: string) => ({
    code: regime,
    tax: 'ganancias',
    description: 'Concepto propio',
    valid_from: '2026-01-01',
    rate_registered: 2,
    rate_unregistered: 28,
  });
  const countOfA = async (name: (typeof COLLECTIONS)[number], filter: Row) =>
    db(name).countDocuments({ account_id: await accountIdOf(env.fullA()), ...filter });

  /** B's records as stored before A's requests. */
  let ofB:
    | Promise<{ regime: string; withholding: Row; uncertified: Row; perception: string; supplierId: string; agentName: string; before: Row[][] }>
    | undefined;
  const snapshotB = async () => {
    const accountId = await accountIdOf(env.fullB());
    return Promise.all(COLLECTIONS.map((name) => db(name).find({ account_id: accountId }).sort({ _id: 1 }).toArray()));
  };
  const recordsOfB = () =>
    (ofB ??= (async () => {
      const key = env.fullB();
      const { supplierId, agentName } = await setupOf(key);
      const regime = code('RB');
      expect((await gw().rest('POST', `${BASE}/regimes/`, { key, body: regimeBody(regime) })).status).toBe(201);
      const withholding = await applied(key, '2026-09-10');
      const uncertified = await applied(key, '2026-09-10', { issue_certificates: false });
      const perception = await gw().rest('POST', `${BASE}/percepciones/calculate/`, { key, body: { ...sale(7), date: '2026-09-12' } });
      expect(perception.status).toBe(200);
      return { regime: regime.toUpperCase(), withholding, uncertified, perception: perception.body.data.id, supplierId, agentName, before: await snapshotB() };
    })());
  const bUntouched = async () => {
    const b = await recordsOfB();
    expect(await snapshotB()).toEqual(b.before);
  };
  const hidesB = async (res: { body: unknown }) => {
    const b = await recordsOfB();
    const text = JSON.stringify(res.body);
    for (const secret of [b.agentName, b.regime, b.withholding.id, b.perception, 'Secreto B']) expect(text).not.toContain(secret);
  };
  const restOf = async (method: string, path: string, body?: unknown) => gw().rest(method, path, { key: env.fullA(), body });
  const restNotFound = async (
    method: string,
    path: (b: Awaited<ReturnType<typeof recordsOfB>>) => string,
    body?: (b: Awaited<ReturnType<typeof recordsOfB>>) => unknown,
  ) => {
    const b = await recordsOfB();
    const res = await restOf(method, path(b), body?.(b));
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    await hidesB(res);
    await bUntouched();
  };
  const restHides = (path: string) => async () => {
    await recordsOfB();
    const res = await restOf('GET', path);
    expect(res.status).toBe(200);
    await hidesB(res);
    await bUntouched();
  };
  /** The supplier of each payment id a case made up. */
  const paymentsOfA = new Map<string, string>();
  const ids = (res: { body: Row }) => (res.body.data.items as Row[]).map((item) => item.id);

  const rest: Record<string, RestCase> = {
    [`GET ${BASE}/config/`]: {
      record: supplierOfA,
      request: () => ({ path: `${BASE}/config/` }),
      succeeded: async (res) => expect(res.body.data.agent_name).toBe((await setupOf(env.fullA())).agentName),
      unchanged: nothing,
      otherAccount: restHides(`${BASE}/config/`),
    },
    [`PUT ${BASE}/config/`]: {
      record: async () => env.unique('Calle'),
      request: (id) => ({ path: `${BASE}/config/`, body: { agent_address: id } }),
      succeeded: (res, id) => expect(res.body.data.agent_address).toBe(id),
      async unchanged(id) {
        expect(await countOfA('withholding_config', { agent_address: id })).toBe(0);
      },
      async otherAccount() {
        await recordsOfB();
        expect((await restOf('PUT', `${BASE}/config/`, { agent_address: 'Solo de A' })).status).toBe(200);
        await bUntouched();
      },
    },
    [`GET ${BASE}/regimes/`]: {
      record: regimeOfA,
      request: () => ({ path: `${BASE}/regimes/?tax=ganancias` }),
      succeeded: (res, id) => expect((res.body.data as Row[]).map((regime) => regime.code)).toContain(id),
      unchanged: nothing,
      otherAccount: restHides(`${BASE}/regimes/`),
    },
    [`POST ${BASE}/regimes/`]: {
      record: async () => code('RN'),
      request: (id) => ({ path: `${BASE}/regimes/`, body: regimeBody(id) }),
      succeeded: (res, id) => expect(res.body.data.code).toBe(id.toUpperCase()),
      async unchanged(id) {
        expect(await countOfA('withholding_regimes', { code: id.toUpperCase() })).toBe(0);
      },
      async otherAccount() {
        // A's regimes are A's own: adding one leaves B's as they were.
        await recordsOfB();
        expect((await restOf('POST', `${BASE}/regimes/`, regimeBody(code('RA')))).status).toBe(201);
        await bUntouched();
      },
    },
    [`GET ${BASE}/retenciones/`]: {
      record: withholdingOfA,
      request: () => ({ path: `${BASE}/retenciones/?limit=100` }),
      succeeded: (res, id) => expect(ids(res)).toContain(id),
      unchanged: nothing,
      async otherAccount() {
        const b = await recordsOfB();
        await restHides(`${BASE}/retenciones/?limit=100`)();
        const theirs = await restOf('GET', `${BASE}/retenciones/?supplier_id=${b.supplierId}`);
        expect(theirs.body.data).toMatchObject({ items: [], total: 0 });
      },
    },
    [`POST ${BASE}/retenciones/calculate/`]: {
      record: supplierOfA,
      request: (id) => ({ path: `${BASE}/retenciones/calculate/`, body: payment(id, 'x', '2026-08-10') }),
      succeeded: (res) => expect(res.body.data.lines).toHaveLength(1),
      unchanged: nothing,
      otherAccount: () =>
        restNotFound(
          'POST',
          () => `${BASE}/retenciones/calculate/`,
          (b) => payment(b.supplierId, 'x', '2026-09-10'),
        ),
    },
    [`POST ${BASE}/retenciones/apply/`]: {
      async record() {
        const id = env.unique('OP');
        paymentsOfA.set(id, await supplierOfA());
        return id;
      },
      request: (id) => ({ path: `${BASE}/retenciones/apply/`, body: payment(paymentsOfA.get(id) ?? '', id, '2026-08-10') }),
      succeeded: (res, id) =>
        expect(res.body.data).toMatchObject({ payment_id: id, withholdings: [{ amount: 28000, certificate_number: expect.any(Number) }] }),
      async unchanged(id) {
        expect(await countOfA('withholdings', { payment_id: id })).toBe(0);
      },
      otherAccount: () =>
        restNotFound(
          'POST',
          () => `${BASE}/retenciones/apply/`,
          (b) => payment(b.supplierId, env.unique('OP'), '2026-09-10'),
        ),
    },
    [`GET ${BASE}/percepciones/`]: {
      record: perceptionOfA,
      request: () => ({ path: `${BASE}/percepciones/?limit=100` }),
      succeeded: (res, id) => expect(ids(res)).toContain(id),
      unchanged: nothing,
      otherAccount: restHides(`${BASE}/percepciones/?limit=100`),
    },
    [`POST ${BASE}/percepciones/calculate/`]: {
      record: async () => String(++voucher),
      request: (id) => ({ path: `${BASE}/percepciones/calculate/`, body: sale(Number(id)) }),
      succeeded: (res) => expect(res.body.data).toMatchObject({ stored: true, amount: 3000 }),
      async unchanged(id) {
        expect(await countOfA('perceptions', { voucher_number: Number(id) })).toBe(0);
      },
      async otherAccount() {
        // The same voucher number as B's is A's own sale: stored for A, B's perception unchanged.
        await recordsOfB();
        expect((await restOf('POST', `${BASE}/percepciones/calculate/`, sale(7))).status).toBe(200);
        await bUntouched();
      },
    },
    [`GET ${BASE}/certificates/`]: {
      record: certificateOfA,
      request: () => ({ path: `${BASE}/certificates/?limit=100` }),
      succeeded: (res, id) => expect(ids(res)).toContain(id),
      unchanged: nothing,
      otherAccount: restHides(`${BASE}/certificates/?limit=100`),
    },
    [`POST ${BASE}/certificates/`]: {
      record: uncertifiedOfA,
      request: (id) => ({ path: `${BASE}/certificates/`, body: { withholding_id: id } }),
      succeeded: (res, id) => expect(res.body.data).toMatchObject({ withholding_id: id, number: expect.any(Number) }),
      async unchanged(id) {
        expect(await countOfA('withholding_certificates', { withholding_id: new ObjectId(id) })).toBe(0);
      },
      otherAccount: () =>
        restNotFound(
          'POST',
          () => `${BASE}/certificates/`,
          (b) => ({ withholding_id: b.uncertified.id }),
        ),
    },
    [`GET ${BASE}/certificates/{certificate_id}/html/`]: {
      record: certificateOfA,
      request: (id) => ({ path: `${BASE}/certificates/${id}/html/` }),
      succeeded: (res) => expect(res.headers.get('content-type')).toMatch(/^text\/html/),
      unchanged: nothing,
      otherAccount: () => restNotFound('GET', (b) => `${BASE}/certificates/${b.withholding.certificate_id}/html/`),
    },
    [`GET ${BASE}/certificates/{certificate_id}/pdf/`]: {
      record: certificateOfA,
      request: (id) => ({ path: `${BASE}/certificates/${id}/pdf/` }),
      succeeded: (res) => expect(res.headers.get('content-type')).toBe('application/pdf'),
      unchanged: nothing,
      otherAccount: () => restNotFound('GET', (b) => `${BASE}/certificates/${b.withholding.certificate_id}/pdf/`),
    },
    [`GET ${BASE}/ddjj/{period}/`]: {
      record: withholdingOfA,
      request: () => ({ path: `${BASE}/ddjj/2026-08/` }),
      succeeded: (res) => expect(res.body.data.withholdings_total).toBeGreaterThan(0),
      unchanged: nothing,
      async otherAccount() {
        // B withheld in September; A did not.
        await restHides(`${BASE}/ddjj/2026-09/`)();
        expect((await restOf('GET', `${BASE}/ddjj/2026-09/`)).body.data).toMatchObject({ withholdings_total: 0, perceptions_total: 0 });
      },
    },
  };

  const gqlHides =
    (document: string, variables: Row = {}) =>
    async () => {
      await recordsOfB();
      const res = await gw().gql(document, variables, { key: env.fullA() });
      expect(res.body.errors).toBeUndefined();
      await hidesB(res);
      await bUntouched();
    };
  const gqlNotFound = async (document: string, variables: (b: Awaited<ReturnType<typeof recordsOfB>>) => Row) => {
    const b = await recordsOfB();
    const res = await gw().gql(document, variables(b), { key: env.fullA() });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    await hidesB(res);
    await bUntouched();
  };
  const gqlPayment = (supplierId: string, paymentId: string, date: string) => ({
    supplierId,
    paymentId,
    date,
    amount: 100000,
    regimeCodes: ['94'],
    condition: 'no_inscripto',
  });
  const gqlSale = (voucherNumber: number) => ({
    tax: 'iva',
    date: '2026-08-12',
    customerName: 'Cliente',
    customerCuit: '30708884444',
    voucherType: 1,
    salePoint: 9,
    voucherNumber,
    netByRate: [{ rate: 21, base: 100000 }],
  });

  const CONFIG = 'query Q { withholdingConfig { agentName } }';
  const REGIMES = 'query Q { withholdingRegimes(tax: "ganancias") { code } }';
  const WITHHOLDINGS = 'query Q { withholdings(limit: 100) { items { id supplierName } } }';
  const PERCEPTIONS = 'query Q { perceptions(limit: 100) { items { id } } }';
  const CERTIFICATES = 'query Q { withholdingCertificates(limit: 100) { items { id agentName subjectName } } }';
  const CERTIFICATE = 'query Q($id: ID!) { withholdingCertificate(id: $id) { id number html } }';
  const CALCULATE = 'mutation M($input: WithholdingPaymentInput!) { calculateWithholding(input: $input) { total lines { amount } } }';
  const APPLY = 'mutation M($input: WithholdingPaymentInput!) { applyWithholding(input: $input) { paymentId withholdings { amount certificateNumber } } }';
  const ISSUE = 'mutation M($id: ID!) { issueWithholdingCertificate(withholdingId: $id) { withholdingId number } }';
  const gql: Record<string, GqlCase> = {
    withholdingConfig: {
      scope: READ,
      record: supplierOfA,
      document: CONFIG,
      variables: () => ({}),
      succeeded: async (data) => expect(data.withholdingConfig.agentName).toBe((await setupOf(env.fullA())).agentName),
      unchanged: nothing,
      otherAccount: gqlHides(CONFIG),
    },
    updateWithholdingConfig: {
      scope: WRITE,
      record: async () => env.unique('Calle'),
      document: 'mutation M($input: WithholdingConfigInput!) { updateWithholdingConfig(input: $input) { agentAddress } }',
      variables: (id) => ({ input: { agentAddress: id } }),
      succeeded: (data, id) => expect(data.updateWithholdingConfig.agentAddress).toBe(id),
      async unchanged(id) {
        expect(await countOfA('withholding_config', { agent_address: id })).toBe(0);
      },
      async otherAccount() {
        await recordsOfB();
        const res = await gw().gql('mutation { updateWithholdingConfig(input: { agentAddress: "Solo de A" }) { agentAddress } }', {}, { key: env.fullA() });
        expect(res.body.errors).toBeUndefined();
        await bUntouched();
      },
    },
    withholdingRegimes: {
      scope: READ,
      record: regimeOfA,
      document: REGIMES,
      variables: () => ({}),
      succeeded: (data, id) => expect(data.withholdingRegimes.map((regime: Row) => regime.code)).toContain(id),
      unchanged: nothing,
      otherAccount: gqlHides(REGIMES),
    },
    createWithholdingRegime: {
      scope: WRITE,
      record: async () => code('RN'),
      document: 'mutation M($input: WithholdingRegimeInput!) { createWithholdingRegime(input: $input) { code seeded } }',
      variables: (id) => ({
        input: { code: id, tax: 'ganancias', description: 'Concepto propio', validFrom: '2026-01-01', rateRegistered: 2, rateUnregistered: 28 },
      }),
      succeeded: (data, id) => expect(data.createWithholdingRegime).toEqual({ code: id.toUpperCase(), seeded: false }),
      async unchanged(id) {
        expect(await countOfA('withholding_regimes', { code: id.toUpperCase() })).toBe(0);
      },
      async otherAccount() {
        await recordsOfB();
        await bUntouched();
      },
    },
    calculateWithholding: {
      scope: WRITE,
      record: supplierOfA,
      document: CALCULATE,
      variables: (id) => ({ input: gqlPayment(id, 'x', '2026-08-10') }),
      succeeded: (data) => expect(data.calculateWithholding.lines).toHaveLength(1),
      unchanged: nothing,
      otherAccount: () => gqlNotFound(CALCULATE, (b) => ({ input: gqlPayment(b.supplierId, 'x', '2026-09-10') })),
    },
    applyWithholding: {
      scope: WRITE,
      async record() {
        const id = env.unique('OP');
        paymentsOfA.set(id, await supplierOfA());
        return id;
      },
      document: APPLY,
      variables: (id) => ({ input: gqlPayment(paymentsOfA.get(id) ?? '', id, '2026-08-10') }),
      succeeded: (data, id) => expect(data.applyWithholding).toMatchObject({ paymentId: id, withholdings: [{ amount: 28000 }] }),
      async unchanged(id) {
        expect(await countOfA('withholdings', { payment_id: id })).toBe(0);
      },
      otherAccount: () => gqlNotFound(APPLY, (b) => ({ input: gqlPayment(b.supplierId, env.unique('OP'), '2026-09-10') })),
    },
    withholdings: {
      scope: READ,
      record: withholdingOfA,
      document: WITHHOLDINGS,
      variables: () => ({}),
      succeeded: (data, id) => expect(data.withholdings.items.map((item: Row) => item.id)).toContain(id),
      unchanged: nothing,
      otherAccount: gqlHides(WITHHOLDINGS),
    },
    perceptions: {
      scope: READ,
      record: perceptionOfA,
      document: PERCEPTIONS,
      variables: () => ({}),
      succeeded: (data, id) => expect(data.perceptions.items.map((item: Row) => item.id)).toContain(id),
      unchanged: nothing,
      otherAccount: gqlHides(PERCEPTIONS),
    },
    calculatePerception: {
      scope: WRITE,
      record: async () => String(++voucher),
      document: 'mutation M($input: PerceptionInput!) { calculatePerception(input: $input) { stored amount } }',
      variables: (id) => ({ input: gqlSale(Number(id)) }),
      succeeded: (data) => expect(data.calculatePerception).toEqual({ stored: true, amount: 3000 }),
      async unchanged(id) {
        expect(await countOfA('perceptions', { voucher_number: Number(id) })).toBe(0);
      },
      async otherAccount() {
        await recordsOfB();
        await bUntouched();
      },
    },
    withholdingCertificates: {
      scope: READ,
      record: certificateOfA,
      document: CERTIFICATES,
      variables: () => ({}),
      succeeded: (data, id) => expect(data.withholdingCertificates.items.map((item: Row) => item.id)).toContain(id),
      unchanged: nothing,
      otherAccount: gqlHides(CERTIFICATES),
    },
    withholdingCertificate: {
      scope: READ,
      record: certificateOfA,
      document: CERTIFICATE,
      variables: (id) => ({ id }),
      succeeded: (data, id) => expect(data.withholdingCertificate).toMatchObject({ id, html: expect.stringContaining('Certificado de retención') }),
      unchanged: nothing,
      otherAccount: () => gqlNotFound(CERTIFICATE, (b) => ({ id: b.withholding.certificate_id })),
      badId: (id) => ({ id }),
    },
    issueWithholdingCertificate: {
      scope: WRITE,
      record: uncertifiedOfA,
      document: ISSUE,
      variables: (id) => ({ id }),
      succeeded: (data, id) => expect(data.issueWithholdingCertificate).toMatchObject({ withholdingId: id, number: expect.any(Number) }),
      async unchanged(id) {
        expect(await countOfA('withholdings', { _id: new ObjectId(id), certificate_id: null })).toBe(1);
      },
      otherAccount: () => gqlNotFound(ISSUE, (b) => ({ id: b.uncertified.id })),
    },
    withholdingDeclaration: {
      scope: READ,
      record: withholdingOfA,
      document: 'query Q($period: String!) { withholdingDeclaration(period: $period) { withholdingsTotal sicoreLines } }',
      variables: () => ({ period: '2026-08' }),
      succeeded: (data) => expect(data.withholdingDeclaration.withholdingsTotal).toBeGreaterThan(0),
      unchanged: nothing,
      otherAccount: gqlHides('query Q { withholdingDeclaration(period: "2026-09") { withholdingsTotal perceptionsTotal sicoreContent } }'),
    },
  };
  return { rest, gql };
}
