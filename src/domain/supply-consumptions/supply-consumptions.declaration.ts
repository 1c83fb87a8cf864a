import { day, declareResource, instant, lines, money, oneOf, quantity, ref, text } from '../declare/field';

export const SUPPLY_CONSUMPTION_STATUSES = ['confirmed', 'reverted'] as const;
export type SupplyConsumptionStatus = (typeof SUPPLY_CONSUMPTION_STATUSES)[number];
/** The most lines one consumption may carry. */
export const MAX_CONSUMPTION_ITEMS = 1000;

const MACHINE = 'confirmed (stock deducted) → reverted (stock given back; final). Nothing else moves.';

/** Supplies used up (contract §2.7, §3.4): deducts their stock, creates no expense; deleted or reverted, never edited. */
export const SUPPLY_CONSUMPTION = declareResource({
  type: 'SupplyConsumption',
  one: 'supplyConsumption',
  many: 'supplyConsumptions',
  label: 'supply consumption',
  description: 'Supplies used up: deducts their stock; creates no expense.',
  collection: 'supply_consumptions',
  scopes: { read: 'supplies:read', write: 'supplies:write' },
  rest: { base: '/supply-consumptions', idName: '_id' },
  operations: { update: false, bulk: false },
  fields: {
    items: lines(
      'SupplyConsumptionItem',
      {
        supplyId: ref('supplies', 'supply', { required: true, filter: 'supplyId', description: 'An active supply of the account.' }),
        supplyName: text(200, { example: 'Tóner HP 85A', readOnly: true, description: "The supply's name when consumed." }),
        unit: text(50, { example: 'unidad', readOnly: true, description: "The supply's unit when consumed." }),
        quantity: quantity({ example: 2, required: true }),
        unitCost: money(0, { example: 45999.9, readOnly: true, description: "The supply's unitPrice when consumed, else its defaultAmount." }),
        subtotal: money(0, { example: 91999.8, readOnly: true, description: 'quantity × unitCost, rounded to the centavo.' }),
        notes: text(500, { example: 'Impresora de administración' }),
      },
      MAX_CONSUMPTION_ITEMS,
      {
        required: true,
        min: 1,
        typeDescription: 'One line of a consumption, with the supply as it was when consumed.',
        description: 'The same supply may appear more than once.',
      },
    ),
    date: day({
      today: true,
      rest: 'consumption_date',
      stored: 'date',
      sort: true,
      window: { from: 'dateFrom', to: 'dateTo' },
      description: 'The day the supplies were used.',
    }),
    status: oneOf(SUPPLY_CONSUMPTION_STATUSES, 'SupplyConsumptionStatus', {
      readOnly: true,
      default: 'confirmed',
      filter: 'status',
      typeDescription: MACHINE,
      description: MACHINE,
    }),
    totalCost: money(0, { example: 91999.8, readOnly: true, default: 0, description: 'The exact sum of the subtotals.' }),
    customerId: ref('customers', 'customer', { filter: 'customerId', description: 'A customer of the account the supplies were used for.' }),
    customerName: text(200, { example: 'Distribuidora Norte SRL', readOnly: true, description: "The customer's name when consumed." }),
    reference: text(200, { example: 'OT-2025-0087', description: 'Your own reference (a work order, a job number).' }),
    notes: text(1000, { example: 'Mantenimiento mensual de equipos' }),
    createdById: ref('users', 'user', {
      readOnly: true,
      rest: 'created_by',
      stored: 'created_by',
      description: 'The user who registered it (null: an API key acting for no user).',
    }),
    revertedAt: instant({ description: 'When it was reverted.' }),
    revertedById: ref('users', 'user', { readOnly: true, rest: 'reverted_by', stored: 'reverted_by', description: 'The user who reverted it.' }),
  },
  defaultSort: { field: 'date', direction: 'desc' },
  notes: {
    create: 'Registers a consumption (status confirmed): deducts the stock of its supplies in the same transaction; creates no expense.',
    remove:
      'Deletes a consumption: only its author (FORBIDDEN NOT_AUTHOR), within 24 hours of registering it (FORBIDDEN DELETE_WINDOW_EXPIRED). A confirmed one gives its stock back.',
  },
});
