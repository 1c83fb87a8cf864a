/**
 * The month's VAT position from its figures (Ley de IVA arts. 11–12 débito and crédito fiscal, art. 24 saldos a
 * favor): saldo técnico = débito − crédito; a previous saldo técnico a favor absorbs only a positive saldo técnico
 * (it is not transferable); then retenciones, percepciones and the previous saldo de libre disponibilidad are
 * payments on account; what remains is to pay, or a new saldo de libre disponibilidad.
 */
export interface PositionFigures {
  debitCents: number;
  creditCents: number;
  perceptionsCents: number;
  withholdingsCents: number;
  previousTechnicalFavorCents: number;
  previousFreeBalanceCents: number;
}

export interface PositionResult {
  technicalBalanceCents: number;
  appliedTechnicalFavorCents: number;
  determinedTaxCents: number;
  newTechnicalFavorCents: number;
  paymentsOnAccountCents: number;
  /** > 0 to pay; < 0 a new saldo de libre disponibilidad (its magnitude). */
  balanceCents: number;
  toPayCents: number;
  newFreeBalanceCents: number;
}

export function positionOf(figures: PositionFigures): PositionResult {
  const technicalBalanceCents = figures.debitCents - figures.creditCents;
  const owed = Math.max(technicalBalanceCents, 0);
  const appliedTechnicalFavorCents = Math.min(owed, figures.previousTechnicalFavorCents);
  const determinedTaxCents = owed - appliedTechnicalFavorCents;
  const newTechnicalFavorCents = Math.max(-technicalBalanceCents, 0) + (figures.previousTechnicalFavorCents - appliedTechnicalFavorCents);
  const paymentsOnAccountCents = figures.withholdingsCents + figures.perceptionsCents + figures.previousFreeBalanceCents;
  const balanceCents = determinedTaxCents - paymentsOnAccountCents;
  return {
    technicalBalanceCents,
    appliedTechnicalFavorCents,
    determinedTaxCents,
    newTechnicalFavorCents,
    paymentsOnAccountCents,
    balanceCents,
    toPayCents: Math.max(balanceCents, 0),
    newFreeBalanceCents: Math.max(-balanceCents, 0),
  };
}
