import fs from 'node:fs';
import path from 'node:path';
import {
  buildSchema,
  getNamedType,
  type GraphQLField,
  type GraphQLNamedType,
  isInterfaceType,
  isLeafType,
  isObjectType,
  isUnionType,
  Kind,
  type OperationDefinitionNode,
  parse,
  type FieldNode,
} from 'graphql';
import { SCOPES } from '../../src/domain/auth/scopes';
import type { QueryParameter, RestRoute } from '../../src/rest-compat/route';
import { ROUTES } from '../../src/rest-compat/routes';
import { type HttpResult, startTestGateway, type TestGateway } from '../support/gateway';
import { storeWrites } from '../support/store-writes';
import { type EveryKind, seedEveryKind } from './support/every-kind';
import { type AfipStandIn, startAfipStandIn } from '../support/afip-stand-in';

/**
 * Reads write nothing: every read of the route table (each route whose stored operation is a query: every GET, and
 * the POST of the transaction series) and every field of the schema's Query type, run over one account holding
 * records of every kind, leaves the store's write counters where they were (test/support/store-writes.ts: the
 * engine's documents inserted, updated and deleted; on MongoDB the `top` counts of this database). A REST read runs
 * bare, with each of its query parameters alone, and with all of them; a Query field runs with the variables its REST
 * route gives it (the fields no route runs, with arguments of their own below). The account has statistics days an
 * import left to recount, so a read that recounted them would be caught. The gateway runs as in production but for
 * the request rate limit (off, as in every suite: its store counter takes one write per block of requests, see
 * `rate limits` below) and the statistics sweep (off: it is a writer, and would recount those days mid-test).
 */
let gw: TestGateway;
let afip: AfipStandIn;
let seeded: EveryKind;
/** The committed SDL (the live schema must match it: schema-file.test.ts), read here so each field gets a test. */
const schema = buildSchema(fs.readFileSync(path.join(__dirname, '../../schema.graphql'), 'utf8'));

beforeAll(async () => {
  afip = await startAfipStandIn();
  gw = await startTestGateway({ AFIP_WSAA_URL_TESTING: afip.wsaaUrl, AFIP_WSFE_URL_TESTING: afip.wsfeUrl, STATS_SWEEP_SECONDS: '0' });
  const { accountId, key } = await gw.account([...SCOPES]);
  seeded = await seedEveryKind(gw, accountId, key);
}, 120_000);
afterAll(async () => {
  await gw?.stop();
  await afip?.close();
});

const operationOf = (route: RestRoute) => parse(route.document).definitions.find((node) => node.kind === Kind.OPERATION_DEFINITION) as OperationDefinitionNode;
const READS = ROUTES.filter((route) => operationOf(route).operation === 'query');
const nameOf = (route: RestRoute) => `${route.method.toUpperCase()} ${route.path}`;

