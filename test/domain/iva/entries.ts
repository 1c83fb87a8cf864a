import { ObjectId } from 'mongodb';
import type { IvaEntry } from '../../../src/domain/iva/entry';

/** A Factura A in pesos with one 21 % rate; tests override what they pin. Pesos equal the stated amounts. */
export function entry(overrides: Partial<IvaEntry> = {}): IvaEntry {
  const base: IvaEntry = {
    bookType: 'purchases',
    period: '2025-12',
    origin: 'manual',
    sourceId: null,
    date: '2025-12-02',
    voucherType: 1,
    salePoint: 4,
    voucherNumber: 24442,
    voucherNumberTo: 24442,
    customsDispatch: '',
    documentType: 80,
    documentNumber: '30708884444',
    counterpartName: 'CONSTRUCCIONES NANDU S.A.',
    currency: 'PES',
    exchangeRateMicro: 1_000_000,
    totalCents: 121000,
    untaxedCents: 0,
    exemptCents: 0,
    vatPerceptionCents: 0,
    nationalPerceptionCents: 0,
    grossIncomePerceptionCents: 0,
    municipalPerceptionCents: 0,
    internalTaxesCents: 0,
    otherTaxesCents: 0,
    vatLines: [{ rate: 21, baseCents: 100000, vatCents: 21000 }],
    operationCode: ' ',
    computableCreditCents: 21000,
    paymentDueDate: null,
    rateReview: null,
    pesos: {
      totalCents: 121000,
      vatCents: 21000,
      computableCreditCents: 21000,
      vatPerceptionCents: 0,
      vatLines: [{ rate: 21, baseCents: 100000, vatCents: 21000 }],
    },
  };
  return { ...base, ...overrides };
}

export const zeros = (width: number) => '0'.repeat(width);
export const spaces = (width: number) => ' '.repeat(width);
export const lines = (buffer: Buffer) => {
  const text = buffer.toString('latin1');
  return text === '' ? [] : text.slice(0, -2).split('\r\n');
};

let numbered = 1000;

/** The amounts of a stored Factura A in pesos with one 21 % rate on `base` cents. */
const facturaA = (base: number) => ({
  currency: 'ARS',
  exchange_rate: 1,
  total_amount_cents: base + Math.round(base * 0.21),
  net_untaxed_cents: 0,
  exempt_cents: 0,
  other_taxes_cents: 0,
  vat_items: [{ aliquot: 21, base_cents: base, amount_cents: Math.round(base * 0.21) }],
});

/**
 * A stored received Factura A in pesos (21 % of `base` cents), numbered in sequence; tests override what they pin.
 * `issued`: an instant (`2025-12-10T15:00:00Z`).
 */
export function receivedInvoice(account: ObjectId, issued: string, base: number, overrides: Record<string, unknown> = {}) {
  return {
    _id: new ObjectId(),
    account_id: account,
    voucher_type: 1,
    sale_point: 2,
    voucher_number: numbered++,
    issue_date: new Date(issued),
    ...facturaA(base),
    supplier_cuit: '30500010912',
    supplier_name: 'Proveedor SA',
    status: 'pending',
    ...overrides,
  };
}

/** A stored posted expense with one 21 % VAT line (ARCA rate id 5) on `date` (`2025-12-10`). */
export function postedExpense(account: ObjectId, date: string, base: number, overrides: Record<string, unknown> = {}) {
  return {
    _id: new ObjectId(),
    account_id: account,
    date,
    amount_cents: base + Math.round(base * 0.21),
    vendor: 'Librería',
    receipt_number: '00003-00000456',
    iva_items: [{ id: 5, base_imp_cents: base, importe_cents: Math.round(base * 0.21) }],
    journal_entry_id: new ObjectId(),
    received_invoice_id: null,
    ...overrides,
  };
}

/** A manual purchases line as the REST and GraphQL inputs take it: a Factura A of $1,210 at 21 %. */
export const MANUAL_LINE = {
  date: '2025-12-15',
  voucher_type: 1,
  sale_point: 7,
  voucher_number: 501,
  document_type: 80,
  document_number: '30708884444',
  counterpart_name: 'Servicios Técnicos SRL',
  total: 1210,
  vat_lines: [{ rate: 21, base: 1000, vat: 210 }],
};

/** A stored issued Factura A in pesos (21 % of `base` cents) at instant `issued`; tests override what they pin. */
export function issuedVoucher(account: ObjectId, issued: string, base: number, overrides: Record<string, unknown> = {}) {
  return {
    _id: new ObjectId(),
    account_id: account,
    voucher_type: 1,
    sale_point: 5,
    voucher_number: numbered++,
    issue_date: new Date(issued),
    ...facturaA(base),
    receiver_doc_type: 80,
    receiver_doc: '30708884444',
    receiver_name: 'Cliente SA',
    ...overrides,
  };
}
