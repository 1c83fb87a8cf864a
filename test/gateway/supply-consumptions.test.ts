import { ObjectId } from 'mongodb';
import { createApiKey } from '../../src/domain/auth/auth.admin';
import { startTestGateway, type HttpResult, type RequestOptions, type TestGateway } from '../support/gateway';

/**
 * Supply consumptions (seed 2.7, 3.4, 4.3): snapshots and exact totals, stock deducted in the same transaction,
 * concurrent consumptions of the last units, delete by the author within 24 hours, revert from a session only.
 */

let gw: TestGateway;
let accountId: string;
/** A key acting for no user. */
let key: string;
let ownerId: string;
/** Keys bound to two users of the account. */
let ownerKey: string;
let otherKey: string;
let otherUserId: string;
const ALL = ['supplies:read', 'supplies:write', 'delivery_notes:read', 'delivery_notes:write'] as const;
const OWNER = { email: 'owner@consumptions.example', password: 'owner password 1' };
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  gw = await startTestGateway();
  ({ accountId, key } = await gw.account([...ALL]));
  ownerId = await gw.user(accountId, OWNER.email, OWNER.password, 'owner');
  otherUserId = await gw.user(accountId, 'other@consumptions.example', 'other password 1', 'owner');
  ownerKey = (await createApiKey(gw.store, { accountId, scopes: [...ALL], userId: ownerId })).key;
  otherKey = (await createApiKey(gw.store, { accountId, scopes: [...ALL], userId: otherUserId })).key;
});
afterAll(async () => {
  await gw?.stop();
});
afterEach(() => {
  gw.clock.now = new Date();
});

