import { vatAt } from './values';

/**
 * The VAT lines of a voucher (one per rate: taxed base and VAT), read from an export row so that no VAT credit is
 * dropped: a row whose VAT is not what its columns explain keeps its stated VAT in its lines and is marked for review.
 *
 * Rates: Ley de IVA (t.o. 1997, Decreto 280/97) art. 28 — 21 % (first paragraph), raised to 27 % for the gas,
 * electricity, water and other services it lists when sold to registered taxpayers (second paragraph), and 50 % of
 * the first paragraph's, 10.5 %, for the goods and services it lists (fourth paragraph on). 2.5 % and 5 % (WSFEv1
 * FEParamGetTiposIva codes 9 and 8): the rates Ley 26.982 added to art. 28 for the sales, rentals and imports of
 * newspapers, magazines and periodicals by publishers, and their advertising space, by the publisher's twelve-month
 * turnover (2.5 % up to the first bracket, 5 % up to the second). 0 % (code 3) has a base and no VAT.
 */
export const LEGAL_RATES = [2.5, 5, 10.5, 21, 27] as const;

/**
 * How far a line's VAT may be from its base × rate, rounded half up to the centavo: one centavo either way. Every
 * voucher in the export was authorised by WSFEv1, which refuses a rate line whose VAT does not follow its rate
 * (observation 10051, "Los importes informados en AlicIVA no se corresponden con los porcentajes"); the service's
 * published manual states no tolerance, so the narrowest one that absorbs the issuer's own rounding (line by line
 * instead of on the base) is taken.
 */
export const TOLERANCE_CENTS = 1;

/** Rounding the export itself leaves between a voucher's components and its total (at most $0,55 seen in real files). */
export const AMOUNTS_TOLERANCE_CENTS = 100;

export interface VatLine {
  aliquot: number;
  base_cents: number;
  amount_cents: number;
}

/** Why a row's VAT is marked "rate to review" (the stable codes the import reports). */
export type RateReviewCode = 'VAT_RATE_AMBIGUOUS' | 'VAT_RATES_MIXED' | 'VAT_RATE_UNKNOWN' | 'VAT_LINE_OFF' | 'VAT_LINES_DONT_ADD_UP';

export interface RateReview {
  code: RateReviewCode;
  message: string;
}

export interface VatReading {
  lines: VatLine[];
  /** Null when the lines explain the VAT; else why the rate is to be reviewed (the stated VAT is in the lines). */
  review: RateReview | null;
}

const pesos = (cents: number) => (cents / 100).toFixed(2);

/** Whether a line's VAT is its base at its rate within the tolerance (a 0 % line has no VAT at all). */
export function lineFollowsRate(line: VatLine): boolean {
  if (line.aliquot === 0) return line.amount_cents === 0;
  return Math.abs(line.amount_cents - vatAt(line.base_cents, line.aliquot)) <= TOLERANCE_CENTS;
}

/** The legal rate whose VAT on the base is nearest the stated VAT (the lower rate on a tie). */
function nearestRate(base: number, vat: number): number {
  let best: number = LEGAL_RATES[0];
  for (const rate of LEGAL_RATES) if (Math.abs(vatAt(base, rate) - vat) < Math.abs(vatAt(base, best) - vat)) best = rate;
  return best;
}

/**
 * The lines of a row that gives only totals (G1, G2, or a G3 row whose per-rate cells are empty): no VAT, no line (B
 * and C vouchers, exempt); a base without VAT, one 0 % line; otherwise the one legal rate whose VAT on the net is the
 * stated VAT within the tolerance. A mix of rates cannot be split from totals: every VAT strictly between two rates'
 * VAT on the net is explained by that pair and by every wider pair (2.5 % + 27 % among them), so no combination is ever
 * the only one (the unit suite checks it exhaustively on small amounts). Such a row, like one whose VAT no rate
 * explains, keeps its stated VAT on one line at the nearest rate, marked for review.
 */
export function vatFromTotals(net: number, vat: number): VatReading {
  if (vat === 0) return { lines: net === 0 ? [] : [{ aliquot: 0, base_cents: net, amount_cents: 0 }], review: null };
  const matching = LEGAL_RATES.filter((rate) => lineFollowsRate({ aliquot: rate, base_cents: net, amount_cents: vat }));
  const provisional = [{ aliquot: matching.length ? matching[0] : nearestRate(net, vat), base_cents: net, amount_cents: vat }];
  if (matching.length === 1) return { lines: provisional, review: null };
  const stated = `VAT ${pesos(vat)} on a net taxed of ${pesos(net)}`;
  if (matching.length)
    return {
      lines: provisional,
      review: { code: 'VAT_RATE_AMBIGUOUS', message: `${stated} is ${matching.join(' % or ')} % within ±0.01: the rate cannot be told` },
    };
  const lowest = vatAt(net, LEGAL_RATES[0]);
  const highest = vatAt(net, LEGAL_RATES[LEGAL_RATES.length - 1]);
  if (vat > lowest && vat < highest)
    return {
      lines: provisional,
      review: { code: 'VAT_RATES_MIXED', message: `${stated} is no single rate: several rates mixed, which the export's totals cannot split` },
    };
  return {
    lines: provisional,
    review: { code: 'VAT_RATE_UNKNOWN', message: `${stated} is outside what the legal rates (2.5 % to 27 %) give` },
  };
}