/** The path of each read that names a record, filled with the seeded account's own. */
const PATHS: Record<string, (s: EveryKind) => string> = {
  'GET /suppliers/{id}/': (s) => `/suppliers/${s.supplier}/`,
  'GET /customers/{id}/': (s) => `/customers/${s.customer}/`,
  'GET /products/{id}/': (s) => `/products/${s.product}/`,
  'GET /supplies/{id}/': (s) => `/supplies/${s.supply}/`,
  'GET /supply-consumptions/{id}/': (s) => `/supply-consumptions/${s.consumption}/`,
  'GET /expenses/{id}/': (s) => `/expenses/${s.expense}/`,
  'GET /delivery_notes/{id}/': (s) => `/delivery_notes/${s.note}/`,
  'GET /delivery_notes/{id}/pdf/': (s) => `/delivery_notes/${s.note}/pdf/`,
  'GET /accounting/accounts/{id}/': (s) => `/accounting/accounts/${s.ledgerAccount}/`,
  'GET /accounting/journal/{id}/': (s) => `/accounting/journal/${s.journalEntry}/`,
  'GET /accounting/fiscal-close/calculate/{year}/': () => '/accounting/fiscal-close/calculate/2025/',
  'GET /accounting/reports/account-ledger/{account_code}/': () => '/accounting/reports/account-ledger/91.1.02/',
  'GET /accounting/reports/daily-journal/{date}/': () => '/accounting/reports/daily-journal/2025-12-01/',
  'GET /received_invoices/{id}/': (s) => `/received_invoices/${s.receivedInvoice}/`,
  'GET /bill/tax_info/tax-rules/by-country/{country}/': () => '/bill/tax_info/tax-rules/by-country/AR/',
  'GET /bill/tax_info/tax-rules/{id}/': (s) => `/bill/tax_info/tax-rules/${s.taxRule}/`,
  'GET /widgets/multi-taxpayer/taxpayers/{id}/': (s) => `/widgets/multi-taxpayer/taxpayers/${s.taxpayer}/`,
  'GET /accounting/bank/statements/{id}/': (s) => `/accounting/bank/statements/${s.statement}/`,
  'GET /issued_vouchers/{id}/': (s) => `/issued_vouchers/${s.issuedVoucher}/`,
  'GET /received_invoices/import-history/{id}/': (s) => `/received_invoices/import-history/${s.receivedImport}/`,
  'GET /issued_vouchers/import-history/{id}/': (s) => `/issued_vouchers/import-history/${s.issuedImport}/`,
  'GET /bill/tax_info/taxpayer/{billing_system}/': () => '/bill/tax_info/taxpayer/afip_wsfe/',
  'GET /iva/books/{book_id}/entries/': (s) => `/iva/books/${s.ivaBookId}/entries/`,
  'GET /iva/entries/{entry_id}/': (s) => `/iva/entries/${s.ivaEntry}/`,
  'GET /iva/books/{period}/{book_type}/': () => '/iva/books/2025-12/purchases/',
  'GET /iva/summary/{period}/': () => '/iva/summary/2025-12/',
  'GET /iva/declaration/{period}/': () => '/iva/declaration/2025-12/',
  'GET /iva/export/{period}/{book_type}/': () => '/iva/export/2026-01/sales/',
  'GET /fce/events/{fce_invoice_id}/': (s) => `/fce/events/${s.fceVoucher}/`,
  'GET /accounting/retenciones-percepciones/certificates/{certificate_id}/html/': (s) =>
    `/accounting/retenciones-percepciones/certificates/${s.certificate}/html/`,
  'GET /accounting/retenciones-percepciones/certificates/{certificate_id}/pdf/': (s) =>
    `/accounting/retenciones-percepciones/certificates/${s.certificate}/pdf/`,
  'GET /accounting/retenciones-percepciones/ddjj/{period}/': () => '/accounting/retenciones-percepciones/ddjj/2026-08/',
  'GET /accounting/reports/account-ledger/{account_code}/export/': () => '/accounting/reports/account-ledger/91.1.02/export/',
  'GET /accounting/reports/daily-journal/{date}/export/': () => '/accounting/reports/daily-journal/2025-12-01/export/',
  'GET /iva/books/{book_id}/entries/export/': (s) => `/iva/books/${s.ivaBookId}/entries/export/`,
};

/** The body of each read sent with one. */
const BODIES: Record<string, unknown> = {
  'POST /stats/transactions/': { measure: 'purchases', interval: 'week', from: '2025-11-01', to: '2025-12-31' },
};