function data(res: HttpResult, status: number): any {
  if (res.status !== status || res.body?.success !== true) throw new Error(`expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

function failedPaths(res: HttpResult): string[] {
  expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 400, code: 'BAD_USER_INPUT' });
  return [...new Set((res.body.error.details as Array<{ path: string }>).map((d) => d.path))].sort();
}

async function supply(body: Record<string, unknown>, k = key): Promise<string> {
  return data(
    await gw.rest('POST', '/supplies/', { key: k, body: { name: `Insumo ${new ObjectId().toHexString().slice(-6)}`, default_amount: 0, ...body } }),
    201,
  )._id;
}

const stockOf = async (id: string) => ((await gw.store.collection('supplies').findOne({ _id: new ObjectId(id) })) as any).stock_milli / 1000;
const movementsOf = (id: string) =>
  gw.store
    .collection('stock_movements')
    .find({ item_id: new ObjectId(id) })
    .sort({ created_at: 1, _id: 1 })
    .toArray() as Promise<any[]>;
const storedConsumption = (id: string) => gw.store.collection('supply_consumptions').findOne({ _id: new ObjectId(id) }) as Promise<any>;

const consume = (body: Record<string, unknown>, options: RequestOptions = { key }) => gw.rest('POST', '/supply-consumptions/', { ...options, body });

/** A web-panel session of a user: cookie and CSRF token. */
async function login(credentials: { email: string; password: string }): Promise<{ cookie: string; csrf: string }> {
  const res = await gw.rest('POST', '/auth/login', { body: credentials });
  expect(res.status).toBe(200);
  const line = res.headers.getSetCookie().find((l) => l.startsWith('sid='))!;
  return { cookie: line.split(';')[0], csrf: res.body.data.csrf_token };
}
const sessionHeaders = (s: { cookie: string; csrf: string }): RequestOptions => ({ headers: { cookie: s.cookie, 'x-csrf-token': s.csrf } });

describe('registering a consumption', () => {
  it('snapshots each item, sums the exact total, deducts stock in movements caused by it, creates no expense', async () => {
    const flour = await supply({ name: 'Harina', unit: 'kg', unit_price: 850.5, default_amount: 700, stock: 20 });
    const eggs = await supply({ name: 'Huevos', default_amount: 95.99, stock: 60 });
    const created = data(
      await consume({
        items: [
          { supply_id: flour, quantity: 2.5 },
          { supply_id: eggs, quantity: 12 },
        ],
        consumption_date: '2025-03-10',
        notes: 'tanda de pan',
      }),
      201,
    );
    expect(created).toMatchObject({
      consumption_date: '2025-03-10',
      status: 'confirmed',
      items: [
        { supply_id: flour, supply_name: 'Harina', unit: 'kg', quantity: 2.5, unit_cost: 850.5, subtotal: 2126.25 },
        { supply_id: eggs, supply_name: 'Huevos', unit: null, quantity: 12, unit_cost: 95.99, subtotal: 1151.88 },
      ],
      total_cost: 3278.13,
      notes: 'tanda de pan',
      customer_id: null,
      created_by: null,
      reverted_at: null,
      reverted_by: null,
    });
    expect(await stockOf(flour)).toBe(17.5);
    expect(await stockOf(eggs)).toBe(48);
    const [, flourMove] = await movementsOf(flour);
    expect(flourMove).toMatchObject({ delta_milli: -2500, stock_after_milli: 17500, cause: { type: 'supply_consumption', id: new ObjectId(created._id) } });
    const doc = await storedConsumption(created._id);
    expect(doc).toMatchObject({ total_cost_cents: 327813, status: 'confirmed', created_by: null });
    expect(doc.items[0]).toMatchObject({ quantity_milli: 2500, unit_cost_cents: 85050, subtotal_cents: 212625 });
    expect(await gw.store.collection('expenses').countDocuments({})).toBe(0);

    // The snapshot stays when the supply changes later.
    data(await gw.rest('PUT', `/supplies/${flour}/`, { key, body: { name: 'Harina 000', unit_price: 999 } }), 200);
    expect(data(await gw.rest('GET', `/supply-consumptions/${created._id}/`, { key }), 200).items[0]).toMatchObject({
      supply_name: 'Harina',
      unit_cost: 850.5,
    });
  });

  it('unit cost is unit_price, else default_amount (a unit_price of 0 counts); subtotals round half up to the centavo', async () => {
    const priced0 = await supply({ unit_price: 0, default_amount: 10, stock: 5 });
    const unpriced = await supply({ default_amount: 0.05, stock: 5 });
    const created = data(
      await consume({
        items: [
          { supply_id: priced0, quantity: 1 },
          { supply_id: unpriced, quantity: 0.1 },
          { supply_id: unpriced, quantity: 0.3 },
        ],
      }),
      201,
    );
    // 0.1 × 0.05 = 0.005 → 0.01; 0.3 × 0.05 = 0.015 → 0.02
    expect(created.items.map((i: any) => [i.unit_cost, i.subtotal])).toEqual([
      [0, 0],
      [0.05, 0.01],
      [0.05, 0.02],
    ]);
    expect(created.total_cost).toBe(0.03);
    // The same supply twice: both lines deducted.
    expect(await stockOf(unpriced)).toBe(4.6);
  });

  it('exact money: 1,000 items of 1 × 0.10 total exactly 100.00, and 1,000 of 0.1 × 1.00 too', async () => {
    const dime = await supply({ unit_price: 0.1, stock: 1000 });
    const one = await supply({ unit_price: 1, stock: 100 });
    const a = data(await consume({ items: Array.from({ length: 1000 }, () => ({ supply_id: dime, quantity: 1 })) }), 201);
    expect(a.total_cost).toBe(100);
    expect((await storedConsumption(a._id)).total_cost_cents).toBe(10000);
    const b = data(await consume({ items: Array.from({ length: 1000 }, () => ({ supply_id: one, quantity: 0.1 })) }), 201);
    expect(b.total_cost).toBe(100);
    expect((await storedConsumption(b._id)).total_cost_cents).toBe(10000);
    expect(await stockOf(dime)).toBe(0);
    expect(await stockOf(one)).toBe(0);
    // One movement per supply (the lines are netted).
    expect((await movementsOf(one)).map((m) => m.delta_milli)).toEqual([100000, -100000]);
  });

  it('date defaults to today in Argentina (UTC−3)', async () => {
    const s = await supply({ stock: 5 });
    gw.clock.now = new Date('2025-06-01T02:30:00.000Z'); // still 31 May in Buenos Aires
    expect(data(await consume({ items: [{ supply_id: s, quantity: 1 }] }), 201).consumption_date).toBe('2025-05-31');
    gw.clock.now = new Date('2025-06-01T03:00:00.000Z');
    expect(data(await consume({ items: [{ supply_id: s, quantity: 1 }] }), 201).consumption_date).toBe('2025-06-01');
  });

  it('records the user behind a bound key (GraphQL createdBy) and a customer of the account', async () => {
    const s = await supply({ stock: 5 });
    const customer = await gw.gql('mutation { createCustomer(input: { name: "Cliente Uno" }) { id } }', {}, { key });
    const customerId = customer.body.data.createCustomer.id;
    const created = data(await consume({ items: [{ supply_id: s, quantity: 1 }], customer_id: customerId }, { key: ownerKey }), 201);
    expect(created).toMatchObject({ created_by: ownerId, customer_id: customerId });
    const read = await gw.gql(
      'query($id: ID!) { supplyConsumption(id: $id) { createdBy { id email role } customer { name } items { supplyName supply { id stock } } } }',
      { id: created._id },
      { key },
    );
    expect(read.body).toEqual({
      data: {
        supplyConsumption: {
          createdBy: { id: ownerId, email: OWNER.email, role: 'owner' },
          customer: { name: 'Cliente Uno' },
          items: [{ supplyName: expect.any(String), supply: { id: s, stock: 4 } }],
        },
      },
    });
  });
});

describe('validation boundaries', () => {
  let s: string;
  beforeAll(async () => {
    s = await supply({ unit_price: 1, stock: 1_000_000 });
  });

  it.each([
    ['quantity 0.001', [{ quantity: 0.001 }]],
    ['quantity with 3 decimals', [{ quantity: 1.234 }]],
    ['1,000 items', Array.from({ length: 1000 }, () => ({ quantity: 0.001 }))],
  ])('accepts %s', async (_title, items) => {
    data(await consume({ items: items.map((item) => ({ supply_id: s, ...item })) }), 201);
  });

  it.each([
    ['consumption_date 2024-02-29 (leap day)', { consumption_date: '2024-02-29' }],
    ['notes of 1000 characters', { notes: 'n'.repeat(1000) }],
  ])('accepts %s', async (_title, extra) => {
    data(await consume({ items: [{ supply_id: s, quantity: 1 }], ...extra }), 201);
  });

  it('read-only fields sent back as read (status, total_cost, a line supply_name) are ignored', async () => {
    const created = data(
      await consume({ items: [{ supply_id: s, quantity: 2, supply_name: 'otro nombre', subtotal: 1 }], status: 'reverted', total_cost: 5 }),
      201,
    );
    expect(created).toMatchObject({ status: 'confirmed', items: [{ supply_id: s, quantity: 2 }] });
    expect(created.items[0].supply_name).not.toBe('otro nombre');
    expect(created.total_cost).toBe(created.items[0].subtotal);
  });

  it.each([
    ['no items', { items: [] }, ['items']],
    ['items left out', {}, ['items']],
    ['1,001 items', { items: Array.from({ length: 1001 }, () => ({ supply_id: 'S', quantity: 1 })) }, ['items']],
    ['quantity 0', { items: [{ supply_id: 'S', quantity: 0 }] }, ['items.0.quantity']],
    ['negative quantity', { items: [{ supply_id: 'S', quantity: -1 }] }, ['items.0.quantity']],
    ['quantity with 4 decimals', { items: [{ supply_id: 'S', quantity: 0.0001 }] }, ['items.0.quantity']],
    ['quantity left out', { items: [{ supply_id: 'S' }] }, ['items.0.quantity']],
    ['supply_id left out', { items: [{ quantity: 1 }] }, ['items.0.supply_id']],
    ['malformed supply_id', { items: [{ supply_id: 'abc', quantity: 1 }] }, ['items.0.supply_id']],
    ['unknown supply', { items: [{ supply_id: new ObjectId().toHexString(), quantity: 1 }] }, ['items.0.supply_id']],
    ['consumption_date 2023-02-29 (not a leap year)', { items: [{ supply_id: 'S', quantity: 1 }], consumption_date: '2023-02-29' }, ['consumption_date']],
    ['consumption_date in another format', { items: [{ supply_id: 'S', quantity: 1 }], consumption_date: '10/03/2025' }, ['consumption_date']],
    ['notes of 1001 characters', { items: [{ supply_id: 'S', quantity: 1 }], notes: 'n'.repeat(1001) }, ['notes']],
    ['unknown customer', { items: [{ supply_id: 'S', quantity: 1 }], customer_id: new ObjectId().toHexString() }, ['customer_id']],
    ['unknown field', { items: [{ supply_id: 'S', quantity: 1 }], colour: 'red' }, ['colour']],
    ['date (not the contract name: consumption_date)', { items: [{ supply_id: 'S', quantity: 1 }], date: '2024-02-29' }, ['date']],
    [
      'several at once',
      {
        items: [
          { supply_id: 'S', quantity: 0 },
          { supply_id: 'x', quantity: 1 },
        ],
        consumption_date: '2025-13-01',
      },
      ['consumption_date', 'items.0.quantity', 'items.1.supply_id'],
    ],
  ])('refuses %s, writing nothing', async (_title, body, paths) => {
    const fill = (value: unknown): unknown =>
      value === 'S'
        ? s
        : Array.isArray(value)
          ? value.map(fill)
          : value && typeof value === 'object'
            ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]))
            : value;
    const before = await gw.store.collection('supply_consumptions').countDocuments({});
    const stockBefore = await stockOf(s);
    expect(failedPaths(await consume(fill(body) as Record<string, unknown>))).toEqual(paths);
    expect(await gw.store.collection('supply_consumptions').countDocuments({})).toBe(before);
    expect(await stockOf(s)).toBe(stockBefore);
  });

  it("refuses another account's supply and customer, and an inactive supply", async () => {
    const other = await gw.account([...ALL]);
    const theirs = await supply({ stock: 5 }, other.key);
    const theirCustomer = (await gw.gql('mutation { createCustomer(input: { name: "Ajeno" }) { id } }', {}, { key: other.key })).body.data.createCustomer.id;
    const inactive = await supply({ stock: 5, status: 'inactive' });
    const res = await consume({
      items: [
        { supply_id: theirs, quantity: 1 },
        { supply_id: inactive, quantity: 1 },
      ],
      customer_id: theirCustomer,
    });
    expect(failedPaths(res)).toEqual(['customer_id', 'items.0.supply_id', 'items.1.supply_id']);
    expect(res.body.error.details.find((d: any) => d.path === 'items.1.supply_id').message).toMatch(/inactive/);
    expect(await stockOf(theirs)).toBe(5);
    expect(await stockOf(inactive)).toBe(5);
  });
});

describe('stock', () => {
  it('short stock fails the whole consumption with 409 INSUFFICIENT_STOCK naming the short supplies', async () => {
    const plenty = await supply({ name: 'Mucho', stock: 10 });
    const scarce = await supply({ name: 'Poco', stock: 1 });
    const res = await consume({
      items: [
        { supply_id: plenty, quantity: 2 },
        { supply_id: scarce, quantity: 1.001 },
      ],
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('INSUFFICIENT_STOCK');
    expect(res.body.error.details).toEqual([{ path: `supply:${scarce}`, message: 'Poco: needs 1.001, has 1' }]);
    expect(await stockOf(plenty)).toBe(10);
    expect(await stockOf(scarce)).toBe(1);
    expect(await movementsOf(plenty)).toHaveLength(1);
    expect(await gw.store.collection('supply_consumptions').countDocuments({ 'items.supply_id': new ObjectId(plenty) })).toBe(0);
    data(await consume({ items: [{ supply_id: scarce, quantity: 1 }] }), 201);
    expect(await stockOf(scarce)).toBe(0);
  });

  it('5 concurrent consumptions of all the remaining units: exactly one succeeds, the others get 409', async () => {
    const s = await supply({ stock: 7.5, unit_price: 2 });
    const results = await Promise.all(Array.from({ length: 5 }, () => consume({ items: [{ supply_id: s, quantity: 7.5 }] })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.error.code).toBe('INSUFFICIENT_STOCK');
    expect(await stockOf(s)).toBe(0);
    const moves = await movementsOf(s);
    expect(moves.map((m) => [m.delta_milli, m.stock_after_milli])).toEqual([
      [7500, 7500],
      [-7500, 0],
    ]);
    const winner = results.find((r) => r.status === 201)!.body.data._id;
    expect(moves[1].cause.id).toEqual(new ObjectId(winner));
    expect(await gw.store.collection('supply_consumptions').countDocuments({ 'items.supply_id': new ObjectId(s) })).toBe(1);
  });

  it('with allow_negative_stock the 5 concurrent consumptions all succeed and every update is kept', async () => {
    const other = await gw.account([...ALL]);
    await gw.store.collection('accounts').updateOne({ _id: new ObjectId(other.accountId) }, { $set: { 'settings.allow_negative_stock': true } });
    const s = await supply({ stock: 7.5 }, other.key);
    const results = await Promise.all(Array.from({ length: 5 }, () => consume({ items: [{ supply_id: s, quantity: 7.5 }] }, { key: other.key })));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(await stockOf(s)).toBe(-30);
    const moves = await movementsOf(s);
    expect(moves).toHaveLength(6);
    expect(moves.reduce((sum, m) => sum + m.delta_milli, 0)).toBe(-30000);
    // Each movement's stock_after is a distinct step: no update was lost.
    expect(moves.map((m) => m.stock_after_milli).sort((a, b) => a - b)).toEqual([-30000, -22500, -15000, -7500, 0, 7500]);
  });
});

describe('delete', () => {
  it('the author may delete within 24 hours; the stock comes back', async () => {
    const s = await supply({ stock: 10 });
    const created = data(await consume({ items: [{ supply_id: s, quantity: 4 }] }, { key: ownerKey }), 201);
    expect(await stockOf(s)).toBe(6);
    gw.clock.now = new Date(Date.parse(`${created.created_at}-03:00`) + 24 * HOUR); // exactly 24 h: still inside
    expect(data(await gw.rest('DELETE', `/supply-consumptions/${created._id}/`, { key: ownerKey }), 200)).toEqual({ _id: created._id, deleted: true });
    expect(await storedConsumption(created._id)).toBeNull();
    expect(await stockOf(s)).toBe(10);
    const last = (await movementsOf(s)).at(-1);
    expect(last).toMatchObject({
      delta_milli: 4000,
      stock_after_milli: 10000,
      cause: { type: 'supply_consumption_delete', id: new ObjectId(created._id) },
      user_id: new ObjectId(ownerId),
    });
    expect((await gw.rest('GET', `/supply-consumptions/${created._id}/`, { key })).status).toBe(404);
  });

  it('another user → 403 NOT_AUTHOR; a key acting for no user → 403 NOT_AUTHOR; nothing changes', async () => {
    const s = await supply({ stock: 10 });
    const created = data(await consume({ items: [{ supply_id: s, quantity: 4 }] }, { key: ownerKey }), 201);
    for (const k of [otherKey, key]) {
      const res = await gw.rest('DELETE', `/supply-consumptions/${created._id}/`, { key: k });
      expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 403, code: 'NOT_AUTHOR' });
    }
    const gql = await gw.gql('mutation($id: ID!) { deleteSupplyConsumption(id: $id) }', { id: created._id }, { key: otherKey });
    expect(gql.body.errors[0].extensions.code).toBe('NOT_AUTHOR');
    expect(await storedConsumption(created._id)).not.toBeNull();
    expect(await stockOf(s)).toBe(6);

    // Registered through a key acting for no user: nobody is its author, so nobody may delete it (revert it instead).
    const anonymous = data(await consume({ items: [{ supply_id: s, quantity: 1 }] }), 201);
    for (const k of [key, ownerKey]) {
      expect((await gw.rest('DELETE', `/supply-consumptions/${anonymous._id}/`, { key: k })).body.error.code).toBe('NOT_AUTHOR');
    }
  });

  it('after 24 hours → 403 DELETE_WINDOW_EXPIRED, also through GraphQL and a session of the author', async () => {
    const s = await supply({ stock: 10 });
    const created = data(await consume({ items: [{ supply_id: s, quantity: 4 }] }, { key: ownerKey }), 201);
    gw.clock.now = new Date(Date.parse(`${created.created_at}-03:00`) + 24 * HOUR + 1);
    const res = await gw.rest('DELETE', `/supply-consumptions/${created._id}/`, { key: ownerKey });
    expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 403, code: 'DELETE_WINDOW_EXPIRED' });
    const gql = await gw.gql('mutation($id: ID!) { deleteSupplyConsumption(id: $id) }', { id: created._id }, { key: ownerKey });
    expect(gql.body.errors[0].extensions.code).toBe('DELETE_WINDOW_EXPIRED');
    const session = await login(OWNER);
    expect((await gw.rest('DELETE', `/supply-consumptions/${created._id}/`, sessionHeaders(session))).body.error.code).toBe('DELETE_WINDOW_EXPIRED');
    expect(await storedConsumption(created._id)).not.toBeNull();
    expect(await stockOf(s)).toBe(6);
  });

  it('the author deleting through a session works too (GraphQL); a reverted consumption is deleted without moving stock again', async () => {
    const s = await supply({ stock: 10 });
    const session = await login(OWNER);
    const created = data(await consume({ items: [{ supply_id: s, quantity: 3 }] }, sessionHeaders(session)), 201);
    expect(created.created_by).toBe(ownerId);
    data(await gw.rest('POST', `/supply-consumptions/${created._id}/revert`, sessionHeaders(session)), 200);
    expect(await stockOf(s)).toBe(10);
    const movesBefore = (await movementsOf(s)).length;
    const res = await gw.gql('mutation($id: ID!) { deleteSupplyConsumption(id: $id) }', { id: created._id }, sessionHeaders(session));
    expect(res.body).toEqual({ data: { deleteSupplyConsumption: created._id } });
    expect(await stockOf(s)).toBe(10);
    expect(await movementsOf(s)).toHaveLength(movesBefore);
  });
});

describe('revert', () => {
  it('with an API key → 403 SESSION_REQUIRED on both surfaces, nothing changes', async () => {
    const s = await supply({ stock: 10 });
    const created = data(await consume({ items: [{ supply_id: s, quantity: 4 }] }, { key: ownerKey }), 201);
    for (const k of [key, ownerKey]) {
      const res = await gw.rest('POST', `/supply-consumptions/${created._id}/revert`, { key: k });
      expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 403, code: 'SESSION_REQUIRED' });
      const gql = await gw.gql('mutation($id: ID!) { revertSupplyConsumption(id: $id) { status } }', { id: created._id }, { key: k });
      expect(gql.body.errors[0].extensions.code).toBe('SESSION_REQUIRED');
    }
    expect((await storedConsumption(created._id)).status).toBe('confirmed');
    expect(await stockOf(s)).toBe(6);
  });

  it('with a session: confirmed → reverted, stock given back, reverted_at/by; a second revert → 409', async () => {
    const s = await supply({ stock: 10, unit_price: 1.5 });
    const created = data(await consume({ items: [{ supply_id: s, quantity: 4 }] }), 201);
    const at = new Date(Date.parse(`${created.created_at}-03:00`) + 30 * 24 * HOUR); // no time limit on reverting
    gw.clock.now = at;
    const session = await login(OWNER);
    const res = await gw.rest('POST', `/supply-consumptions/${created._id}/revert`, sessionHeaders(session));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        _id: created._id,
        status: 'reverted',
        reverted_at: new Date(at.getTime() - 3 * HOUR).toISOString().replace(/Z$/, ''),
        reverted_by: ownerId,
        total_cost: 6,
      },
      message: expect.any(String),
    });
    expect(await stockOf(s)).toBe(10);
    const last = (await movementsOf(s)).at(-1);
    expect(last).toMatchObject({ delta_milli: 4000, stock_after_milli: 10000, cause: { type: 'supply_consumption_revert', id: new ObjectId(created._id) } });
    expect(await storedConsumption(created._id)).toMatchObject({ status: 'reverted', reverted_at: at, reverted_by: new ObjectId(ownerId) });

    const again = await gw.rest('POST', `/supply-consumptions/${created._id}/revert`, sessionHeaders(session));
    expect({ status: again.status, code: again.body.error.code }).toEqual({ status: 409, code: 'INVALID_TRANSITION' });
    const gqlAgain = await gw.gql('mutation($id: ID!) { revertSupplyConsumption(id: $id) { status } }', { id: created._id }, sessionHeaders(session));
    expect(gqlAgain.body.errors[0].extensions.code).toBe('INVALID_TRANSITION');
    expect(await stockOf(s)).toBe(10);

    const read = await gw.gql('query($id: ID!) { supplyConsumption(id: $id) { status revertedAt revertedBy { email } } }', { id: created._id }, { key });
    expect(read.body.data.supplyConsumption).toEqual({ status: 'reverted', revertedAt: at.toISOString(), revertedBy: { email: OWNER.email } });
  });

  it('through GraphQL with a session; without the CSRF token → 403 CSRF_TOKEN_INVALID', async () => {
    const s = await supply({ stock: 2 });
    const created = data(await consume({ items: [{ supply_id: s, quantity: 2 }] }), 201);
    const session = await login(OWNER);
    const noCsrf = await gw.rest('POST', `/supply-consumptions/${created._id}/revert`, { headers: { cookie: session.cookie } });
    expect({ status: noCsrf.status, code: noCsrf.body.error.code }).toEqual({ status: 403, code: 'CSRF_TOKEN_INVALID' });
    expect(await stockOf(s)).toBe(0);
    const res = await gw.gql(
      'mutation($id: ID!) { revertSupplyConsumption(id: $id) { status totalCost revertedBy { id } } }',
      { id: created._id },
      sessionHeaders(session),
    );
    expect(res.body).toEqual({ data: { revertSupplyConsumption: { status: 'reverted', totalCost: 0, revertedBy: { id: ownerId } } } });
    expect(await stockOf(s)).toBe(2);
  });

  it('a viewer session lacks supplies:write → 403 FORBIDDEN', async () => {
    await gw.user(accountId, 'viewer@consumptions.example', 'viewer password 1', 'viewer');
    const s = await supply({ stock: 2 });
    const created = data(await consume({ items: [{ supply_id: s, quantity: 1 }] }), 201);
    const viewer = await login({ email: 'viewer@consumptions.example', password: 'viewer password 1' });
    const res = await gw.rest('POST', `/supply-consumptions/${created._id}/revert`, sessionHeaders(viewer));
    expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(await stockOf(s)).toBe(1);
  });
});

describe('list', () => {
  it('filters by status, date range, supply (any item) and customer; newest day first; pages', async () => {
    const other = await gw.account([...ALL]);
    const k = other.key;
    const a = await supply({ stock: 100 }, k);
    const b = await supply({ stock: 100 }, k);
    const customerId = (await gw.gql('mutation { createCustomer(input: { name: "Cliente Lista" }) { id } }', {}, { key: k })).body.data.createCustomer.id;
    const c1 = data(await consume({ items: [{ supply_id: a, quantity: 1 }], consumption_date: '2025-01-10' }, { key: k }), 201)._id;
    const c2 = data(
      await consume(
        {
          items: [
            { supply_id: b, quantity: 1 },
            { supply_id: a, quantity: 1 },
          ],
          consumption_date: '2025-02-10',
          customer_id: customerId,
        },
        { key: k },
      ),
      201,
    )._id;
    const c3 = data(await consume({ items: [{ supply_id: b, quantity: 1 }], consumption_date: '2025-03-10' }, { key: k }), 201)._id;
    const ids = async (query: string) =>
      data(await gw.rest('GET', `/supply-consumptions/list/${query}`, { key: k }), 200).items.map((i: { _id: string }) => i._id);

    expect(await ids('')).toEqual([c3, c2, c1]);
    expect(await ids(`?supply_id=${a}`)).toEqual([c2, c1]);
    expect(await ids(`?customer_id=${customerId}`)).toEqual([c2]);
    expect(await ids('?date_from=2025-02-10')).toEqual([c3, c2]);
    expect(await ids('?date_from=2025-02-10&sort_by=consumption_date&sort_order=asc')).toEqual([c2, c3]);
    expect(await ids('?date_to=2025-02-10')).toEqual([c2, c1]);
    expect(await ids('?date_from=2025-02-01&date_to=2025-02-28')).toEqual([c2]);
    expect(await ids('?status=reverted')).toEqual([]);
    expect(await ids('?status=confirmed')).toEqual([c3, c2, c1]);
    expect(data(await gw.rest('GET', '/supply-consumptions/list/?limit=2&page=2', { key: k }), 200)).toMatchObject({ total: 3, page: 2, limit: 2, pages: 2 });

    expect(failedPaths(await gw.rest('GET', '/supply-consumptions/list/?date_from=2025-02-30', { key: k }))).toEqual(['date_from']);
    expect(failedPaths(await gw.rest('GET', '/supply-consumptions/list/?date_from=2025-03-01&date_to=2025-02-01', { key: k }))).toEqual(['date_from']);
    expect(failedPaths(await gw.rest('GET', '/supply-consumptions/list/?status=pending', { key: k }))).toEqual(['status']);
    expect(failedPaths(await gw.rest('GET', '/supply-consumptions/list/?supply_id=x', { key: k }))).toEqual(['supply_id']);

    const gql = await gw.gql(
      'query($f: SupplyConsumptionFilter) { supplyConsumptions(filter: $f, first: 10) { totalCount nodes { id } } }',
      { f: { supplyId: b } },
      { key: k },
    );
    expect(gql.body.data.supplyConsumptions).toEqual({ totalCount: 2, nodes: [{ id: c3 }, { id: c2 }] });
  });

  it('has no update or bulk routes', async () => {
    const s = await supply({ stock: 2 });
    const created = data(await consume({ items: [{ supply_id: s, quantity: 1 }] }), 201);
    expect((await gw.rest('PUT', `/supply-consumptions/${created._id}/`, { key, body: { notes: 'x' } })).status).toBe(404);
    expect((await gw.rest('POST', '/supply-consumptions/bulk/create/', { key, body: { items: [] } })).status).toBe(404);
  });
});
