/**
 * Expense validation (seed 2.5), every boundary just inside and just outside, through both surfaces: each case is
 * sent as a REST body and as the equivalent GraphQL input, and both must agree (201/data or 400 naming exactly the
 * same fields). Stored values are checked for the accepted ones.
 */
import { ObjectId } from 'mongodb';
import { SCOPES } from '../../src/domain/auth/scopes';
import { startTestGateway, type HttpResult, type TestGateway } from '../support/gateway';
import { createRest, EQ, expenseToRest, gqlError, restError, restExpense, restToGql, type Row } from './support/expenses';

let gw: TestGateway;
let key: string;
let supplierId: string;
let otherSupplierId: string;

beforeAll(async () => {
  gw = await startTestGateway();
  key = (await gw.account([...SCOPES])).key;
  const other = (await gw.account([...SCOPES])).key;
  supplierId = (await gw.rest('POST', '/suppliers/', { key, body: { name: 'Telecom SA' } })).body.data._id;
  otherSupplierId = (await gw.rest('POST', '/suppliers/', { key: other, body: { name: 'Ajena SA' } })).body.data._id;
});
afterAll(async () => {
  await gw?.stop();
});

const chars = (n: number) => 'x'.repeat(n);
const line = (Id: number, BaseImp: number, Importe: number) => ({ Id, BaseImp, Importe });

/** GraphQL detail paths in REST names (the contract, written out independently). */
function gqlPathToRest(path: string): string {
  const names: Record<string, string> = { ivaItems: 'iva_items', id: 'Id', baseImp: 'BaseImp', importe: 'Importe' };
  const parts = path.split('.');
  return parts
    .map((part, i) => {
      if (parts[i - 2] === 'ivaItems' || (parts[i - 1] === 'ivaItems' && /^\d+$/.test(part))) return names[part] ?? part;
      return names[part] && part !== 'id' ? names[part] : part.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    })
    .join('.');
}

function expectInvalid(rest: HttpResult, gql: HttpResult, paths: string[]) {
  expect({ status: rest.status, error: restError(rest) }).toEqual({ status: 400, error: { code: 'BAD_USER_INPUT', paths: [...paths].sort() } });
  const g = gqlError(gql);
  // GraphQL reports the variables that do not fit their types one at a time (graphql-js stops at the first).
  const gqlPaths = g.paths.map(gqlPathToRest).sort();
  const coercion = /Variable "\$input"/.test(gql.body.errors?.[0]?.message ?? '');
  expect({ code: g.code, paths: coercion ? gqlPaths.filter((p) => paths.includes(p)).slice(0, 1) : gqlPaths }).toEqual({
    code: 'BAD_USER_INPUT',
    paths: coercion ? gqlPaths.slice(0, 1) : [...paths].sort(),
  });
  expect(gqlPaths.length).toBeGreaterThan(0);
  expect(gql.body.data ?? null).toBeNull();
}

async function both(body: Row): Promise<{ rest: HttpResult; gql: HttpResult }> {
  const rest = await gw.rest('POST', '/expenses/', { key, body });
  const gql = await gw.gql(EQ.create, { input: restToGql(body) }, { key });
  return { rest, gql };
}

async function countAll(): Promise<number> {
  return gw.store.collection('expenses').countDocuments({});
}

