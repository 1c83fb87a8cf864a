import type { ContractResource } from './types';

const BASE = '/bill/tax_info/tax-rules';

/** §2.11 Tax rule (`/api/v1/bill/tax_info/tax-rules`, identifier `id`), routes of §4.14 (`{rule_id}` is the identifier). */
export const taxRules: ContractResource = {
  name: 'tax rule',
  base: BASE,
  idField: 'id',
  scopes: { read: 'accounting:read', write: 'accounting:write' },
  updatable: true,
  fields: [
    { name: 'name', type: 'string', required: true, min: 1, max: 200, example: 'IVA tasa general' },
    { name: 'rate', type: 'number', required: true, min: 0, max: 100, example: 21 },
    { name: 'country', type: 'string', required: true, min: 2, max: 2, example: 'AR' },
    { name: 'category', type: 'string', enum: ['iva', 'internal', 'provincial', 'municipal', 'other'], example: 'iva' },
    { name: 'type', type: 'string', enum: ['percentage'], example: 'percentage' },
    { name: 'description', type: 'string', max: 500, example: 'Alícuota general de la Ley de IVA.' },
    { name: 'is_default', type: 'boolean', example: true },
    { name: 'display_order', type: 'integer', min: 0, example: 1 },
  ],
  returned: [
    { name: 'id', type: 'string' },
    { name: 'is_active', type: 'boolean' },
  ],
  routes: [
    { method: 'GET', path: `${BASE}/` },
    { method: 'GET', path: `${BASE}/{id}/` },
    { method: 'POST', path: `${BASE}/` },
    { method: 'PUT', path: `${BASE}/{id}/` },
    { method: 'DELETE', path: `${BASE}/{id}/` },
    { method: 'GET', path: `${BASE}/by-country/{country}/` },
    { method: 'POST', path: `${BASE}/seed/{country}/` },
  ],
};
