import { ObjectId } from 'mongodb';
import type { CollectionName } from '../../src/store/catalog';
import { startTestGateway, type HttpResult, type TestGateway } from '../support/gateway';

/**
 * Bulk writes cost a fixed number of MongoDB commands whatever the number of items (one read of the targets and
 * one write for all, not one per item), for every bulk route, and keep their per-item contract: all_or_none
 * writes nothing when an item fails; otherwise the others are written and each failure named by index and code.
 */

let gw: TestGateway;
let key: string;
let accountId: string;
let customer: string;
beforeAll(async () => {
  gw = await startTestGateway();
  ({ key, accountId } = await gw.account([
    'suppliers:read',
    'suppliers:write',
    'supplies:read',
    'supplies:write',
    'expenses:read',
    'expenses:write',
    'delivery_notes:read',
    'delivery_notes:write',
  ]));
  customer = (await gw.gql('mutation { createCustomer(input: {name: "Cliente"}) { id } }', {}, { key })).body.data.createCustomer.id;
  // A key's first request records its last use (one extra write); measure from the second on.
  await gw.gql('{ __typename }', {}, { key });
});
afterAll(async () => {
  await gw?.stop();
});

const range = (size: number, from = 0) => Array.from({ length: size }, (_, i) => from + i);
let serial = 0;
const unique = () => ++serial;

async function commandsOf(res: HttpResult): Promise<number> {
  return gw.commandsOf(res.headers.get('x-request-id')!);
}

/** Creates records through the bulk route; their ids. */
async function created(resource: string, items: object[]): Promise<string[]> {
  const res = await gw.rest('POST', `/${resource}/bulk/create/`, { key, body: { items } });
  expect(res.status).toBe(201);
  return res.body.data.items.map((item: { _id?: string; id?: string }) => item._id ?? item.id);
}

type Item = () => object;

const supplierItem: Item = () => {
  const n = unique();
  return { name: `Proveedor ${n}`, tax_id: `TX-${n}` };
};
const supplyItem = (stock = 0): object => ({ name: `Insumo ${unique()}`, default_amount: 0, stock });
const expenseItem: Item = () => ({ amount: 10, description: `Gasto ${unique()}`, tax_rate: 21 });
const draftItem: Item = () => ({ customer_id: customer, items: [{ description: `Línea ${unique()}`, quantity: 1 }] });

/** Expenses also recompute the statistics' daily totals of their days: one aggregation and one bulk write more. */
const statsCommands = (resource: string) => (resource === 'expenses' ? 2 : 0) + booksCommands(resource);
/**
 * Expenses keep their VAT book lines too: the settings, the expenses' lines as their documents make them and as
 * stored (the closed months and the bulk write only when there are lines); a supplier, the expenses that name it.
 */
const booksCommands = (resource: string) => ({ expenses: 3, suppliers: 1 })[resource] ?? 0;

/** The commands of the same bulk request with 10 and with 500 items: [ten, fiveHundred]. */
async function costOf(request: (size: number) => Promise<HttpResult>, status: number): Promise<number[]> {
  const counts: number[] = [];
  for (const size of [10, 500]) {
    const res = await request(size);
    expect(res.status).toBe(status);
    expect(res.body.data.errors).toEqual([]);
    counts.push(await commandsOf(res));
  }
  return counts;
}

