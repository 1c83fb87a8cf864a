import { declareResource, instant, int, lines, money, oneOf, rate, text } from '../declare/field';
import { amountFields } from '../mis-comprobantes/amount-fields';
import { reviewFields } from '../mis-comprobantes/review-fields';

export const RECEIVED_INVOICE_STATUSES = ['pending', 'linked', 'ignored'] as const;
export type ReceivedInvoiceStatus = (typeof RECEIVED_INVOICE_STATUSES)[number];
export const RECEIVED_INVOICE_SOURCES = ['wsmtxca', 'portal_scrape', 'excel_import'] as const;
export const VOUCHER_CLASSES = ['invoice', 'debit_note', 'credit_note', 'receipt', 'other'] as const;
export const VAT_RATES = [0, 2.5, 5, 10.5, 21, 27] as const;

const MACHINE =
  'pending → linked (to a journal entry) or ignored; ignored → pending is not offered: link it instead (ignored → linked). A linked invoice stays linked.';

/**
 * A voucher received from a supplier, as the tax authority lists it (contract §2.1, §3.1, §4.1). Records come only from
 * imports of the "Mis Comprobantes Recibidos" export: the API creates and edits none field by field.
 */
export const RECEIVED_INVOICE = declareResource({
  type: 'ReceivedInvoice',
  one: 'receivedInvoice',
  many: 'receivedInvoices',
  label: 'received invoice',
  description: 'A voucher received from a supplier, imported from the tax authority export.',
  collection: 'received_invoices',
  scopes: { read: 'received_invoices:read', write: 'received_invoices:write' },
  rest: { base: '/received_invoices', idName: 'id' },
  operations: { create: false, update: false, bulk: false },
  fields: {
    tenantCuit: text(11, { example: '30712345671', readOnly: true, description: "The receiver: the account's CUIT." }),
    supplierCuit: text(11, { example: '30708123451', readOnly: true, filter: 'supplierCuit', description: "The issuer's CUIT." }),
    supplierName: text(300, { example: 'Papelera del Plata SA', readOnly: true, description: "The issuer's legal name as the tax authority lists it." }),
    voucherType: int(1, 999, {
      example: 1,
      readOnly: true,
      filter: 'voucherType',
      description: "The tax authority's voucher code (1 Factura A, 3 Nota de Crédito A…).",
    }),
    voucherClass: oneOf(VOUCHER_CLASSES, 'VoucherClass', {
      readOnly: true,
      description: 'What the code makes it: a credit note reduces what is owed (its amounts stay positive).',
    }),
    salePoint: int(0, 99999, { example: 4, readOnly: true, description: 'Point of sale of the voucher.' }),
    voucherNumber: int(0, 999999999, { example: 12345, readOnly: true, description: 'Voucher number.' }),
    cae: text(20, { example: '75123456789012', readOnly: true, description: 'Authorization code (CAE or CAEA; CAEAs repeat across vouchers).' }),
    caeExpiration: instant({ description: 'Expiry of the code (not in the export: null).' }),
    issueDate: instant({ sort: true, window: { from: 'from', to: 'to' }, description: 'Issue day (its start, Argentine time).' }),
    processedDate: instant({ description: 'When the tax authority registered it (not in the export: null).' }),
    ...amountFields(),
    vatItems: lines(
      'ReceivedInvoiceVatItem',
      {
        aliquot: rate(VAT_RATES, { example: 21, readOnly: true, description: 'VAT rate in percent.' }),
        base: money(0, { example: 100000, readOnly: true }),
        amount: money(0, { example: 21000, readOnly: true }),
      },
      6,
      {
        readOnly: true,
        typeDescription: 'The taxed base and VAT of one rate.',
        description:
          'Per rate; empty when the voucher has no VAT (B and C vouchers, exempt). Under a rate review they keep the stated VAT on provisional rates.',
      },
    ),
    ...reviewFields('ReceivedInvoice', 'resolveReceivedInvoiceRates'),
    status: oneOf(RECEIVED_INVOICE_STATUSES, 'ReceivedInvoiceStatus', {
      readOnly: true,
      default: 'pending',
      filter: 'status',
      typeDescription: MACHINE,
      description: MACHINE,
    }),
    source: oneOf(RECEIVED_INVOICE_SOURCES, 'ReceivedInvoiceSource', { readOnly: true, default: 'excel_import' }),
    linkedJournalEntryId: text(24, { example: '6650a1c2e4b0d5a7c8e9f013', readOnly: true, description: 'The journal entry it was linked to.' }),
    linkedExpenseId: text(24, { example: '6650a1c2e4b0d5a7c8e9f014', readOnly: true, description: 'The expense it was linked to.' }),
    linkedAccountId: text(24, { example: '6650a1c2e4b0d5a7c8e9f015', readOnly: true, description: 'The ledger account it was linked to.' }),
    notes: text(2000, { example: 'Compra de papelería de marzo', readOnly: true }),
    customsDispatch: text(16, {
      example: '25001IC04012345K',
      readOnly: true,
      description:
        'A customs dispatch (voucher 066): its 16-character dispatch number (Libro IVA Digital COMPRAS_CBTE field 5 and the imports file). The export does not list it: null until set with setReceivedInvoiceCustomsDispatch; the VAT book export waits for it.',
    }),
  },
  search: { fields: ['supplierName', 'supplierCuit'], description: "Case-insensitive text found in the supplier's name or CUIT." },
  defaultSort: { field: 'issueDate', direction: 'desc' },
  notes: {
    remove: 'Deletes a received invoice; one linked to a journal entry on the books (posted or reversed) is CONFLICT INVOICE_LINKED (it backs that entry).',
  },
});
