import { ValidationError } from '../../../src/domain/errors';
import { alpha, amount, date, numeric } from '../../../src/domain/iva/lid-fields';
import { scaled, toMicro, vatOfBase } from '../../../src/domain/iva/money-text';
import { bookIdOf, bookTypeParam, parseBookId, periodDays, periodParam, previousPeriod } from '../../../src/domain/iva/period';

/** The design's field writers (libro-iva-digital-diseno-registros.pdf, "consideraciones generales"). */
describe('field writers', () => {
  it('numeric: zero-padded on the left; refuses what is not digits or does not fit', () => {
    expect(numeric(5, 3)).toBe('005');
    expect(numeric('123', 3)).toBe('123');
    expect(numeric('', 2)).toBe('00');
    expect(() => numeric('12a', 5)).toThrow(RangeError);
    expect(() => numeric('-1', 5)).toThrow(/not a number field: -1/);
    expect(() => numeric(1234, 3)).toThrow(/1234 does not fit in 3 digits/);
  });

  it('alpha: accents stripped, anything unprintable a space, cut and padded on the right', () => {
    expect(alpha('Güemes Ñandú', 14)).toBe('Guemes Nandu  ');
    expect(alpha('a\tb\u20ac~', 5)).toBe('a b ~');
    expect(alpha('abcdef', 3)).toBe('abc');
  });

  it('amount: 13 + 2 digits, `-` first when negative, only whole cents', () => {
    expect(amount(0)).toBe('000000000000000');
    expect(amount(-1)).toBe('-00000000000001');
    expect(amount(12, 4)).toBe('0012');
    expect(() => amount(1.5)).toThrow(/not an amount in cents: 1.5/);
    expect(() => amount(2 ** 53)).toThrow(RangeError);
  });

  it('date: AAAAMMDD, zeros when there is none', () => {
    expect(date('2025-12-31')).toBe('20251231');
    expect(date(null)).toBe('00000000');
  });
});

describe('money text', () => {
  it('toMicro: the rate in millionths from its decimal text, null past 6 decimals, negative, infinite or in exponent form', () => {
    expect(toMicro(1475.5)).toBe(1_475_500_000);
    expect(toMicro(1)).toBe(1_000_000);
    expect(toMicro(0.000001)).toBe(1);
    expect(toMicro(1.0000001)).toBeNull();
    expect(toMicro(1e-7)).toBeNull();
    expect(toMicro(-1)).toBeNull();
    expect(toMicro(Number.POSITIVE_INFINITY)).toBeNull();
    expect(toMicro(1e21)).toBeNull();
    expect(toMicro(9_007_199_255)).toBeNull(); // past a safe number of millionths
  });

  it('vatOfBase: round(base × rate, 2), half away from zero, exactly', () => {
    expect(vatOfBase(100_000, 21)).toBe(21_000);
    expect(vatOfBase(1_001, 10.5)).toBe(105); // 105,105 → 105
    expect(vatOfBase(1_000, 10.5)).toBe(105);
    expect(vatOfBase(10, 5)).toBe(1); // 0,5 → 1
    expect(vatOfBase(-10, 5)).toBe(-1);
    expect(vatOfBase(-1_000, 21)).toBe(-210);
  });

  it('scaled: value × n / d, half away from zero, exact past 2^53', () => {
    expect(scaled(3, 1, 2)).toBe(2);
    expect(scaled(-3, 1, 2)).toBe(-2);
    expect(scaled(5, 1, 4)).toBe(1); // 1,25 → 1
    expect(scaled(7, 1, 4)).toBe(2); // 1,75 → 2
    expect(scaled(100_000_000_000_000, 9_999, 10_000)).toBe(99_990_000_000_000);
  });
});

describe('periods and book ids', () => {
  it('a period is a month from 2000-01 to 2100-12', () => {
    expect(periodParam('2025-12')).toBe('2025-12');
    for (const bad of ['2025-13', '2025-00', '1999-12', '2101-01', '2025-1', ' 2025-12', 2025, undefined])
      expect(() => periodParam(bad)).toThrow(ValidationError);
    expect(periodParam('2000-01')).toBe('2000-01');
    expect(periodParam('2100-12')).toBe('2100-12');
    try {
      periodParam('x', 'desde');
    } catch (error) {
      expect((error as ValidationError).details).toEqual([{ path: 'desde', message: 'must be a month YYYY-MM' }]);
      expect((error as ValidationError).message).toMatch(/^desde must be a month/);
    }
  });

  it('a book type is purchases or sales', () => {
    expect(bookTypeParam('sales')).toBe('sales');
    expect(bookTypeParam('purchases')).toBe('purchases');
    expect(() => bookTypeParam('compras', 'tipo')).toThrow(/^tipo must be purchases or sales/);
  });

  it('a book id is its period and type', () => {
    expect(bookIdOf('2025-12', 'purchases')).toBe('2025-12-purchases');
    expect(parseBookId('2025-12-sales')).toEqual({ period: '2025-12', bookType: 'sales' });
    expect(parseBookId('2025-13-sales')).toBeNull();
    expect(parseBookId('x2025-12-sales')).toBeNull();
    expect(parseBookId('2025-12-salesx')).toBeNull();
  });

  it('the previous month and the days of a month', () => {
    expect(previousPeriod('2026-01')).toBe('2025-12');
    expect(previousPeriod('2025-11')).toBe('2025-10');
    expect(previousPeriod('2025-10')).toBe('2025-09');
    expect(periodDays('2025-12')).toEqual({ from: '2025-12-01', to: '2026-01-01' });
    expect(periodDays('2025-09')).toEqual({ from: '2025-09-01', to: '2025-10-01' });
    expect(periodDays('2025-10')).toEqual({ from: '2025-10-01', to: '2025-11-01' });
  });
});

it('toMicro: a rate of 0 reads as 0 millionths (zero is not negative)', () => {
  expect(toMicro(0)).toBe(0);
});
