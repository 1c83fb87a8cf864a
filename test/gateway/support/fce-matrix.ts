/**
 * The FCE MiPyME entries of the authorization matrix (test/gateway/authorization.test.ts), one per REST route and per
 * GraphQL operation. The threshold is a setting of the account: a refused write must leave A's as it was, and A's
 * writes never reach B's. Eligibility changes nothing but needs invoices:write (contract §5.4).
 */
import type { ObjectId } from 'mongodb';
import type { Scope } from '../../../src/domain/auth/scopes';
import { tokenHash } from '../../../src/domain/auth/secrets';
import { THRESHOLD_KEY } from '../../../src/domain/fce/threshold';
import type { HttpResult } from '../../support/gateway';
import type { MatrixEnv } from './expense-matrix';
import type { GqlCase, RestCase } from './matrix';

type Row = Record<string, any>;

const READ: Scope = 'invoices:read';
const WRITE: Scope = 'invoices:write';

const ELIGIBLE = {
  tipo_comprobante: 6,
  importe_total: 99_000_000_000,
  tipo_documento: 80,
  condicion_iva: 'monotributo',
  fecha_comprobante: '2026-05-04',
  fecha_vencimiento_pago: '2026-07-03',
  metadata: { emitter_cbu: '0170099220000067797370' },
};

export function fceMatrix(env: MatrixEnv): { rest: Record<string, RestCase>; gql: Record<string, GqlCase> } {
  const gw = () => env.gw();
  const accounts = () => gw().store.collection<Row>('accounts');
  const accountOf = async (key: string) =>
    (
      (await gw()
        .store.collection('api_keys')
        .findOne({ key_hash: tokenHash(key) })) as Row
    ).account_id as ObjectId;
  const settingOf = async (key: string) => ((await accounts().findOne({ _id: await accountOf(key) })) as Row).settings?.[THRESHOLD_KEY];

  // Each write case sets a value no other case uses, so that "unchanged" means "not set to this value".
  let values = 1000;
  const freshValue = async () => String(++values + 0.25);
  const notSet = async (value: string) => expect(await settingOf(env.fullA())).not.toBe(Number(value));
  const nothing = async () => undefined;
  /** A's write leaves B's threshold as it was. */
  const bKeepsItsOwn = async (write: (value: number) => Promise<void>) => {
    const before = await settingOf(env.fullB());
    await write(Number(await freshValue()));
    expect(await settingOf(env.fullB())).toBe(before);
  };
  /** B's own threshold never shows in A's answers. */
  const bThresholdHidden = async (readOfA: () => Promise<number>) => {
    await gw().rest('PUT', '/fce/threshold/', { key: env.fullB(), body: { value: 4242.42 } });
    expect(await readOfA()).not.toBe(4242.42);
  };

  const rest: Record<string, RestCase> = {
    'POST /fce/eligibility/': {
      request: () => ({ path: '/fce/eligibility/', body: ELIGIBLE }),
      succeeded: (res: HttpResult) => expect(res.body.data).toMatchObject({ eligible: true, reasons: [], suggested_type: 206 }),
      unchanged: nothing,
      otherAccount: () =>
        bThresholdHidden(async () => (await gw().rest('POST', '/fce/eligibility/', { key: env.fullA(), body: ELIGIBLE })).body.data.threshold_ars),
    },
    'GET /fce/threshold/': {
      request: () => ({ path: '/fce/threshold/' }),
      async succeeded(res: HttpResult) {
        expect(res.body.data.currency).toBe('ARS');
        expect(res.body.data.value).toBeGreaterThan(0);
      },
      unchanged: nothing,
      otherAccount: () => bThresholdHidden(async () => (await gw().rest('GET', '/fce/threshold/', { key: env.fullA() })).body.data.value),
    },
    'PUT /fce/threshold/': {
      record: freshValue,
      request: (value) => ({ path: '/fce/threshold/', body: { value: Number(value) } }),
      async succeeded(res: HttpResult, value) {
        expect(res.body.data).toEqual({ key: THRESHOLD_KEY, value: Number(value) });
        expect(await settingOf(env.fullA())).toBe(Number(value));
      },
      unchanged: notSet,
      otherAccount: () =>
        bKeepsItsOwn(async (value) => {
          expect((await gw().rest('PUT', '/fce/threshold/', { key: env.fullA(), body: { value } })).status).toBe(200);
        }),
    },
  };

  const gql: Record<string, GqlCase> = {
    checkFceEligibility: {
      scope: WRITE,
      document: 'mutation M($input: JSONObject!) { checkFceEligibility(input: $input) { eligible reasons suggestedType thresholdArs } }',
      variables: () => ({ input: ELIGIBLE }),
      succeeded: (data) => expect(data.checkFceEligibility).toMatchObject({ eligible: true, reasons: [], suggestedType: 206 }),
      unchanged: nothing,
      otherAccount: () =>
        bThresholdHidden(
          async () =>
            (
              await gw().gql(
                'mutation M($input: JSONObject!) { checkFceEligibility(input: $input) { thresholdArs } }',
                { input: ELIGIBLE },
                { key: env.fullA() },
              )
            ).body.data.checkFceEligibility.thresholdArs,
        ),
    },
    fceThreshold: {
      scope: READ,
      document: '{ fceThreshold { value currency } }',
      variables: () => ({}),
      succeeded: (data) => expect(data.fceThreshold.currency).toBe('ARS'),
      unchanged: nothing,
      otherAccount: () => bThresholdHidden(async () => (await gw().gql('{ fceThreshold { value } }', {}, { key: env.fullA() })).body.data.fceThreshold.value),
    },
    setFceThreshold: {
      scope: WRITE,
      record: freshValue,
      document: 'mutation M($value: Float!) { setFceThreshold(value: $value) { key value } }',
      variables: (value) => ({ value: Number(value) }),
      async succeeded(data, value) {
        expect(data.setFceThreshold).toEqual({ key: THRESHOLD_KEY, value: Number(value) });
        expect(await settingOf(env.fullA())).toBe(Number(value));
      },
      unchanged: notSet,
      otherAccount: () =>
        bKeepsItsOwn(async (value) => {
          const res = await gw().gql('mutation M($value: Float!) { setFceThreshold(value: $value) { value } }', { value }, { key: env.fullA() });
          expect(res.body.data.setFceThreshold.value).toBe(value);
        }),
    },
  };
  return { rest, gql };
}