describe('10 or 500 items cost the same number of commands', () => {
  it.each([
    ['suppliers', supplierItem],
    ['supplies', () => supplyItem(2.5)],
    ['expenses', expenseItem],
    ['delivery_notes', draftItem],
  ])('bulk create of %s', async (resource, item) => {
    const [ten, many] = await costOf((size) => gw.rest('POST', `/${resource}/bulk/create/`, { key, body: { items: range(size).map(item) } }), 201);
    expect(many).toBe(ten);
    expect(many).toBeLessThanOrEqual(6 + statsCommands(resource));
  });

  it.each([
    ['suppliers', supplierItem, (id: string): object => ({ _id: id, notes: 'actualizado' })],
    ['supplies', () => supplyItem(), (id: string) => ({ _id: id, unit: 'caja' })],
    ['expenses', expenseItem, (id: string) => ({ _id: id, status: 'approved' })],
  ])('bulk update of %s', async (resource, item, change) => {
    const ids = await created(resource, range(500).map(item));
    const [ten, many] = await costOf((size) => gw.rest('PUT', `/${resource}/bulk/update/`, { key, body: { items: ids.slice(0, size).map(change) } }), 200);
    expect(many).toBe(ten);
    expect(many).toBeLessThanOrEqual(6 + statsCommands(resource));
  });

  it.each([
    ['suppliers', supplierItem],
    ['supplies', () => supplyItem()],
    ['expenses', expenseItem],
    ['delivery_notes', draftItem],
  ])('bulk delete of %s', async (resource, item) => {
    const ids = [...(await created(resource, range(10).map(item))), ...(await created(resource, range(500).map(item)))];
    const [ten, many] = await costOf(
      (size) => gw.rest('POST', `/${resource}/bulk/delete/`, { key, body: { ids: size === 10 ? ids.slice(0, 10) : ids.slice(10) } }),
      200,
    );
    expect(many).toBe(ten);
    expect(many).toBeLessThanOrEqual(5 + statsCommands(resource));
    expect(await gw.store.collection(resource as CollectionName).countDocuments({ _id: { $in: ids.map((id) => new ObjectId(id)) } })).toBe(0);
  });
});

