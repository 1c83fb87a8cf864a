import { computableCredit } from './credit';
import type { BookType, PesoAmounts, VatLine } from './entry';
import { scaled } from './money-text';

/**
 * A foreign-currency voucher in pesos, for the VAT books and the VAT return (which add up pesos). The Libro IVA
 * Digital writes the voucher's own amounts with its currency and rate (fields 17/18; odoo/odoo#67927, ingadhoc
 * odoo-argentina#442/#462); the books convert each stated amount on its own: round(stated × rate) to the centavo,
 * half away from zero. So the book's peso VAT is Σ round(stated VAT of a rate × rate), never VAT recomputed on a
 * converted base, and the credit the position computes is that same peso VAT (or its pro-rata share).
 */

export const UNIT_RATE_MICRO = 1_000_000;

/** cents × (rate in millionths) / 10⁶, rounded half away from zero, exactly. */
export const toPesos = (cents: number, rateMicro: number): number => scaled(cents, rateMicro, UNIT_RATE_MICRO);

export interface StatedAmounts {
  bookType: BookType;
  voucherType: number;
  exchangeRateMicro: number;
  totalCents: number;
  vatPerceptionCents: number;
  vatLines: VatLine[];
}

/** The peso side of a book line; `coefficientBp` is the pro-rata share (10000 = all) of a purchase's credit. */
export function pesosOf(stated: StatedAmounts, coefficientBp: number): PesoAmounts {
  const rate = stated.exchangeRateMicro;
  const vatLines = stated.vatLines.map((line) => ({ rate: line.rate, baseCents: toPesos(line.baseCents, rate), vatCents: toPesos(line.vatCents, rate) }));
  return {
    totalCents: toPesos(stated.totalCents, rate),
    vatCents: vatLines.reduce((sum, line) => sum + line.vatCents, 0),
    computableCreditCents: stated.bookType === 'purchases' ? computableCredit(stated.voucherType, vatLines, coefficientBp) : 0,
    vatPerceptionCents: toPesos(stated.vatPerceptionCents, rate),
    vatLines,
  };
}
