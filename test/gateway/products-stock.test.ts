import { startTestGateway, type TestGateway } from '../support/gateway';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.stop();
});

const CREATE = 'mutation($input: CreateProductInput!) { createProduct(input: $input) { id name sku unit price stock } }';
const ADJUST =
  'mutation($type: StockItemType!, $id: ID!, $delta: Float!, $reason: String!) { adjustStock(itemType: $type, id: $id, delta: $delta, reason: $reason) { delta stockAfter cause { type id } reason userId } }';
const MOVEMENTS = 'query($id: ID!) { product(id: $id) { stock stockMovements(first: 10) { totalCount nodes { delta stockAfter cause { type } reason } } } }';

describe('products and their stock', () => {
  it('opens stock on create and moves it only through recorded movements', async () => {
    const { key } = await gw.account(['supplies:read', 'supplies:write']);
    const created = await gw.gql(CREATE, { input: { name: 'Yerba 1kg', sku: 'YER-1', price: 2499.9, stock: 10.5 } }, { key });
    expect(created.body.data.createProduct).toMatchObject({ sku: 'YER-1', unit: 'unidad', price: 2499.9, stock: 10.5 });
    const id = created.body.data.createProduct.id;

    const down = await gw.gql(ADJUST, { type: 'product', id, delta: -0.5, reason: 'rotura' }, { key });
    expect(down.body.data.adjustStock).toMatchObject({ delta: -0.5, stockAfter: 10, cause: { type: 'adjustment', id: null }, reason: 'rotura' });

    const tooMuch = await gw.gql(ADJUST, { type: 'product', id, delta: -10.001, reason: 'x' }, { key });
    expect(tooMuch.body.errors[0].extensions.code).toBe('INSUFFICIENT_STOCK');

    const read = await gw.gql(MOVEMENTS, { id }, { key });
    expect(read.body.data.product).toEqual({
      stock: 10,
      stockMovements: {
        totalCount: 2,
        nodes: [
          { delta: -0.5, stockAfter: 10, cause: { type: 'adjustment' }, reason: 'rotura' },
          { delta: 10.5, stockAfter: 10.5, cause: { type: 'opening' }, reason: null },
        ],
      },
    });
  });

  it('refuses a duplicate sku in the account, a zero delta and a quantity with 4 decimals', async () => {
    const { key } = await gw.account(['supplies:read', 'supplies:write']);
    const first = await gw.gql(CREATE, { input: { name: 'A', sku: 'S-1' } }, { key });
    const again = await gw.gql(CREATE, { input: { name: 'B', sku: 'S-1' } }, { key });
    expect(again.body.errors[0].extensions).toMatchObject({ code: 'CONFLICT', details: [{ path: 'sku' }] });
    const id = first.body.data.createProduct.id;
    const zero = await gw.gql(ADJUST, { type: 'product', id, delta: 0, reason: 'x' }, { key });
    expect(zero.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: [{ path: 'delta', message: 'must not be 0' }] });
    const fine = await gw.gql(ADJUST, { type: 'product', id, delta: 1.0001, reason: 'x' }, { key });
    expect(fine.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: [{ path: 'delta', message: 'must have at most 3 decimals' }] });
  });

  it('allows negative stock only when the account says so', async () => {
    const { key, accountId } = await gw.account(['supplies:read', 'supplies:write']);
    const id = (await gw.gql(CREATE, { input: { name: 'C', sku: 'C-1', stock: 1 } }, { key })).body.data.createProduct.id;
    expect((await gw.gql(ADJUST, { type: 'product', id, delta: -2, reason: 'x' }, { key })).body.errors[0].extensions.code).toBe('INSUFFICIENT_STOCK');
    const { ObjectId } = await import('mongodb');
    await gw.store.collection('accounts').updateOne({ _id: new ObjectId(accountId) }, { $set: { 'settings.allow_negative_stock': true } });
    expect((await gw.gql(ADJUST, { type: 'product', id, delta: -2, reason: 'x' }, { key })).body.data.adjustStock.stockAfter).toBe(-1);
  });
});

describe('stock movements of many items', () => {
  it('list with their movements in a constant number of MongoDB commands, each item its own page and count', async () => {
    const { key } = await gw.account(['supplies:read', 'supplies:write']);
    const query = '{ products(first: 100) { nodes { sku stockMovements(first: 2) { totalCount nodes { delta } } } } }';
    const counts: number[] = [];
    for (const total of [3, 30]) {
      for (let i = counts.length ? 3 : 0; i < total; i++) {
        const id = (await gw.gql(CREATE, { input: { name: `P${i}`, sku: `M-${i}`, stock: i + 1 } }, { key })).body.data.createProduct.id;
        for (let j = 0; j < i % 4; j++) await gw.gql(ADJUST, { type: 'product', id, delta: 1, reason: `r${j}` }, { key });
      }
      const result = await gw.gql(query, {}, { key });
      expect(result.body.errors).toBeUndefined();
      const nodes = result.body.data.products.nodes as Array<{ sku: string; stockMovements: { totalCount: number; nodes: Array<{ delta: number }> } }>;
      expect(nodes).toHaveLength(total);
      for (const node of nodes) {
        const i = Number(node.sku.slice(2));
        // The opening movement plus i % 4 adjustments of +1, newest first.
        expect(node.stockMovements.totalCount).toBe(1 + (i % 4));
        expect(node.stockMovements.nodes).toEqual(
          i % 4 >= 2 ? [{ delta: 1 }, { delta: 1 }] : i % 4 === 1 ? [{ delta: 1 }, { delta: i + 1 }] : [{ delta: i + 1 }],
        );
      }
      counts.push(await gw.commandsOf(result.headers.get('x-request-id')!));
    }
    expect(counts[1]).toBe(counts[0]);
  });
});
