import type { Jurisdiction, WithholdingTax } from '../../store/withholdings.store';
import type { GananciasStep } from './math';
import { capAtPayment } from './math';

/** One regime's result for a payment before the cap. */
export interface RegimeStep extends GananciasStep {
  tax: WithholdingTax;
  regimeCode: string;
  regimeDescription: string;
  sicoreCode: string | null;
  jurisdiction: Jurisdiction | null;
  baseCents: number;
  exclusionPercent: number;
}

/** One regime's result for a payment. */
export interface WithholdingLine extends RegimeStep {
  /** What the regime determined for this payment, before the cap (`amountCents` is what is withheld). */
  assessedCents: number;
  /** Left pending by earlier payments to the supplier under the regime, owed with this one. */
  carriedInCents: number;
  /** What does not fit in this payment: owed with the supplier's next one. */
  pendingCents: number;
}

/** What a supplier's earlier payments left pending under one regime. */
export interface OpenPending {
  regimeCode: string;
  tax: WithholdingTax;
  regimeDescription: string;
  sicoreCode: string | null;
  jurisdiction: Jurisdiction | null;
  pendingCents: number;
}

/** A line that only carries an earlier pending amount: this payment determines nothing under its regime. */
const NOTHING_NOW = {
  accumulatedBaseCents: 0,
  nonTaxableCents: 0,
  taxableCents: 0,
  rate: null,
  scaleApplied: false,
  computedTotalCents: 0,
  previouslyWithheldCents: 0,
  amountCents: 0,
  belowMinimum: false,
  baseCents: 0,
  exclusionPercent: 0,
};

/**
 * Caps a payment's withholdings at what it pays and carries the rest. What earlier payments to the supplier left
 * pending is owed with this one: added to the line of its regime, or a line of its own when the payment does not
 * name the regime. The lines then withhold in turn out of the amount paid (capAtPayment); what does not fit stays
 * pending for the supplier's next payment, so the net paid out is never negative.
 */
export function carryAndCap(steps: readonly RegimeStep[], open: readonly OpenPending[], paidCents: number): WithholdingLine[] {
  const all: RegimeStep[] = [...steps];
  for (const row of open)
    if (!steps.some((step) => step.regimeCode === row.regimeCode))
      all.push({
        ...NOTHING_NOW,
        tax: row.tax,
        regimeCode: row.regimeCode,
        regimeDescription: row.regimeDescription,
        sicoreCode: row.sicoreCode,
        jurisdiction: row.jurisdiction,
      });
  const carriedIn = all.map((step) => open.find((row) => row.regimeCode === step.regimeCode)?.pendingCents ?? 0);
  const shares = capAtPayment(
    paidCents,
    all.map((step, index) => step.amountCents + carriedIn[index]),
  );
  return all.map((step, index) => ({
    ...step,
    assessedCents: step.amountCents,
    carriedInCents: carriedIn[index],
    amountCents: shares[index].withheldCents,
    pendingCents: shares[index].pendingCents,
  }));
}

/**
 * What the supplier owes after this payment, per regime: a row for each line that leaves something pending or took
 * an earlier pending (which then comes back to what is left: zero once withheld); lines that neither leave nor take
 * anything change nothing.
 */
export function pendingAfter(lines: readonly WithholdingLine[]): OpenPending[] {
  return lines
    .filter((line) => line.pendingCents > 0 || line.carriedInCents > 0)
    .map((line) => ({
      regimeCode: line.regimeCode,
      tax: line.tax,
      regimeDescription: line.regimeDescription,
      sicoreCode: line.sicoreCode,
      jurisdiction: line.jurisdiction,
      pendingCents: line.pendingCents,
    }));
}
