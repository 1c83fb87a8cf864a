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

/** What a month's position is made of, as its books and the months before leave them. */
export interface PositionSources {
  /** The sales book's VAT in pesos, credit notes subtracted. */
  salesVatCents: number;
  /** The purchases book's computable credit in pesos (the VAT, or its pro-rata share), credit notes subtracted. */
  purchasesCreditCents: number;
  /** The VAT perceptions suffered: the purchases book's only (a sale's perception is the buyer's credit, not ours). */
  perceptionsCents: number;
  /** The withholdings suffered as given now, as last given for the month, or neither. */
  withholdingsGivenCents?: number;
  withholdingsStoredCents?: number;
  /** The previous month's calculated position, when there is one. */
  previous: { newTechnicalFavorCents: number; newFreeBalanceCents: number } | null;
}

/**
 * The figures of the month (Ley de IVA arts. 11–12: débito from the sales, crédito from the purchases; art. 24: the
 * previous month's saldo técnico a favor and saldo de libre disponibilidad carry to this one). A month whose previous
 * month was never calculated carries nothing; withholdings not given again keep the ones last given.
 */
export function positionFigures(sources: PositionSources): PositionFigures {
  return {
    debitCents: sources.salesVatCents,
    creditCents: sources.purchasesCreditCents,
    perceptionsCents: sources.perceptionsCents,
    withholdingsCents: sources.withholdingsGivenCents ?? sources.withholdingsStoredCents ?? 0,
    previousTechnicalFavorCents: sources.previous?.newTechnicalFavorCents ?? 0,
    previousFreeBalanceCents: sources.previous?.newFreeBalanceCents ?? 0,
  };
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
