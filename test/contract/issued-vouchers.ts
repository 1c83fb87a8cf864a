import type { ContractResource } from './types';

/**
 * Issued vouchers (`/api/v1/issued_vouchers`, identifier `id`): not in the legacy document, which only names their
 * scopes (`invoices:read` / `invoices:write`, the area FCE §2.3 and §4.4 belong to, whose issued list will read them).
 * Transcribed from the service's own documentation of the resource (docs/resources.md, "Issued vouchers"), so the suite holds
 * the service to it as to the contract's. Nothing is written by the client: records come from the Emitidos import.
 */
export const issuedVouchers: ContractResource = {
  name: 'issued voucher',
  base: '/issued_vouchers',
  idField: 'id',
  scopes: { read: 'invoices:read', write: 'invoices:write' },
  updatable: false,
  fields: [],
  seed: { route: '/issued_vouchers/upload-csv/', field: 'file', fixture: 'issued-vouchers/synthetic-g3-emitidos-2025-12.csv' },
  returned: [
    { name: 'id', type: 'string' },
    { name: 'issuer_cuit', type: 'string' },
    { name: 'voucher_type', type: 'integer' },
    { name: 'voucher_type_name', type: 'string', alsoAccepts: ['null'] },
    { name: 'voucher_class', type: 'string', enum: ['invoice', 'debit_note', 'credit_note', 'receipt', 'other'] },
    { name: 'sale_point', type: 'integer' },
    { name: 'voucher_number', type: 'integer' },
    { name: 'voucher_number_to', type: 'integer', alsoAccepts: ['null'] },
    { name: 'issue_date', type: 'date-time' },
    { name: 'receiver_doc_type', type: 'integer', alsoAccepts: ['null'] },
    { name: 'receiver_doc', type: 'string' },
    { name: 'receiver_name', type: 'string', alsoAccepts: ['null'] },
    { name: 'currency', type: 'string' },
    { name: 'exchange_rate', type: 'number' },
    { name: 'total_amount', type: 'number' },
    { name: 'net_taxed', type: 'number' },
    { name: 'net_untaxed', type: 'number' },
    { name: 'exempt', type: 'number' },
    { name: 'iva', type: 'number' },
    { name: 'other_taxes', type: 'number' },
    {
      name: 'vat_items',
      type: 'array',
      fields: [
        { name: 'aliquot', type: 'number' },
        { name: 'base', type: 'number' },
        { name: 'amount', type: 'number' },
      ],
    },
    { name: 'cae', type: 'string', alsoAccepts: ['null'] },
    { name: 'authorization_kind', type: 'string', enum: ['CAE', 'CAEA'], alsoAccepts: ['null'] },
    { name: 'source', type: 'string', enum: ['excel_import'] },
    { name: 'import_id', type: 'string' },
    { name: 'created_at', type: 'date-time' },
  ],
  routes: [
    { method: 'GET', path: '/issued_vouchers/list/' },
    { method: 'GET', path: '/issued_vouchers/{id}/' },
    { method: 'GET', path: '/issued_vouchers/import-history/' },
    { method: 'POST', path: '/issued_vouchers/upload-csv/' },
  ],
};
