import type { ObjectId } from 'mongodb';
import { argentineDay } from '../dates';
import { CREDIT_NOTE_TYPES, CURRENCY_CODES, EXPORT_TYPES, NO_VAT_TYPES } from './codes';
import type { BookType, IvaEntry, VatLine } from './entry';
import { vatOfBase } from './money-text';

/**
 * How each source document becomes a VAT book line. Amounts are written in pesos: a foreign-currency voucher's
 * components are converted at its exchange rate (what the VAT return adds up), and the currency and rate are kept
 * for the export's fields 17/18.
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
}

export interface ReceivedInvoiceSource extends VoucherSource {
  supplier_cuit: string;
  supplier_name: string;
  status: string;
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

const RATE_OF_ID: Record<number, number> = { 3: 0, 4: 10.5, 5: 21, 6: 27, 8: 5, 9: 2.5 };

/** Whole millionths of a peso per unit, from the stored decimal rate. */
function micro(rate: number): number {
  const value = Math.round((Number.isFinite(rate) && rate > 0 ? rate : 1) * 1_000_000);
  return Math.min(value, 9_999_999_999);
}

function converter(rateMicro: number) {
  if (rateMicro === 1_000_000) return (cents: number) => cents;
  return (cents: number) => Number((BigInt(cents) * BigInt(rateMicro) + 500_000n) / 1_000_000n);
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

function priced(source: VoucherSource): Pricing {
  const currency = CURRENCY_CODES.get(source.currency) ?? (source.currency.length === 3 ? source.currency : 'PES');
  const exchangeRateMicro = currency === 'PES' ? 1_000_000 : micro(source.exchange_rate);
  const pesos = converter(exchangeRateMicro);
  const vatLines = source.vat_items.map((item) => {
    const baseCents = pesos(item.base_cents);
    return { rate: item.aliquot, baseCents, vatCents: exchangeRateMicro === 1_000_000 ? item.amount_cents : vatOfBase(baseCents, item.aliquot) };
  });
  const untaxedCents = pesos(source.net_untaxed_cents);
  const exemptCents = pesos(source.exempt_cents);
  const otherTaxesCents = pesos(source.other_taxes_cents);
  const totalCents =
    exchangeRateMicro === 1_000_000
      ? source.total_amount_cents
      : untaxedCents + exemptCents + otherTaxesCents + vatLines.reduce((sum, line) => sum + line.baseCents + line.vatCents, 0);
  return { currency, exchangeRateMicro, totalCents, untaxedCents, exemptCents, otherTaxesCents, vatLines };
}

/** Space when VAT is discriminated; otherwise what the voucher is: export, exempt, or not taxed. */
export function operationCode(book: BookType, voucherType: number, lines: VatLine[], exemptCents: number): string {
  if (EXPORT_TYPES.has(voucherType)) return 'X';
  if (lines.some((line) => line.vatCents !== 0)) return ' ';
  if (book === 'purchases' && NO_VAT_TYPES.has(voucherType)) return 'N';
  return exemptCents > 0 ? 'E' : 'N';
}

/** Pro-rata: the share of purchase VAT the period computes (coefficient in ten-thousandths: 10000 = all). */
export function computableCredit(voucherType: number, lines: VatLine[], coefficientBp: number): number {
  if (NO_VAT_TYPES.has(voucherType)) return 0;
  const vat = lines.reduce((sum, line) => sum + line.vatCents, 0);
  return coefficientBp >= 10_000 ? vat : Math.round((vat * coefficientBp) / 10_000);
}

const periodOf = (day: string) => day.slice(0, 7);

const emptyPerceptions = {
  vatPerceptionCents: 0,
  nationalPerceptionCents: 0,
  grossIncomePerceptionCents: 0,
  municipalPerceptionCents: 0,
  internalTaxesCents: 0,
};

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
    customsDispatch: '',
    documentType: 80,
    documentNumber: source.supplier_cuit,
    counterpartName: source.supplier_name,
    ...pricing,
    vatLines,
    ...emptyPerceptions,
    operationCode: operationCode('purchases', source.voucher_type, vatLines, pricing.exemptCents),
    computableCreditCents: computableCredit(source.voucher_type, vatLines, coefficientBp),
    paymentDueDate: null,
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
  };
}

/**
 * A posted expense with VAT lines: a Factura A from its supplier (the lines discriminate VAT). Its receipt number
 * `PPPPP-NNNNNNNN` gives the point of sale and number when written that way; the rest of the total is untaxed.
 */
export function fromExpense(source: ExpenseSource, coefficientBp: number): IvaEntry {
  const items = source.iva_items ?? [];
  const vatLines = items.map((item) => ({ rate: RATE_OF_ID[item.id] ?? 0, baseCents: item.base_imp_cents, vatCents: item.importe_cents }));
  const taxed = vatLines.reduce((sum, line) => sum + line.baseCents + line.vatCents, 0);
  const match = /^\s*(\d{1,5})\s*-\s*(\d{1,8})\s*$/.exec(source.receipt_number ?? '');
  const number = match ? Number(match[2]) : 0;
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
    exchangeRateMicro: 1_000_000,
    totalCents: source.amount_cents,
    untaxedCents: Math.max(0, source.amount_cents - taxed),
    exemptCents: 0,
    otherTaxesCents: 0,
    vatLines,
    ...emptyPerceptions,
    operationCode: operationCode('purchases', 1, vatLines, 0),
    computableCreditCents: computableCredit(1, vatLines, coefficientBp),
    paymentDueDate: null,
  };
}

/** Credit notes subtract from their book's totals (their amounts stay positive in the export). */
export const signOf = (voucherType: number) => (CREDIT_NOTE_TYPES.has(voucherType) ? -1 : 1);