const VALID: Array<{ title: string; body: Row; stored?: Row }> = [
  { title: 'amount 0.01 (smallest)', body: restExpense({ amount: 0.01 }), stored: { amount_cents: 1 } },
  { title: 'amount 999999999999.99 (largest)', body: restExpense({ amount: 999999999999.99 }), stored: { amount_cents: 99999999999999 } },
  { title: 'amount with 2 decimals', body: restExpense({ amount: 1234.56 }), stored: { amount_cents: 123456 } },
  { title: 'description of 1 character', body: restExpense({ description: 'a' }), stored: { description: 'a' } },
  { title: 'description of 500 characters', body: restExpense({ description: chars(500) }), stored: { description: chars(500) } },
  ...[0, 2.5, 5, 10.5, 21, 27].map((rate) => ({ title: `tax_rate ${rate}`, body: restExpense({ tax_rate: rate }), stored: { tax_rate: rate } })),
  { title: 'tax_rate left out → 21', body: restExpense(), stored: { tax_rate: 21 } },
  { title: 'category of 1 character', body: restExpense({ category: 'a' }), stored: { category: 'a' } },
  { title: 'category of 100 characters', body: restExpense({ category: chars(100) }), stored: { category: chars(100) } },
  { title: 'custom category', body: restExpense({ category: 'Mantenimiento de la camioneta' }), stored: { category: 'Mantenimiento de la camioneta' } },
  { title: 'date 2025-02-28', body: restExpense({ date: '2025-02-28' }), stored: { date: '2025-02-28' } },
  { title: 'date 2024-02-29 (leap year)', body: restExpense({ date: '2024-02-29' }), stored: { date: '2024-02-29' } },
  { title: 'date 2025-12-31', body: restExpense({ date: '2025-12-31' }), stored: { date: '2025-12-31' } },
  { title: 'date 1900-01-01 (first year)', body: restExpense({ date: '1900-01-01' }), stored: { date: '1900-01-01' } },
  { title: 'date 2100-12-31 (last year)', body: restExpense({ date: '2100-12-31' }), stored: { date: '2100-12-31' } },
  { title: 'iva Id 3 (0 %)', body: restExpense({ iva_items: [line(3, 100, 0)] }), stored: { iva_items: [{ id: 3, base_imp_cents: 10000, importe_cents: 0 }] } },
  {
    title: 'iva Id 4 (10.5 %)',
    body: restExpense({ iva_items: [line(4, 100, 10.5)] }),
    stored: { iva_items: [{ id: 4, base_imp_cents: 10000, importe_cents: 1050 }] },
  },
  {
    title: 'iva Id 5 (21 %)',
    body: restExpense({ iva_items: [line(5, 100, 21)] }),
    stored: { iva_items: [{ id: 5, base_imp_cents: 10000, importe_cents: 2100 }] },
  },
  {
    title: 'iva Id 6 (27 %)',
    body: restExpense({ iva_items: [line(6, 100, 27)] }),
    stored: { iva_items: [{ id: 6, base_imp_cents: 10000, importe_cents: 2700 }] },
  },
  {
    title: 'iva Id 8 (5 %)',
    body: restExpense({ iva_items: [line(8, 100, 5)] }),
    stored: { iva_items: [{ id: 8, base_imp_cents: 10000, importe_cents: 500 }] },
  },
  {
    title: 'iva Id 9 (2.5 %)',
    body: restExpense({ iva_items: [line(9, 100, 2.5)] }),
    stored: { iva_items: [{ id: 9, base_imp_cents: 10000, importe_cents: 250 }] },
  },
  {
    title: 'all six aliquots at once',
    body: restExpense({ iva_items: [line(3, 1, 0), line(4, 1, 0.11), line(5, 1, 0.21), line(6, 1, 0.27), line(8, 1, 0.05), line(9, 1, 0.03)] }),
  },
  { title: 'BaseImp 0 and Importe 0', body: restExpense({ iva_items: [line(5, 0, 0)] }) },
  {
    title: 'Importe 0.01 above base × rate',
    body: restExpense({ iva_items: [line(5, 100, 21.01)] }),
    stored: { iva_items: [{ id: 5, base_imp_cents: 10000, importe_cents: 2101 }] },
  },
  { title: 'Importe 0.01 below base × rate', body: restExpense({ iva_items: [line(5, 100, 20.99)] }) },
  { title: 'Importe rounding a fraction of a cent (0.05 × 10.5 % = 0.00525 → 0.01)', body: restExpense({ iva_items: [line(4, 0.05, 0.01)] }) },
  { title: 'Importe on a large base, exact (999999999.99 × 27 %)', body: restExpense({ iva_items: [line(6, 999999999.99, 270000000)] }) },
  { title: 'empty iva_items', body: restExpense({ iva_items: [] }), stored: { iva_items: [] } },
  { title: 'recurring monthly', body: restExpense({ recurring: true, recurring_period: 'monthly' }), stored: { recurring: true, recurring_period: 'monthly' } },
  { title: 'recurring false', body: restExpense({ recurring: false }), stored: { recurring: false } },
  {
    title: 'payment fields',
    body: restExpense({ payment_method: 'bank_transfer', receipt_number: '0001-00001234', notes: chars(2000) }),
    stored: { payment_method: 'bank_transfer' },
  },
  { title: 'created as paid', body: restExpense({ status: 'paid' }), stored: { status: 'paid' } },
  // Contract §2.5 lists every status for a new expense, and a recurring_period beside recurring false.
  { title: 'created as refunded', body: restExpense({ status: 'refunded' }), stored: { status: 'refunded' } },
  { title: 'created as cancelled', body: restExpense({ status: 'cancelled' }), stored: { status: 'cancelled' } },
  { title: 'a period without recurring', body: restExpense({ recurring_period: 'monthly' }), stored: { recurring: false, recurring_period: 'monthly' } },
  {
    title: 'a period with recurring false',
    body: restExpense({ recurring: false, recurring_period: 'yearly' }),
    stored: { recurring: false, recurring_period: 'yearly' },
  },
];

