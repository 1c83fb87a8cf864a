/**
 * The VAT book entries of the authorization matrix (test/gateway/authorization.test.ts), one per REST route and per
 * GraphQL operation. Each case works in months of its own (2001), so a close or a calculation of one case never
 * meets another's; B keeps a manual line, a closed month and a calculated month that A's requests must not see or
 * change.
 */
import { ObjectId } from 'mongodb';
import { tokenHash } from '../../../src/domain/auth/auth.secrets';
import type { Scope } from '../../../src/domain/auth/scopes';
import type { MatrixEnv } from './expense-matrix';
import type { GqlCase, RestCase } from './matrix';

type Row = Record<string, any>;

const READ: Scope = 'accounting:read';
const WRITE: Scope = 'accounting:write';
const BOOK = '2001-03-purchases';
const B_CLOSED = '2001-02';

const ENTRY = {
  date: '2001-03-10',
  voucher_type: 1,
  sale_point: 3,
  voucher_number: 77,
  document_type: 80,
  document_number: '30708884444',
  counterpart_name: 'Proveedor SA',
  total: 121,
  vat_lines: [{ rate: 21, base: 100, vat: 21 }],
};
const GQL_ENTRY = {
  date: '2001-03-11',
  voucherType: 1,
  salePoint: 3,
  voucherNumber: 78,
  documentType: 80,
  documentNumber: '30708884444',
  counterpartName: 'Proveedor SA',
  total: 121,
  vatLines: [{ rate: 21, base: 100, vat: 21 }],
};

