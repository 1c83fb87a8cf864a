import type { ContractResource } from './types';

const BASE = '/bill/tax_info';

/**
 * §4.12 Taxpayer data (`/api/v1/bill/tax_info`): the routes only — the contract shows none of their fields.
 * `{billing_system}` is a system's name; `afip_wsfe` stands for it.
 */
export const taxpayerData: ContractResource = {
  name: 'taxpayer data',
  base: BASE,
  idField: 'id',
  scopes: { read: 'accounting:read', write: 'accounting:write' },
  updatable: true,
  routesOnly: true,
  fields: [],
  returned: [],
  routes: [
    { method: 'GET', path: `${BASE}/taxpayer/` },
    { method: 'GET', path: `${BASE}/taxpayer/systems/` },
    { method: 'GET', path: `${BASE}/taxpayer/afip_wsfe/` },
    { method: 'POST', path: `${BASE}/taxpayer/afip_wsfe/` },
    { method: 'PUT', path: `${BASE}/taxpayer/afip_wsfe/` },
    { method: 'DELETE', path: `${BASE}/taxpayer/afip_wsfe/` },
    { method: 'PATCH', path: `${BASE}/taxpayer/active-system/` },
    { method: 'POST', path: `${BASE}/verify-delegation/` },
    { method: 'POST', path: `${BASE}/verify-punto-venta/` },
  ],
};
