import { crudRoutes, type ContractResource } from './types';

/** §2.9 Journal entry (`/api/v1/accounting/journal`, identifier `_id`), standard CRUD of §4.5 (routes of §4.2), and the reports of §4.7. */
export const journalEntries: ContractResource = {
  name: 'journal entry',
  base: '/accounting/journal',
  idField: '_id',
  scopes: { read: 'accounting:read', write: 'accounting:write' },
  updatable: true,
  fields: [
    { name: 'date', type: 'date', example: '2026-11-20' },
    { name: 'description', type: 'string', required: true, min: 1, max: 500, example: 'Cobro de la factura A 0003-00001234' },
    {
      name: 'lines',
      type: 'array',
      required: true,
      min: 2,
      fields: [
        { name: 'account_code', type: 'string', required: true, ref: 'ledger_account' },
        { name: 'account_name', type: 'string', example: 'Caja en pesos' },
        // Optional each, but an entry balances: one line debits what the other credits (§3.5 posts it).
        { name: 'debit', type: 'number', min: 0, needed: true, examples: [1500.25, undefined] },
        { name: 'credit', type: 'number', min: 0, needed: true, examples: [undefined, 1500.25] },
        { name: 'description', type: 'string', example: 'Cobro en efectivo' },
      ],
    },
    { name: 'reference_type', type: 'string', example: 'received_invoice' },
    { name: 'reference_id', type: 'string', example: '6650f1a2c3d4e5f607182930' },
  ],
  returned: [
    { name: '_id', type: 'string' },
    { name: 'total_debit', type: 'number' },
    { name: 'total_credit', type: 'number' },
    { name: 'status', type: 'string' },
  ],
  routes: [
    ...crudRoutes('/accounting/journal'),
    // §4.7: the reports read the posted entries (all GET).
    ...['trial-balance', 'income-statement', 'balance-sheet', 'general-ledger', 'account-ledger/{account_code}', 'daily-journal/{date}', 'cash-flow'].map(
      (report) => ({ method: 'GET' as const, path: `/accounting/reports/${report}/` }),
    ),
  ],
};