/** A value for a query parameter, from its schema and name: filters that name the seeded records where they name one. */
function parameterValue(parameter: QueryParameter, s: EveryKind): string | undefined {
  const { name, schema: declared } = parameter;
  const ids: Record<string, string> = {
    supplier_id: s.supplier,
    customer_id: s.customer,
    product_id: s.product,
    supply_id: s.supply,
    reference_id: s.expense,
  };
  if (ids[name]) return ids[name];
  if (Array.isArray(declared.enum)) return String(declared.enum[0]);
  if (declared.format === 'date') return /to$|as_of/.test(name) ? '2026-12-31' : name === 'on' ? '2026-08-12' : '2025-01-01';
  if (declared.pattern) return '2025-12';
  if (declared.type === 'boolean') return 'true';
  if (declared.type === 'integer') {
    const integers: Record<string, string> = {
      year: '2026',
      fiscal_year: '2025',
      month: '12',
      level: '2',
      days: '60',
      limit: '10',
      per_page: '10',
      voucher_type: '1',
    };
    return integers[name] ?? String(declared.minimum ?? 1);
  }
  const texts: Record<string, string> = {
    created_from: '2020-01-01T00:00:00Z',
    created_to: '2030-01-01T00:00:00Z',
    account_code: '91.1.02',
    parent_code: '1',
    cash_account: '91.1.02',
    ledger_account_code: '91.1.02',
    supplier_cuit: '30715551248',
    receiver_doc: '30715551248',
    country: 'AR',
    currency: 'PES',
    reference_type: 'expense',
    resource_type: 'expenses',
    sku: 'SKU-1',
    tag: 'seed',
    category: 'servicios',
    search: 'o',
  };
  // A cursor is only ever one the API handed out: a read without it starts at the beginning.
  return name === 'cursor' ? undefined : (texts[name] ?? 'x');
}

const queryOf = (values: Array<[string, string]>) => (values.length ? `?${new URLSearchParams(values).toString()}` : '');

/** Runs a read and answers it with the documents the store wrote meanwhile. */
async function measured(read: () => Promise<HttpResult>): Promise<{ res: HttpResult; writes: number }> {
  const before = await storeWrites(gw.store);
  const res = await read();
  return { res, writes: (await storeWrites(gw.store)) - before };
}

it('the reads are every GET route and the POST of the transaction series, each with a path for the seeded account', () => {
  expect(READS.filter((route) => route.method !== 'get').map(nameOf)).toEqual(['POST /stats/transactions/']);
  expect(READS.filter((route) => route.method === 'get')).toHaveLength(ROUTES.filter((route) => route.method === 'get').length);
  expect(READS.length).toBe(82);
  const parameterized = READS.filter((route) => route.path.includes('{')).map(nameOf);
  expect(parameterized.filter((name) => !PATHS[name])).toEqual([]);
  expect(Object.keys(PATHS).filter((name) => !parameterized.includes(name))).toEqual([]);
});

