import type { SupplierFields } from '../../store/suppliers.store';
import type { GananciasCondition, Jurisdiction } from '../../store/withholdings.store';
import { normalizeCuit } from '../cuit';

/**
 * The rules a payment's withholdings start from, apart from the store: whose CUIT, which Ganancias condition, the
 * period, the base, the IIBB jurisdiction and rate.
 */

/** The supplier's CUIT: its tax id, else the fiscal document number, when either is a valid CUIT (check digit). */
export const supplierCuit = (supplier: Pick<SupplierFields, 'tax_id' | 'fiscal_info'>): string | null =>
  cuitIn(supplier.tax_id) ?? cuitIn(supplier.fiscal_info?.numero_documento);

const cuitIn = (text: string | undefined): string | null => (text ? normalizeCuit(text) : null);

/**
 * The Ganancias condition of the payment: the one the caller states, else inscripto when the supplier has a valid
 * CUIT and no inscripto when it has none. RG 830 (considerandos; Anexo VIII notes) gives no inscriptos their own rates
 * on the whole base, without the MNSR; a supplier who cannot show a CUIT cannot show a registration, so it gets those.
 * Taking a CUIT alone as proof of registration in Ganancias is the service's default, flagged for review: the condition
 * can be stated on each payment (`condition`).
 */
export function gananciasCondition(stated: GananciasCondition | null | undefined, cuit: string | null): GananciasCondition {
  if (stated) return stated;
  return cuit ? 'inscripto' : 'no_inscripto';
}

/** RG 830 accumulates per calendar month (the MNSR is a monthly amount): a payment's period is its date's month. */
export const paymentPeriod = (date: string): string => date.slice(0, 7);

/**
 * The payment's base for Ganancias and IIBB: the amount paid less the VAT discriminated on the invoices paid and
 * other taxes (RG 830, amount subject to withholding net of VAT when discriminated; IIBB padrón regimes take the net
 * of VAT). IVA withholdings (RG 2854) take the VAT itself.
 */
export function netBase(amountCents: number, vatCents: number | null | undefined, otherTaxesCents: number | null | undefined): number {
  return amountCents - (vatCents ?? 0) - (otherTaxesCents ?? 0);
}

/** VAT and other taxes are part of what is paid: together they never exceed it (else the base would be negative). */
export function taxesFitInPayment(amountCents: number, vatCents: number | null | undefined, otherTaxesCents: number | null | undefined): boolean {
  return (vatCents ?? 0) + (otherTaxesCents ?? 0) <= amountCents;
}

/** The IIBB jurisdiction of a régimen code `IIBB-<jurisdiction>`; other taxes have none. */
export function iibbJurisdiction(tax: string, regimeCode: string): Jurisdiction | null {
  return tax === 'iibb' ? (regimeCode.replace(/^IIBB-/, '') as Jurisdiction) : null;
}

/**
 * The IIBB withholding rate: the supplier's padrón rate given with the payment (ARBA / AGIP publish one per CUIT), else
 * the default rate of the account's designation, else the régimen's own; null when none is known (the caller refuses).
 */
export function iibbRate(paymentRate: number | null | undefined, designationRate: number | null | undefined, regimeRate: number | null): number | null {
  return paymentRate ?? designationRate ?? regimeRate;
}