export function ivaMatrix(env: MatrixEnv): { rest: Record<string, RestCase>; gql: Record<string, GqlCase> } {
  const gw = () => env.gw();
  const entries = () => gw().store.collection('iva_book_entries');
  const periods = () => gw().store.collection('iva_periods');
  const summaries = () => gw().store.collection('iva_summaries');
  const configs = () => gw().store.collection('iva_config');
  const nothing = async () => undefined;
  const accountIdOf = async (key: string) =>
    (
      (await gw()
        .store.collection('api_keys')
        .findOne({ key_hash: tokenHash(key) })) as Row
    ).account_id as ObjectId;

  /** A manual line of A in the matrix's book. */
  const entryOfA = async () => {
    const res = await gw().rest('POST', `/iva/books/${BOOK}/entries/`, { key: env.fullA(), body: ENTRY });
    expect(res.status).toBe(201);
    return res.body.data._id as string;
  };
  const entryUnchanged = async (id: string) => expect((await entries().findOne({ _id: new ObjectId(id) }))?.counterpart_name).toBe('Proveedor SA');
  const entryKept = async (id: string) => expect(await entries().countDocuments({ _id: new ObjectId(id) })).toBe(1);
  const statusOf = async (period: string) => (await periods().findOne({ account_id: await accountIdOf(env.fullA()), period }))?.status ?? 'open';
  /** A closed month of A (closed again when a success reopened it). */
  const closedOfA = (period: string) => async () => {
    if ((await statusOf(period)) !== 'closed') expect((await gw().rest('POST', `/iva/books/${period}/close/`, { key: env.fullA() })).status).toBe(200);
    return period;
  };
  const configOfA = async () =>
    JSON.stringify((await configs().findOne({ account_id: await accountIdOf(env.fullA()) }, { projection: { _id: 0, updated_at: 0 } })) ?? null);
  const calculatedOfA = async (period: string) => summaries().countDocuments({ account_id: await accountIdOf(env.fullA()), period });

  /** B: a manual line, a closed month and a calculated month, as stored before A's requests. */
  let ofB: Promise<{ entry: string; accountId: ObjectId; before: Row[][] }> | undefined;
  const snapshotB = (accountId: ObjectId) =>
    Promise.all([entries(), periods(), summaries(), configs()].map((collection) => collection.find({ account_id: accountId }).sort({ _id: 1 }).toArray()));
  const recordsOfB = () =>
    (ofB ??= (async () => {
      const key = env.fullB();
      const created = await gw().rest('POST', `/iva/books/${BOOK}/entries/`, { key, body: { ...ENTRY, counterpart_name: 'Solo de B' } });
      expect(created.status).toBe(201);
      expect((await gw().rest('POST', `/iva/books/${B_CLOSED}/close/`, { key })).status).toBe(200);
      expect((await gw().rest('POST', '/iva/summary/2001-01/calculate/', { key, body: { withholdings: 5 } })).status).toBe(200);
      expect((await gw().rest('PUT', '/iva/config/', { key, body: { default_period: '2001-01' } })).status).toBe(200);
      const accountId = await accountIdOf(key);
      return { entry: created.body.data._id as string, accountId, before: await snapshotB(accountId) };
    })());
  const bUntouched = async () => {
    const b = await recordsOfB();
    expect(await snapshotB(b.accountId)).toEqual(b.before);
  };
  const noneOfB = async (ids: string[]) => {
    const b = await recordsOfB();
    expect(ids).not.toContain(b.entry);
    await bUntouched();
  };
  const entryOfBNotFound = async (method: string, body?: unknown) => {
    const b = await recordsOfB();
    const res = await gw().rest(method, `/iva/entries/${b.entry}/`, { key: env.fullA(), body });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    await bUntouched();
  };
  /** A's request in a month B closed or calculated: A's own state, B's unchanged. */
  const aloneInMonth =
    (method: string, path: string, body?: unknown, status = 200) =>
    async () => {
      await recordsOfB();
      expect((await gw().rest(method, path, { key: env.fullA(), body })).status).toBe(status);
      await bUntouched();
    };

  const rest: Record<string, RestCase> = {
    'GET /iva/config/': {
      request: () => ({ path: '/iva/config/' }),
      succeeded: (res) => expect(res.body.data).toMatchObject({ vat_condition: expect.any(String), sources: expect.any(Object) }),
      unchanged: nothing,
      async otherAccount() {
        await recordsOfB();
        const res = await gw().rest('GET', '/iva/config/', { key: env.fullA() });
        expect(res.body.data.default_period).not.toBe('2001-01');
        await bUntouched();
      },
    },
    'PUT /iva/config/': {
      record: configOfA,
      request: () => ({ path: '/iva/config/', body: { vat_condition: 'responsable_inscripto', prorata: 'none' } }),
      async succeeded(res) {
        expect(res.body.data).toMatchObject({ vat_condition: 'responsable_inscripto', prorata: 'none' });
        expect(await configs().countDocuments({ account_id: await accountIdOf(env.fullA()) })).toBe(1);
      },
      unchanged: async (before) => expect(await configOfA()).toBe(before),
      otherAccount: aloneInMonth('PUT', '/iva/config/', { prorata: 'none' }),
    },
    'GET /iva/books/{book_id}/entries/': {
      record: entryOfA,
      request: () => ({ path: `/iva/books/${BOOK}/entries/?limit=100` }),
      succeeded: (res, id) => expect(res.body.data.items.map((item: Row) => item._id)).toContain(id),
      unchanged: nothing,
      async otherAccount() {
        await recordsOfB();
        const res = await gw().rest('GET', `/iva/books/${BOOK}/entries/?limit=100`, { key: env.fullA() });
        await noneOfB(res.body.data.items.map((item: Row) => item._id));
      },
    },
    'POST /iva/books/{book_id}/entries/': {
      record: async () => String(await entries().countDocuments({ account_id: await accountIdOf(env.fullA()), period: '2001-04' })),
      request: () => ({ path: '/iva/books/2001-04-purchases/entries/', body: { ...ENTRY, date: '2001-04-02' } }),
      async succeeded(res) {
        expect(res.body.data).toMatchObject({ origin: 'manual', period: '2001-04', total: 121 });
        expect(await entries().countDocuments({ _id: new ObjectId(res.body.data._id) })).toBe(1);
      },
      unchanged: async (count) => expect(String(await entries().countDocuments({ account_id: await accountIdOf(env.fullA()), period: '2001-04' }))).toBe(count),
      async otherAccount() {
        await recordsOfB();
        // B's closed month is open for A.
        const res = await gw().rest('POST', `/iva/books/${B_CLOSED}-purchases/entries/`, { key: env.fullA(), body: { ...ENTRY, date: `${B_CLOSED}-03` } });
        expect(res.status).toBe(201);
        await bUntouched();
      },
    },
    'POST /iva/books/{period}/close/': {
      record: async () => '2001-05',
      request: () => ({ path: '/iva/books/2001-05/close/' }),
      async succeeded(res) {
        expect(res.body.data).toMatchObject({ period: '2001-05', status: 'closed' });
        expect(await statusOf('2001-05')).toBe('closed');
      },
      unchanged: async () => expect(await statusOf('2001-05')).toBe('open'),
      // A month of A's own: 2001-01 (B's calculated month) stays open for the calculation cases.
      otherAccount: aloneInMonth('POST', '/iva/books/2001-12/close/'),
    },
    'POST /iva/books/{period}/reopen/': {
      record: closedOfA('2001-06'),
      request: () => ({ path: '/iva/books/2001-06/reopen/', body: { reason: 'Corrección' } }),
      async succeeded(res) {
        expect(res.body.data).toMatchObject({ period: '2001-06', status: 'open' });
        expect(res.body.data.history.at(-1)).toMatchObject({ action: 'reopened', reason: 'Corrección' });
      },
      unchanged: async () => expect(await statusOf('2001-06')).toBe('closed'),
      // B's closed month is open for A: nothing to reopen.
      otherAccount: aloneInMonth('POST', `/iva/books/${B_CLOSED}/reopen/`, { reason: 'Corrección' }, 409),
    },
    'GET /iva/books/{period}/{book_type}/': {
      record: entryOfA,
      request: () => ({ path: '/iva/books/2001-03/purchases/' }),
      succeeded: (res) => expect(res.body.data).toMatchObject({ _id: BOOK, count: expect.any(Number) }),
      unchanged: nothing,
      async otherAccount() {
        await recordsOfB();
        const res = await gw().rest('GET', `/iva/books/${B_CLOSED}/purchases/`, { key: env.fullA() });
        expect(res.body.data.status).toBe('open');
        await bUntouched();
      },
    },
    'GET /iva/entries/{entry_id}/': {
      record: entryOfA,
      request: (id) => ({ path: `/iva/entries/${id}/` }),
      succeeded: (res, id) => expect(res.body.data).toMatchObject({ _id: id, counterpart_name: 'Proveedor SA', total: 121 }),
      unchanged: nothing,
      otherAccount: () => entryOfBNotFound('GET'),
    },
    'PUT /iva/entries/{entry_id}/': {
      record: entryOfA,
      request: (id) => ({ path: `/iva/entries/${id}/`, body: { ...ENTRY, counterpart_name: 'Cambiado SA' } }),
      async succeeded(res, id) {
        expect(res.body.data).toMatchObject({ _id: id, counterpart_name: 'Cambiado SA' });
        expect((await entries().findOne({ _id: new ObjectId(id) }))?.counterpart_name).toBe('Cambiado SA');
      },
      unchanged: entryUnchanged,
      otherAccount: () => entryOfBNotFound('PUT', ENTRY),
    },
    'DELETE /iva/entries/{entry_id}/': {
      record: entryOfA,
      request: (id) => ({ path: `/iva/entries/${id}/` }),
      async succeeded(res, id) {
        expect(res.body.data).toEqual({ _id: id });
        expect(await entries().countDocuments({ _id: new ObjectId(id) })).toBe(0);
      },
      unchanged: entryKept,
      otherAccount: () => entryOfBNotFound('DELETE'),
    },
    'GET /iva/summary/{period}/': {
      request: () => ({ path: '/iva/summary/2001-03/' }),
      succeeded: (res) => expect(res.body.data).toMatchObject({ period: '2001-03', debit: 0 }),
      unchanged: nothing,
      async otherAccount() {
        await recordsOfB();
        const res = await gw().rest('GET', '/iva/summary/2001-01/', { key: env.fullA() });
        expect(res.body.data.withholdings).toBe(0);
        await bUntouched();
      },
    },
    'POST /iva/summary/{period}/calculate/': {
      request: () => ({ path: '/iva/summary/2001-07/calculate/', body: { withholdings: 1 } }),
      async succeeded(res) {
        expect(res.body.data).toMatchObject({ period: '2001-07', withholdings: 1 });
        expect(await calculatedOfA('2001-07')).toBe(1);
      },
      unchanged: async () => expect(await calculatedOfA('2001-07')).toBe(0),
      otherAccount: aloneInMonth('POST', '/iva/summary/2001-01/calculate/', {}),
    },
    'GET /iva/declaration/{period}/': {
      request: () => ({ path: '/iva/declaration/2001-03/' }),
      succeeded: (res) => expect(res.body.data).toMatchObject({ period: '2001-03', form: 'F.2002' }),
      unchanged: nothing,
      async otherAccount() {
        await recordsOfB();
        const res = await gw().rest('GET', '/iva/declaration/2001-01/', { key: env.fullA() });
        expect(res.body.data.libre_disponibilidad.retenciones).toBe(0);
        await bUntouched();
      },
    },
    'GET /iva/export/{period}/{book_type}/': {
      record: entryOfA,
      request: () => ({ path: '/iva/export/2001-03/purchases/' }),
      succeeded: (res) => expect(res.headers.get('content-type')).toMatch(/application\/zip/),
      unchanged: nothing,
      async otherAccount() {
        await recordsOfB();
        const res = await gw().gql('query { ivaBookExport(period: "2001-03", bookType: "purchases") { files { contentBase64 } } }', {}, { key: env.fullA() });
        const text = Buffer.from(res.body.data.ivaBookExport.files[0].contentBase64, 'base64').toString('latin1');
        expect(text).not.toContain('Solo de B'.toUpperCase());
        expect(text).not.toContain('Solo de B');
        await bUntouched();
      },
    },
  };

  const ENTRY_FIELDS = 'id counterpartName period';
  const gql: Record<string, GqlCase> = {
    ivaConfig: {
      scope: READ,
      document: '{ ivaConfig { vatCondition defaultPeriod } }',
      variables: () => ({}),
      succeeded: (data) => expect(data.ivaConfig.vatCondition).toEqual(expect.any(String)),
      unchanged: nothing,
      async otherAccount() {
        await recordsOfB();
        const res = await gw().gql('{ ivaConfig { defaultPeriod } }', {}, { key: env.fullA() });
        expect(res.body.data.ivaConfig.defaultPeriod).not.toBe('2001-01');
        await bUntouched();
      },
    },
    updateIvaConfig: {
      scope: WRITE,
      record: configOfA,
      document: 'mutation M($input: IvaConfigInput!) { updateIvaConfig(input: $input) { prorata } }',
      variables: () => ({ input: { prorata: 'none', vatCondition: 'responsable_inscripto' } }),
      succeeded: (data) => expect(data.updateIvaConfig.prorata).toBe('none'),
      unchanged: async (before) => expect(await configOfA()).toBe(before),
      async otherAccount() {
        await recordsOfB();
        await gw().gql('mutation { updateIvaConfig(input: { prorata: none }) { prorata } }', {}, { key: env.fullA() });
        await bUntouched();
      },
    },
    ivaBook: {
      scope: READ,
      document: 'query Q($period: String!) { ivaBook(period: $period, bookType: "purchases") { id status } }',
      variables: () => ({ period: '2001-03' }),
      succeeded: (data) => expect(data.ivaBook.id).toBe(BOOK),
      unchanged: nothing,
      async otherAccount() {
        await recordsOfB();
        const res = await gw().gql('{ ivaBook(period: "2001-02", bookType: "sales") { status } }', {}, { key: env.fullA() });
        expect(res.body.data.ivaBook.status).toBe('open');
        await bUntouched();
      },
    },
    ivaBookEntries: {
      scope: READ,
      record: entryOfA,
      document: `query Q($bookId: ID!) { ivaBookEntries(bookId: $bookId, first: 100) { nodes { ${ENTRY_FIELDS} } } }`,
      variables: () => ({ bookId: BOOK }),
      succeeded: (data, id) => expect(data.ivaBookEntries.nodes.map((node: Row) => node.id)).toContain(id),
      unchanged: nothing,
      async otherAccount() {
        await recordsOfB();
        const res = await gw().gql(`{ ivaBookEntries(bookId: "${BOOK}", first: 100) { nodes { id } } }`, {}, { key: env.fullA() });
        await noneOfB(res.body.data.ivaBookEntries.nodes.map((node: Row) => node.id));
      },
    },
    ivaBookEntry: {
      scope: READ,
      record: entryOfA,
      document: `query Q($id: ID!) { ivaBookEntry(id: $id) { ${ENTRY_FIELDS} } }`,
      variables: (id) => ({ id }),
      badId: (id) => ({ id }),
      succeeded: (data, id) => expect(data.ivaBookEntry).toMatchObject({ id, counterpartName: 'Proveedor SA' }),
      unchanged: nothing,
      async otherAccount() {
        const b = await recordsOfB();
        const res = await gw().gql('query Q($id: ID!) { ivaBookEntry(id: $id) { id } }', { id: b.entry }, { key: env.fullA() });
        expect(res.body.errors[0].extensions.code).toBe('NOT_FOUND');
        await bUntouched();
      },
    },
    createIvaBookEntry: {
      scope: WRITE,
      record: async () => String(await entries().countDocuments({ account_id: await accountIdOf(env.fullA()), period: '2001-08' })),
      document: `mutation M($input: IvaBookEntryInput!) { createIvaBookEntry(bookId: "2001-08-purchases", input: $input) { ${ENTRY_FIELDS} } }`,
      variables: () => ({ input: { ...GQL_ENTRY, date: '2001-08-01' } }),
      succeeded: (data) => expect(data.createIvaBookEntry.period).toBe('2001-08'),
      unchanged: async (count) => expect(String(await entries().countDocuments({ account_id: await accountIdOf(env.fullA()), period: '2001-08' }))).toBe(count),
      async otherAccount() {
        await recordsOfB();
        const res = await gw().gql(
          `mutation M($input: IvaBookEntryInput!) { createIvaBookEntry(bookId: "${B_CLOSED}-purchases", input: $input) { id } }`,
          { input: { ...GQL_ENTRY, date: `${B_CLOSED}-04` } },
          { key: env.fullA() },
        );
        expect(res.body.errors).toBeUndefined();
        await bUntouched();
      },
    },
    updateIvaBookEntry: {
      scope: WRITE,
      record: entryOfA,
      document: `mutation M($id: ID!, $input: IvaBookEntryInput!) { updateIvaBookEntry(id: $id, input: $input) { ${ENTRY_FIELDS} } }`,
      variables: (id) => ({ id, input: { ...GQL_ENTRY, date: '2001-03-10', counterpartName: 'Cambiado SA' } }),
      succeeded: (data, id) => expect(data.updateIvaBookEntry).toMatchObject({ id, counterpartName: 'Cambiado SA' }),
      unchanged: entryUnchanged,
      async otherAccount() {
        const b = await recordsOfB();
        const res = await gw().gql(
          'mutation M($id: ID!, $input: IvaBookEntryInput!) { updateIvaBookEntry(id: $id, input: $input) { id } }',
          { id: b.entry, input: GQL_ENTRY },
          { key: env.fullA() },
        );
        expect(res.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
        await bUntouched();
      },
      badId: (id) => ({ id, input: GQL_ENTRY }),
    },
    deleteIvaBookEntry: {
      scope: WRITE,
      record: entryOfA,
      document: 'mutation M($id: ID!) { deleteIvaBookEntry(id: $id) { id } }',
      variables: (id) => ({ id }),
      succeeded: (data, id) => expect(data.deleteIvaBookEntry.id).toBe(id),
      unchanged: entryKept,
      async otherAccount() {
        const b = await recordsOfB();
        const res = await gw().gql('mutation M($id: ID!) { deleteIvaBookEntry(id: $id) { id } }', { id: b.entry }, { key: env.fullA() });
        expect(res.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
        await bUntouched();
      },
      badId: (id) => ({ id }),
    },
    ivaPeriod: {
      scope: READ,
      document: '{ ivaPeriod(period: "2001-03") { period status } }',
      variables: () => ({}),
      succeeded: (data) => expect(data.ivaPeriod.period).toBe('2001-03'),
      unchanged: nothing,
      async otherAccount() {
        await recordsOfB();
        const res = await gw().gql(`{ ivaPeriod(period: "${B_CLOSED}") { status } }`, {}, { key: env.fullA() });
        expect(res.body.data.ivaPeriod.status).toBe('open');
        await bUntouched();
      },
    },
    closeIvaPeriod: {
      scope: WRITE,
      document: 'mutation { closeIvaPeriod(period: "2001-09") { status } }',
      variables: () => ({}),
      succeeded: (data) => expect(data.closeIvaPeriod.status).toBe('closed'),
      unchanged: async () => expect(await statusOf('2001-09')).toBe('open'),
      async otherAccount() {
        await recordsOfB();
        await gw().gql('mutation { closeIvaPeriod(period: "2000-12") { status } }', {}, { key: env.fullA() });
        await bUntouched();
      },
    },
    reopenIvaPeriod: {
      scope: WRITE,
      record: closedOfA('2001-10'),
      document: 'mutation { reopenIvaPeriod(period: "2001-10", reason: "Corrección") { status } }',
      variables: () => ({}),
      succeeded: (data) => expect(data.reopenIvaPeriod.status).toBe('open'),
      unchanged: async () => expect(await statusOf('2001-10')).toBe('closed'),
      async otherAccount() {
        await recordsOfB();
        const res = await gw().gql(`mutation { reopenIvaPeriod(period: "${B_CLOSED}", reason: "x y z") { status } }`, {}, { key: env.fullA() });
        expect(res.body.errors?.[0]?.extensions?.code).toBe('PERIOD_OPEN');
        await bUntouched();
      },
    },
    ivaSummary: {
      scope: READ,
      document: '{ ivaSummary(period: "2001-03") { period debit } }',
      variables: () => ({}),
      succeeded: (data) => expect(data.ivaSummary.period).toBe('2001-03'),
      unchanged: nothing,
      async otherAccount() {
        await recordsOfB();
        const res = await gw().gql('{ ivaSummary(period: "2001-01") { withholdings } }', {}, { key: env.fullA() });
        expect(res.body.data.ivaSummary.withholdings).toBe(0);
        await bUntouched();
      },
    },
    calculateIvaSummary: {
      scope: WRITE,
      document: 'mutation { calculateIvaSummary(period: "2001-11", withholdings: 2) { period withholdings } }',
      variables: () => ({}),
      succeeded: (data) => expect(data.calculateIvaSummary).toEqual({ period: '2001-11', withholdings: 2 }),
      unchanged: async () => expect(await calculatedOfA('2001-11')).toBe(0),
      async otherAccount() {
        await recordsOfB();
        await gw().gql('mutation { calculateIvaSummary(period: "2001-01") { period } }', {}, { key: env.fullA() });
        await bUntouched();
      },
    },
    ivaBookExport: {
      scope: READ,
      record: entryOfA,
      document: '{ ivaBookExport(period: "2001-03", bookType: "purchases") { files { name records } } }',
      variables: () => ({}),
      succeeded: (data) => expect(data.ivaBookExport.files).toHaveLength(2),
      unchanged: nothing,
      async otherAccount() {
        await recordsOfB();
        const res = await gw().gql('{ ivaBookExport(period: "2001-03", bookType: "purchases") { files { contentBase64 } } }', {}, { key: env.fullA() });
        expect(Buffer.from(res.body.data.ivaBookExport.files[0].contentBase64, 'base64').toString('latin1')).not.toContain('SOLO DE B');
        await bUntouched();
      },
    },
  };
  return { rest, gql };
}
