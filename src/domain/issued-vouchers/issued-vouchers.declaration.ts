import { declareResource, instant, int, lines, money, oneOf, rate, ref, text } from '../declare/field';
import { amountFields } from '../mis-comprobantes/amount-fields';
import { reviewFields } from '../mis-comprobantes/review-fields';
import { VAT_RATES, VOUCHER_CLASSES } from '../received-invoices/received-invoices.declaration';

export const ISSUED_VOUCHER_SOURCES = ['excel_import'] as const;
export const AUTHORIZATION_KINDS = ['CAE', 'CAEA'] as const;

/**
 * A voucher the account issued, as the tax authority lists it in "Mis Comprobantes Emitidos". Read-only: records
 * come only from imports of that export (FCE and the sales VAT book read them). Scopes are the contract's for issuing
 * vouchers and FCE (`invoices:read` / `invoices:write`), since those are the areas that read them.
 */
export const ISSUED_VOUCHER = declareResource({
  type: 'IssuedVoucher',
  one: 'issuedVoucher',
  many: 'issuedVouchers',
  label: 'issued voucher',
  description: 'A voucher the account issued, imported from the tax authority export (Mis Comprobantes Emitidos).',
  collection: 'issued_vouchers',
  scopes: { read: 'invoices:read', write: 'invoices:write' },
  rest: { base: '/issued_vouchers', idName: 'id' },
  operations: { create: false, update: false, bulk: false, remove: false },
  fields: {
    issuerCuit: text(11, { example: '30712345671', readOnly: true, description: "The issuer: the account's CUIT." }),
    voucherType: int(1, 999, {
      example: 1,
      readOnly: true,
      filter: 'voucherType',
      description: "The tax authority's voucher code (1 Factura A, 6 Factura B, 201 FCE A…).",
    }),
    voucherTypeName: text(100, { example: 'Factura A', readOnly: true, description: 'The official name of the code (null for a code outside the table).' }),
    voucherClass: oneOf(VOUCHER_CLASSES, 'VoucherClass', {
      readOnly: true,
      description: 'What the code makes it: a credit note reduces what is owed (its amounts stay positive).',
    }),
    salePoint: int(0, 99999, { example: 3, readOnly: true, filter: 'salePoint', description: 'Point of sale of the voucher.' }),
    voucherNumber: int(0, 999999999, { example: 1523, readOnly: true, description: 'Voucher number (the first of a range).' }),
    voucherNumberTo: int(0, 999999999, {
      example: 1523,
      readOnly: true,
      description: 'The last number when the export lists a range of vouchers in one row (grouped B vouchers); null otherwise.',
    }),
    issueDate: instant({ sort: true, window: { from: 'from', to: 'to' }, description: 'Issue day (its start, Argentine time).' }),
    receiverDocType: int(0, 99, { example: 80, readOnly: true, description: 'Receiver document type (80 CUIT, 96 DNI, 99 consumidor final…).' }),
    receiverDoc: text(20, {
      example: '30690123459',
      readOnly: true,
      filter: 'receiverDoc',
      description: "Receiver's document number (0 for an unidentified final consumer).",
    }),
    receiverName: text(300, {
      example: 'Distribuidora Norte SRL',
      readOnly: true,
      description: "Receiver's name as the tax authority lists it (personal data).",
    }),
    ...amountFields(),
    vatItems: lines(
      'IssuedVoucherVatItem',
      {
        aliquot: rate(VAT_RATES, { example: 21, readOnly: true, description: 'VAT rate in percent.' }),
        base: money(0, { example: 100000, readOnly: true }),
        amount: money(0, { example: 21000, readOnly: true }),
      },
      6,
      {
        readOnly: true,
        typeDescription: 'The taxed base and VAT of one rate.',
        description: 'Per rate; empty when the voucher has no VAT. Under a rate review they keep the stated VAT on provisional rates.',
      },
    ),
    cae: text(20, { example: '75123456789012', readOnly: true, description: 'Authorization code (CAE or CAEA; CAEAs repeat across vouchers).' }),
    authorizationKind: oneOf(AUTHORIZATION_KINDS, 'AuthorizationKind', {
      readOnly: true,
      typeDescription: 'CAE (one per voucher) or CAEA (one per fortnight, for many vouchers).',
      description:
        'Told from the code, as the export does not say: a CAEA is a 14-digit code starting with 3 (every CAEA seen so far), a CAE one starting with 6 or 7. Null without a code.',
    }),
    source: oneOf(ISSUED_VOUCHER_SOURCES, 'IssuedVoucherSource', { readOnly: true, default: 'excel_import' }),
    importId: ref('issued_voucher_imports', 'import', { readOnly: true, description: 'The import that stored it.' }),
    ...reviewFields('IssuedVoucher', 'resolveIssuedVoucherRates'),
  },
  search: { fields: ['receiverName', 'receiverDoc'], description: "Case-insensitive text found in the receiver's name or document number." },
  defaultSort: { field: 'issueDate', direction: 'desc' },
});
