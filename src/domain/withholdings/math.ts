import type { GananciasCondition } from '../../store/withholdings.store';
import { toCents } from '../money';
import { type Regime, SCALE, type Scale } from './table';

/** `percent` % of `cents`, rounded to the centavo half away from zero, exactly (percent has at most 2 decimals). */
export function percentOf(cents: number, percent: number): number {
  const hundredths = BigInt(toCents(percent) ?? 0);
  const product = BigInt(cents) * hundredths;
  const sign = product < 0n ? -1n : 1n;
  const magnitude = product < 0n ? -product : product;
  return Number(sign * ((magnitude + 5_000n) / 10_000n));
}

/** An Anexo VIII scale on a month's taxable amount: the bracket's fixed amount plus its percent of the excess. */
export function scaleOf(taxableCents: number, scale: Scale = SCALE): number {
  const [over, fixed, percent] = [...scale].reverse().find(([from]) => taxableCents > from) ?? scale[0];
  return fixed + percentOf(Math.max(taxableCents - over, 0), percent);
}

export interface GananciasStep {
  accumulatedBaseCents: number;
  nonTaxableCents: number;
  taxableCents: number;
  rate: number | null;
  scaleApplied: boolean;
  computedTotalCents: number;
  previouslyWithheldCents: number;
  amountCents: number;
  belowMinimum: boolean;
}

/**
 * RG 830 for one payment: the month's bases of the supplier and regime so far plus this one, less the MNSR (inscriptos
 * only), times the rate or through the scale (no inscriptos: their flat rate on the whole base), less any exclusion
 * percent and what was already withheld this month; under the minimum nothing is withheld now (the base still
 * accumulates, so a later payment of the month may withhold it).
 */
export function gananciasStep(
  regime: Regime,
  condition: GananciasCondition,
  input: { baseCents: number; previousBaseCents: number; previouslyWithheldCents: number; exclusionPercent: number },
): GananciasStep {
  const accumulatedBaseCents = input.previousBaseCents + input.baseCents;
  const registered = condition === 'inscripto';
  const nonTaxableCents = registered ? Math.min(regime.nonTaxableCents, Math.max(accumulatedBaseCents, 0)) : 0;
  const taxableCents = Math.max(accumulatedBaseCents - nonTaxableCents, 0);
  const scaleApplied = registered && regime.usesScale;
  const rate = scaleApplied ? null : registered ? regime.rateRegistered : regime.rateUnregistered;
  const gross = scaleApplied ? scaleOf(taxableCents, regime.scale ?? undefined) : percentOf(taxableCents, rate ?? 0);
  const computedTotalCents = gross - percentOf(gross, input.exclusionPercent);
  const due = computedTotalCents - input.previouslyWithheldCents;
  const minimum = !registered && regime.minimumUnregisteredCents !== null ? regime.minimumUnregisteredCents : regime.minimumCents;
  const belowMinimum = due > 0 && due < minimum;
  return {
    accumulatedBaseCents,
    nonTaxableCents,
    taxableCents,
    rate,
    scaleApplied,
    computedTotalCents,
    previouslyWithheldCents: input.previouslyWithheldCents,
    amountCents: due > 0 && !belowMinimum ? due : 0,
    belowMinimum,
  };
}

/** A flat rate on this payment's base alone (IVA: of its VAT; IIBB: of its net), nothing under the minimum. */
export function flatStep(baseCents: number, rate: number, minimumCents: number, exclusionPercent: number): GananciasStep {
  const gross = percentOf(baseCents, rate);
  const computedTotalCents = gross - percentOf(gross, exclusionPercent);
  const belowMinimum = computedTotalCents > 0 && computedTotalCents < minimumCents;
  return {
    accumulatedBaseCents: baseCents,
    nonTaxableCents: 0,
    taxableCents: baseCents,
    rate,
    scaleApplied: false,
    computedTotalCents,
    previouslyWithheldCents: 0,
    amountCents: belowMinimum ? 0 : Math.max(computedTotalCents, 0),
    belowMinimum,
  };
}

/** One line's share of a payment: what it withholds now and what is left for the supplier's next payment. */
export interface CappedShare {
  withheldCents: number;
  pendingCents: number;
}

/**
 * A payment's withholdings never exceed what it pays: each line in turn takes what it owes now (this payment's
 * amount plus what earlier payments to the supplier left pending under the regime) out of what the payment still
 * has after the lines before it; what does not fit stays pending, so the net paid is never negative.
 */
export function capAtPayment(paidCents: number, owedCents: readonly number[]): CappedShare[] {
  let left = paidCents;
  return owedCents.map((owed) => {
    const withheldCents = Math.min(owed, left);
    left -= withheldCents;
    return { withheldCents, pendingCents: owed - withheldCents };
  });
}