describe.each(READS.map((route) => [nameOf(route), route] as const))('%s', (name, route) => {
  const request = (values: Array<[string, string]>) => () =>
    gw.rest(route.method.toUpperCase(), `${PATHS[name]?.(seeded) ?? route.path}${queryOf(values)}`, { key: seeded.key, body: BODIES[name] });

  it('answers without writing', async () => {
    const { res, writes } = await measured(request([]));
    expect({ status: res.status, writes }).toEqual({ status: route.successStatus, writes: 0 });
  });

  it('with each of its query parameters alone, and with all of them, writes nothing', async () => {
    const values = (route.parameters ?? []).flatMap((parameter) => {
      const value = parameterValue(parameter, seeded);
      return value === undefined ? [] : [[parameter.name, value] as [string, string]];
    });
    for (const sent of [...values.map((value) => [value]), values]) {
      if (!sent.length) continue;
      const { res, writes } = await measured(request(sent));
      expect({ query: queryOf(sent), status: res.status < 500, writes }).toEqual({ query: queryOf(sent), status: true, writes: 0 });
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// GraphQL: every Query field.
// ---------------------------------------------------------------------------------------------------------------

/** Leaf fields of a type, and of its object fields without required arguments, `depth` levels down. */
function selectionOf(type: GraphQLNamedType, depth: number): string {
  if (isLeafType(type)) return '';
  if (isUnionType(type) || isInterfaceType(type)) return '{ __typename }';
  if (!isObjectType(type)) return '';
  const fields = Object.values(type.getFields()).filter((field) => field.args.every((arg) => !String(arg.type).endsWith('!')));
  const parts = fields.flatMap((field: GraphQLField<unknown, unknown>) => {
    const inner = getNamedType(field.type);
    if (isLeafType(inner)) return [field.name];
    if (depth <= 1) return [];
    const nested = selectionOf(inner, depth - 1);
    return nested && nested !== '{  }' ? [`${field.name} ${nested}`] : [];
  });
  return `{ ${parts.join(' ')} }`;
}

/** The Query fields no REST route runs, with arguments naming the seeded account's records. */
const OWN_ARGUMENTS: Record<string, { declare: string; pass: string; variables: (s: EveryKind) => Record<string, unknown> }> = {
  fceInvoice: { declare: '$id: ID!', pass: 'id: $id', variables: (s) => ({ id: s.fceVoucher }) },
  ivaPeriod: { declare: '$period: String!', pass: 'period: $period', variables: () => ({ period: '2025-12' }) },
  downloadUrl: { declare: '$path: String!', pass: 'path: $path', variables: () => ({ path: '/api/v1/iva/books/2025-12-purchases/entries/export/' }) },
};

/** Each Query field's first read route whose stored operation selects it. */
const routeOfField = (field: string) =>
  READS.find((route) => operationOf(route).selectionSet.selections.some((selection) => (selection as FieldNode).name?.value === field));

const QUERY_FIELDS = Object.keys(schema.getQueryType()!.getFields());

it('every Query field is run by a read route or has arguments of its own here', () => {
  expect(QUERY_FIELDS.length).toBe(74);
  expect(QUERY_FIELDS.filter((field) => !routeOfField(field) && !OWN_ARGUMENTS[field])).toEqual([]);
  expect(Object.keys(OWN_ARGUMENTS).filter((field) => routeOfField(field))).toEqual([]);
});

it.each(QUERY_FIELDS)('Query.%s answers without writing', async (field) => {
  let query: string;
  let variables: Record<string, unknown>;
  const route = routeOfField(field);
  if (route) {
    const name = nameOf(route);
    const filled = PATHS[name]?.(seeded);
    // The route's own path parameters, read off the filled path by the route's pattern.
    const pattern = new RegExp(`^${route.path.replace(/[.]/g, '\\.').replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`);
    const params = filled ? { ...pattern.exec(filled)!.groups } : {};
    query = route.document;
    variables = route.variables({ params, query: {}, body: BODIES[name], headers: {} });
  } else {
    const own = OWN_ARGUMENTS[field];
    const type = getNamedType(schema.getQueryType()!.getFields()[field].type);
    query = `query (${own.declare}) { ${field}(${own.pass}) ${selectionOf(type, 3)} }`;
    variables = own.variables(seeded);
  }
  const { res, writes } = await measured(() => gw.gql(query, variables, { key: seeded.key }));
  expect({ errors: res.body.errors, answered: res.body.data?.[field] !== undefined || Object.keys(res.body.data ?? {}).length > 0, writes }).toEqual({
    errors: undefined,
    answered: true,
    writes: 0,
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The writes a request may make besides its own, and that the reads above do not meet.
// ---------------------------------------------------------------------------------------------------------------

describe('infrastructure writes', () => {
  it("an API key's last use is stamped at most once a minute: one write on the first read past the minute, none on the next", async () => {
    const read = () => gw.rest('GET', '/suppliers/list/', { key: seeded.key });
    expect((await measured(read)).writes).toBe(0);
    gw.clock.now = new Date(gw.clock.now.getTime() + 61_000);
    expect((await measured(read)).writes).toBe(1);
    expect((await measured(read)).writes).toBe(0);
  });

  it('the request rate limit (as in production, 600 a minute) costs the store one write per block of 30 requests of a caller', async () => {
    // Another gateway over the same store, as a second process would be, with the production limit.
    const limited = await startTestGateway({ RATE_LIMIT_PER_MINUTE: '600', STATS_SWEEP_SECONDS: '0' }, undefined, { sameStoreAs: gw });
    try {
      const read = () => limited.rest('GET', '/iva/summary/2025-12/', { key: seeded.key });
      const before = await storeWrites(gw.store);
      for (let i = 0; i < 30; i++) expect((await read()).status).toBe(200);
      // One lease of 30 points (a second only if the store's one-minute window ended meanwhile).
      const writes = (await storeWrites(gw.store)) - before;
      expect(writes).toBeGreaterThanOrEqual(1);
      expect(writes).toBeLessThanOrEqual(2);
    } finally {
      await limited.stop();
    }
  });
});
