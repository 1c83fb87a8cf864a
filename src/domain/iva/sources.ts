import type { ObjectId } from 'mongodb';
import { argentineDay } from '../dates';
import { CUSTOMS_DISPATCH_TYPES, NO_VAT_TYPES } from './codes';
import { ARCA_CURRENCY_OF } from './currencies';
import { computableCredit, operationCode } from './credit';
import type { IvaEntry, VatLine } from './entry';
import { pesosOf, UNIT_RATE_MICRO } from './iva.pesos';

/**
 * How each source document becomes a VAT book line. A line keeps the voucher's amounts as it states them, in its
 * own currency with its ARCA currency code and rate (what the Libro IVA Digital writes, fields 17/18), and their
 * peso side (`pesos.ts`: what the books and the VAT return add up). The VAT is the stated VAT, never recomputed.
 */

type VatItem = { aliquot: number; base_cents: number; amount_cents: number };

export interface VoucherSource {
  _id: ObjectId;
  voucher_type: number;
  sale_point: number;
  voucher_number: number;
  voucher_number_to?: number | null;
  issue_date: Date;
  currency: string;
  exchange_rate: number;
  total_amount_cents: number;
  net_untaxed_cents: number;
  exempt_cents: number;
  other_taxes_cents: number;
  vat_items: VatItem[];
  /** Set by the import when a row's VAT is not one rate of its net: the stated VAT is kept, the line is flagged. */
  rate_review?: { reason: string; flagged_at: Date } | null;
}

export interface ReceivedInvoiceSource extends VoucherSource {
  supplier_cuit: string;
  supplier_name: string;
  status: string;
  /** The 16-character customs dispatch number of a voucher 066 (completed by hand: the export does not list it). */
  customs_dispatch?: string | null;
}

export interface IssuedVoucherSource extends VoucherSource {
  receiver_doc_type: number | null;
  receiver_doc: string;
  receiver_name: string | null;
}

export interface ExpenseSource {
  _id: ObjectId;
  date: string;
  amount_cents: number;
  vendor?: string | null;
  receipt_number?: string | null;
  iva_items?: Array<{ id: number; base_imp_cents: number; importe_cents: number }>;
  supplier?: { tax_id?: string | null; name?: string | null } | null;
}

/** Libro IVA Digital VAT rate ids (design, table "Alícuotas de IVA") → percent. */
const RATE_OF_ID: Record<number, number> = { 3: 0, 4: 10.5, 5: 21, 6: 27, 8: 5, 9: 2.5 };

/** Whole millionths of a peso per unit (the design's 4 + 6 digits), from the stored decimal rate; 1 when unusable. */
export function rateMicro(rate: number): number {
  const value = Math.round((Number.isFinite(rate) && rate > 0 ? rate : 1) * UNIT_RATE_MICRO);
  return Math.min(value, 9_999_999_999);
}

/** Stored currency → ARCA code (src/domain/iva/currencies.ts); one outside the table, stored before imports checked it, is kept as given if it has 3 characters, else pesos. */
export function currencyCode(currency: string): string {
  return ARCA_CURRENCY_OF.get(currency) ?? (currency.length === 3 ? currency : 'PES');
}

interface Pricing {
  currency: string;
  exchangeRateMicro: number;
  totalCents: number;
  untaxedCents: number;
  exemptCents: number;
  otherTaxesCents: number;
  vatLines: VatLine[];
}

/** The voucher's amounts as it states them, in its own currency. */
function priced(source: VoucherSource): Pricing {
  const currency = currencyCode(source.currency);
  return {
    currency,
    exchangeRateMicro: currency === 'PES' ? UNIT_RATE_MICRO : rateMicro(source.exchange_rate),
    totalCents: source.total_amount_cents,
    untaxedCents: source.net_untaxed_cents,
    exemptCents: source.exempt_cents,
    otherTaxesCents: source.other_taxes_cents,
    vatLines: source.vat_items.map((item) => ({ rate: item.aliquot, baseCents: item.base_cents, vatCents: item.amount_cents })),
  };
}

const periodOf = (day: string) => day.slice(0, 7);

const emptyPerceptions = {
  vatPerceptionCents: 0,
  nationalPerceptionCents: 0,
  grossIncomePerceptionCents: 0,
  municipalPerceptionCents: 0,
  internalTaxesCents: 0,
};

