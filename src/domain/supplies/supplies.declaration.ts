import { declareResource, money, oneOf, ref, stock, text, texts } from '../declare/field';

export const SUPPLY_STATUSES = ['active', 'inactive'] as const;

/** Something the business uses up (insumo), with its stock (contract §2.6). */
export const SUPPLY = declareResource({
  type: 'Supply',
  one: 'supply',
  many: 'supplies',
  label: 'supply',
  description: 'Something the business uses up (insumo), with its stock.',
  collection: 'supplies',
  scopes: { read: 'supplies:read', write: 'supplies:write' },
  rest: { base: '/supplies', idName: '_id' },
  fields: {
    name: text(200, { example: 'Tóner HP 85A', min: 1, required: true, sort: true }),
    defaultAmount: money(0, { example: 45999.9, required: true, description: 'The default expense amount.' }),
    description: text(500, { example: 'Cartucho de tóner de la impresora de administración' }),
    unit: text(50, { example: 'unidad' }),
    unitPrice: money(0, { example: 45999.9, description: 'Its own price; consumptions cost it at defaultAmount when null.' }),
    status: oneOf(SUPPLY_STATUSES, 'SupplyStatus', {
      default: 'active',
      filter: 'status',
      description: 'Defaults to active; only active supplies can be consumed.',
    }),
    supplierId: ref('suppliers', 'supplier', { filter: 'supplierId', description: 'The supplier it is bought from.' }),
    tags: texts(50, 50, { example: ['insumos de oficina'], filter: 'tag' }),
    stock: stock({ example: 6, description: 'Quantity in stock (at most 3 decimals).' }),
  },
  search: { fields: ['name', 'description'], description: 'Case-insensitive text found in the name or description.' },
  defaultSort: { field: 'name', direction: 'asc' },
  notes: {
    create: 'Creates a supply; `stock` is its opening stock (recorded as a movement).',
    update: 'Changes the given fields; the others keep their values. Stock moves only through movements.',
    remove: 'Deletes a supply; answers its id. Consumptions keep their snapshot of it.',
  },
});
