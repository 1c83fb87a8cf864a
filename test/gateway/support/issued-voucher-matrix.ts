/**
 * The issued-voucher entries of the authorization matrix (test/gateway/authorization.test.ts), one per REST route and
 * per GraphQL operation. Records come only from imports, so each record of account A is a one-row Emitidos export of
 * its own (a G2 layout, which names no issuer and so suits any account) uploaded through the REST route. B's voucher
 * (imported once) must stay invisible and untouched, and A's upload of the very voucher B holds is A's own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ObjectId } from 'mongodb';
import type { Scope } from '../../../src/domain/auth/scopes';
import type { HttpResult } from '../../support/gateway';
import type { MatrixEnv } from './expense-matrix';
import type { GqlCase, RestCase } from './matrix';

type Row = Record<string, any>;

const READ: Scope = 'invoices:read';
const WRITE: Scope = 'invoices:write';

const G2_HEADER = readFileSync(join(__dirname, '..', '..', 'fixtures', 'issued-vouchers', 'synthetic-g2-emitidos-2025-12.csv'), 'utf8').split('\n')[0];
const RECEIVER_CUIT = '30715551248';
const SECRET_B = 'MATRIX B CLIENTE SECRETO S.A.';
/** The lines of the one-row export's voucher (100,00 at 21 %: 21,00), as a review sets them. */
const VAT_LINES = { vat_items: [{ aliquot: 21, base: 100, amount: 21 }] };
/** A point of sale of its own, so that these numbers never meet the other suites' vouchers. */
const SALE_POINT = 9191;

/** A one-row Emitidos export: the voucher `number`, issued to `receiver`. */
const exportOf = (number: number, receiver = 'MATRIZ CLIENTE S.A.') =>
  new File(
    [
      `${G2_HEADER}\n2025-12-01;1;${SALE_POINT};${number};${number};75481234500011;80;${RECEIVER_CUIT};${receiver};1,00;PES;100,00;0,00;0,00;0,00;21,00;121,00\n`,
    ],
    `issued-matrix-${number}.csv`,
  );

const uploadForm = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

