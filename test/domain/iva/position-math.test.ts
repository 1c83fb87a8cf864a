import { positionFigures, positionOf } from '../../../src/domain/iva/position-math';

/** The monthly VAT position (Ley de IVA arts. 11–12, 24), figures in centavos worked by hand. */
const none = { perceptionsCents: 0, withholdingsCents: 0, previousTechnicalFavorCents: 0, previousFreeBalanceCents: 0 };

describe('positionOf', () => {
  it('débito above crédito: tax to pay after payments on account', () => {
    expect(
      positionOf({ ...none, debitCents: 10_000, creditCents: 3_000, perceptionsCents: 500, withholdingsCents: 700, previousFreeBalanceCents: 300 }),
    ).toEqual({
      technicalBalanceCents: 7_000,
      appliedTechnicalFavorCents: 0,
      determinedTaxCents: 7_000,
      newTechnicalFavorCents: 0,
      paymentsOnAccountCents: 1_500,
      balanceCents: 5_500,
      toPayCents: 5_500,
      newFreeBalanceCents: 0,
    });
  });

  it('crédito above débito: a saldo técnico a favor carried, the previous one kept whole', () => {
    expect(positionOf({ ...none, debitCents: 1_000, creditCents: 4_000, previousTechnicalFavorCents: 2_000 })).toEqual({
      technicalBalanceCents: -3_000,
      appliedTechnicalFavorCents: 0,
      determinedTaxCents: 0,
      newTechnicalFavorCents: 5_000,
      paymentsOnAccountCents: 0,
      balanceCents: 0,
      toPayCents: 0,
      newFreeBalanceCents: 0,
    });
  });

  it('the previous saldo técnico a favor absorbs at most the saldo técnico; what is left carries on', () => {
    const partly = positionOf({ ...none, debitCents: 5_000, creditCents: 2_000, previousTechnicalFavorCents: 1_000 });
    expect([partly.appliedTechnicalFavorCents, partly.determinedTaxCents, partly.newTechnicalFavorCents]).toEqual([1_000, 2_000, 0]);
    const wholly = positionOf({ ...none, debitCents: 5_000, creditCents: 2_000, previousTechnicalFavorCents: 4_500 });
    expect([wholly.appliedTechnicalFavorCents, wholly.determinedTaxCents, wholly.newTechnicalFavorCents]).toEqual([3_000, 0, 1_500]);
  });

  it('payments on account above the tax: a new saldo de libre disponibilidad, nothing to pay', () => {
    const result = positionOf({ ...none, debitCents: 2_000, creditCents: 1_000, withholdingsCents: 1_600 });
    expect([result.balanceCents, result.toPayCents, result.newFreeBalanceCents]).toEqual([-600, 0, 600]);
    const even = positionOf({ ...none, debitCents: 2_000, creditCents: 1_000, withholdingsCents: 1_000 });
    expect([even.balanceCents, even.toPayCents, even.newFreeBalanceCents]).toEqual([0, 0, 0]);
  });
});

describe('positionFigures', () => {
  const books = { salesVatCents: 21_000, purchasesCreditCents: 8_400, perceptionsCents: 300 };

  it('débito is the sales book VAT, crédito the purchases book computable credit (Ley de IVA arts. 11–12)', () => {
    expect(positionFigures({ ...books, previous: null })).toEqual({
      debitCents: 21_000,
      creditCents: 8_400,
      perceptionsCents: 300,
      withholdingsCents: 0,
      previousTechnicalFavorCents: 0,
      previousFreeBalanceCents: 0,
    });
  });

  it("the previous month's new saldo técnico a favor and saldo de libre disponibilidad carry (Ley de IVA art. 24)", () => {
    const figures = positionFigures({ ...books, previous: { newTechnicalFavorCents: 1_500, newFreeBalanceCents: 700 } });
    expect([figures.previousTechnicalFavorCents, figures.previousFreeBalanceCents]).toEqual([1_500, 700]);
  });

  it('withholdings given now, else the ones last given for the month, else none; zero given is zero', () => {
    expect(positionFigures({ ...books, previous: null, withholdingsGivenCents: 250, withholdingsStoredCents: 900 }).withholdingsCents).toBe(250);
    expect(positionFigures({ ...books, previous: null, withholdingsGivenCents: 0, withholdingsStoredCents: 900 }).withholdingsCents).toBe(0);
    expect(positionFigures({ ...books, previous: null, withholdingsStoredCents: 900 }).withholdingsCents).toBe(900);
  });
});
