import { EXPORT_TYPES, NO_VAT_TYPES } from './codes';
import type { BookType, VatLine } from './entry';
import { scaled } from './money-text';

/**
 * Libro IVA Digital field 20 (both CBTE designs), "código de operación": space when VAT is discriminated, `X` for
 * exports (voucher types 19–21, design §código de operación), `N` for class B/C purchases (no VAT discriminated),
 * `E` for an exempt voucher, `N` (no gravado) otherwise.
 */
export function operationCode(book: BookType, voucherType: number, lines: VatLine[], exemptCents: number): string {
  if (EXPORT_TYPES.has(voucherType)) return 'X';
  if (lines.some((line) => line.vatCents !== 0)) return ' ';
  if (book === 'purchases' && NO_VAT_TYPES.has(voucherType)) return 'N';
  return exemptCents > 0 ? 'E' : 'N';
}

/**
 * COMPRAS_CBTE field 21, "crédito fiscal computable": the VAT of the voucher, none for class B/C (VAT not
 * discriminated, Ley de IVA art. 39), and under global pro-rata (art. 13) only the coefficient's share, in
 * ten-thousandths (10000 = all; more is all), rounded half away from zero.
 */
export function computableCredit(voucherType: number, lines: VatLine[], coefficientBp: number): number {
  if (NO_VAT_TYPES.has(voucherType)) return 0;
  const vat = lines.reduce((sum, line) => sum + line.vatCents, 0);
  return scaled(vat, Math.min(coefficientBp, 10_000), 10_000);
}
