import type { ContractResource } from './types';

const BASE = '/widgets/multi-taxpayer/taxpayers';

/**
 * §2.10 Additional taxpayer (`/api/v1/widgets/multi-taxpayer/taxpayers`, identifier `id`), routes of §4.13; create
 * answers `data.taxpayer`; available only while the account's multi-taxpayer widget is active (§5.6).
 */
export const additionalTaxpayers: ContractResource = {
  name: 'additional taxpayer',
  base: BASE,
  idField: 'id',
  scopes: { read: 'accounting:read', write: 'accounting:write' },
  updatable: true,
  createdIn: 'taxpayer',
  widget: 'multi_taxpayer',
  fields: [
    { name: 'tax_id', type: 'string', required: true, unique: 'cuit', immutable: true, example: '20301234563' },
    { name: 'tax_condition', type: 'string', enum: ['responsable_inscripto', 'monotributo', 'exento', 'no_alcanzado'], example: 'monotributo' },
    { name: 'punto_venta', type: 'string', example: '3' },
    { name: 'business_name', type: 'string', example: 'Pérez Servicios Contables' },
    { name: 'first_name', type: 'string', example: 'Juan Carlos' },
    { name: 'last_name', type: 'string', example: 'Pérez' },
    { name: 'afip_environment', type: 'string', enum: ['testing', 'production'], example: 'production' },
    { name: 'certificates', type: 'array', example: [] },
  ],
  returned: [{ name: 'id', type: 'string' }],
  routes: [
    { method: 'GET', path: `${BASE}/` },
    { method: 'GET', path: `${BASE}/all/` },
    { method: 'GET', path: `${BASE}/{id}/` },
    { method: 'POST', path: `${BASE}/` },
    { method: 'PUT', path: `${BASE}/{id}/` },
    { method: 'DELETE', path: `${BASE}/{id}/` },
  ],
};
