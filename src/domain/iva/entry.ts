/**
 * One line of a VAT book, in cents, whatever fed it (a received invoice, a posted expense, an issued voucher or a
 * manual entry). The fields are the ones the Libro IVA Digital design asks for, in the voucher's currency, so an
 * export is a pure rewrite; `pesos` holds what the books add up.
 */

export const BOOK_TYPES = ['purchases', 'sales'] as const;
export type BookType = (typeof BOOK_TYPES)[number];
export const ENTRY_ORIGINS = ['received_invoice', 'expense', 'issued_voucher', 'manual'] as const;
export type EntryOrigin = (typeof ENTRY_ORIGINS)[number];

export interface VatLine {
  /** Percent: 0, 2.5, 5, 10.5, 21 or 27. */
  rate: number;
  baseCents: number;
  vatCents: number;
}

export interface IvaEntry {
  bookType: BookType;
  /** YYYY-MM */
  period: string;
  origin: EntryOrigin;
  sourceId: string | null;
  /** YYYY-MM-DD */
  date: string;
  voucherType: number;
  salePoint: number;
  voucherNumber: number;
  voucherNumberTo: number;
  customsDispatch: string;
  documentType: number;
  documentNumber: string;
  counterpartName: string;
  /** ARCA currency code (PES, DOL, 060…). */
  currency: string;
  exchangeRateMicro: number;
  totalCents: number;
  untaxedCents: number;
  exemptCents: number;
  vatPerceptionCents: number;
  nationalPerceptionCents: number;
  grossIncomePerceptionCents: number;
  municipalPerceptionCents: number;
  internalTaxesCents: number;
  otherTaxesCents: number;
  vatLines: VatLine[];
  operationCode: string;
  /** Purchases: the credit the period computes (the VAT, or less under pro-rata). */
  computableCreditCents: number;
  /** Sales: payment due date of an FCE or service voucher, else null. */
  paymentDueDate: string | null;
  /** Why the source's VAT rates need review (set by the import), or null. */
  rateReview: string | null;
  /** The amounts above are the voucher's own (its currency); these are their pesos, which the books add up. */
  pesos: PesoAmounts;
}

/** The peso side of a line (`pesos.ts`): what the books and the VAT return add up. */
export interface PesoAmounts {
  totalCents: number;
  vatCents: number;
  computableCreditCents: number;
  vatPerceptionCents: number;
  vatLines: VatLine[];
}
