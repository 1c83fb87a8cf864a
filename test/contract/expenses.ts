import { crudRoutes, type ContractResource } from './types';

/** §2.5 Expense (`/api/v1/expenses`, identifier `_id`), routes of §4.2, amount bound of §8. */
export const expenses: ContractResource = {
  name: 'expense',
  base: '/expenses',
  idField: '_id',
  scopes: { read: 'expenses:read', write: 'expenses:write' },
  updatable: true,
  fields: [
    { name: 'amount', type: 'number', required: true, above: 0, below: 1e12, example: 12100.5 },
    { name: 'description', type: 'string', required: true, min: 1, max: 500, example: 'Abono mensual de energía eléctrica' },
    { name: 'tax_rate', type: 'number', required: true, enum: [0, 2.5, 5, 10.5, 21, 27], example: 21 },
    { name: 'category', type: 'string', min: 1, max: 100, example: 'Servicios públicos' },
    { name: 'date', type: 'date', example: '2026-11-20' },
    { name: 'payment_method', type: 'string', example: 'mercadopago' },
    { name: 'status', type: 'string', enum: ['pending', 'approved', 'paid', 'cancelled', 'refunded'], example: 'pending' },
    { name: 'vendor', type: 'string', example: 'Edenor SA' },
    { name: 'receipt_url', type: 'url', example: 'https://comprobantes.example.com.ar/0003-00012345.pdf' },
    { name: 'recurring', type: 'boolean', example: true },
    { name: 'recurring_period', type: 'string', example: 'quarterly' },
    { name: 'notes', type: 'string', example: 'Medidor 4471.' },
    { name: 'tags', type: 'array', example: ['energía', 'local-centro'] },
    {
      name: 'iva_items',
      type: 'array',
      fields: [
        { name: 'Id', type: 'integer', enum: [3, 4, 5, 6, 8, 9], example: 5 },
        { name: 'BaseImp', type: 'number', example: 10000 },
        { name: 'Importe', type: 'number', example: 2100 },
      ],
    },
  ],
  returned: [{ name: '_id', type: 'string' }],
  routes: crudRoutes('/expenses'),
};
