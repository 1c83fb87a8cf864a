import { crudRoutes, type ContractResource } from './types';

/** §2.6 Supply (`/api/v1/supplies`, identifier `_id`), routes of §4.2. */
export const supplies: ContractResource = {
  name: 'supply',
  base: '/supplies',
  idField: '_id',
  scopes: { read: 'supplies:read', write: 'supplies:write' },
  updatable: true,
  fields: [
    { name: 'name', type: 'string', required: true, min: 1, max: 200, example: 'Resma A4 75 g' },
    { name: 'default_amount', type: 'number', required: true, min: 0, example: 8500 },
    { name: 'description', type: 'string', max: 500, example: 'Papel para impresoras láser, caja de 10 resmas' },
    { name: 'supplier_id', type: 'string', ref: 'supplier' },
    { name: 'unit', type: 'string', max: 50, example: 'resma' },
    { name: 'unit_price', type: 'number', alsoAccepts: ['null'], min: 0, example: 8990.9 },
    { name: 'tags', type: 'array', example: ['papelería'] },
    { name: 'status', type: 'string', example: 'active' },
  ],
  returned: [{ name: '_id', type: 'string' }],
  routes: crudRoutes('/supplies'),
};
