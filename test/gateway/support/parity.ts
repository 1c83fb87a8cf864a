/**
 * Helpers for the supplier parity and validation tests: the GraphQL documents, the contract's naming map
 * (GraphQL camelCase + `id` ↔ REST snake_case + `_id`; address `{text}` ↔ string) written independently of
 * src/rest-compat so that a mistake there cannot hide itself, and error summaries comparable across surfaces.
 */
import type { HttpResult, TestGateway } from '../../support/gateway';

export type Row = Record<string, any>;

export const SUPPLIER_FIELDS = `
  id name email phone taxId contactName
  address { text street city state postalCode country }
  fiscalInfo { tipoDocumento numeroDocumento condicionIva razonSocial domicilioComercial provincia codigoPostal pais }
  category paymentTerms website tags productIds notes status createdAt updatedAt
`;

const BULK_ERRORS = 'errors { index code message details { path message } }';

export const Q = {
  get: `query($id: ID!) { supplier(id: $id) { ${SUPPLIER_FIELDS} } }`,
  list: `query($filter: SupplierFilter, $orderBy: SupplierOrderBy, $first: Int, $offset: Int, $after: String) {
    suppliers(filter: $filter, orderBy: $orderBy, first: $first, offset: $offset, after: $after) {
      totalCount
      nodes { ${SUPPLIER_FIELDS} }
      pageInfo { hasNextPage hasPreviousPage endCursor }
    }
  }`,
  create: `mutation($input: CreateSupplierInput!) { createSupplier(input: $input) { ${SUPPLIER_FIELDS} } }`,
  update: `mutation($id: ID!, $input: UpdateSupplierInput!) { updateSupplier(id: $id, input: $input) { ${SUPPLIER_FIELDS} } }`,
  delete: `mutation($id: ID!) { deleteSupplier(id: $id) }`,
  bulkCreate: `mutation($inputs: [SupplierCreateItem!]!, $allOrNone: Boolean!) {
    createSuppliers(inputs: $inputs, allOrNone: $allOrNone) { count items { ${SUPPLIER_FIELDS} } ${BULK_ERRORS} }
  }`,
  bulkUpdate: `mutation($inputs: [SupplierUpdateItem!]!, $allOrNone: Boolean!) {
    updateSuppliers(inputs: $inputs, allOrNone: $allOrNone) { count items { ${SUPPLIER_FIELDS} } ${BULK_ERRORS} }
  }`,
  bulkDelete: `mutation($ids: [ID!]!, $allOrNone: Boolean!) {
    deleteSuppliers(ids: $ids, allOrNone: $allOrNone) { count items { id deleted } ${BULK_ERRORS} }
  }`,
};

export const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

function isObject(value: unknown): value is Row {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A GraphQL Address as the REST API shows it: the text as a string, or the parts present, or null. The contract
 * names the postal code `zip`; it is also kept readable as `postal_code`.
 */
export function addressToRest(address: Row | null | undefined): unknown {
  if (!address) return null;
  if (address.text) return address.text;
  const parts: Row = {};
  for (const [key, value] of Object.entries(address)) {
    if (key === 'postalCode' && value !== null && value !== undefined) parts.zip = value;
    if (key !== 'text' && value !== null && value !== undefined) parts[snake(key)] = value;
  }
  return Object.keys(parts).length ? parts : null;
}

/** A GraphQL DateTimeISO (UTC) as the REST API writes it: Argentine wall-clock time (UTC−3) without a zone. */
export function dateTimeToRest(value: string): string {
  return new Date(new Date(value).getTime() - 3 * 3600_000).toISOString().replace(/Z$/, '');
}

const FISCAL_PARTS = ['tipo_documento', 'numero_documento', 'condicion_iva', 'razon_social', 'domicilio_comercial', 'provincia', 'codigo_postal', 'pais'];

/**
 * REST fields as a record reads them back: `fiscal_info` with every part (null where not given), the address postal
 * code as `zip` and `postal_code`; with `defaults`, the fields a body may leave out at their empty values.
 */
export function expectedRecord(fields: Row, defaults = true): Row {
  const out: Row = defaults ? { payment_terms: null, website: null, product_ids: [], ...fields } : { ...fields };
  if (isObject(out.fiscal_info)) out.fiscal_info = Object.fromEntries(FISCAL_PARTS.map((part) => [part, out.fiscal_info[part] ?? null]));
  if (isObject(out.address)) {
    const code = out.address.zip ?? out.address.postal_code;
    out.address = code === undefined ? { ...out.address } : { ...out.address, zip: code, postal_code: code };
  }
  return out;
}

/** A REST date-time of a Date (Argentine time without a zone). */
export const restTime = (instant: Date): string => dateTimeToRest(instant.toISOString());

/** A GraphQL Supplier record in REST names. */
export function recordToRest(record: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(record)) {
    if (key === 'id') out._id = value;
    else if (key === 'address') out.address = addressToRest(value);
    else if (key === 'fiscalInfo') out.fiscal_info = value === null ? null : Object.fromEntries(Object.entries(value).map(([part, v]) => [snake(part), v]));
    else if (key === 'createdAt' || key === 'updatedAt') out[snake(key)] = dateTimeToRest(value);
    else out[snake(key)] = value;
  }
  return out;
}

