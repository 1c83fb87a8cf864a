import { ConflictError } from '../errors';
import { CUSTOMS_DISPATCH_TYPES } from './codes';
import type { IvaEntry } from './entry';

/**
 * What keeps a book line from the Libro IVA Digital until someone looks at it. The line stays in the book with its
 * stated VAT (nothing is dropped); the export refuses while any line of the period needs review, because ARCA would
 * take the file with a credit the record design cannot back: VAT not one rate of its base (the portal checks
 * tax = base × rate per rate record), or a dispatch without the number its imports record is keyed by.
 */

export const MISSING_DISPATCH = 'customs dispatch without its 16-character dispatch number';

type Reviewed = Pick<IvaEntry, 'rateReview' | 'voucherType' | 'customsDispatch'>;

export const missingDispatch = (entry: Reviewed) => CUSTOMS_DISPATCH_TYPES.has(entry.voucherType) && entry.customsDispatch === '';

/** Why the line needs review, or null. */
export function reviewReason(entry: Reviewed): string | null {
  if (entry.rateReview !== null) return entry.rateReview;
  return missingDispatch(entry) ? MISSING_DISPATCH : null;
}

type Labelled = Reviewed & Pick<IvaEntry, 'voucherType' | 'salePoint' | 'voucherNumber' | 'documentNumber' | 'sourceId'>;

const label = (entry: Labelled) =>
  `${String(entry.voucherType).padStart(3, '0')} ${String(entry.salePoint).padStart(5, '0')}-${String(entry.voucherNumber).padStart(8, '0')} of ${entry.documentNumber}` +
  (entry.sourceId ? ` (source ${entry.sourceId})` : '');

/** Refuses the export (409) while a line's rates need review, then while a dispatch lacks its number; names each voucher. */
export function assertExportable(entries: Labelled[]): void {
  const rates = entries.filter((entry) => entry.rateReview !== null);
  if (rates.length)
    throw new ConflictError(
      `${rates.length} voucher(s) of the book have VAT that is not one rate of its base: review them before exporting`,
      rates.map((entry) => ({ path: 'vouchers', message: `${label(entry)}: ${entry.rateReview}` })),
      'VAT_RATES_TO_REVIEW',
    );
  const dispatches = entries.filter(missingDispatch);
  if (dispatches.length)
    throw new ConflictError(
      `${dispatches.length} customs dispatch(es) of the book lack their dispatch number: complete them before exporting`,
      dispatches.map((entry) => ({ path: 'vouchers', message: `${label(entry)}: ${MISSING_DISPATCH}` })),
      'CUSTOMS_DISPATCH_MISSING',
    );
}