describe('create: just inside each boundary (REST and GraphQL alike)', () => {
  it.each(VALID)('$title → created', async ({ body, stored }) => {
    const { rest, gql } = await both(body);
    expect(rest.status).toBe(201);
    expect(gql.body.errors).toBeUndefined();
    const restRecord = rest.body.data;
    const gqlRecord = expenseToRest(gql.body.data.createExpense);
    // Both surfaces store and show the same values (ids and timestamps aside).
    const strip = ({ _id, created_at, updated_at, approved_at, paid_at, ...rest }: Row) => rest;
    expect(strip(restRecord)).toEqual(strip(gqlRecord));
    for (const [field, value] of Object.entries(body)) expect({ field, value: restRecord[field] }).toEqual({ field, value });
    const doc = await gw.store.collection('expenses').findOne({ _id: new ObjectId(restRecord._id) });
    if (stored) expect(doc).toMatchObject(stored);
    expect(await gw.rest('GET', `/expenses/${restRecord._id}/`, { key })).toMatchObject({ status: 200, body: { data: restRecord } });
  });
});

const INVALID: Array<{ title: string; body: Row; paths: string[] }> = [
  { title: 'amount 0', body: restExpense({ amount: 0 }), paths: ['amount'] },
  { title: 'amount -0.01', body: restExpense({ amount: -0.01 }), paths: ['amount'] },
  { title: 'amount 10^12', body: restExpense({ amount: 1e12 }), paths: ['amount'] },
  { title: 'amount with 3 decimals', body: restExpense({ amount: 10.001 }), paths: ['amount'] },
  { title: 'amount 0.001', body: restExpense({ amount: 0.001 }), paths: ['amount'] },
  { title: 'description empty', body: restExpense({ description: '' }), paths: ['description'] },
  { title: 'description only spaces', body: restExpense({ description: '   ' }), paths: ['description'] },
  { title: 'description of 501 characters', body: restExpense({ description: chars(501) }), paths: ['description'] },
  { title: 'tax_rate 3', body: restExpense({ tax_rate: 3 }), paths: ['tax_rate'] },
  { title: 'tax_rate 10', body: restExpense({ tax_rate: 10 }), paths: ['tax_rate'] },
  { title: 'tax_rate 2.4', body: restExpense({ tax_rate: 2.4 }), paths: ['tax_rate'] },
  { title: 'tax_rate -21', body: restExpense({ tax_rate: -21 }), paths: ['tax_rate'] },
  { title: 'category empty', body: restExpense({ category: '' }), paths: ['category'] },
  { title: 'category of 101 characters', body: restExpense({ category: chars(101) }), paths: ['category'] },
  { title: 'date 2025-02-29 (not a leap year)', body: restExpense({ date: '2025-02-29' }), paths: ['date'] },
  { title: 'date 2025-13-01', body: restExpense({ date: '2025-13-01' }), paths: ['date'] },
  { title: 'date 2025-04-31', body: restExpense({ date: '2025-04-31' }), paths: ['date'] },
  { title: 'date 25-01-01', body: restExpense({ date: '25-01-01' }), paths: ['date'] },
  { title: 'date 2025-1-01', body: restExpense({ date: '2025-1-01' }), paths: ['date'] },
  { title: 'date with a time', body: restExpense({ date: '2025-01-01T00:00:00Z' }), paths: ['date'] },
  // Real days, but of years no document of the books carries (src/domain/dates.ts: 1900 to 2100).
  { title: 'date 0000-01-01 (year 0)', body: restExpense({ date: '0000-01-01' }), paths: ['date'] },
  { title: 'date 1899-12-31', body: restExpense({ date: '1899-12-31' }), paths: ['date'] },
  { title: 'date 2101-01-01', body: restExpense({ date: '2101-01-01' }), paths: ['date'] },
  { title: 'iva Id 1 (no gravado: not an AlicIva)', body: restExpense({ iva_items: [line(1, 100, 0)] }), paths: ['iva_items.0.Id'] },
  { title: 'iva Id 2', body: restExpense({ iva_items: [line(2, 100, 0)] }), paths: ['iva_items.0.Id'] },
  { title: 'iva Id 7 (does not exist)', body: restExpense({ iva_items: [line(5, 100, 21), line(7, 100, 0)] }), paths: ['iva_items.1.Id'] },
  { title: 'iva Id 10', body: restExpense({ iva_items: [line(10, 100, 0)] }), paths: ['iva_items.0.Id'] },
  { title: 'BaseImp -0.01', body: restExpense({ iva_items: [line(3, -0.01, 0)] }), paths: ['iva_items.0.BaseImp'] },
  { title: 'BaseImp with 3 decimals', body: restExpense({ iva_items: [line(3, 1.001, 0)] }), paths: ['iva_items.0.BaseImp'] },
  { title: 'Importe 0.02 above base × rate', body: restExpense({ iva_items: [line(5, 100, 21.02)] }), paths: ['iva_items.0.Importe'] },
  { title: 'Importe 0.02 below base × rate', body: restExpense({ iva_items: [line(5, 100, 20.98)] }), paths: ['iva_items.0.Importe'] },
  { title: 'Importe of another aliquot (27 % under Id 5)', body: restExpense({ iva_items: [line(5, 100, 27)] }), paths: ['iva_items.0.Importe'] },
  { title: 'Importe -0.01 on a zero base', body: restExpense({ iva_items: [line(3, 0, -0.01)] }), paths: ['iva_items.0.Importe'] },
  { title: 'two lines with the same Id', body: restExpense({ iva_items: [line(5, 100, 21), line(5, 50, 10.5)] }), paths: ['iva_items.1.Id'] },
  { title: 'seven lines', body: restExpense({ iva_items: [3, 4, 5, 6, 8, 9, 3].map((id) => line(id, 0, 0)) }), paths: ['iva_items'] },
  {
    title: 'several failing lines at once',
    body: restExpense({ iva_items: [line(7, 1, 0), line(5, -1, 0), line(6, 10, 5)] }),
    paths: ['iva_items.0.Id', 'iva_items.1.BaseImp', 'iva_items.2.Importe'],
  },
  { title: 'recurring true without a period', body: restExpense({ recurring: true }), paths: ['recurring_period'] },
  {
    title: 'receipt_number of 51 characters and notes of 2001',
    body: restExpense({ receipt_number: chars(51), notes: chars(2001) }),
    paths: ['notes', 'receipt_number'],
  },
  { title: 'malformed supplier_id', body: restExpense({ supplier_id: 'not-an-id' }), paths: ['supplier_id'] },
  { title: 'every required field missing (the contract requires amount, description and tax_rate)', body: {}, paths: ['amount', 'description', 'tax_rate'] },
  {
    title: 'several value rules at once',
    body: restExpense({ amount: 0, description: '', tax_rate: 3, category: chars(101), date: '2025-02-29' }),
    paths: ['amount', 'category', 'date', 'description', 'tax_rate'],
  },
];