/** Written field by field, not spread: an import makes one line per new voucher, 100,000 in a large file. */
export function fromReceivedInvoice(source: ReceivedInvoiceSource, coefficientBp: number): IvaEntry {
  const date = argentineDay(source.issue_date);
  const pricing = priced(source);
  const vatLines = NO_VAT_TYPES.has(source.voucher_type) ? [] : pricing.vatLines;
  return {
    bookType: 'purchases',
    period: periodOf(date),
    origin: 'received_invoice',
    sourceId: source._id.toHexString(),
    date,
    voucherType: source.voucher_type,
    salePoint: source.sale_point,
    voucherNumber: source.voucher_number,
    voucherNumberTo: source.voucher_number,
    customsDispatch: CUSTOMS_DISPATCH_TYPES.has(source.voucher_type) ? (source.customs_dispatch ?? '') : '',
    documentType: 80,
    documentNumber: source.supplier_cuit,
    counterpartName: source.supplier_name,
    currency: pricing.currency,
    exchangeRateMicro: pricing.exchangeRateMicro,
    totalCents: pricing.totalCents,
    untaxedCents: pricing.untaxedCents,
    exemptCents: pricing.exemptCents,
    otherTaxesCents: pricing.otherTaxesCents,
    vatLines,
    vatPerceptionCents: 0,
    nationalPerceptionCents: 0,
    grossIncomePerceptionCents: 0,
    municipalPerceptionCents: 0,
    internalTaxesCents: 0,
    operationCode: operationCode('purchases', source.voucher_type, vatLines, pricing.exemptCents),
    computableCreditCents: computableCredit(source.voucher_type, vatLines, coefficientBp),
    paymentDueDate: null,
    rateReview: source.rate_review?.reason ?? null,
    pesos: pesosOf(
      {
        bookType: 'purchases',
        voucherType: source.voucher_type,
        exchangeRateMicro: pricing.exchangeRateMicro,
        totalCents: pricing.totalCents,
        vatPerceptionCents: 0,
        vatLines,
      },
      coefficientBp,
    ),
  };
}

export function fromIssuedVoucher(source: IssuedVoucherSource): IvaEntry {
  const date = argentineDay(source.issue_date);
  const pricing = priced(source);
  const documentType = source.receiver_doc_type ?? 99;
  return {
    bookType: 'sales',
    period: periodOf(date),
    origin: 'issued_voucher',
    sourceId: source._id.toHexString(),
    date,
    voucherType: source.voucher_type,
    salePoint: source.sale_point,
    voucherNumber: source.voucher_number,
    voucherNumberTo: source.voucher_number_to ?? source.voucher_number,
    customsDispatch: '',
    documentType,
    documentNumber: documentType === 99 ? '0' : source.receiver_doc.replace(/\D/g, '') || '0',
    counterpartName: source.receiver_name ?? '',
    ...pricing,
    ...emptyPerceptions,
    operationCode: operationCode('sales', source.voucher_type, pricing.vatLines, pricing.exemptCents),
    computableCreditCents: 0,
    paymentDueDate: null,
    rateReview: source.rate_review?.reason ?? null,
    pesos: pesosOf({ bookType: 'sales', voucherType: source.voucher_type, ...pricing, ...emptyPerceptions }, 10_000),
  };
}

/**
 * A posted expense with VAT lines: a Factura A from its supplier (the lines discriminate VAT), in pesos. Its receipt
 * number `PPPPP-NNNNNNNN` gives the point of sale and number when written that way; the rest of the total is untaxed.
 */
export function fromExpense(source: ExpenseSource, coefficientBp: number): IvaEntry {
  const items = source.iva_items ?? [];
  const vatLines = items.map((item) => ({ rate: RATE_OF_ID[item.id] ?? 0, baseCents: item.base_imp_cents, vatCents: item.importe_cents }));
  const taxed = vatLines.reduce((sum, line) => sum + line.baseCents + line.vatCents, 0);
  const match = /^\s*(\d{1,5})\s*-\s*(\d{1,8})\s*$/.exec(source.receipt_number ?? '');
  const number = match ? Number(match[2]) : 0;
  const stated = { exchangeRateMicro: UNIT_RATE_MICRO, totalCents: source.amount_cents, vatLines, ...emptyPerceptions };
  return {
    bookType: 'purchases',
    period: periodOf(source.date),
    origin: 'expense',
    sourceId: source._id.toHexString(),
    date: source.date,
    voucherType: 1,
    salePoint: match ? Number(match[1]) : 0,
    voucherNumber: number,
    voucherNumberTo: number,
    customsDispatch: '',
    documentType: 80,
    documentNumber: source.supplier?.tax_id ?? '0',
    counterpartName: source.supplier?.name ?? source.vendor ?? '',
    currency: 'PES',
    untaxedCents: Math.max(0, source.amount_cents - taxed),
    exemptCents: 0,
    otherTaxesCents: 0,
    ...stated,
    operationCode: operationCode('purchases', 1, vatLines, 0),
    computableCreditCents: computableCredit(1, vatLines, coefficientBp),
    paymentDueDate: null,
    rateReview: null,
    pesos: pesosOf({ bookType: 'purchases', voucherType: 1, ...stated }, coefficientBp),
  };
}
