import { ObjectId } from 'mongodb';
import { startTestGateway, type HttpResult, type TestGateway } from '../support/gateway';

/** Supplies (seed 2.6): every validation boundary, opening stock, supplier links, bulk and list filters. */

let gw: TestGateway;
let key: string;
const SUPPLY_SCOPES = ['supplies:read', 'supplies:write', 'suppliers:read', 'suppliers:write'] as const;

beforeAll(async () => {
  gw = await startTestGateway();
  ({ key } = await gw.account([...SUPPLY_SCOPES]));
});
afterAll(async () => {
  await gw?.stop();
});

const chars = (n: number, c = 'a') => c.repeat(n);

function data(res: HttpResult, status: number): any {
  if (res.status !== status || res.body?.success !== true) throw new Error(`expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

function failedPaths(res: HttpResult): string[] {
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('BAD_USER_INPUT');
  return [...new Set((res.body.error.details as Array<{ path: string }>).map((d) => d.path))].sort();
}

async function supplier(k = key): Promise<string> {
  return data(await gw.rest('POST', '/suppliers/', { key: k, body: { name: `Proveedor ${new ObjectId().toHexString()}` } }), 201)._id;
}

const stored = (id: string) => gw.store.collection('supplies').findOne({ _id: new ObjectId(id) }) as Promise<any>;
const movements = (id: string) =>
  gw.store
    .collection('stock_movements')
    .find({ item_id: new ObjectId(id) })
    .sort({ created_at: 1, _id: 1 })
    .toArray() as Promise<any[]>;

describe('create: boundaries just inside', () => {
  it.each([
    ['name of 1 character', { name: 'a' }, { name: 'a' }],
    ['name of 200 characters', { name: chars(200) }, { name: chars(200) }],
    ['name trimmed', { name: '  Harina  ' }, { name: 'Harina' }],
    ['default_amount 0', { name: 'x', default_amount: 0 }, { default_amount: 0 }],
    ['default_amount 0.01', { name: 'x', default_amount: 0.01 }, { default_amount: 0.01 }],
    ['default_amount just below 10^12', { name: 'x', default_amount: 999999999999.99 }, { default_amount: 999999999999.99 }],
    ['description of 500 characters', { name: 'x', description: chars(500) }, { description: chars(500) }],
    ['unit of 50 characters', { name: 'x', unit: chars(50, 'u') }, { unit: chars(50, 'u') }],
    ['unit_price 0', { name: 'x', unit_price: 0 }, { unit_price: 0 }],
    ['unit_price 12.34', { name: 'x', unit_price: 12.34 }, { unit_price: 12.34 }],
    ['unit_price null', { name: 'x', unit_price: null }, { unit_price: null }],
    ['status inactive', { name: 'x', status: 'inactive' }, { status: 'inactive' }],
    ['status left out is active', { name: 'x' }, { status: 'active' }],
    ['stock 0', { name: 'x', stock: 0 }, { stock: 0 }],
    ['stock with 3 decimals', { name: 'x', stock: 2.125 }, { stock: 2.125 }],
  ])('%s', async (_title, body, expected) => {
    const record = data(await gw.rest('POST', '/supplies/', { key, body: { default_amount: 0, ...body } }), 201);
    expect(record).toMatchObject(expected);
    const again = data(await gw.rest('GET', `/supplies/${record._id}/`, { key }), 200);
    expect(again).toEqual(record);
  });
});

describe('create: boundaries just outside', () => {
  it.each([
    ['empty name', { name: '' }, ['name']],
    ['whitespace-only name', { name: '   ' }, ['name']],
    ['name left out', { unit: 'kg' }, ['name']],
    ['name of 201 characters', { name: chars(201) }, ['name']],
    ['default_amount left out (the contract requires it)', { name: 'x', default_amount: undefined }, ['default_amount']],
    ['negative default_amount', { name: 'x', default_amount: -0.01 }, ['default_amount']],
    ['default_amount of 10^12', { name: 'x', default_amount: 1e12 }, ['default_amount']],
    ['default_amount with 3 decimals', { name: 'x', default_amount: 1.005 }, ['default_amount']],
    ['default_amount as text', { name: 'x', default_amount: '10' }, ['default_amount']],
    ['description of 501 characters', { name: 'x', description: chars(501) }, ['description']],
    ['unit of 51 characters', { name: 'x', unit: chars(51) }, ['unit']],
    ['negative unit_price', { name: 'x', unit_price: -1 }, ['unit_price']],
    ['unit_price with 3 decimals', { name: 'x', unit_price: 0.001 }, ['unit_price']],
    ['unknown status', { name: 'x', status: 'archived' }, ['status']],
    ['negative stock', { name: 'x', stock: -0.001 }, ['stock']],
    ['stock with 4 decimals', { name: 'x', stock: 1.0001 }, ['stock']],
    ['malformed supplier_id', { name: 'x', supplier_id: 'nope' }, ['supplier_id']],
    ['unknown field', { name: 'x', colour: 'red' }, ['colour']],
    ['several at once', { name: '', unit: chars(51), description: chars(501) }, ['description', 'name', 'unit']],
  ])('%s', async (_title, body, paths) => {
    const before = await gw.store.collection('supplies').countDocuments({});
    expect(failedPaths(await gw.rest('POST', '/supplies/', { key, body: { default_amount: 0, ...body } }))).toEqual(paths);
    expect(await gw.store.collection('supplies').countDocuments({})).toBe(before);
  });
});

describe('stock', () => {
  it('a supply made of the contract’s fields alone gets its stock by a REST adjustment, and is then consumed', async () => {
    // Contract §2.6 has no stock: such a supply starts at 0 and cannot be consumed until its stock is set.
    const record = data(await gw.rest('POST', '/supplies/', { key, body: { name: 'Harina', default_amount: 0, unit: 'kg', unit_price: 2 } }), 201);
    expect(record.stock).toBe(0);
    const short = await gw.rest('POST', '/supply-consumptions/', { key, body: { items: [{ supply_id: record._id, quantity: 1 }] } });
    expect({ status: short.status, code: short.body.error?.code }).toEqual({ status: 409, code: 'INSUFFICIENT_STOCK' });

    const adjusted = await gw.rest('POST', `/supplies/${record._id}/stock-adjustments/`, { key, body: { delta: 25.5, reason: 'recuento inicial' } });
    expect(adjusted.status).toBe(201);
    expect(adjusted.body.data).toMatchObject({
      item_type: 'supply',
      item_id: record._id,
      delta: 25.5,
      stock_after: 25.5,
      reason: 'recuento inicial',
      cause: { type: 'adjustment', id: null },
    });
    expect((await stored(record._id)).stock_milli).toBe(25500);

    const consumed = await gw.rest('POST', '/supply-consumptions/', { key, body: { items: [{ supply_id: record._id, quantity: 1.5 }] } });
    expect(consumed.status).toBe(201);
    expect((await stored(record._id)).stock_milli).toBe(24000);
  });

  it.each([
    [{ delta: 0, reason: 'x' }, 'delta'],
    [{ delta: 1.0005, reason: 'x' }, 'delta'],
    [{ delta: 1 }, 'reason'],
    [{ delta: 1, reason: 'x', stock: 5 }, 'stock'],
  ])('an adjustment %j is 400 naming %s, nothing moved', async (body, path) => {
    const record = data(await gw.rest('POST', '/supplies/', { key, body: { name: 'Sal', default_amount: 0, stock: 3 } }), 201);
    const res = await gw.rest('POST', `/supplies/${record._id}/stock-adjustments/`, { key, body });
    expect({ status: res.status, paths: failedPaths(res) }).toEqual({ status: 400, paths: [path] });
    expect(await movements(record._id)).toHaveLength(1);
  });

  it('removing more than there is is 409 INSUFFICIENT_STOCK; an unknown supply 404', async () => {
    const record = data(await gw.rest('POST', '/supplies/', { key, body: { name: 'Azúcar', default_amount: 0, stock: 2 } }), 201);
    const res = await gw.rest('POST', `/supplies/${record._id}/stock-adjustments/`, { key, body: { delta: -3, reason: 'merma' } });
    expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 409, code: 'INSUFFICIENT_STOCK' });
    expect((await stored(record._id)).stock_milli).toBe(2000);
    const unknown = await gw.rest('POST', `/supplies/${new ObjectId().toHexString()}/stock-adjustments/`, { key, body: { delta: 1, reason: 'x' } });
    expect(unknown.status).toBe(404);
  });

  it('opening stock is recorded as an opening movement; updates do not accept stock', async () => {
    const record = data(await gw.rest('POST', '/supplies/', { key, body: { default_amount: 0, name: 'Aceite', unit: 'litro', stock: 12.5 } }), 201);
    expect(record.stock).toBe(12.5);
    expect((await stored(record._id)).stock_milli).toBe(12500);
    const moves = await movements(record._id);
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({
      item_type: 'supply',
      delta_milli: 12500,
      stock_after_milli: 12500,
      cause: { type: 'opening', id: new ObjectId(record._id) },
    });

    // An update carries the stock only as it stands (a record sent back as read): another value is refused, never ignored.
    const refused = await gw.rest('PUT', `/supplies/${record._id}/`, { key, body: { stock: 100, description: 'x' } });
    expect({ status: refused.status, code: refused.body.error?.code, paths: refused.body.error?.details.map((d: { path: string }) => d.path) }).toEqual({
      status: 409,
      code: 'NOT_EDITABLE',
      paths: ['stock'],
    });
    expect(refused.body.error.details[0].message).toMatch(/^is 12\.5: it changes through stock adjustments/);
    expect(await stored(record._id)).toMatchObject({ stock_milli: 12500 });
    expect(await stored(record._id)).not.toHaveProperty('description');
    const gql = await gw.gql('mutation($id: ID!) { updateSupply(id: $id, input: { stock: 1 }) { id } }', { id: record._id }, { key });
    expect(gql.body.errors[0].extensions.code).toBe('NOT_EDITABLE');
    expect((await stored(record._id)).stock_milli).toBe(12500);
    const bulk = await gw.rest('PUT', '/supplies/bulk/update/', { key, body: { items: [{ _id: record._id, stock: 3 }], all_or_none: false } });
    expect(bulk.body.data.errors).toEqual([expect.objectContaining({ index: 0, code: 'NOT_EDITABLE' })]);
    expect((await stored(record._id)).stock_milli).toBe(12500);

    // Read with GET and PUT back unchanged: accepted, nothing but updated_at moves.
    const asRead = data(await gw.rest('GET', `/supplies/${record._id}/`, { key }), 200);
    const putBack = data(await gw.rest('PUT', `/supplies/${record._id}/`, { key, body: asRead }), 200);
    const { updated_at: _before, ...same } = asRead;
    const { updated_at: _after, ...again } = putBack;
    expect(again).toEqual(same);
    expect(await movements(record._id)).toHaveLength(1);

    // adjustStock moves it, and Supply.stockMovements lists both movements, newest first.
    const adjusted = await gw.gql(
      'mutation($id: ID!) { adjustStock(itemType: supply, id: $id, delta: -2.5, reason: "derrame") { stockAfter } }',
      { id: record._id },
      { key },
    );
    expect(adjusted.body.data.adjustStock.stockAfter).toBe(10);
    const read = await gw.gql(
      'query($id: ID!) { supply(id: $id) { stock stockMovements(first: 10) { totalCount nodes { delta stockAfter cause { type } } } } }',
      { id: record._id },
      { key },
    );
    expect(read.body.data.supply).toEqual({
      stock: 10,
      stockMovements: {
        totalCount: 2,
        nodes: [
          { delta: -2.5, stockAfter: 10, cause: { type: 'adjustment' } },
          { delta: 12.5, stockAfter: 12.5, cause: { type: 'opening' } },
        ],
      },
    });
  });

  it('no opening stock: no movement', async () => {
    const record = data(await gw.rest('POST', '/supplies/', { key, body: { default_amount: 0, name: 'Sal' } }), 201);
    expect(record.stock).toBe(0);
    expect(await movements(record._id)).toHaveLength(0);
  });
});

describe('update', () => {
  it('changes given fields, clears with null, keeps the rest', async () => {
    const created = data(
      await gw.rest('POST', '/supplies/', { key, body: { name: 'Azúcar', unit: 'kg', unit_price: 5, description: 'refinada', default_amount: 4 } }),
      201,
    );
    const updated = data(await gw.rest('PUT', `/supplies/${created._id}/`, { key, body: { unit_price: null, description: '', status: 'inactive' } }), 200);
    expect(updated).toMatchObject({ name: 'Azúcar', unit: 'kg', unit_price: null, description: null, status: 'inactive', default_amount: 4 });
    const doc = await stored(created._id);
    expect(doc.unit_price_cents).toBeUndefined();
    expect(doc.description).toBeUndefined();
    expect(failedPaths(await gw.rest('PUT', `/supplies/${created._id}/`, { key, body: { name: '' } }))).toEqual(['name']);
    expect(failedPaths(await gw.rest('PUT', `/supplies/${created._id}/`, { key, body: { unit_price: -0.01 } }))).toEqual(['unit_price']);
    // A whole record as GET returned it carries its stock, unchanged: accepted (the stock moves only through movements).
    expect((await gw.rest('PUT', `/supplies/${created._id}/`, { key, body: { ...updated } })).status).toBe(200);
  });
});

describe('supplier link', () => {
  it('supplier_id must be a supplier of the account, on create, update and bulk', async () => {
    const mine = await supplier();
    const other = await gw.account([...SUPPLY_SCOPES]);
    const theirs = await supplier(other.key);

    const ok = data(await gw.rest('POST', '/supplies/', { key, body: { default_amount: 0, name: 'Levadura', supplier_id: mine } }), 201);
    expect(ok.supplier_id).toBe(mine);
    for (const id of [theirs, new ObjectId().toHexString()]) {
      const refused = await gw.rest('POST', '/supplies/', { key, body: { default_amount: 0, name: 'Levadura 2', supplier_id: id } });
      expect(failedPaths(refused)).toEqual(['supplier_id']);
      expect(refused.body.error.details[0].message).toBe('no such supplier in this account');
      expect(failedPaths(await gw.rest('PUT', `/supplies/${ok._id}/`, { key, body: { supplier_id: id } }))).toEqual(['supplier_id']);
    }
    expect((await stored(ok._id)).supplier_id).toEqual(new ObjectId(mine));
    const bulk = await gw.rest('POST', '/supplies/bulk/create/', {
      key,
      body: {
        items: [
          { name: 'B1', default_amount: 0, supplier_id: mine },
          { name: 'B2', default_amount: 0, supplier_id: theirs },
        ],
      },
    });
    expect(bulk.status).toBe(400);
    expect(bulk.body.error.details.map((d: { path: string }) => d.path)).toEqual(['1.supplier_id']);
    expect(await gw.store.collection('supplies').countDocuments({ name: 'B1' })).toBe(0);

    const cleared = data(await gw.rest('PUT', `/supplies/${ok._id}/`, { key, body: { supplier_id: null } }), 200);
    expect(cleared.supplier_id).toBeNull();
  });

  it('Supply.supplier and Supplier.supplies', async () => {
    const a = await supplier();
    const b = await supplier();
    const s1 = data(await gw.rest('POST', '/supplies/', { key, body: { default_amount: 0, name: 'Tomate', supplier_id: a } }), 201)._id;
    const s2 = data(await gw.rest('POST', '/supplies/', { key, body: { default_amount: 0, name: 'Cebolla', supplier_id: a } }), 201)._id;
    const s3 = data(await gw.rest('POST', '/supplies/', { key, body: { default_amount: 0, name: 'Ajo', supplier_id: b } }), 201)._id;

    const one = await gw.gql('query($id: ID!) { supply(id: $id) { name supplier { id } } }', { id: s1 }, { key });
    expect(one.body.data.supply).toEqual({ name: 'Tomate', supplier: { id: a } });

    const many = await gw.gql('query($a: ID!, $b: ID!) { a: supplier(id: $a) { supplies { id } } b: supplier(id: $b) { supplies { id } } }', { a, b }, { key });
    expect(many.body.errors).toBeUndefined();
    expect(many.body.data.a.supplies.map((s: { id: string }) => s.id).sort()).toEqual([s1, s2].sort());
    expect(many.body.data.b.supplies).toEqual([{ id: s3 }]);

    // Reading the supplier through a supply needs suppliers:read.
    const suppliesOnly = await gw.key((await gw.store.collection('supplies').findOne({ _id: new ObjectId(s1) }))!.account_id.toHexString(), ['supplies:read']);
    const guarded = await gw.gql('query($id: ID!) { supply(id: $id) { name supplier { id } } }', { id: s1 }, { key: suppliesOnly });
    expect(guarded.body.data.supply).toEqual({ name: 'Tomate', supplier: null });
    expect(guarded.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});

describe('list', () => {
  it('filters by status, supplier_id and search; orders by name; pages', async () => {
    const { key: k } = await gw.account([...SUPPLY_SCOPES]);
    const sup = await supplier(k);
    for (const body of [
      { name: 'Bolsas', status: 'inactive' },
      { name: 'Aluminio', description: 'papel de aluminio', supplier_id: sup },
      { name: 'Cajas', supplier_id: sup },
    ]) {
      data(await gw.rest('POST', '/supplies/', { key: k, body: { default_amount: 0, ...body } }), 201);
    }
    const names = (res: HttpResult) => data(res, 200).items.map((i: { name: string }) => i.name);
    expect(names(await gw.rest('GET', '/supplies/list/', { key: k }))).toEqual(['Aluminio', 'Bolsas', 'Cajas']);
    expect(names(await gw.rest('GET', '/supplies/list/?sort_order=desc', { key: k }))).toEqual(['Cajas', 'Bolsas', 'Aluminio']);
    expect(names(await gw.rest('GET', '/supplies/list/?status=inactive', { key: k }))).toEqual(['Bolsas']);
    expect(names(await gw.rest('GET', `/supplies/list/?supplier_id=${sup}`, { key: k }))).toEqual(['Aluminio', 'Cajas']);
    expect(names(await gw.rest('GET', '/supplies/list/?search=PAPEL', { key: k }))).toEqual(['Aluminio']);
    expect(data(await gw.rest('GET', '/supplies/list/?limit=2&page=2', { key: k }), 200)).toMatchObject({
      total: 3,
      page: 2,
      limit: 2,
      pages: 2,
      items: [{ name: 'Cajas' }],
    });
    expect(failedPaths(await gw.rest('GET', '/supplies/list/?status=gone', { key: k }))).toEqual(['status']);
    expect(failedPaths(await gw.rest('GET', '/supplies/list/?supplier_id=zz', { key: k }))).toEqual(['supplier_id']);
  });
});

describe('bulk and delete', () => {
  it('bulk create with opening stock, bulk update, bulk delete; all_or_none false keeps the good items', async () => {
    const created = data(
      await gw.rest('POST', '/supplies/bulk/create/', {
        key,
        body: {
          items: [
            { name: 'Bulk uno', default_amount: 0, stock: 3 },
            { name: 'Bulk dos', default_amount: 0 },
          ],
        },
      }),
      201,
    );
    expect(created.created).toBe(2);
    const [one, two] = created.items;
    expect(one.stock).toBe(3);
    expect(await movements(one._id)).toHaveLength(1);

    const partial = data(
      await gw.rest('POST', '/supplies/bulk/create/', {
        key,
        body: {
          items: [
            { name: 'Bulk tres', default_amount: 0 },
            { name: '', default_amount: 0 },
          ],
          all_or_none: false,
        },
      }),
      201,
    );
    expect(partial.created).toBe(1);
    expect(partial.errors).toEqual([expect.objectContaining({ index: 1, code: 'BAD_USER_INPUT', details: [expect.objectContaining({ path: 'name' })] })]);

    const updated = data(
      await gw.rest('PUT', '/supplies/bulk/update/', {
        key,
        body: {
          items: [
            { _id: one._id, unit: 'caja' },
            { _id: two._id, unit_price: 9.99 },
          ],
        },
      }),
      200,
    );
    expect(updated.items.map((i: any) => [i.unit, i.unit_price])).toEqual([
      ['caja', null],
      [null, 9.99],
    ]);

    const deleted = data(await gw.rest('POST', '/supplies/bulk/delete/', { key, body: { ids: [one._id, two._id] } }), 200);
    expect(deleted).toEqual({
      deleted: 2,
      items: [
        { _id: one._id, deleted: true },
        { _id: two._id, deleted: true },
      ],
      errors: [],
    });
    expect(await stored(one._id)).toBeNull();
    const single = data(await gw.rest('POST', '/supplies/', { key, body: { default_amount: 0, name: 'Para borrar' } }), 201);
    expect(data(await gw.rest('DELETE', `/supplies/${single._id}/`, { key }), 200)).toEqual({ _id: single._id, deleted: true });
    expect((await gw.rest('GET', `/supplies/${single._id}/`, { key })).status).toBe(404);
  });
});
