import { fromCents, lineTotalCents, moneySchema, quantitySchema, toCents, toMilli } from '../../src/domain/money';

describe('exact money', () => {
  it('reads decimals from their text form, not by float multiplication', () => {
    expect(toCents(0.1)).toBe(10);
    expect(toCents(1.005)).toBeNull(); // three decimals: refused, never silently rounded
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(1234567890.12)).toBe(123456789012);
    expect(toCents(-3.5)).toBe(-350);
    expect(toCents(1e21)).toBeNull();
    expect(toCents(Number.NaN)).toBeNull();
  });

  it('refuses amounts whose centavos or thousandths are past the exact integer range (2^53)', () => {
    expect(toCents(90_071_992_547_409)).toBe(9_007_199_254_740_900);
    expect(toCents(90_071_992_547_409.9)).toBe(9_007_199_254_740_990);
    expect(toCents(90_071_992_547_410)).toBeNull();
    expect(toCents(-90_071_992_547_410)).toBeNull();
    expect(toCents(1e20)).toBeNull();
    expect(toMilli(9_007_199_254_740.99)).toBe(9_007_199_254_740_990);
    expect(toMilli(9_007_199_254_741)).toBeNull();
  });

  it('1,000 items at 0.1 sum to exactly 100.00', () => {
    let cents = 0;
    for (let i = 0; i < 1000; i++) cents += toCents(0.1)!;
    expect(cents).toBe(10_000);
    expect(fromCents(cents)).toBe(100);
  });

  it('multiplies quantity by price exactly and rounds half away from zero to the centavo', () => {
    expect(lineTotalCents(toMilli(3)!, 1999)).toBe(5997);
    expect(lineTotalCents(toMilli(0.333)!, 101)).toBe(34); // 33.633 → 34
    expect(lineTotalCents(toMilli(0.5)!, 1)).toBe(1); // 0.5 centavo → 1
    expect(lineTotalCents(toMilli(12_345.678)!, 123_456_789)).toBe(1_524_157_763_908); // 15,241,577,639.08 exactly
    expect(() => lineTotalCents(toMilli(999_999.999)!, 99_999_999_999)).toThrow('amount too large');
  });

  it('a line total is exact up to the largest safe number of centavos, either sign, and refused one centavo past it', () => {
    const MAX = Number.MAX_SAFE_INTEGER;
    // One unit at the largest price: the total is that price exactly.
    expect(lineTotalCents(1000, MAX)).toBe(MAX);
    expect(lineTotalCents(-1000, MAX)).toBe(-MAX);
    expect(lineTotalCents(1000, -MAX)).toBe(-MAX);
    // 1.001 units of it: past the range on either side, never a rounded float.
    expect(() => lineTotalCents(1001, MAX)).toThrow('amount too large');
    expect(() => lineTotalCents(-1001, MAX)).toThrow('amount too large');
    expect(() => lineTotalCents(1001, -MAX)).toThrow('amount too large');
    // One centavo past it (2^53, which a float still holds exactly) is refused too.
    expect(() => lineTotalCents(1000, MAX + 1)).toThrow('amount too large');
    expect(() => lineTotalCents(-1000, MAX + 1)).toThrow('amount too large');
  });

  it('validates money and quantity inputs with clear messages', () => {
    const amount = moneySchema({ min: 0, exclusiveMin: true });
    expect(amount.parse(12.5)).toBe(1250);
    expect(amount.safeParse(0).error?.issues[0].message).toBe('must be greater than 0');
    expect(amount.safeParse(1e12).error?.issues[0].message).toBe('must be less than 1,000,000,000,000');
    expect(amount.safeParse(999_999_999_999.99).success).toBe(true);
    expect(amount.safeParse(0.001).error?.issues.map((i) => i.message)).toContain('must have at most 2 decimals');
    const quantity = quantitySchema();
    expect(quantity.parse(0.25)).toBe(250);
    expect(quantity.safeParse(0).success).toBe(false);
    expect(quantity.safeParse(1.0001).success).toBe(false);
  });
});
