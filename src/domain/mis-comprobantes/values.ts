import { storedCurrencyOf } from '../iva/currencies';
/** Cell values of the export, read exactly: amounts as integer centavos, days as real calendar days. */

/** An amount in centavos; null for an empty cell; an Error for anything else (negative, scientific, 3 decimals). */
export function centsOf(cell: string | undefined, decimalComma: boolean): number | null | Error {
  let text = (cell ?? '').trim().replace(/^\$\s*/, '');
  if (text === '') return null;
  if (decimalComma) text = text.replace(/\.(?=\d{3}(?:\D|$))/g, '').replace(',', '.');
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return new Error(`not an amount: ${JSON.stringify(cell)}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A positive decimal (an exchange rate), or an Error. */
export function decimalOf(cell: string | undefined, decimalComma: boolean): number | Error {
  const text = (cell ?? '').trim();
  const normal = decimalComma ? text.replace(',', '.') : text;
  if (!/^\d{1,9}(?:\.\d{1,8})?$/.test(normal) || Number(normal) <= 0) return new Error(`not an exchange rate: ${JSON.stringify(cell)}`);
  return Number(normal);
}

function realDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `yyyy-mm-dd`, `d/m/yyyy` or `d/m/yy` → `YYYY-MM-DD`; null for an impossible or unreadable date. */
export function dayOf(cell: string | undefined): string | null {
  const text = (cell ?? '').trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (iso) return realDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const local = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text);
  if (local) {
    const year = local[3].length === 2 ? 2000 + Number(local[3]) : Number(local[3]);
    return realDay(year, Number(local[2]), Number(local[1]));
  }
  return null;
}

/** The voucher code of `1`, `1.0` or `1 - Factura A`. */
export function voucherCodeOf(cell: string | undefined): number | null {
  const match = /^(\d{1,3})(?:\.0+)?(?:\s*-.*)?$/.exec((cell ?? '').trim());
  return match && Number(match[1]) > 0 ? Number(match[1]) : null;
}

/** A whole number without decimals (points of sale, numbers). */
export function wholeOf(cell: string | undefined, max: number): number | null {
  const text = (cell ?? '').trim();
  if (!/^\d{1,9}$/.test(text)) return null;
  const value = Number(text);
  return value <= max ? value : null;
}

/** `$`/`PES` → ARS, `USD`/`DOL` → USD, `060`/`EUR` → EUR…: a currency of ARCA's table (src/domain/iva/currencies.ts), else null. */
export function currencyOf(cell: string | undefined): string | null {
  return storedCurrencyOf(cell ?? '');
}

/** Document types written as text in older exports. */
const DOCUMENT_TYPES: Record<string, number> = { CUIT: 80, CUIL: 86, CDI: 87, LE: 89, LC: 90, PASAPORTE: 94, DNI: 96 };

export function documentTypeOf(cell: string | undefined): number | null {
  const text = (cell ?? '').trim().toUpperCase();
  if (/^\d{1,2}$/.test(text)) return Number(text);
  return DOCUMENT_TYPES[text] ?? null;
}

const CREDIT_NOTES = new Set([3, 8, 13, 21, 38, 43, 44, 48, 53, 90, 110, 112, 113, 114, 203, 208, 213]);
const DEBIT_NOTES = new Set([2, 7, 12, 20, 37, 45, 46, 47, 52, 115, 116, 117, 202, 207, 212]);
const RECEIPTS = new Set([4, 9, 15, 54]);
const INVOICES = new Set([1, 5, 6, 10, 11, 16, 17, 18, 19, 27, 28, 29, 51, 81, 82, 83, 109, 111, 201, 206, 211]);

export type VoucherClass = 'invoice' | 'debit_note' | 'credit_note' | 'receipt' | 'other';

/** The class of a voucher code (official table): the sign of its amounts comes from here, never from the file. */
export function voucherClassOf(code: number): VoucherClass {
  if (CREDIT_NOTES.has(code)) return 'credit_note';
  if (DEBIT_NOTES.has(code)) return 'debit_note';
  if (RECEIPTS.has(code)) return 'receipt';
  if (INVOICES.has(code)) return 'invoice';
  return 'other';
}

/**
 * VAT of a base at a rate, rounded half up to the centavo, exactly (rates have at most one decimal; the product is
 * taken in BigInt: a 13-digit amount times 270 is past the largest safe number).
 */
export const vatAt = (baseCents: number, rate: number): number => Number((BigInt(baseCents) * BigInt(Math.round(rate * 10)) + 500n) / 1000n);