describe('create: just outside each boundary (REST and GraphQL alike)', () => {
  it.each(INVALID)('$title → 400 naming exactly $paths', async ({ body, paths }) => {
    const before = await countAll();
    const { rest, gql } = await both(body);
    expectInvalid(rest, gql, paths);
    expect(await countAll()).toBe(before);
  });
});

describe('create: shape errors', () => {
  it.each([
    { title: 'an unknown field', body: restExpense({ cost_center: 'x' }), paths: ['cost_center'] },
    { title: 'amount as a string', body: restExpense({ amount: '10' }), paths: ['amount'] },
    { title: 'tax_rate as a string', body: restExpense({ tax_rate: '21' }), paths: ['tax_rate'] },
    { title: 'an unknown status', body: restExpense({ status: 'archived' }), paths: ['status'] },
    {
      title: 'recurring_period longer than 50 characters',
      body: restExpense({ recurring: true, recurring_period: 'x'.repeat(51) }),
      paths: ['recurring_period'],
    },
    { title: 'payment_method longer than 50 characters', body: restExpense({ payment_method: 'x'.repeat(51) }), paths: ['payment_method'] },
    { title: 'a VAT line without Importe', body: restExpense({ iva_items: [{ Id: 5, BaseImp: 100 }] }), paths: ['iva_items.0.Importe'] },
    {
      title: 'a VAT line with an unknown key',
      body: restExpense({ iva_items: [{ Id: 5, BaseImp: 100, Importe: 21, alicuota: 21 }] }),
      paths: ['iva_items.0.alicuota'],
    },
  ])('$title → 400 naming $paths', async ({ body, paths }) => {
    const before = await countAll();
    const { rest, gql } = await both(body);
    expectInvalid(rest, gql, paths);
    expect(await countAll()).toBe(before);
  });

  it('REST takes VAT lines only with AFIP names: lower-case id / base_imp are unknown fields', async () => {
    const res = await gw.rest('POST', '/expenses/', { key, body: restExpense({ iva_items: [{ id: 5, base_imp: 100, importe: 21 }] }) });
    expect(res.status).toBe(400);
    expect(restError(res).paths).toEqual(expect.arrayContaining(['iva_items.0.id', 'iva_items.0.base_imp']));
    expect(restError(res).paths.every((path) => !path.includes('__'))).toBe(true);
  });
});

