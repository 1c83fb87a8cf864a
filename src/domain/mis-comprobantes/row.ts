import { ObjectId } from 'mongodb';
import { instantOf } from '../dates';
import type { Column, Layout } from './layout';
import { AMOUNTS_TOLERANCE_CENTS, type RateReview, type VatLine, vatFromRateColumns, vatFromTotals } from './vat-lines';
import { centsOf, currencyOf, dayOf, decimalOf, type VoucherClass, voucherClassOf, voucherCodeOf, wholeOf } from './values';

/** What every row of either export says about its voucher, in stored names (money in centavos). */
export interface VoucherFields {
  _id: ObjectId;
  voucher_type: number;
  voucher_class: VoucherClass;
  sale_point: number;
  voucher_number: number;
  cae: string | null;
  issue_date: Date;
  currency: string;
  exchange_rate: number;
  total_amount_cents: number;
  net_taxed_cents: number;
  net_untaxed_cents: number;
  exempt_cents: number;
  iva_cents: number;
  other_taxes_cents: number;
  vat_items: VatLine[];
}

/** What is wrong with a row, or worth a look: a stable code and a sentence naming the column. */
export interface RowReason {
  code: string;
  message: string;
}

export const reason = (code: string, message: string): RowReason => ({ code, message });

const RATES = [0, 2.5, 5, 10.5, 21, 27];

/** Each day's start, made once per day an import meets (an export covers at most a year: a few hundred days). */
const dayStarts = new Map<string, Date>();
function dayStart(day: string): Date {
  let start = dayStarts.get(day);
  if (!start) {
    start = instantOf(`${day}T00:00:00`)!;
    // Shared by the vouchers of that day: they are serialized once stored, never changed in place.
    if (dayStarts.size > 10_000) dayStarts.clear();
    dayStarts.set(day, start);
  }
  return start;
}
/** One row's cells, read by column (undefined when the layout lacks the column). */
export type CellOf = (column: Column) => string | undefined;

export function cellReader(cells: string[], layout: Layout): CellOf {
  return (column) => {
    const at = layout.columns[column];
    return at === undefined ? undefined : cells[at];
  };
}

/**
 * Reads the voucher part of a row (a new object the caller may complete in place: an import builds its documents by
 * adding to it rather than copying it, which costs as much as reading the row), pushing each problem (a code and a
 * sentence naming the column) into `problems`: the date is a real day; the components add up to the total within $1
 * (B and C vouchers, whose components are all zero, only carry a total); amounts are never negative. Answers the
 * fields (meaningful only when no problem was pushed), the warnings (imported, but worth a look) and the rate review
 * (the VAT lines keep the stated VAT, but their rates are to be checked: see vat-lines.ts).
 */
