import { ValidationError } from '../../src/domain/errors';
import { fromCents, fromMilli, lineTotalCents, moneySchema, percentSchema, quantitySchema, toCents, toMilli } from '../../src/domain/money';

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

  it('reads zero, negative zero, whole numbers and the smallest unit without a sign error', () => {
    expect(toCents(0)).toBe(0);
    expect(toCents(-0)).toBe(0); // not -0: a stored amount never carries a negative zero
    expect(toCents(7)).toBe(700);
    expect(toCents(0.01)).toBe(1);
    expect(toCents(-0.01)).toBe(-1);
    expect(toMilli(3)).toBe(3000);
    expect(toMilli(0.001)).toBe(1);
    expect(toMilli(-2.5)).toBe(-2500);
    expect(toMilli(0.0001)).toBeNull();
  });

  it('refuses what JavaScript writes in exponent notation and what is not a finite number', () => {
    expect(toCents(0.0000001)).toBeNull(); // "1e-7": below a centavo
    expect(toMilli(-0.0000005)).toBeNull();
    expect(toCents(Number.POSITIVE_INFINITY)).toBeNull();
    expect(toCents(Number.NEGATIVE_INFINITY)).toBeNull();
    expect(toMilli(Number.NaN)).toBeNull();
  });

  it('turns centavos and thousandths back into the decimal the API shows', () => {
    expect(fromCents(123_456)).toBe(1234.56);
    expect(fromMilli(1500)).toBe(1.5);
    expect(fromMilli(-1)).toBe(-0.001);
  });

  it('a line total too large names the quantity and says why', () => {
    let caught: unknown;
    try {
      lineTotalCents(toMilli(999_999.999)!, 99_999_999_999);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    expect((caught as ValidationError).details).toEqual([{ path: 'quantity', message: 'quantity × price is too large' }]);
    expect(lineTotalCents(0, 12_345)).toBe(0);
    expect(lineTotalCents(-1500, 333)).toBe(-500); // −1.5 × 3.33 = −4.995 → −5.00, half away from zero
    expect(lineTotalCents(-1499, 333)).toBe(-499); // −1.499 × 3.33 = −4.99167 → −4.99
    expect(lineTotalCents(-500, 1)).toBe(-1); // −0.5 centavo → −1, half away from zero
    expect(lineTotalCents(500, 1)).toBe(1);
    expect(lineTotalCents(-499, 1)).toBe(0); // −0.499 centavo → 0, not −0
    expect(lineTotalCents(499, 1)).toBe(0);
  });
});

const messagesOf = (schema: { safeParse(value: unknown): { error?: { issues: Array<{ message: string }> } } }, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('money input', () => {
  it('by default takes 0 up to (not including) one trillion, with at most 2 decimals, as centavos', () => {
    const amount = moneySchema();
    expect(amount.parse(0)).toBe(0);
    expect(amount.parse(0.1)).toBe(10);
    expect(amount.parse(999_999_999_999.99)).toBe(99_999_999_999_999);
    expect(messagesOf(amount, -0.01)).toEqual(['must be at least 0']);
    expect(messagesOf(amount, 1e12)).toEqual(['must be less than 1,000,000,000,000']);
    expect(messagesOf(amount, 1.234)).toEqual(['must have at most 2 decimals']);
    expect(messagesOf(amount, '12')).toEqual(['must be a number']);
  });

  it('honours a minimum given (inclusive or exclusive) and a maximum given, and says them', () => {
    const fromTen = moneySchema({ min: 10 });
    expect(fromTen.parse(10)).toBe(1000);
    expect(messagesOf(fromTen, 9.99)).toEqual(['must be at least 10']);
    const aboveTen = moneySchema({ min: 10, exclusiveMin: true });
    expect(messagesOf(aboveTen, 10)).toEqual(['must be greater than 10']);
    expect(aboveTen.parse(10.01)).toBe(1001);
    const negative = moneySchema({ min: -500, max: 5000 });
    expect(negative.parse(-500)).toBe(-50_000);
    expect(negative.parse(4999.99)).toBe(499_999);
    expect(messagesOf(negative, 5000)).toEqual(['must be less than 5,000']);
    expect(messagesOf(negative, -500.01)).toEqual(['must be at least -500']);
  });
});

describe('percentage input', () => {
  it('takes 0 to 100 inclusive with at most 2 decimals, kept as given', () => {
    const percent = percentSchema();
    expect(percent.parse(0)).toBe(0);
    expect(percent.parse(10.5)).toBe(10.5);
    expect(percent.parse(100)).toBe(100);
    expect(messagesOf(percent, -0.01)).toEqual(['must be at least 0']);
    expect(messagesOf(percent, 100.01)).toEqual(['must be at most 100']);
    expect(messagesOf(percent, 10.555)).toEqual(['must have at most 2 decimals']);
    expect(messagesOf(percent, '21')).toEqual(['must be a number']);
  });
});

describe('quantity input', () => {
  it('by default takes more than 0 up to (not including) one billion, with at most 3 decimals, as thousandths', () => {
    const quantity = quantitySchema();
    expect(quantity.parse(0.001)).toBe(1);
    expect(quantity.parse(999_999_999.999)).toBe(999_999_999_999);
    expect(messagesOf(quantity, 0)).toEqual(['must be greater than 0']);
    expect(messagesOf(quantity, -1)).toEqual(['must be greater than 0']);
    expect(messagesOf(quantity, 1e9)).toEqual(['must be less than 1,000,000,000']);
    expect(messagesOf(quantity, 1.0001)).toEqual(['must have at most 3 decimals']);
    expect(messagesOf(quantity, null)).toEqual(['must be a number']);
  });

  it('when not positive takes zero and negatives within the same magnitude, and a maximum given', () => {
    const signed = quantitySchema({ positive: false, max: 1000 });
    expect(signed.parse(0)).toBe(0);
    expect(signed.parse(-999.999)).toBe(-999_999);
    expect(messagesOf(signed, -1000)).toEqual(['must be less than 1,000']);
    expect(messagesOf(signed, 1000)).toEqual(['must be less than 1,000']);
  });
});