/** A REST request body (snake_case; address string or parts) as the GraphQL input. */
export function bodyToGql(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(bodyToGql);
  if (!isObject(body)) return body;
  const out: Row = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === '_id') out.id = value;
    else if (key === 'address' && typeof value === 'string') out.address = { text: value };
    else out[camel(key)] = bodyToGql(value);
  }
  return out;
}

/** A record without what legitimately differs between two accounts (the ids). */
export function withoutId(record: Row): Row {
  const { _id, ...rest } = record;
  return rest;
}

/** A record without ids and timestamps. */
export function withoutVolatile(record: Row): Row {
  const { _id, created_at, updated_at, ...rest } = record;
  return rest;
}

/** A GraphQL error path in REST names: segments to snake_case, `id` to `_id`; `address.text` is the REST `address` string. */
export function gqlPathToRest(path: string): string {
  return path
    .split('.')
    .map((segment) => (segment === 'id' ? '_id' : snake(segment)))
    .join('.')
    .replace(/(^|\.)address\.text$/, '$1address')
    .replace(/(^|\.)address\.postal_code$/, '$1address.zip');
}

export interface ErrorSummary {
  code: string;
  paths: string[];
}

/** The first GraphQL error's code and the failing paths (all errors' details, REST names, sorted). */
export function gqlError(result: HttpResult): ErrorSummary {
  const errors = result.body?.errors;
  if (!Array.isArray(errors) || !errors.length) throw new Error(`expected GraphQL errors, got ${JSON.stringify(result.body)}`);
  const paths = errors.flatMap((error: Row) => ((error.extensions?.details ?? []) as Row[]).map((d) => gqlPathToRest(String(d.path))));
  return { code: errors[0].extensions?.code, paths: [...new Set(paths)].sort() };
}

/** The REST error's code and failing paths (sorted). */
export function restError(result: HttpResult): ErrorSummary {
  if (result.body?.success !== false) throw new Error(`expected a REST error, got ${result.status} ${JSON.stringify(result.body)}`);
  const paths = ((result.body.error?.details ?? []) as Row[]).map((d) => String(d.path));
  return { code: result.body.error.code, paths: [...new Set(paths)].sort() };
}

export const STATUS_OF: Record<string, number> = { BAD_USER_INPUT: 400, UNAUTHENTICATED: 401, FORBIDDEN: 403, NOT_FOUND: 404, CONFLICT: 409 };

/** GraphQL data of a successful operation (fails the test with the errors otherwise). */
export function gqlData(result: HttpResult): Row {
  if (result.body?.errors) throw new Error(`GraphQL errors: ${JSON.stringify(result.body.errors)}`);
  return result.body.data;
}

/** REST data of a successful request with the expected status (fails the test with the body otherwise). */
export function restData(result: HttpResult, status: number): any {
  if (result.status !== status || result.body?.success !== true) {
    throw new Error(`expected ${status} success, got ${result.status} ${JSON.stringify(result.body)}`);
  }
  return result.body.data;
}

