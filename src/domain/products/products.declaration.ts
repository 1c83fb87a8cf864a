import { declareResource, money, stock, text } from '../declare/field';

/**
 * Something the account sells and delivers, with its stock. The contract names products (`items[].product_id`,
 * `product_ids`) but has no routes for them; `/api/v1/products/` follows its generic resources' conventions.
 */
export const PRODUCT = declareResource({
  type: 'Product',
  one: 'product',
  many: 'products',
  label: 'product',
  description: 'Something the account sells and delivers, with its stock.',
  collection: 'products',
  scopes: { read: 'supplies:read', write: 'supplies:write' },
  rest: { base: '/products', idName: '_id' },
  fields: {
    name: text(200, { example: 'Resma A4 75 g x 500 hojas', min: 1, required: true, sort: true }),
    sku: text(64, { example: 'RES-A4-75', min: 1, required: true, filter: 'sku', description: 'Unique in the account.' }),
    unit: text(20, { example: 'unidad', min: 1, default: 'unidad', description: 'Unit of measure (default unidad).' }),
    price: money(0, { example: 8450.5, default: 0, description: 'Its price (default 0).' }),
    description: text(500, { example: 'Papel obra blanco, caja de 10 resmas' }),
    stock: stock({ description: 'Quantity on hand.' }),
  },
  search: { fields: ['name', 'sku'], description: 'Case-insensitive text found in the name or sku.' },
  defaultSort: { field: 'name', direction: 'asc' },
  notes: { create: 'Creates a product; `stock` is its opening stock (recorded as a movement).' },
});
