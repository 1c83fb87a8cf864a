import { declaredIndexes } from '../../src/domain/declarations';
import { ensureIndexes } from '../../src/store/catalog';
import type { Store } from '../../src/store/store';
import { suiteDatabase } from '../support/database';

/**
 * The indexes the application keeps: each one costs every write of its collection an entry, so an index that a
 * longer one serves is not made (and one an earlier version made is dropped), and a misplaced one is retired.
 */
const opened = suiteDatabase('catalog');
let store: Store;
beforeAll(() => {
  store = opened();
});

const namesOf = async (collection: string) => (await store.db.collection(collection).listIndexes().toArray()).map((index) => index.name).sort();

it('a list filter index that the unique voucher key starts with is not made, and the FCE status index is on the issued vouchers', async () => {
  // As an earlier version left them: the supplier filter's own index, and the FCE index on the wrong collection.
  await store.db.collection('received_invoices').createIndexes([
    { key: { account_id: 1, supplier_cuit: 1 }, name: 'account_supplier_cuit' },
    { key: { account_id: 1, fce_status: 1, issue_date: -1, _id: -1 }, name: 'account_fce_status_issued' },
  ]);
  await store.db.collection('issued_vouchers').createIndex({ account_id: 1, voucher_type: 1 }, { name: 'account_voucher_type' });
  await ensureIndexes(store.db, declaredIndexes());
  await ensureIndexes(store.db, declaredIndexes());

  const received = await namesOf('received_invoices');
  expect(received).toContain('account_voucher_unique');
  expect(received).toEqual(expect.arrayContaining(['account_status', 'account_currency', 'account_voucher_type', 'account_issue_date_order']));
  expect(received).not.toContain('account_supplier_cuit');
  expect(received).not.toContain('account_fce_status_issued');
  const issued = await namesOf('issued_vouchers');
  expect(issued).toEqual(expect.arrayContaining(['account_voucher_unique', 'account_fce_status_issued', 'account_receiver_doc']));
  expect(issued).not.toContain('account_voucher_type');
});

it('a derived index gives way only to a longer one with the same leading keys and directions', async () => {
  await ensureIndexes(store.db, {
    stock_movements: [
      { key: { account_id: 1, name: 1 }, name: 'test_short' },
      { key: { account_id: 1, name: 1, city: 1 }, name: 'test_longer' },
      { key: { account_id: 1, name: -1 }, name: 'test_other_direction' },
      { key: { account_id: 1 }, name: 'test_sparse', sparse: true },
      { key: { account_id: 1, item_id: 1, created_at: -1, city: 1 }, name: 'test_longer_than_catalogue' },
    ],
  });
  const movements = await namesOf('stock_movements');
  expect(movements).toEqual(expect.arrayContaining(['test_longer', 'test_other_direction', 'test_sparse', 'test_longer_than_catalogue']));
  expect(movements).not.toContain('test_short');
  // The catalogue's own indexes are never dropped, even when a longer one is declared.
  expect(movements).toContain('account_item_created');
});

it('a filter index gives way to a natural key leading with the same field; an index whose keys changed is rebuilt', async () => {
  await ensureIndexes(store.db, {
    products: [
      { key: { account_id: 1, sku: 1, name: -1, _id: -1 }, name: 'account_sku' },
      { key: { account_id: 1, sku: 1, price: -1 }, name: 'test_sku_price' },
    ],
  });
  const products = await store.db.collection('products').listIndexes().toArray();
  expect(products.map((index) => index.name)).not.toContain('account_sku');
  expect(products.map((index) => index.name)).not.toContain('test_sku_price');
  await store.db.collection('stock_movements').createIndex({ account_id: 1, note: 1 }, { name: 'test_changed' });
  await ensureIndexes(store.db, { stock_movements: [{ key: { account_id: 1, note: 1, created_at: -1 }, name: 'test_changed' }] });
  const changed = (await store.db.collection('stock_movements').listIndexes().toArray()).find((index) => index.name === 'test_changed');
  expect(changed?.key).toEqual({ account_id: 1, note: 1, created_at: -1 });
});
