import type { ContractResource } from './types';

/** §2.7 Supply consumption (`/api/v1/supply-consumptions`, identifier `_id`), routes of §4.3 (no PUT, no bulk). */
export const supplyConsumptions: ContractResource = {
  name: 'supply consumption',
  base: '/supply-consumptions',
  idField: '_id',
  scopes: { read: 'supplies:read', write: 'supplies:write' },
  updatable: false,
  fields: [
    {
      name: 'items',
      type: 'array',
      required: true,
      min: 1,
      fields: [
        { name: 'supply_id', type: 'string', required: true, ref: 'supply' },
        { name: 'quantity', type: 'number', required: true, above: 0, example: 2.5 },
        { name: 'notes', type: 'string', max: 500, example: 'Para la sucursal centro' },
      ],
    },
    { name: 'consumption_date', type: 'date', example: '2026-11-18' },
    { name: 'customer_id', type: 'string', alsoAccepts: ['null'], ref: 'customer' },
    { name: 'reference', type: 'string', max: 200, example: 'OT-2026-0458' },
    { name: 'notes', type: 'string', max: 1000, example: 'Consumo de la semana 47.' },
  ],
  returned: [
    { name: '_id', type: 'string' },
    {
      name: 'items',
      type: 'array',
      fields: [
        { name: 'supply_id', type: 'string' },
        { name: 'supply_name', type: 'string' },
        { name: 'quantity', type: 'number' },
        { name: 'unit', type: 'string' },
        { name: 'unit_cost', type: 'number' },
        { name: 'subtotal', type: 'number' },
        { name: 'notes', type: 'string' },
      ],
    },
    { name: 'total_cost', type: 'number' },
    { name: 'status', type: 'string', enum: ['confirmed', 'reverted'] },
    { name: 'customer_name', type: 'string' },
    { name: 'created_at', type: 'date-time' },
    { name: 'updated_at', type: 'date-time' },
    // A key acting for no user registers consumptions with no author.
    { name: 'created_by', type: 'string', alsoAccepts: ['null'] },
  ],
  routes: [
    { method: 'GET', path: '/supply-consumptions/list/' },
    { method: 'GET', path: '/supply-consumptions/{id}/' },
    { method: 'POST', path: '/supply-consumptions/' },
    { method: 'DELETE', path: '/supply-consumptions/{id}/' },
    { method: 'POST', path: '/supply-consumptions/{id}/revert' },
  ],
};
