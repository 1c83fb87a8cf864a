import { crudRoutes, type ContractResource } from './types';

/** §2.8 Ledger account (`/api/v1/accounting/accounts`, identifier `_id`), standard CRUD of §4.5 (routes of §4.2). */
export const ledgerAccounts: ContractResource = {
  name: 'ledger account',
  base: '/accounting/accounts',
  idField: '_id',
  scopes: { read: 'accounting:read', write: 'accounting:write' },
  updatable: true,
  fields: [
    { name: 'code', type: 'string', required: true, min: 1, max: 20, unique: true, example: '1.1.07' },
    { name: 'name', type: 'string', required: true, min: 1, max: 200, example: 'Caja sucursal Rosario' },
    { name: 'account_type', type: 'string', required: true, enum: ['asset', 'liability', 'equity', 'revenue', 'expense'], example: 'asset' },
    { name: 'parent_code', type: 'string', ref: 'ledger_parent' },
    { name: 'level', type: 'integer', min: 1, max: 5, example: 2 },
    { name: 'is_detail', type: 'boolean', example: true },
    { name: 'description', type: 'string', max: 500, example: 'Efectivo de la sucursal, arqueo semanal.' },
    { name: 'afip_code', type: 'string', example: '11' },
  ],
  returned: [
    { name: '_id', type: 'string' },
    { name: 'is_active', type: 'boolean' },
    { name: 'balance', type: 'number' },
  ],
  routes: crudRoutes('/accounting/accounts'),
};