describe('what a batch writes', () => {
  it('bulk supplies open their stock: each supply at its opening, one opening movement each', async () => {
    const res = await gw.rest('POST', '/supplies/bulk/create/', { key, body: { items: [supplyItem(1.5), supplyItem(0), supplyItem(3)] } });
    expect(res.body.data.items.map((item: { stock: number }) => item.stock)).toEqual([1.5, 0, 3]);
    const ids = res.body.data.items.map((item: { _id: string }) => new ObjectId(item._id));
    const movements = await gw.store
      .collection('stock_movements')
      .find({ item_id: { $in: ids } })
      .toArray();
    expect(movements.map((m) => [m.item_id.toHexString(), m.delta_milli, m.stock_after_milli, m.cause.type, m.cause.id.toHexString()]).sort()).toEqual(
      [
        [ids[0].toHexString(), 1500, 1500, 'opening', ids[0].toHexString()],
        [ids[2].toHexString(), 3000, 3000, 'opening', ids[2].toHexString()],
      ].sort(),
    );
    const stored = await gw.store
      .collection('supplies')
      .find({ _id: { $in: ids } })
      .toArray();
    expect(Object.fromEntries(stored.map((s) => [s._id.toHexString(), s.stock_milli]))).toEqual({
      [ids[0].toHexString()]: 1500,
      [ids[1].toHexString()]: 0,
      [ids[2].toHexString()]: 3000,
    });
  });

  it('500 supplier updates with an unknown id and a taken tax_id: all_or_none writes none, item by item all the others', async () => {
    const ids = await created('suppliers', range(500).map(supplierItem));
    const taken = (await gw.rest('GET', `/suppliers/${ids[0]}/`, { key })).body.data.tax_id;
    const items = ids.map((id, i) => ({ _id: i === 100 ? new ObjectId().toHexString() : id, notes: `n${i}`, ...(i === 250 ? { tax_id: taken } : {}) }));
    const notesOf = async () =>
      (
        await gw.store
          .collection('suppliers')
          .find({ _id: { $in: ids.map((id) => new ObjectId(id)) } })
          .toArray()
      ).filter((s) => s.notes).length;

    const all = await gw.rest('PUT', '/suppliers/bulk/update/', { key, body: { items } });
    expect(all.status).toBe(400);
    expect(all.body.error.details.map((d: { path: string }) => d.path)).toEqual(['100']);
    expect(await notesOf()).toBe(0);
    const withoutUnknown = await gw.rest('PUT', '/suppliers/bulk/update/', { key, body: { items: items.filter((_, i) => i !== 100) } });
    expect(withoutUnknown.status).toBe(400);
    expect(withoutUnknown.body.error.details.map((d: { path: string }) => d.path)).toEqual(['249.tax_id']);
    expect(await notesOf()).toBe(0);

    const each = await gw.rest('PUT', '/suppliers/bulk/update/', { key, body: { items, all_or_none: false } });
    expect(each.status).toBe(200);
    expect(each.body.data.updated).toBe(498);
    expect(each.body.data.errors.map((e: { index: number; code: string }) => [e.index, e.code])).toEqual([
      [100, 'NOT_FOUND'],
      [250, 'CONFLICT'],
    ]);
    expect(each.body.data.items[0]).toMatchObject({ _id: ids[0], notes: 'n0' });
    expect(each.body.data.items[497]).toMatchObject({ _id: ids[499], notes: 'n499' });
    expect(await notesOf()).toBe(498);
  });

  it('an expense named twice in a batch moves twice, each item checked against the status the one before left', async () => {
    const [a, b] = await created('expenses', [expenseItem(), expenseItem()]);
    const res = await gw.rest('PUT', '/expenses/bulk/update/', {
      key,
      body: {
        items: [
          { _id: a, status: 'approved' },
          { _id: b, status: 'paid' },
          { _id: a, status: 'paid' },
        ],
        all_or_none: false,
      },
    });
    expect(res.body.data.errors.map((e: { index: number; code: string }) => [e.index, e.code])).toEqual([[1, 'INVALID_TRANSITION']]);
    expect(res.body.data.items.map((item: { _id: string; status: string }) => [item._id, item.status])).toEqual([
      [a, 'paid'],
      [a, 'paid'],
    ]);
    const stored = await gw.store.collection('expenses').findOne({ _id: new ObjectId(a) });
    expect(stored).toMatchObject({ status: 'paid', approved_at: expect.any(Date), paid_at: expect.any(Date) });
    expect((await gw.store.collection('expenses').findOne({ _id: new ObjectId(b) }))?.status).toBe('pending');
  });

  it('bulk delete: an id named twice is gone the second time; locked records keep their code', async () => {
    const [pending, toPay] = await created('expenses', [expenseItem(), expenseItem()]);
    await gw.rest('PUT', '/expenses/bulk/update/', { key, body: { items: [{ _id: toPay, status: 'approved' }] } });
    const res = await gw.rest('POST', '/expenses/bulk/delete/', { key, body: { ids: [pending, toPay, pending, 'nope'], all_or_none: false } });
    expect(res.body.data.deleted).toBe(1);
    expect(res.body.data.errors.map((e: { index: number; code: string }) => [e.index, e.code])).toEqual([
      [1, 'EXPENSE_LOCKED'],
      [2, 'NOT_FOUND'],
      [3, 'NOT_FOUND'],
    ]);
    expect(await gw.store.collection('expenses').countDocuments({ _id: { $in: [new ObjectId(pending), new ObjectId(toPay)] } })).toBe(1);
  });

  it('bulk delivery notes: drafts and an unknown customer; all_or_none writes none, item by item the drafts', async () => {
    const count = () => gw.store.collection('delivery_notes').countDocuments({ account_id: new ObjectId(accountId), 'items.description': 'lote' });
    const before = await count();
    const items = [
      { customer_id: customer, items: [{ description: 'lote', quantity: 1 }] },
      { customer_id: new ObjectId().toHexString(), items: [{ description: 'lote', quantity: 1 }] },
      { customer_id: customer, items: [{ description: 'lote', quantity: 2 }] },
    ];
    const all = await gw.rest('POST', '/delivery_notes/bulk/create/', { key, body: { items } });
    expect(all.status).toBe(400);
    expect(all.body.error.details.map((d: { path: string }) => d.path)).toEqual(['1.customer_id']);
    expect(await count()).toBe(before);
    const each = await gw.rest('POST', '/delivery_notes/bulk/create/', { key, body: { items, all_or_none: false } });
    expect(each.body.data.created).toBe(2);
    expect(each.body.data.errors.map((e: { index: number; code: string }) => [e.index, e.code])).toEqual([[1, 'BAD_USER_INPUT']]);
    expect(await count()).toBe(before + 2);
  });
});