describe('supplier link', () => {
  it('an existing supplier of the account is linked', async () => {
    const created = await createRest(gw, key, { supplier_id: supplierId });
    expect(created.supplier_id).toBe(supplierId);
    const doc = await gw.store.collection('expenses').findOne({ _id: new ObjectId(created._id) });
    expect(doc!.supplier_id).toEqual(new ObjectId(supplierId));
  });

  it.each([
    ['a supplier of another account', () => otherSupplierId],
    ['an id no supplier has', () => new ObjectId().toHexString()],
  ])('%s → 400 naming supplier_id, nothing stored (REST and GraphQL)', async (_title, id) => {
    const before = await countAll();
    const { rest, gql } = await both(restExpense({ supplier_id: id() }));
    expectInvalid(rest, gql, ['supplier_id']);
    expect(JSON.stringify(rest.body)).not.toContain('Ajena');
    expect(await countAll()).toBe(before);
  });

  it('update: another account’s supplier is refused the same way; null removes the link', async () => {
    const created = await createRest(gw, key, { supplier_id: supplierId });
    const refused = await gw.rest('PUT', `/expenses/${created._id}/`, { key, body: { supplier_id: otherSupplierId } });
    expect({ status: refused.status, error: restError(refused) }).toEqual({ status: 400, error: { code: 'BAD_USER_INPUT', paths: ['supplier_id'] } });
    expect((await gw.rest('GET', `/expenses/${created._id}/`, { key })).body.data.supplier_id).toBe(supplierId);
    const cleared = await gw.rest('PUT', `/expenses/${created._id}/`, { key, body: { supplier_id: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.supplier_id).toBeNull();
    const doc = await gw.store.collection('expenses').findOne({ _id: new ObjectId(created._id) });
    expect(doc).not.toHaveProperty('supplier_id');
  });
});

describe('update: boundaries and recurrence on the merged record', () => {
  it.each([
    { title: 'amount 0', body: { amount: 0 }, paths: ['amount'] },
    { title: 'amount 10^12', body: { amount: 1e12 }, paths: ['amount'] },
    { title: 'description of 501', body: { description: chars(501) }, paths: ['description'] },
    { title: 'category empty', body: { category: '' }, paths: ['category'] },
    { title: 'tax_rate 3', body: { tax_rate: 3 }, paths: ['tax_rate'] },
    { title: 'date 2025-02-29', body: { date: '2025-02-29' }, paths: ['date'] },
    { title: 'Importe off by 0.02', body: { iva_items: [line(4, 200, 21.02)] }, paths: ['iva_items.0.Importe'] },
    { title: 'recurring true without a period', body: { recurring: true }, paths: ['recurring_period'] },
    { title: 'amount null (required)', body: { amount: null }, paths: ['amount'] },
  ])('$title → 400 naming $paths, nothing changes', async ({ body, paths }) => {
    const created = await createRest(gw, key);
    const res = await gw.rest('PUT', `/expenses/${created._id}/`, { key, body });
    expect({ status: res.status, error: restError(res) }).toEqual({ status: 400, error: { code: 'BAD_USER_INPUT', paths } });
    const gql = await gw.gql(EQ.update, { id: created._id, input: restToGql(body) }, { key });
    expect({ code: gqlError(gql).code, paths: gqlError(gql).paths.map(gqlPathToRest) }).toEqual({ code: 'BAD_USER_INPUT', paths });
    expect((await gw.rest('GET', `/expenses/${created._id}/`, { key })).body.data).toEqual(created);
  });

  it('recurrence: on with a period, period changed alone, off keeps the period (inert), on again uses it', async () => {
    const created = await createRest(gw, key);
    const on = await gw.rest('PUT', `/expenses/${created._id}/`, { key, body: { recurring: true, recurring_period: 'monthly' } });
    expect(on.body.data).toMatchObject({ recurring: true, recurring_period: 'monthly' });
    const changed = await gw.rest('PUT', `/expenses/${created._id}/`, { key, body: { recurring_period: 'yearly' } });
    expect(changed.body.data).toMatchObject({ recurring: true, recurring_period: 'yearly' });
    const clearWhileOn = await gw.rest('PUT', `/expenses/${created._id}/`, { key, body: { recurring_period: null } });
    expect({ status: clearWhileOn.status, paths: restError(clearWhileOn).paths }).toEqual({ status: 400, paths: ['recurring_period'] });
    const off = await gw.rest('PUT', `/expenses/${created._id}/`, { key, body: { recurring: false } });
    expect(off.body.data).toMatchObject({ recurring: false, recurring_period: 'yearly' });
    expect(await gw.store.collection('expenses').findOne({ _id: new ObjectId(created._id) })).toMatchObject({ recurring: false, recurring_period: 'yearly' });
    const periodWhileOff = await gw.rest('PUT', `/expenses/${created._id}/`, { key, body: { recurring_period: 'weekly' } });
    expect(periodWhileOff.body.data).toMatchObject({ recurring: false, recurring_period: 'weekly' });
    const onAgain = await gw.rest('PUT', `/expenses/${created._id}/`, { key, body: { recurring: true } });
    expect(onAgain.body.data).toMatchObject({ recurring: true, recurring_period: 'weekly' });
    const cleared = await gw.rest('PUT', `/expenses/${created._id}/`, { key, body: { recurring: false, recurring_period: null } });
    expect(cleared.body.data).toMatchObject({ recurring: false, recurring_period: null });
  });

  it('a PUT of the whole record as GET returned it changes nothing but updated_at', async () => {
    const created = await createRest(gw, key, {
      iva_items: [line(5, 100, 21)],
      supplier_id: supplierId,
      recurring: true,
      recurring_period: 'weekly',
      notes: 'n',
    });
    const res = await gw.rest('PUT', `/expenses/${created._id}/`, { key, body: created });
    expect(res.status).toBe(200);
    const { updated_at: _u, ...rest } = res.body.data;
    const { updated_at: _c, ...before } = created;
    expect(rest).toEqual(before);
  });
});

describe('list query parameters', () => {
  it.each([
    ['date_from=2025-02-29', ['date_from']],
    ['date_to=25-01-01', ['date_to']],
    ['date_from=0000-01-01', ['date_from']],
    ['status=archived', ['status']],
    ['recurring=yes', ['recurring']],
    ['sort_by=price', ['sort_by']],
    ['supplier_id=nope', ['supplier_id']],
    ['date_from=2025-03-02&date_to=2025-03-01', ['date_from']],
    ['limit=-5', ['limit']],
  ])('%s → 400 naming %j', async (query, paths) => {
    const res = await gw.rest('GET', `/expenses/list/?${query}`, { key });
    expect({ status: res.status, error: restError(res) }).toEqual({ status: 400, error: { code: 'BAD_USER_INPUT', paths } });
  });
});
