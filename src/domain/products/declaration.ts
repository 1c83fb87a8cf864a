import { declareResource, money, stock, text } from '../declare/field';

/** Something the account sells and delivers, with its stock (GraphQL only: the contract has no product routes). */
export const PRODUCT = declareResource({
  type: 'Product',
  one: 'product',
  many: 'products',
  label: 'product',
  description: 'Something the account sells and delivers, with its stock.',
  collection: 'products',
  scopes: { read: 'supplies:read', write: 'supplies:write' },
  operations: { bulk: false },
  fields: {
    name: text(200, { min: 1, required: true, sort: true }),
    sku: text(64, { min: 1, required: true, filter: 'sku', description: 'Unique in the account.' }),
    unit: text(20, { min: 1, default: 'unidad', description: 'Unit of measure (default unidad).' }),
    price: money(0, { default: 0, description: 'Its price (default 0).' }),
    description: text(500),
    stock: stock({ description: 'Quantity on hand.' }),
  },
  search: { fields: ['name', 'sku'], description: 'Case-insensitive text found in the name or sku.' },
  defaultSort: { field: 'name', direction: 'asc' },
  notes: { create: 'Creates a product; `stock` is its opening stock (recorded as a movement).' },
});
