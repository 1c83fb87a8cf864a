/**
 * The FCE MiPyME entries of the authorization matrix (test/gateway/authorization.test.ts), one per REST route and per
 * GraphQL operation. The threshold is a setting of the account: a refused write must leave A's as it was, and A's
 * writes never reach B's. Eligibility changes nothing but needs invoices:write (contract §5.4).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ObjectId } from 'mongodb';
import type { Scope } from '../../../src/domain/auth/scopes';
import { tokenHash } from '../../../src/domain/auth/auth.secrets';
import { argentineDay } from '../../../src/domain/dates';
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

const G2_HEADER = readFileSync(join(__dirname, '..', '..', 'fixtures', 'issued-vouchers', 'synthetic-g2-emitidos-2025-12.csv'), 'utf8').split('\n')[0];
/** A point of sale of its own, so that these numbers never meet the other suites' vouchers. */
const SALE_POINT = 9292;

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

  // FCE vouchers: one-row Emitidos exports of type 201 with numbers distinct across runs sharing a database.
  let numbers = (process.pid % 10_000) * 10_000;
  const vouchers = () => gw().store.collection<Row>('issued_vouchers');
  const fceOf = async (key: string): Promise<string> => {
    const n = ++numbers;
    // Issued on the gateway clock's day, so the buyer's acceptance term still runs and events may be recorded.
    const row = `${argentineDay(gw().clock.now)};201;${SALE_POINT};${n};${n};75481234500011;80;30715551248;MATRIZ FCE S.A.;1,00;PES;6000000,00;0,00;0,00;0,00;1260000,00;7260000,00`;
    const form = new FormData();
    form.append('file', new File([`${G2_HEADER}\n${row}\n`], `fce-matrix-${n}.csv`));
    const res = await gw().rest('POST', '/issued_vouchers/upload-csv/', { key, body: form });
    expect(res.body.data?.rows_imported).toBe(1);
    return ((await vouchers().findOne({ sale_point: SALE_POINT, voucher_number: n, account_id: await accountOf(key) })) as Row)._id.toHexString();
  };
  const fceOfA = () => fceOf(env.fullA());
  let ofB: Promise<{ id: string; before: Row }> | undefined;
  const fceOfB = () =>
    (ofB ??= (async () => {
      // An account of its own: B's voucher and import counts belong to the issued-voucher entries.
      const id = await fceOf((await gw().account(['invoices:read', 'invoices:write'])).key);
      return { id, before: (await vouchers().findOne({ _id: new ObjectId(id) })) as Row };
    })());
  const eventsOf = (id: string) =>
    gw()
      .store.collection('fce_events')
      .countDocuments({ fce_invoice_id: new ObjectId(id) });
  const noEvent = async (id: string) => {
    expect(await eventsOf(id)).toBe(0);
    expect((await vouchers().findOne({ _id: new ObjectId(id) }))?.fce_status).toBe('pending');
  };
  /** B's voucher as stored, with no event. */
  const bUntouched = async () => {
    const b = await fceOfB();
    expect(await vouchers().findOne({ _id: new ObjectId(b.id) })).toEqual(b.before);
    expect(await eventsOf(b.id)).toBe(0);
  };
  const restNotFound = async (method: string, body?: unknown) => {
    const b = await fceOfB();
    const res = await gw().rest(method, `/fce/events/${b.id}/`, { key: env.fullA(), body });
    expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
    await bUntouched();
  };
  const gqlNotFound = async (document: string, variables: (id: string) => Row) => {
    const b = await fceOfB();
    const res = await gw().gql(document, variables(b.id), { key: env.fullA() });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    await bUntouched();
  };
  const EVENTS = 'query Q($id: ID!) { fceEvents(id: $id) { totalCount nodes { eventType } } }';
  const RECORD = 'mutation M($id: ID!) { recordFceEvent(id: $id, eventType: "accepted") { fceInvoiceId eventType } }';
  const INVOICE = 'query Q($id: ID!) { fceInvoice(id: $id) { id fceStatus events { totalCount } } }';
  const INVOICES = 'query Q { fceInvoices(perPage: 100, status: "pending") { total items { id } } }';
  /** A's list (newest first, 100 a page) never shows B's voucher. */
  const listHidesB = async (ids: () => Promise<string[]>) => {
    const b = await fceOfB();
    expect(await ids()).not.toContain(b.id);
    await bUntouched();
  };

  const rest: Record<string, RestCase> = {
    'GET /fce/issued/': {
      record: fceOfA,
      request: () => ({ path: '/fce/issued/?per_page=100&status=pending' }),
      succeeded: (res: HttpResult, id: string) => expect(res.body.data.items.map((item: Row) => item.id)).toContain(id),
      unchanged: noEvent,
      otherAccount: () =>
        listHidesB(async () => (await gw().rest('GET', '/fce/issued/?per_page=100', { key: env.fullA() })).body.data.items.map((item: Row) => item.id)),
    },
    'POST /fce/events/{fce_invoice_id}/': {
      record: fceOfA,
      request: (id) => ({ path: `/fce/events/${id}/`, body: { event_type: 'accepted', payload: { via: 'matrix' } } }),
      async succeeded(res: HttpResult, id) {
        expect(res.body.data).toMatchObject({ fce_invoice_id: id, event_type: 'accepted', payload: { via: 'matrix' } });
        expect((await vouchers().findOne({ _id: new ObjectId(id) }))?.fce_status).toBe('accepted');
      },
      unchanged: noEvent,
      otherAccount: () => restNotFound('POST', { event_type: 'accepted' }),
    },
    'GET /fce/events/{fce_invoice_id}/': {
      record: fceOfA,
      request: (id) => ({ path: `/fce/events/${id}/` }),
      succeeded: (res: HttpResult) => expect(res.body.data).toEqual({ items: [] }),
      unchanged: noEvent,
      otherAccount: () => restNotFound('GET'),
    },
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
    fceInvoices: {
      scope: READ,
      record: fceOfA,
      document: INVOICES,
      variables: () => ({}),
      succeeded: (data, id) => expect(data.fceInvoices.items.map((item: Row) => item.id)).toContain(id),
      unchanged: noEvent,
      otherAccount: () => listHidesB(async () => (await gw().gql(INVOICES, {}, { key: env.fullA() })).body.data.fceInvoices.items.map((item: Row) => item.id)),
    },
    fceInvoice: {
      scope: READ,
      record: fceOfA,
      document: INVOICE,
      variables: (id) => ({ id }),
      succeeded: (data, id) => expect(data.fceInvoice).toEqual({ id, fceStatus: 'pending', events: { totalCount: 0 } }),
      unchanged: noEvent,
      otherAccount: () => gqlNotFound(INVOICE, (id) => ({ id })),
      badId: (id) => ({ id }),
    },
    fceEvents: {
      scope: READ,
      record: fceOfA,
      document: EVENTS,
      variables: (id) => ({ id }),
      succeeded: (data) => expect(data.fceEvents).toEqual({ totalCount: 0, nodes: [] }),
      unchanged: noEvent,
      otherAccount: () => gqlNotFound(EVENTS, (id) => ({ id })),
      badId: (id) => ({ id }),
    },
    recordFceEvent: {
      scope: WRITE,
      record: fceOfA,
      document: RECORD,
      variables: (id) => ({ id }),
      async succeeded(data, id) {
        expect(data.recordFceEvent).toEqual({ fceInvoiceId: id, eventType: 'accepted' });
        expect(await eventsOf(id)).toBe(1);
      },
      unchanged: noEvent,
      otherAccount: () => gqlNotFound(RECORD, (id) => ({ id })),
      badId: (id) => ({ id }),
    },
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