/** Bulk item errors in REST names, comparable (index, code, sorted paths). */
export function bulkErrorsToRest(errors: Row[]): Array<{ index: number; code: string; paths: string[] }> {
  return errors.map((e) => ({ index: e.index, code: e.code, paths: (e.details as Row[]).map((d) => gqlPathToRest(String(d.path))).sort() }));
}

export function restBulkErrors(errors: Row[]): Array<{ index: number; code: string; paths: string[] }> {
  return errors.map((e) => ({ index: e.index, code: e.code, paths: (e.details as Row[]).map((d) => String(d.path)).sort() }));
}

export const ALL_SCOPES = ['suppliers:read', 'suppliers:write'] as const;

/** Two fresh accounts with full supplier access: one driven through GraphQL, one through REST. */
export async function twinAccounts(gw: TestGateway): Promise<{ g: string; r: string }> {
  const g = await gw.account([...ALL_SCOPES]);
  const r = await gw.account([...ALL_SCOPES]);
  return { g: g.key, r: r.key };
}

/** Creates a supplier through REST (seeding); answers the REST record. */
export async function seed(gw: TestGateway, key: string, body: Row, at?: Date): Promise<Row> {
  if (at) gw.clock.now = at;
  return restData(await gw.rest('POST', '/suppliers/', { key, body }), 201);
}

export const chars = (n: number, c = 'a') => c.repeat(n);

/** A full REST supplier body with every field. */
export function fullBody(overrides: Row = {}): Row {
  return {
    name: 'Distribuidora Norte SA',
    email: 'ventas@norte.com.ar',
    phone: '+54 11 4000-1234',
    tax_id: '30-71234567-1',
    contact_name: 'María Gómez',
    address: { street: 'Av. Corrientes 1234', city: 'CABA', state: 'Buenos Aires', postal_code: 'C1043', country: 'AR' },
    fiscal_info: { condicion_iva: 'responsable_inscripto' },
    category: 'insumos',
    tags: ['mayorista', 'norte'],
    notes: 'Entrega martes y jueves',
    status: 'inactive',
    ...overrides,
  };
}

export interface ValidCase {
  title: string;
  body: Row;
  /** Fields of the stored REST record to check (defaults to the body's). */
  stored?: Row;
}

export interface InvalidCase {
  title: string;
  body: Row;
  /** Exactly the failing REST paths (sorted). */
  paths: string[];
}

const N = 'Proveedor válido';

/** Create bodies just inside each boundary of seed 2.4. */
export const VALID_CREATES: ValidCase[] = [
  { title: 'name of 2 characters', body: { name: 'ab' } },
  { title: 'name of 200 characters', body: { name: chars(200, 'n') } },
  { title: 'name of 200 characters once trimmed', body: { name: `  ${chars(200, 'n')}  ` }, stored: { name: chars(200, 'n') } },
  { title: 'name trimmed to 2 characters', body: { name: '  ab  ' }, stored: { name: 'ab' } },
  { title: 'valid email', body: { name: N, email: 'compras@proveedor.com.ar' } },
  { title: 'tax_id of 50 characters', body: { name: N, tax_id: chars(50, '1') } },
  { title: 'contact_name of 200 characters', body: { name: N, contact_name: chars(200, 'c') } },
  { title: 'phone of 50 characters', body: { name: N, phone: chars(50, '9') } },
  { title: 'category of 100 characters', body: { name: N, category: chars(100, 'k') } },
  { title: 'notes of 2000 characters', body: { name: N, notes: chars(2000, 'x') } },
  { title: 'address string of 500 characters', body: { name: N, address: chars(500, 'd') } },
  {
    title: 'address object with every key',
    body: { name: N, address: { street: 'Florida 100', city: 'CABA', state: 'Buenos Aires', postal_code: 'C1005', country: 'AR' } },
  },
  { title: 'address object with street only', body: { name: N, address: { street: 'Florida 100' } } },
  { title: 'address object with city only', body: { name: N, address: { city: 'Rosario' } } },
  { title: 'address object with state only', body: { name: N, address: { state: 'Santa Fe' } } },
  { title: 'address object with postal_code only', body: { name: N, address: { postal_code: 'S2000' } } },
  { title: 'address object with country only', body: { name: N, address: { country: 'AR' } } },
  { title: 'condicion_iva responsable_inscripto', body: { name: N, fiscal_info: { condicion_iva: 'responsable_inscripto' } } },
  { title: 'condicion_iva monotributo', body: { name: N, fiscal_info: { condicion_iva: 'monotributo' } } },
  { title: 'condicion_iva exento', body: { name: N, fiscal_info: { condicion_iva: 'exento' } } },
  { title: 'status active', body: { name: N, status: 'active' } },
  { title: 'status inactive', body: { name: N, status: 'inactive' } },
  { title: 'status left out defaults to active', body: { name: N }, stored: { status: 'active' } },
];

