import type { IibbDesignation, Jurisdiction, PerceptionDocument } from '../../store/withholdings.store';
import { ValidationError } from '../errors';
import { percentOf } from './math';

/** RG 2408 general rates by the VAT rate of the sale's net: 3 % on 21 %, 1,5 % on 10,5 %; nothing under $60. */
export const RG_2408_RATES: Readonly<Record<string, number>> = { '21': 3, '10.5': 1.5 };
export const RG_2408_MINIMUM_CENTS = 60_00;

/**
 * RG 2408 on a sale: each VAT rate's net at its general rate (3 % or 1,5 %), or at `rate` for every line when given
 * (the higher rates of non-compliant buyers); a net at a VAT rate without a general one needs `rate` (400 naming it).
 */
export function ivaPerceptionLines(netByRate: ReadonlyArray<{ rate: number; base: number }>, rate: number | null): PerceptionDocument['lines'] {
  if (!netByRate.length) throw new ValidationError('netByRate is required for IVA', [{ path: 'netByRate', message: 'the net per VAT rate' }]);
  return netByRate.map((line, index) => {
    const applied = rate ?? RG_2408_RATES[String(line.rate)];
    if (applied === undefined)
      throw new ValidationError(`no general RG 2408 rate for VAT ${line.rate} %: give rate`, [{ path: `netByRate.${index}.rate`, message: 'give rate' }]);
    return { vat_rate: line.rate, base_cents: line.base, rate: applied, amount_cents: percentOf(line.base, applied) };
  });
}

/** A perception's total: nothing when it comes under the minimum. */
export function perceptionTotal(lines: PerceptionDocument['lines'], minimumCents: number): { computed: number; amount: number; belowMinimum: boolean } {
  const computed = lines.reduce((sum, line) => sum + line.amount_cents, 0);
  const belowMinimum = computed > 0 && computed < minimumCents;
  return { computed, amount: belowMinimum ? 0 : computed, belowMinimum };
}

/**
 * IIBB on a sale: the customer's padrón rate (ARBA / AGIP publish one per CUIT) given with the sale, else the default
 * perception rate of the account's designation, on the net; nothing under the designation's minimum. No net, or no
 * rate known, is a 400 naming the field.
 */
export function iibbPerception(
  netCents: number | null | undefined,
  rate: number | null | undefined,
  designation: Pick<IibbDesignation, 'perception_rate' | 'minimum_cents'> | null,
  jurisdiction: Jurisdiction | null,
): { lines: PerceptionDocument['lines']; minimumCents: number } {
  if (netCents === null || netCents === undefined)
    throw new ValidationError('netAmount is required for IIBB', [{ path: 'netAmount', message: 'the net of the sale' }]);
  const applied = rate ?? designation?.perception_rate;
  if (applied === null || applied === undefined)
    throw new ValidationError(`rate is required: no default ${jurisdiction} perception rate is set`, [{ path: 'rate', message: 'required (the padrón rate)' }]);
  return {
    lines: [{ vat_rate: null, base_cents: netCents, rate: applied, amount_cents: percentOf(netCents, applied) }],
    minimumCents: designation?.minimum_cents ?? 0,
  };
}

/** The regime a perception is stored and declared under: one per voucher and regime. */
export const perceptionRegimeCode = (tax: 'iva' | 'iibb', jurisdiction: Jurisdiction | null): string =>
  tax === 'iva' ? 'IVA-RG2408' : `IIBB-${jurisdiction}-P`;

/**
 * The perception's single rate: the one given (which every line took, 0 % included), or the one of its only line; none
 * for lines at their own general rates.
 */
export const perceptionRate = (lines: PerceptionDocument['lines'], given: number | null | undefined): number | null =>
  given ?? (lines.length === 1 ? lines[0].rate : null);
