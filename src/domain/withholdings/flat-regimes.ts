import type { IibbDesignation } from '../../store/withholdings.store';
import type { Regime } from './table';
import { iibbRate } from './payment-rules';

/** The terms of a regime withheld at a flat rate on this payment alone (IVA, IIBB): the base, the rate, the minimum. */
export interface FlatTerms {
  baseCents: number;
  /** Null when no IIBB rate is known (the caller refuses: the padrón rate is needed). */
  rate: number | null;
  minimumCents: number;
}

/**
 * IVA (RG 2854, minimum of RG 3887/2016): the régimen's percentage of the VAT of the invoices paid, nothing when it
 * comes to $400 or less (the régimen's own minimum). IIBB (ARBA / AGIP padrón regimes): the padrón rate on the net of
 * VAT (iibbRate), nothing under the minimum of the account's designation (the jurisdiction's, not the régimen's).
 */
export function flatTerms(
  regime: Pick<Regime, 'tax' | 'rateRegistered' | 'minimumCents'>,
  payment: { netCents: number; vatCents: number; iibbRate: number | null | undefined },
  designation: Pick<IibbDesignation, 'withholding_rate' | 'minimum_cents'> | null,
): FlatTerms {
  if (regime.tax === 'iva') return { baseCents: payment.vatCents, rate: regime.rateRegistered ?? 0, minimumCents: regime.minimumCents };
  return {
    baseCents: payment.netCents,
    rate: iibbRate(payment.iibbRate, designation?.withholding_rate, regime.rateRegistered),
    minimumCents: designation?.minimum_cents ?? 0,
  };
}
