import {
  gananciasCondition,
  iibbJurisdiction,
  iibbRate,
  netBase,
  paymentPeriod,
  supplierCuit,
  taxesFitInPayment,
} from '../../src/domain/withholdings/payment-rules';

/**
 * What a payment's withholdings start from: the supplier's CUIT and Ganancias condition (RG 830: no inscriptos pay
 * their own rate on the whole base, without the MNSR), the month the payment accumulates in (the MNSR is monthly), the
 * base net of VAT and other taxes (RG 830 for Ganancias, the IIBB padrón regimes for IIBB), and the IIBB rate (the
 * padrón's per CUIT, ARBA / AGIP). Figures are worked out in the comments.
 */

// CUIT check digit (weights 5 4 3 2 7 6 5 4 3 2, 11 − sum mod 11): 30-71234567 → 3·5+0·4+7·3+1·2+2·7+3·6+4·5+5·4+6·3+7·2
// = 142, 142 mod 11 = 10, 11 − 10 = 1 → 30-71234567-1. 27-31234567 → 153, mod 11 = 10 → 27-31234567-1.
const COMPANY = '30-71234567-1';
const PERSON = '27-31234567-1';

describe('the supplier’s CUIT', () => {
  it('is its tax id, digits only', () => {
    expect(supplierCuit({ tax_id: COMPANY })).toBe('30712345671');
  });

  it('is the fiscal document number when the tax id is missing or not a CUIT', () => {
    expect(supplierCuit({ fiscal_info: { numero_documento: PERSON } })).toBe('27312345671');
    // Wrong check digit (…-2): not a CUIT, so the document number is taken.
    expect(supplierCuit({ tax_id: '30-71234567-2', fiscal_info: { numero_documento: PERSON } })).toBe('27312345671');
  });

  it('prefers the tax id over the document number when both are CUITs', () => {
    expect(supplierCuit({ tax_id: COMPANY, fiscal_info: { numero_documento: PERSON } })).toBe('30712345671');
  });

  it('is none for a DNI, a wrong check digit or nothing recorded', () => {
    expect(supplierCuit({ fiscal_info: { numero_documento: '31234567' } })).toBeNull();
    expect(supplierCuit({ tax_id: '30-71234567-2' })).toBeNull();
    expect(supplierCuit({ fiscal_info: {} })).toBeNull();
    expect(supplierCuit({})).toBeNull();
  });
});

describe('the Ganancias condition of a payment', () => {
  it('is the one stated with the payment, whatever the CUIT', () => {
    expect(gananciasCondition('no_inscripto', '30712345671')).toBe('no_inscripto');
    expect(gananciasCondition('inscripto', null)).toBe('inscripto');
  });

  it('when none is stated: inscripto with a CUIT, no inscripto without one (RG 830 no-inscripto rates, no MNSR)', () => {
    expect(gananciasCondition(null, '30712345671')).toBe('inscripto');
    expect(gananciasCondition(undefined, '30712345671')).toBe('inscripto');
    expect(gananciasCondition(null, null)).toBe('no_inscripto');
    expect(gananciasCondition(undefined, null)).toBe('no_inscripto');
  });
});

describe('the period a payment accumulates in (the MNSR is per calendar month)', () => {
  it('is the month of its date', () => {
    expect(paymentPeriod('2026-11-30')).toBe('2026-11');
    expect(paymentPeriod('2026-12-01')).toBe('2026-12');
  });
});

describe('the base of a payment, net of VAT and other taxes', () => {
  it('an invoice of $100.000 + 21 % VAT ($21.000) + 3 % IIBB perception ($3.000), paid $124.000: base $100.000', () => {
    expect(netBase(12_400_000, 2_100_000, 300_000)).toBe(10_000_000);
  });

  it('without VAT or other taxes the base is the amount paid', () => {
    expect(netBase(5_000_000, null, undefined)).toBe(5_000_000);
    expect(netBase(5_000_000, undefined, null)).toBe(5_000_000);
    // $121.000 with $21.000 of VAT and nothing else: $100.000.
    expect(netBase(12_100_000, 2_100_000, null)).toBe(10_000_000);
    // $103.000 with $3.000 of other taxes and no VAT: $100.000.
    expect(netBase(10_300_000, null, 300_000)).toBe(10_000_000);
  });

  it('VAT and other taxes fit in the payment up to its whole amount, not one centavo more', () => {
    expect(taxesFitInPayment(12_400_000, 2_100_000, 300_000)).toBe(true);
    expect(taxesFitInPayment(2_400_000, 2_100_000, 300_000)).toBe(true);
    expect(taxesFitInPayment(2_399_999, 2_100_000, 300_000)).toBe(false);
    expect(taxesFitInPayment(2_099_999, 2_100_000, null)).toBe(false);
    expect(taxesFitInPayment(299_999, undefined, 300_000)).toBe(false);
    expect(taxesFitInPayment(1, null, undefined)).toBe(true);
  });
});

describe('the IIBB jurisdiction and rate', () => {
  it('the jurisdiction is the régimen code’s, for IIBB only', () => {
    expect(iibbJurisdiction('iibb', 'IIBB-ARBA')).toBe('ARBA');
    expect(iibbJurisdiction('iibb', 'IIBB-AGIP')).toBe('AGIP');
    expect(iibbJurisdiction('ganancias', '94')).toBeNull();
    expect(iibbJurisdiction('iva', 'IIBB-ARBA')).toBeNull();
  });

  it('the padrón rate given with the payment comes first, even 0 % (a supplier the padrón exempts)', () => {
    expect(iibbRate(3.5, 2.5, 1)).toBe(3.5);
    expect(iibbRate(0, 2.5, 1)).toBe(0);
  });

  it('then the designation’s default rate, then the régimen’s, else none', () => {
    expect(iibbRate(null, 2.5, 1)).toBe(2.5);
    expect(iibbRate(undefined, 0, 1)).toBe(0);
    expect(iibbRate(null, null, 1)).toBe(1);
    expect(iibbRate(undefined, undefined, 1.75)).toBe(1.75);
    expect(iibbRate(null, null, null)).toBeNull();
  });
});
