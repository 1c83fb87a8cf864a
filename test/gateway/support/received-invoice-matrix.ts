/**
 * The received-invoice entries of the authorization matrix (test/gateway/authorization.test.ts), one per REST route
 * and per GraphQL operation. Records come only from imports, so each record of account A is a one-row export of its
 * own (a G2 layout, which names no receiver and so suits any account's CUIT) uploaded through the REST route. B's
 * invoice (imported once) must stay invisible and untouched; B's journal entries cannot be linked from A.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ObjectId } from 'mongodb';
import type { Scope } from '../../../src/domain/auth/scopes';
import type { HttpResult } from '../../support/gateway';
import type { MatrixEnv } from './expense-matrix';
import type { GqlCase, RestCase } from './matrix';

type Row = Record<string, any>;

const READ: Scope = 'received_invoices:read';
const WRITE: Scope = 'received_invoices:write';

const G2_HEADER = readFileSync(join(__dirname, '..', '..', 'fixtures', 'received-invoices', 'synthetic-g2-recibidos-2025-12.csv'), 'utf8').split('\n')[0];
const ISSUER_CUIT = '30715551248';
const SECRET_B = 'MATRIX B SECRETO S.A.';

/** A one-row export: the voucher `number` of ISSUER_CUIT, named `issuer`. */
const exportOf = (number: number, issuer = 'MATRIZ PROVEEDOR S.A.') =>
  new File(
    [`${G2_HEADER}\n2025-12-01;1;3;${number};${number};75481234500011;80;${ISSUER_CUIT};${issuer};1,00;PES;100,00;0,00;0,00;0,00;21,00;121,00\n`],
    `matrix-${number}.csv`,
  );

/** The one-row export's VAT as one 21 % line (100.00 at 21 % is 21.00): valid lines to set. */
const VAT_LINES = { vat_items: [{ aliquot: 21, base: 100, amount: 21 }] };

const uploadForm = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