export function readVoucher(cell: CellOf, layout: Layout, problems: RowReason[]): { fields: VoucherFields; warnings: RowReason[]; review: RateReview | null } {
  const amount = (column: Column, label: string): number => {
    const value = centsOf(cell(column), layout.decimalComma);
    if (value instanceof Error) {
      problems.push(reason('BAD_AMOUNT', `${label}: ${value.message}`));
      return 0;
    }
    return value ?? 0;
  };

  const day = dayOf(cell('date'));
  if (!day) problems.push(reason('BAD_DATE', `issue date: impossible or unreadable date ${JSON.stringify(cell('date') ?? '')}`));
  const code = voucherCodeOf(cell('type'));
  if (code === null) problems.push(reason('BAD_VOUCHER_TYPE', `voucher type: not a voucher code ${JSON.stringify(cell('type') ?? '')}`));
  const salePoint = wholeOf(cell('salePoint'), 99999);
  if (salePoint === null) problems.push(reason('BAD_SALE_POINT', `point of sale: not a number ${JSON.stringify(cell('salePoint') ?? '')}`));
  const number = wholeOf(cell('numberFrom'), 999999999);
  if (number === null) problems.push(reason('BAD_NUMBER', `voucher number: not a number ${JSON.stringify(cell('numberFrom') ?? '')}`));
  const currency = currencyOf(cell('currency'));
  if (!currency) problems.push(reason('BAD_CURRENCY', `currency: unknown ${JSON.stringify(cell('currency') ?? '')}`));
  let exchangeRate = 1;
  if (layout.columns.exchangeRate !== undefined) {
    const rate = decimalOf(cell('exchangeRate'), layout.decimalComma);
    if (rate instanceof Error) problems.push(reason('BAD_EXCHANGE_RATE', `exchange rate: ${rate.message}`));
    else exchangeRate = rate;
  }
  const total = amount('total', 'total');
  const netTaxed = amount('netTaxed', 'net taxed');
  const netUntaxed = amount('netUntaxed', 'net untaxed');
  const exempt = amount('exempt', 'exempt');
  const otherTaxes = amount('otherTaxes', 'other taxes');
  const vat = amount('vat', 'VAT');
  const perRate: VoucherFields['vat_items'] = [];
  if (layout.name === 'G3')
    for (const aliquot of RATES) {
      const base = amount(`base:${aliquot}`, `net taxed at ${aliquot}%`);
      const tax = aliquot === 0 ? 0 : amount(`vat:${aliquot}`, `VAT ${aliquot}%`);
      if (base || tax) perRate.push({ aliquot, base_cents: base, amount_cents: tax });
    }
  const components = netTaxed + netUntaxed + exempt + otherTaxes + vat;
  // B and C vouchers carry only the total (optionally other taxes): their components say nothing to add up.
  const onlyTotal = netTaxed === 0 && netUntaxed === 0 && exempt === 0 && vat === 0;
  const gap = onlyTotal ? 0 : total - components;
  const sums = `the components add up to ${(components / 100).toFixed(2)}, not to the total ${(total / 100).toFixed(2)}`;
  // Components above the total cannot be right; a total above them is usually perceptions the export left out of
  // Otros Tributos (seen in real files): imported as it says, reported for review.
  if (gap < -AMOUNTS_TOLERANCE_CENTS) problems.push(reason('AMOUNTS_ABOVE_TOTAL', `amounts: ${sums}`));
  const warnings =
    gap > AMOUNTS_TOLERANCE_CENTS ? [reason('TOTAL_ABOVE_AMOUNTS', `amounts: ${sums} (perceptions not listed in Otros Tributos?): imported, review it`)] : [];
  const vatLines = layout.name === 'G3' ? vatFromRateColumns(perRate, netTaxed, vat) : vatFromTotals(netTaxed, vat);
  const cae = (cell('cae') ?? '').trim();
  return {
    fields: {
      // The stored document's id, first (where MongoDB keeps it, so the store takes the document as sent), given
      // here so that the import completes this object in place instead of copying it.
      _id: new ObjectId(),
      voucher_type: code ?? 0,
      voucher_class: code === null ? 'other' : voucherClassOf(code),
      sale_point: salePoint ?? 0,
      voucher_number: number ?? 0,
      // Excel turns a 14-digit code into 7,50154E+13: a damaged code is no code.
      cae: /^\d{1,20}$/.test(cae) ? cae : null,
      issue_date: day ? dayStart(day) : new Date(0),
      currency: currency ?? '',
      exchange_rate: exchangeRate,
      total_amount_cents: total,
      net_taxed_cents: netTaxed,
      net_untaxed_cents: netUntaxed,
      exempt_cents: exempt,
      iva_cents: vat,
      other_taxes_cents: otherTaxes,
      vat_items: vatLines.lines,
    },
    warnings,
    review: vatLines.review,
  };
}

/**
 * The last number of a row that lists a range of vouchers (`Número Hasta`; grouped B vouchers), or null when the row
 * lists one voucher (empty, or equal to its first number). A last number below the first, or not a number, cannot be
 * a range ARCA authorised: the row is refused (BAD_NUMBER_TO), in both directions' imports.
 */
export function readNumberTo(cell: CellOf, first: number, problems: RowReason[]): number | null {
  const text = (cell('numberTo') ?? '').trim();
  if (text === '') return null;
  const last = wholeOf(text, 999999999);
  if (last === null || last < first) {
    problems.push(reason('BAD_NUMBER_TO', `voucher number to: ${JSON.stringify(text)} is not a number from ${first} on`));
    return null;
  }
  return last > first ? last : null;
}