export function issuedVoucherMatrix(env: MatrixEnv): { rest: Record<string, RestCase>; gql: Record<string, GqlCase> } {
  const gw = () => env.gw();
  const vouchers = () => gw().store.collection<Row>('issued_vouchers');
  const imports = () => gw().store.collection<Row>('issued_voucher_imports');
  const stored = (id: string) => vouchers().findOne({ _id: new ObjectId(id) });

  // Voucher numbers distinct across runs sharing a database, so that no import is a duplicate of an earlier one.
  let numbers = (process.pid % 10_000) * 10_000;
  const nextNumber = () => ++numbers;

  /** Imports a one-row export with `key`; answers the stored voucher's id. */
  const imported = async (key: string, receiver = 'MATRIZ CLIENTE S.A.'): Promise<string> => {
    const number = nextNumber();
    const res = await gw().rest('POST', '/issued_vouchers/upload-csv/', { key, body: uploadForm(exportOf(number, receiver)) });
    expect({ status: res.status, imported: res.body.data?.rows_imported }).toEqual({ status: 200, imported: 1 });
    const voucher = await vouchers().findOne({ sale_point: SALE_POINT, voucher_number: number, receiver_name: receiver });
    return voucher!._id.toHexString();
  };

  const snapshots = new Map<string, Promise<unknown>>();
  const voucherOfA = async () => {
    const id = await imported(env.fullA());
    snapshots.set(id, stored(id));
    return id;
  };
  const unchanged = async (id: string) => expect(await stored(id)).toEqual(await snapshots.get(id));
  /** An import of A's, by its id (the import of a voucher of A's). */
  const importOfA = async () => {
    const id = ((await stored(await imported(env.fullA())))!.import_id as ObjectId).toHexString();
    snapshots.set(id, imports().findOne({ _id: new ObjectId(id) }));
    return id;
  };
  const importUnchanged = async (id: string) => expect(await imports().findOne({ _id: new ObjectId(id) })).toEqual(await snapshots.get(id));

  let ofB: Promise<{ id: string; account: ObjectId; before: Row; vouchers: number; imports: number }> | undefined;
  const recordsOfB = () =>
    (ofB ??= (async () => {
      const id = await imported(env.fullB(), SECRET_B);
      const before = (await stored(id))!;
      const account = before.account_id as ObjectId;
      return { id, account, before, ...(await countsOf(account)) };
    })());
  const countsOf = async (account: ObjectId) => ({
    vouchers: await vouchers().countDocuments({ account_id: account }),
    imports: await imports().countDocuments({ account_id: account }),
  });
  /** B's voucher as stored, and nothing imported on B's behalf. */
  const bUntouched = async () => {
    const b = await recordsOfB();
    expect(await stored(b.id)).toEqual(b.before);
    expect(await countsOf(b.account)).toEqual({ vouchers: b.vouchers, imports: b.imports });
  };
  const noSecret = (body: unknown) => expect(JSON.stringify(body)).not.toContain(SECRET_B);

  /** Uploads are about a voucher number not yet imported: refused, nothing of it is stored. */
  const freshNumber = async () => String(nextNumber());
  const notImported = async (number: string) => {
    expect(await vouchers().countDocuments({ sale_point: SALE_POINT, voucher_number: Number(number) })).toBe(0);
    expect(await imports().countDocuments({ file_name: `issued-matrix-${number}.csv` })).toBe(0);
  };
  const importedOnce = async (number: string) => {
    const docs = await vouchers()
      .find({ sale_point: SALE_POINT, voucher_number: Number(number) })
      .toArray();
    expect(docs.map((doc) => ({ receiver: doc.receiver_doc, total: doc.total_amount_cents }))).toEqual([{ receiver: RECEIVER_CUIT, total: 12100 }]);
  };
  /** A's upload of the very voucher B holds is A's own record: stored for A, never counted a duplicate of B's. */
  const sameVoucherAsB = async (upload: (file: File) => Promise<Row>) => {
    const b = await recordsOfB();
    const number = b.before.voucher_number as number;
    const accountA = (await stored(await voucherOfA()))!.account_id as ObjectId;
    // A's copy from an earlier case (REST and GraphQL both upload it) goes first, so that this one is new to A.
    await vouchers().deleteMany({ account_id: accountA, sale_point: SALE_POINT, voucher_number: number });
    const result = await upload(exportOf(number));
    expect(result).toMatchObject({ rowsImported: 1, rowsDuplicated: 0 });
    expect(await vouchers().countDocuments({ account_id: accountA, sale_point: SALE_POINT, voucher_number: number })).toBe(1);
    await bUntouched();
  };

  const path = (id: string) => `/issued_vouchers/${encodeURIComponent(id)}/`;

  const rest: Record<string, RestCase> = {
    'GET /issued_vouchers/list/': {
      record: voucherOfA,
      request: () => ({ path: '/issued_vouchers/list/?limit=100' }),
      succeeded: (res: HttpResult, id: string) => expect(res.body.data.items.map((item: Row) => item.id)).toContain(id),
      unchanged,
      async otherAccount() {
        const b = await recordsOfB();
        const all = await gw().rest('GET', '/issued_vouchers/list/?limit=100', { key: env.fullA() });
        expect(all.status).toBe(200);
        expect(all.body.data.items.map((item: Row) => item.id)).not.toContain(b.id);
        const theirs = await gw().rest('GET', '/issued_vouchers/list/?search=secreto', { key: env.fullA() });
        expect(theirs.body.data).toMatchObject({ items: [], total: 0 });
        await bUntouched();
      },
    },
    'GET /issued_vouchers/import-history/': {
      record: voucherOfA,
      request: () => ({ path: '/issued_vouchers/import-history/?limit=100' }),
      async succeeded(res: HttpResult, id: string) {
        expect(res.body.data.map((entry: Row) => entry.id)).toContain((await stored(id))!.import_id.toHexString());
      },
      unchanged,
      async otherAccount() {
        const b = await recordsOfB();
        const res = await gw().rest('GET', '/issued_vouchers/import-history/?limit=100', { key: env.fullA() });
        expect(res.status).toBe(200);
        const ids = (res.body.data as Row[]).map((entry) => entry.id);
        expect(ids.length).toBeGreaterThan(0);
        expect(ids).not.toContain(b.before.import_id.toHexString());
        await bUntouched();
      },
    },
    'POST /issued_vouchers/upload-csv/': {
      record: freshNumber,
      request: (number: string) => ({ path: '/issued_vouchers/upload-csv/', body: uploadForm(exportOf(Number(number))) }),
      async succeeded(res: HttpResult, number: string) {
        expect(res.body.data).toMatchObject({
          direction: 'issued',
          file_name: `issued-matrix-${number}.csv`,
          layout: 'G2',
          status: 'completed',
          rows_total: 1,
          rows_imported: 1,
        });
        await importedOnce(number);
      },
      unchanged: notImported,
      otherAccount: () =>
        sameVoucherAsB(async (file) => {
          const res = await gw().rest('POST', '/issued_vouchers/upload-csv/', { key: env.fullA(), body: uploadForm(file) });
          expect(res.status).toBe(200);
          return { rowsImported: res.body.data.rows_imported, rowsDuplicated: res.body.data.rows_duplicated };
        }),
    },
    'GET /issued_vouchers/{id}/': {
      record: voucherOfA,
      request: (id: string) => ({ path: path(id) }),
      succeeded: (res: HttpResult, id: string) => expect(res.body.data).toMatchObject({ id, receiver_doc: RECEIVER_CUIT, total_amount: 121 }),
      unchanged,
      async otherAccount() {
        const b = await recordsOfB();
        const res = await gw().rest('GET', path(b.id), { key: env.fullA() });
        expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
        noSecret(res.body);
        await bUntouched();
      },
    },
    'GET /issued_vouchers/import-history/{id}/': {
      record: importOfA,
      request: (id: string) => ({ path: `/issued_vouchers/import-history/${encodeURIComponent(id)}/` }),
      succeeded: (res: HttpResult, id: string) => expect(res.body.data).toMatchObject({ id, direction: 'issued', status: 'completed', percent: 100 }),
      unchanged: importUnchanged,
      async otherAccount() {
        const b = await recordsOfB();
        const res = await gw().rest('GET', `/issued_vouchers/import-history/${b.before.import_id.toHexString()}/`, { key: env.fullA() });
        expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
        noSecret(res.body);
        await bUntouched();
      },
    },
  };

  /** A's voucher marked as an import marks one whose rates are to be reviewed, so that resolving it changes it. */
  const flaggedOfA = async () => {
    const id = await imported(env.fullA());
    await vouchers().updateOne(
      { _id: new ObjectId(id) },
      { $set: { rate_review: { reason: 'matrix (VAT_RATE_AMBIGUOUS)', flagged_at: new Date() }, needs_review: true } },
    );
    snapshots.set(id, stored(id));
    return id;
  };
  const resolved = async (id: string) =>
    expect(await stored(id)).toMatchObject({ vat_items: [{ aliquot: 21, base_cents: 10000, amount_cents: 2100 }], rate_review: null, needs_review: false });

  rest['POST /issued_vouchers/{id}/vat-lines/'] = {
    record: flaggedOfA,
    request: (id: string) => ({ path: `${path(id)}vat-lines/`, body: VAT_LINES }),
    async succeeded(res: HttpResult, id: string) {
      expect(res.body.data).toMatchObject({ issued_voucher_id: id, vat_items: VAT_LINES.vat_items, rate_review: null, needs_review: false, stated_net: null });
      await resolved(id);
    },
    unchanged,
    async otherAccount() {
      const b = await recordsOfB();
      const res = await gw().rest('POST', `${path(b.id)}vat-lines/`, { key: env.fullA(), body: VAT_LINES });
      expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
      noSecret(res.body);
      await bUntouched();
    },
  };

  const RESOLVE =
    'mutation M($id: ID!, $lines: [IssuedVoucherVatLineInput!]!) { resolveIssuedVoucherRates(id: $id, vatItems: $lines) { id needsReview vatItems { aliquot base amount } } }';

  const IMPORT = 'mutation M($file: Upload!) { importIssuedVouchers(file: $file) { direction fileName layout status rowsTotal rowsImported rowsDuplicated } }';
  const ONE = 'query Q($id: ID!) { issuedVoucher(id: $id) { id receiverDoc totalAmount } }';
  const gql: Record<string, GqlCase> = {
    issuedVoucher: {
      scope: READ,
      record: voucherOfA,
      document: ONE,
      variables: (id) => ({ id }),
      succeeded: (data, id) => expect(data.issuedVoucher).toEqual({ id, receiverDoc: RECEIVER_CUIT, totalAmount: 121 }),
      unchanged,
      async otherAccount() {
        const b = await recordsOfB();
        const res = await gw().gql(ONE, { id: b.id }, { key: env.fullA() });
        expect(res.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
        noSecret(res.body);
        await bUntouched();
      },
      badId: (id) => ({ id }),
    },
    issuedVouchers: {
      scope: READ,
      record: voucherOfA,
      document: 'query Q { issuedVouchers(first: 100) { nodes { id } } }',
      variables: () => ({}),
      succeeded: (data, id) => expect(data.issuedVouchers.nodes.map((node: Row) => node.id)).toContain(id),
      unchanged,
      async otherAccount() {
        const b = await recordsOfB();
        const all = await gw().gql('{ issuedVouchers(first: 100) { nodes { id } } }', {}, { key: env.fullA() });
        expect(all.body.data.issuedVouchers.nodes.map((node: Row) => node.id)).not.toContain(b.id);
        const theirs = await gw().gql('{ issuedVouchers(first: 100, filter: { search: "secreto" }) { totalCount nodes { id } } }', {}, { key: env.fullA() });
        expect(theirs.body.data.issuedVouchers).toEqual({ totalCount: 0, nodes: [] });
        await bUntouched();
      },
    },
    issuedVoucherImport: {
      scope: READ,
      record: importOfA,
      document: 'query Q($id: ID!) { issuedVoucherImport(id: $id) { id direction status percent } }',
      variables: (id) => ({ id }),
      succeeded: (data, id) => expect(data.issuedVoucherImport).toEqual({ id, direction: 'issued', status: 'completed', percent: 100 }),
      unchanged: importUnchanged,
      async otherAccount() {
        const b = await recordsOfB();
        const res = await gw().gql(
          'query Q($id: ID!) { issuedVoucherImport(id: $id) { id fileName } }',
          { id: b.before.import_id.toHexString() },
          { key: env.fullA() },
        );
        expect(res.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
        noSecret(res.body);
        await bUntouched();
      },
      badId: (id) => ({ id }),
    },
    issuedVoucherImports: {
      scope: READ,
      record: voucherOfA,
      document: 'query Q { issuedVoucherImports(last: 100) { id direction } }',
      variables: () => ({}),
      async succeeded(data, id) {
        expect(data.issuedVoucherImports).toContainEqual({ id: (await stored(id))!.import_id.toHexString(), direction: 'issued' });
      },
      unchanged,
      async otherAccount() {
        const b = await recordsOfB();
        const res = await gw().gql('{ issuedVoucherImports(last: 100) { id } }', {}, { key: env.fullA() });
        const ids = (res.body.data.issuedVoucherImports as Row[]).map((entry) => entry.id);
        expect(ids.length).toBeGreaterThan(0);
        expect(ids).not.toContain(b.before.import_id.toHexString());
        await bUntouched();
      },
    },
    importIssuedVouchers: {
      scope: WRITE,
      record: freshNumber,
      document: IMPORT,
      variables: (number) => ({ file: exportOf(Number(number)) }),
      async succeeded(data, number) {
        expect(data.importIssuedVouchers).toEqual({
          direction: 'issued',
          fileName: `issued-matrix-${number}.csv`,
          layout: 'G2',
          status: 'completed',
          rowsTotal: 1,
          rowsImported: 1,
          rowsDuplicated: 0,
        });
        await importedOnce(number);
      },
      unchanged: notImported,
      otherAccount: () =>
        sameVoucherAsB(async (file) => {
          const res = await gw().gql(IMPORT, { file }, { key: env.fullA() });
          expect(res.body.errors).toBeUndefined();
          return res.body.data.importIssuedVouchers;
        }),
    },
  };
  gql.resolveIssuedVoucherRates = {
    scope: WRITE,
    record: flaggedOfA,
    document: RESOLVE,
    variables: (id) => ({ id, lines: VAT_LINES.vat_items }),
    async succeeded(data, id) {
      expect(data.resolveIssuedVoucherRates).toEqual({ id, needsReview: false, vatItems: VAT_LINES.vat_items });
      await resolved(id);
    },
    unchanged,
    async otherAccount() {
      const b = await recordsOfB();
      const res = await gw().gql(RESOLVE, { id: b.id, lines: VAT_LINES.vat_items }, { key: env.fullA() });
      expect(res.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      noSecret(res.body);
      await bUntouched();
    },
    badId: (id) => ({ id, lines: VAT_LINES.vat_items }),
  };
  return { rest, gql };
}