export function receivedInvoiceMatrix(env: MatrixEnv): { rest: Record<string, RestCase>; gql: Record<string, GqlCase> } {
  const gw = () => env.gw();
  const invoices = () => gw().store.collection<Row>('received_invoices');
  const imports = () => gw().store.collection<Row>('received_invoice_imports');
  const stored = (id: string) => invoices().findOne({ _id: new ObjectId(id) });

  // Voucher numbers distinct across runs sharing a database, so that no import is a duplicate of an earlier one.
  let numbers = (process.pid % 10_000) * 10_000;
  const nextNumber = () => ++numbers;

  /** Imports a one-row export with `key`; answers the stored invoice's id. */
  const imported = async (key: string, issuer = 'MATRIZ PROVEEDOR S.A.'): Promise<string> => {
    const number = nextNumber();
    const res = await gw().rest('POST', '/received_invoices/upload-csv/', { key, body: uploadForm(exportOf(number, issuer)) });
    expect({ status: res.status, imported: res.body.data?.rows_imported }).toEqual({ status: 200, imported: 1 });
    const invoice = await invoices().findOne({ voucher_number: number, supplier_name: issuer });
    return invoice!._id.toHexString();
  };

  const snapshots = new Map<string, Promise<unknown>>();
  const invoiceOfA = async () => {
    const id = await imported(env.fullA());
    snapshots.set(id, stored(id));
    return id;
  };
  const unchanged = async (id: string) => expect(await stored(id)).toEqual(await snapshots.get(id));
  /** An import of A's, by its id (the import of an invoice of A's). */
  const importOfA = async () => {
    const id = ((await stored(await imported(env.fullA())))!.import_id as ObjectId).toHexString();
    snapshots.set(id, imports().findOne({ _id: new ObjectId(id) }));
    return id;
  };
  const importUnchanged = async (id: string) => expect(await imports().findOne({ _id: new ObjectId(id) })).toEqual(await snapshots.get(id));
  /** One of A's invoices made a customs dispatch (066) through the driver: the export never lists its number. */
  const dispatchOfA = async () => {
    const id = await imported(env.fullA());
    await invoices().updateOne({ _id: new ObjectId(id) }, { $set: { voucher_type: 66 } });
    snapshots.set(id, stored(id));
    return id;
  };
  const DISPATCH = '25001IC04001234K';

  /** A journal entry of the key's account (a draft over two accounts of its own). */
  const journalEntryOf = async (key: string): Promise<string> => {
    const [cash, sales] = [env.unique('RI-C'), env.unique('RI-V')];
    for (const body of [
      { code: cash, name: 'Caja', account_type: 'asset', is_detail: true },
      { code: sales, name: 'Ventas', account_type: 'revenue', is_detail: true },
    ])
      expect((await gw().rest('POST', '/accounting/accounts/', { key, body })).status).toBe(201);
    const res = await gw().rest('POST', '/accounting/journal/', {
      key,
      body: {
        date: '2026-04-01',
        description: env.unique('Factura recibida'),
        lines: [
          { account_code: cash, debit: 10 },
          { account_code: sales, credit: 10 },
        ],
      },
    });
    expect(res.status).toBe(201);
    return res.body.data._id as string;
  };
  // The requests are built synchronously: A's journal entry is made by the link cases' record() before them (an id
  // of no entry stands in for the malformed-id cases, which fail on the invoice first).
  let entryA: Promise<string> | undefined;
  let entryIdA: string | undefined;
  const journalEntryOfA = async (): Promise<void> => {
    entryA ??= journalEntryOf(env.fullA());
    entryIdA = await entryA;
  };
  const entryIdOfA = () => entryIdA ?? new ObjectId().toHexString();
  const invoiceToLink = async () => {
    await journalEntryOfA();
    return invoiceOfA();
  };

  let ofB: Promise<{ id: string; account: ObjectId; entry: string; before: Row; invoices: number; imports: number }> | undefined;
  const recordsOfB = () =>
    (ofB ??= (async () => {
      const id = await imported(env.fullB(), SECRET_B);
      const entry = await journalEntryOf(env.fullB());
      const before = (await stored(id))!;
      const account = before.account_id as ObjectId;
      return { id, account, entry, before, ...(await countsOf(account)) };
    })());
  const countsOf = async (account: ObjectId) => ({
    invoices: await invoices().countDocuments({ account_id: account }),
    imports: await imports().countDocuments({ account_id: account }),
  });
  /** B's invoice as stored, and nothing imported on B's behalf. */
  const bUntouched = async () => {
    const b = await recordsOfB();
    expect(await stored(b.id)).toEqual(b.before);
    expect(await countsOf(b.account)).toEqual({ invoices: b.invoices, imports: b.imports });
  };
  const noSecret = (body: unknown) => expect(JSON.stringify(body)).not.toContain(SECRET_B);

  const restNotFound = async (method: string, path: (id: string) => string, body?: unknown) => {
    const b = await recordsOfB();
    const res = await gw().rest(method, path(b.id), { key: env.fullA(), body });
    expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
    noSecret(res.body);
    await bUntouched();
  };
  const gqlNotFound = async (document: string, variables: (id: string) => Row) => {
    const b = await recordsOfB();
    const res = await gw().gql(document, variables(b.id), { key: env.fullA() });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    noSecret(res.body);
    await bUntouched();
  };

  /** Uploads are about a voucher number not yet imported: refused, nothing of it is stored. */
  const freshNumber = async () => String(nextNumber());
  const notImported = async (number: string) => {
    expect(await invoices().countDocuments({ voucher_number: Number(number) })).toBe(0);
    expect(await imports().countDocuments({ file_name: `matrix-${number}.csv` })).toBe(0);
  };
  const importedOnce = async (number: string) => {
    const docs = await invoices()
      .find({ voucher_number: Number(number) })
      .toArray();
    expect(docs.map((doc) => ({ cuit: doc.supplier_cuit, status: doc.status }))).toEqual([{ cuit: ISSUER_CUIT, status: 'pending' }]);
  };
  /** A's upload of the very voucher B holds is A's own record: stored for A, never counted a duplicate of B's. */
  const sameVoucherAsB = async (upload: (file: File) => Promise<Row>) => {
    const b = await recordsOfB();
    const number = b.before.voucher_number as number;
    const accountA = (await stored(await invoiceOfA()))!.account_id as ObjectId;
    // A's copy from an earlier case (REST and GraphQL both upload it) goes first, so that this one is new to A.
    await invoices().deleteMany({ account_id: accountA, voucher_number: number });
    const result = await upload(exportOf(number));
    expect(result).toMatchObject({ rowsImported: 1, rowsDuplicated: 0 });
    expect(await invoices().countDocuments({ account_id: accountA, voucher_number: number })).toBe(1);
    await bUntouched();
  };

  const path = (id: string) => `/received_invoices/${encodeURIComponent(id)}/`;

  const rest: Record<string, RestCase> = {
    'GET /received_invoices/list/': {
      record: invoiceOfA,
      request: () => ({ path: '/received_invoices/list/?limit=100' }),
      succeeded: (res: HttpResult, id: string) => expect(res.body.data.items.map((item: Row) => item.id)).toContain(id),
      unchanged,
      async otherAccount() {
        const b = await recordsOfB();
        const all = await gw().rest('GET', '/received_invoices/list/?limit=100', { key: env.fullA() });
        expect(all.status).toBe(200);
        expect(all.body.data.items.map((item: Row) => item.id)).not.toContain(b.id);
        const theirs = await gw().rest('GET', '/received_invoices/list/?search=secreto', { key: env.fullA() });
        expect(theirs.body.data).toMatchObject({ items: [], total: 0 });
        await bUntouched();
      },
    },
    'GET /received_invoices/import-history/': {
      record: invoiceOfA,
      request: () => ({ path: '/received_invoices/import-history/?limit=100' }),
      async succeeded(res: HttpResult, id: string) {
        const doc = await stored(id);
        expect(res.body.data.map((entry: Row) => entry.id)).toContain(doc!.import_id.toHexString());
      },
      unchanged,
      async otherAccount() {
        const b = await recordsOfB();
        const res = await gw().rest('GET', '/received_invoices/import-history/?limit=100', { key: env.fullA() });
        expect(res.status).toBe(200);
        const ids = (res.body.data as Row[]).map((entry) => entry.id);
        expect(ids.length).toBeGreaterThan(0);
        expect(ids).not.toContain(b.before.import_id.toHexString());
        await bUntouched();
      },
    },
    'POST /received_invoices/upload-csv/': {
      record: freshNumber,
      request: (number: string) => ({ path: '/received_invoices/upload-csv/', body: uploadForm(exportOf(Number(number))) }),
      async succeeded(res: HttpResult, number: string) {
        expect(res.body.data).toMatchObject({ file_name: `matrix-${number}.csv`, layout: 'G2', status: 'completed', rows_total: 1, rows_imported: 1 });
        await importedOnce(number);
      },
      unchanged: notImported,
      otherAccount: () =>
        sameVoucherAsB(async (file) => {
          const res = await gw().rest('POST', '/received_invoices/upload-csv/', { key: env.fullA(), body: uploadForm(file) });
          expect(res.status).toBe(200);
          return { rowsImported: res.body.data.rows_imported, rowsDuplicated: res.body.data.rows_duplicated };
        }),
    },
    'GET /received_invoices/import-history/{id}/': {
      record: importOfA,
      request: (id: string) => ({ path: `/received_invoices/import-history/${encodeURIComponent(id)}/` }),
      succeeded: (res: HttpResult, id: string) => expect(res.body.data).toMatchObject({ id, direction: 'received', status: 'completed', percent: 100 }),
      unchanged: importUnchanged,
      async otherAccount() {
        const b = await recordsOfB();
        const res = await gw().rest('GET', `/received_invoices/import-history/${b.before.import_id.toHexString()}/`, { key: env.fullA() });
        expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
        noSecret(res.body);
        await bUntouched();
      },
    },
    'GET /received_invoices/{id}/': {
      record: invoiceOfA,
      request: (id: string) => ({ path: path(id) }),
      succeeded: (res: HttpResult, id: string) => expect(res.body.data).toMatchObject({ id, status: 'pending', supplier_cuit: ISSUER_CUIT }),
      unchanged,
      otherAccount: () => restNotFound('GET', path),
    },
    'DELETE /received_invoices/{id}/': {
      record: invoiceOfA,
      request: (id: string) => ({ path: path(id) }),
      async succeeded(res: HttpResult, id: string) {
        expect(res.body.data).toMatchObject({ id, deleted: true });
        expect(await stored(id)).toBeNull();
      },
      unchanged,
      otherAccount: () => restNotFound('DELETE', path),
    },
    'POST /received_invoices/{id}/link/': {
      record: invoiceToLink,
      request: (id: string) => ({ path: `${path(id)}link/`, body: { journal_entry_id: entryIdOfA() } }),
      async succeeded(res: HttpResult, id: string) {
        expect(res.body.data).toMatchObject({ received_invoice_id: id, status: 'linked', linked_journal_entry_id: entryIdOfA() });
        expect(await stored(id)).toMatchObject({ status: 'linked', linked_journal_entry_id: entryIdOfA() });
      },
      unchanged,
      async otherAccount() {
        await journalEntryOfA();
        await restNotFound('POST', (id) => `${path(id)}link/`, { journal_entry_id: entryIdOfA() });
        // Nor can A's invoice be linked to B's journal entry: an input problem, never a 403.
        const mine = await invoiceOfA();
        const res = await gw().rest('POST', `${path(mine)}link/`, { key: env.fullA(), body: { journal_entry_id: (await recordsOfB()).entry } });
        expect(res.status).toBe(400);
        expect(res.body.error.details.map((detail: Row) => detail.path)).toEqual(['journal_entry_id']);
        await unchanged(mine);
      },
    },
    'POST /received_invoices/{id}/ignore/': {
      record: invoiceOfA,
      request: (id: string) => ({ path: `${path(id)}ignore/` }),
      async succeeded(res: HttpResult, id: string) {
        expect(res.body.data).toMatchObject({ received_invoice_id: id, status: 'ignored' });
        expect((await stored(id))!.status).toBe('ignored');
      },
      unchanged,
      otherAccount: () => restNotFound('POST', (id) => `${path(id)}ignore/`),
    },
    'POST /received_invoices/{id}/customs-dispatch/': {
      record: dispatchOfA,
      request: (id: string) => ({ path: `${path(id)}customs-dispatch/`, body: { customs_dispatch: DISPATCH } }),
      async succeeded(res: HttpResult, id: string) {
        expect(res.body.data).toMatchObject({ received_invoice_id: id, customs_dispatch: DISPATCH });
        expect((await stored(id))!.customs_dispatch).toBe(DISPATCH);
      },
      unchanged,
      otherAccount: () => restNotFound('POST', (id) => `${path(id)}customs-dispatch/`, { customs_dispatch: DISPATCH }),
    },
    'POST /received_invoices/{id}/vat-lines/': {
      record: invoiceOfA,
      request: (id: string) => ({ path: `${path(id)}vat-lines/`, body: VAT_LINES }),
      async succeeded(res: HttpResult, id: string) {
        expect(res.body.data).toMatchObject({ received_invoice_id: id, vat_items: VAT_LINES.vat_items, rate_review: null, needs_review: false });
        expect((await stored(id))!.vat_items).toEqual([{ aliquot: 21, base_cents: 10000, amount_cents: 2100 }]);
      },
      unchanged,
      otherAccount: () => restNotFound('POST', (id) => `${path(id)}vat-lines/`, VAT_LINES),
    },
  };

  const idCase = (scope: Scope, document: string, succeeded: GqlCase['succeeded'], variables: (id: string) => Row = (id) => ({ id })): GqlCase => ({
    scope,
    record: invoiceOfA,
    document,
    variables,
    succeeded,
    unchanged,
    otherAccount: () => gqlNotFound(document, variables),
    badId: variables,
  });

  const IMPORT = 'mutation M($file: Upload!) { importReceivedInvoices(file: $file) { fileName layout status rowsTotal rowsImported rowsDuplicated } }';
  const gql: Record<string, GqlCase> = {
    receivedInvoice: idCase(READ, 'query Q($id: ID!) { receivedInvoice(id: $id) { id status supplierCuit } }', (data, id) =>
      expect(data.receivedInvoice).toEqual({ id, status: 'pending', supplierCuit: ISSUER_CUIT }),
    ),
    receivedInvoices: {
      scope: READ,
      record: invoiceOfA,
      document: 'query Q { receivedInvoices(first: 100) { nodes { id } } }',
      variables: () => ({}),
      succeeded: (data, id) => expect(data.receivedInvoices.nodes.map((node: Row) => node.id)).toContain(id),
      unchanged,
      async otherAccount() {
        const b = await recordsOfB();
        const all = await gw().gql('{ receivedInvoices(first: 100) { nodes { id } } }', {}, { key: env.fullA() });
        expect(all.body.data.receivedInvoices.nodes.map((node: Row) => node.id)).not.toContain(b.id);
        const theirs = await gw().gql('{ receivedInvoices(first: 100, filter: { search: "secreto" }) { totalCount nodes { id } } }', {}, { key: env.fullA() });
        expect(theirs.body.data.receivedInvoices).toEqual({ totalCount: 0, nodes: [] });
        await bUntouched();
      },
    },
    receivedInvoiceImport: {
      scope: READ,
      record: importOfA,
      document: 'query Q($id: ID!) { receivedInvoiceImport(id: $id) { id direction status percent } }',
      variables: (id) => ({ id }),
      succeeded: (data, id) => expect(data.receivedInvoiceImport).toEqual({ id, direction: 'received', status: 'completed', percent: 100 }),
      unchanged: importUnchanged,
      async otherAccount() {
        const b = await recordsOfB();
        const res = await gw().gql(
          'query Q($id: ID!) { receivedInvoiceImport(id: $id) { id fileName } }',
          { id: b.before.import_id.toHexString() },
          { key: env.fullA() },
        );
        expect(res.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
        noSecret(res.body);
        await bUntouched();
      },
      badId: (id) => ({ id }),
    },
    receivedInvoiceImports: {
      scope: READ,
      record: invoiceOfA,
      document: 'query Q { receivedInvoiceImports(last: 100) { id fileName } }',
      variables: () => ({}),
      async succeeded(data, id) {
        expect(data.receivedInvoiceImports.map((entry: Row) => entry.id)).toContain((await stored(id))!.import_id.toHexString());
      },
      unchanged,
      async otherAccount() {
        const b = await recordsOfB();
        const res = await gw().gql('{ receivedInvoiceImports(last: 100) { id } }', {}, { key: env.fullA() });
        const ids = (res.body.data.receivedInvoiceImports as Row[]).map((entry) => entry.id);
        expect(ids.length).toBeGreaterThan(0);
        expect(ids).not.toContain(b.before.import_id.toHexString());
        await bUntouched();
      },
    },
    importReceivedInvoices: {
      scope: WRITE,
      record: freshNumber,
      document: IMPORT,
      variables: (number) => ({ file: exportOf(Number(number)) }),
      async succeeded(data, number) {
        expect(data.importReceivedInvoices).toEqual({
          fileName: `matrix-${number}.csv`,
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
          return res.body.data.importReceivedInvoices;
        }),
    },
    deleteReceivedInvoice: idCase(WRITE, 'mutation M($id: ID!) { deleteReceivedInvoice(id: $id) }', async (data, id) => {
      expect(data.deleteReceivedInvoice).toBe(id);
      expect(await stored(id)).toBeNull();
    }),
    setReceivedInvoiceCustomsDispatch: {
      ...idCase(
        WRITE,
        'mutation M($id: ID!, $dispatch: String!) { setReceivedInvoiceCustomsDispatch(id: $id, customsDispatch: $dispatch) { id customsDispatch } }',
        async (data, id) => {
          expect(data.setReceivedInvoiceCustomsDispatch).toEqual({ id, customsDispatch: DISPATCH });
          expect((await stored(id))!.customs_dispatch).toBe(DISPATCH);
        },
        (id) => ({ id, dispatch: DISPATCH }),
      ),
      record: dispatchOfA,
    },
    ignoreReceivedInvoice: idCase(WRITE, 'mutation M($id: ID!) { ignoreReceivedInvoice(id: $id) { id status } }', async (data, id) => {
      expect(data.ignoreReceivedInvoice).toEqual({ id, status: 'ignored' });
      expect((await stored(id))!.status).toBe('ignored');
    }),
    resolveReceivedInvoiceRates: idCase(
      WRITE,
      'mutation M($id: ID!, $lines: [ReceivedInvoiceVatLineInput!]!) { resolveReceivedInvoiceRates(id: $id, vatItems: $lines) { id needsReview vatItems { aliquot base amount } } }',
      async (data, id) => {
        expect(data.resolveReceivedInvoiceRates).toEqual({ id, needsReview: false, vatItems: VAT_LINES.vat_items });
        expect((await stored(id))!.rate_review).toBeNull();
      },
      (id) => ({ id, lines: VAT_LINES.vat_items }),
    ),
    linkReceivedInvoice: {
      ...idCase(
        WRITE,
        'mutation M($id: ID!, $entry: ID!) { linkReceivedInvoice(id: $id, journalEntryId: $entry) { id status linkedJournalEntryId } }',
        async (data, id) => {
          expect(data.linkReceivedInvoice).toEqual({ id, status: 'linked', linkedJournalEntryId: entryIdOfA() });
          expect((await stored(id))!.status).toBe('linked');
        },
        (id) => ({ id, entry: entryIdOfA() }),
      ),
      record: invoiceToLink,
    },
  };
  return { rest, gql };
}