/** Create bodies just outside each boundary, with exactly the REST paths that must be named. */
export const INVALID_CREATES: InvalidCase[] = [
  { title: 'name of 1 character', body: { name: 'a' }, paths: ['name'] },
  { title: 'name of 201 characters', body: { name: chars(201, 'n') }, paths: ['name'] },
  { title: 'name of 1 character once trimmed', body: { name: '  a  ' }, paths: ['name'] },
  { title: 'whitespace-only name', body: { name: '     ' }, paths: ['name'] },
  { title: 'empty name', body: { name: '' }, paths: ['name'] },
  { title: 'name left out', body: { email: 'a@b.com' }, paths: ['name'] },
  { title: 'invalid email', body: { name: N, email: 'not-an-email' }, paths: ['email'] },
  { title: 'email without domain', body: { name: N, email: 'compras@' }, paths: ['email'] },
  { title: 'tax_id of 51 characters', body: { name: N, tax_id: chars(51, '1') }, paths: ['tax_id'] },
  { title: 'contact_name of 201 characters', body: { name: N, contact_name: chars(201, 'c') }, paths: ['contact_name'] },
  { title: 'phone of 51 characters', body: { name: N, phone: chars(51, '9') }, paths: ['phone'] },
  { title: 'category of 101 characters', body: { name: N, category: chars(101, 'k') }, paths: ['category'] },
  { title: 'notes of 2001 characters', body: { name: N, notes: chars(2001, 'x') }, paths: ['notes'] },
  { title: 'address string of 501 characters', body: { name: N, address: chars(501, 'd') }, paths: ['address'] },
  { title: 'address object with an unknown key', body: { name: N, address: { street: 'Florida 100', barrio: 'Retiro' } }, paths: ['address.barrio'] },
  { title: 'invalid condicion_iva', body: { name: N, fiscal_info: { condicion_iva: 'consumidor_final' } }, paths: ['fiscal_info.condicion_iva'] },
  { title: 'invalid status', body: { name: N, status: 'archived' }, paths: ['status'] },
  { title: 'unknown top-level field', body: { name: N, rating: 5 }, paths: ['rating'] },
  {
    title: 'several field failures at once',
    body: { name: 'a', email: 'nope', phone: chars(51, '9'), notes: chars(2001, 'x'), tax_id: chars(51, '1') },
    paths: ['email', 'name', 'notes', 'phone', 'tax_id'],
  },
  {
    // Shape problems (unknown field, value outside an enum) are all reported at once, before value rules such as
    // name's length are checked: docs/resources.md documents this order.
    title: 'several failures of different kinds at once (enum, unknown field): every shape problem listed',
    body: { name: 'a', status: 'archived', fiscal_info: { condicion_iva: 'otro' }, rating: 5 },
    paths: ['fiscal_info.condicion_iva', 'rating', 'status'],
  },
  {
    title: 'several value-rule failures at once (length, format): every one listed',
    body: { name: 'a', email: 'nope', phone: 'x'.repeat(51), fiscal_info: { condicion_iva: 'exento' } },
    paths: ['email', 'name', 'phone'],
  },
];
