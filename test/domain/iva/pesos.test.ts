import { pesosOf, toPesos } from '../../../src/domain/iva/iva.pesos';

/**
 * How a foreign voucher's stated amounts become pesos for the VAT books (the rule this service adopts, see
 * docs/fiscal-rules.md): each stated amount × its rate, rounded half away from zero to the centavo; the VAT is the
 * sum of each rate's converted stated VAT, never VAT recomputed on a converted base.
 */
describe('toPesos', () => {
  it('multiplies cents by the rate in millionths and rounds half away from zero', () => {
    expect(toPesos(100_001, 1_000_500_000)).toBe(100_051_001); // 1.000,01 × 1000,5 = 1.000.510,005 → 1.000.510,01
    expect(toPesos(-100_001, 1_000_500_000)).toBe(-100_051_001);
    expect(toPesos(1, 1_400_000)).toBe(1); // 0,014 → 0,01
    expect(toPesos(1, 1_500_000)).toBe(2); // 0,015 → 0,02
    expect(toPesos(-1, 1_500_000)).toBe(-2);
    expect(toPesos(1, 1_499_999)).toBe(1);
    expect(toPesos(12345, 1_000_000)).toBe(12345);
  });

  it('stays exact when the product passes 2^53', () => {
    // 90.000.000.000,00 × 1000,000001 = 90.000.000.090.000,00 exactly (a float product would round the last digits).
    expect(toPesos(9_000_000_000_000, 1_000_000_001)).toBe(9_000_000_009_000_000);
    expect(toPesos(9_000_000_000_001, 1_000_000_001)).toBe(9_000_000_009_001_000); // + 0,01 × 1000,000001 = 10,00000001 → 10,00
  });
});

describe('pesosOf', () => {
  const usd = {
    bookType: 'purchases' as const,
    voucherType: 1,
    exchangeRateMicro: 1_000_500_000,
    totalCents: 121_001,
    vatPerceptionCents: 1_000,
    vatLines: [
      { rate: 21, baseCents: 100_001, vatCents: 21_000 },
      { rate: 10.5, baseCents: 1_000, vatCents: 105 },
    ],
  };

  it('converts each stated amount on its own: the VAT is Σ round(stated VAT × rate), not 21 % of the converted base', () => {
    expect(pesosOf(usd, 10_000)).toEqual({
      totalCents: 121_061_501, // 1.210,01 × 1000,5 = 1.210.615,005 → 1.210.615,01
      vatCents: 21_010_500 + 105_053, // 210,00 × 1000,5 = 210.105,00; 1,05 × 1000,5 = 1.050,525 → 1.050,53
      computableCreditCents: 21_115_553,
      vatPerceptionCents: 1_000_500,
      vatLines: [
        { rate: 21, baseCents: 100_051_001, vatCents: 21_010_500 },
        { rate: 10.5, baseCents: 1_000_500, vatCents: 105_053 },
      ],
    });
    // 21 % of the converted base would be 210.107,10: the stated VAT wins.
    expect(pesosOf(usd, 10_000).vatLines[0].vatCents).not.toBe(21_010_710);
  });

  it('takes the pro-rata share of the peso VAT as the credit', () => {
    expect(pesosOf(usd, 5_000).computableCreditCents).toBe(10_557_777); // 21.115.553 / 2 = 10.557.776,5 → up
  });

  it('a class B/C purchase and a sale compute no credit', () => {
    expect(pesosOf({ ...usd, voucherType: 6 }, 10_000).computableCreditCents).toBe(0);
    expect(pesosOf({ ...usd, bookType: 'sales' }, 10_000).computableCreditCents).toBe(0);
  });

  it('a peso voucher is its own pesos', () => {
    const pesos = { ...usd, exchangeRateMicro: 1_000_000 };
    expect(pesosOf(pesos, 10_000)).toEqual({
      totalCents: 121_001,
      vatCents: 21_105,
      computableCreditCents: 21_105,
      vatPerceptionCents: 1_000,
      vatLines: usd.vatLines,
    });
  });
});