/**
 * The lines of a row with per-rate columns (G3), as the export states them, checked: each line's VAT follows its rate
 * within the tolerance, and the lines add up to the row's net taxed and VAT totals. A row whose per-rate cells are all
 * empty is read from its totals.
 */
export function vatFromRateColumns(lines: VatLine[], net: number, vat: number): VatReading {
  if (!lines.length) return vatFromTotals(net, vat);
  const off = lines.find((line) => !lineFollowsRate(line));
  if (off)
    return {
      lines,
      review: {
        code: 'VAT_LINE_OFF',
        message: `VAT ${off.aliquot} %: ${pesos(off.amount_cents)} is not ${off.aliquot} % of ${pesos(off.base_cents)} (${pesos(vatAt(off.base_cents, off.aliquot))}) within ±0.01`,
      },
    };
  const problem = linesTotalsProblem(lines, net, vat);
  return { lines, review: problem ? { code: 'VAT_LINES_DONT_ADD_UP', message: problem } : null };
}

/** Why lines do not add up to the net taxed and VAT totals, or null when they do. */
export function linesTotalsProblem(lines: VatLine[], net: number, vat: number): string | null {
  const bases = lines.reduce((sum, line) => sum + line.base_cents, 0);
  const amounts = lines.reduce((sum, line) => sum + line.amount_cents, 0);
  if (bases !== net) return `the rate lines' bases add up to ${pesos(bases)}, not to the net taxed ${pesos(net)}`;
  if (amounts !== vat) return `the rate lines' VAT adds up to ${pesos(amounts)}, not to the VAT ${pesos(vat)}`;
  return null;
}

/**
 * The problems of VAT lines a user sets to resolve a review, as `[line index or null, message]`: each rate legal (or
 * 0 %) and given once, each VAT its base at its rate within the tolerance, the lines adding up to the voucher's totals.
 */
export function vatLineProblems(lines: VatLine[], net: number, vat: number): Array<[number | null, string]> {
  const problems: Array<[number | null, string]> = [];
  const seen = new Set<number>();
  lines.forEach((line, index) => {
    if (line.aliquot !== 0 && !(LEGAL_RATES as readonly number[]).includes(line.aliquot))
      problems.push([index, `${line.aliquot} % is not a VAT rate (0, ${LEGAL_RATES.join(', ')})`]);
    else if (seen.has(line.aliquot)) problems.push([index, `${line.aliquot} % is given twice: one line per rate`]);
    else if (!lineFollowsRate(line))
      problems.push([
        index,
        `VAT ${pesos(line.amount_cents)} is not ${line.aliquot} % of ${pesos(line.base_cents)} (${pesos(vatAt(line.base_cents, line.aliquot))}) within ±0.01`,
      ]);
    seen.add(line.aliquot);
  });
  const totals = linesTotalsProblem(lines, net, vat);
  if (totals) problems.push([null, totals]);
  return problems;
}

/** How a voucher's net splits: taxed (the VAT lines' bases), not taxed, exempt. */
export interface NetSplit {
  net_taxed_cents: number;
  net_untaxed_cents: number;
  exempt_cents: number;
}

/** What bounds a restated split: the amounts ARCA registered with the voucher, which a review never changes. */
export interface Registered {
  total_amount_cents: number;
  iva_cents: number;
  other_taxes_cents: number;
}

/**
 * Why a restated net split cannot be the voucher's, or null. A review may restate the split when the export put taxed
 * net among the untaxed or exempt amounts, or left it out (a VAT no rate explains on the stated net taxed, or VAT with
 * no net taxed at all): the VAT, the other taxes and the total stay what ARCA registered, and the restated components
 * are bound by the total as an imported row's are (never above it by more than the export's rounding).
 */
export function restatedSplitProblem(split: NetSplit, voucher: Registered): string | null {
  const components = split.net_taxed_cents + split.net_untaxed_cents + split.exempt_cents + voucher.iva_cents + voucher.other_taxes_cents;
  if (components - voucher.total_amount_cents > AMOUNTS_TOLERANCE_CENTS)
    return `net taxed ${pesos(split.net_taxed_cents)}, untaxed ${pesos(split.net_untaxed_cents)} and exempt ${pesos(split.exempt_cents)} with the VAT and other taxes add up to ${pesos(components)}, above the voucher's total ${pesos(voucher.total_amount_cents)}`;
  return null;
}
