import { ValidationError } from '../../../src/domain/errors';
import { bookIdOf, bookTypeParam, parseBookId, periodBounds, periodDays, periodParam, previousPeriod } from '../../../src/domain/iva/period';

/**
 * A VAT period is a calendar month (Ley de IVA, t.o. 1997, art. 27: the tax is determined and paid per calendar
 * month; the Libro IVA Digital declares one month, "período" AAAAMM), written YYYY-MM; a book is a month and a type.
 */

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('periodParam', () => {
  it.each(['2000-01', '2025-12', '2100-12', '2099-09'])('accepts the month %s as given', (period) => {
    expect(periodParam(period)).toBe(period);
  });

  it.each([
    '1999-12', // before 2000
    '2101-01', // after 2100
    '2025-00',
    '2025-13',
    '2025-1',
    '25-12',
    '2025-12-01',
    ' 2025-12',
    '2025-12 ',
    'x2025-12',
    '2025/12',
    '',
  ])('refuses %j with a 400 naming the field', (period) => {
    const error = refusal(() => periodParam(period)) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe('period must be a month YYYY-MM (2000-01 to 2100-12)');
    expect(error.details).toEqual([{ path: 'period', message: 'must be a month YYYY-MM' }]);
  });

  it('refuses what is not text, under the path it is given', () => {
    for (const value of [202512, null, undefined, ['2025-12'], { period: '2025-12' }]) {
      const error = refusal(() => periodParam(value, 'from')) as ValidationError;
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.message).toBe('from must be a month YYYY-MM (2000-01 to 2100-12)');
      expect(error.details).toEqual([{ path: 'from', message: 'must be a month YYYY-MM' }]);
    }
  });
});

describe('bookTypeParam', () => {
  it('a book is purchases (Libro IVA Compras) or sales (Libro IVA Ventas)', () => {
    expect(bookTypeParam('purchases')).toBe('purchases');
    expect(bookTypeParam('sales')).toBe('sales');
  });

  it.each(['compras', 'Sales', '', null, 1])('refuses %j with a 400 naming the field', (value) => {
    const error = refusal(() => bookTypeParam(value)) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe('book_type must be purchases or sales');
    expect(error.details).toEqual([{ path: 'book_type', message: 'one of purchases, sales' }]);
    const named = refusal(() => bookTypeParam(value, 'type')) as ValidationError;
    expect([named.message, named.details[0].path]).toEqual(['type must be purchases or sales', 'type']);
  });
});

describe('book ids', () => {
  it('a book id is its period and type', () => {
    expect(bookIdOf('2025-12', 'purchases')).toBe('2025-12-purchases');
    expect(bookIdOf('2026-01', 'sales')).toBe('2026-01-sales');
  });

  it('reads back the period and type of a book id', () => {
    expect(parseBookId('2025-12-purchases')).toEqual({ period: '2025-12', bookType: 'purchases' });
    expect(parseBookId('2100-12-sales')).toEqual({ period: '2100-12', bookType: 'sales' });
  });

  it.each([
    '2025-13-sales', // no such month
    '1999-12-sales', // before 2000
    '2025-12-compras',
    '2025-12-purchases-x',
    'x2025-12-sales',
    '2025-12',
    '202512-sales',
    '',
  ])('%j is no book', (id) => {
    expect(parseBookId(id)).toBeNull();
  });
});

describe('previousPeriod', () => {
  it('the month before, across a year', () => {
    expect(previousPeriod('2025-12')).toBe('2025-11');
    expect(previousPeriod('2025-10')).toBe('2025-09');
    expect(previousPeriod('2025-02')).toBe('2025-01');
    expect(previousPeriod('2026-01')).toBe('2025-12');
  });
});

describe('periodDays', () => {
  it('the first day of the month and the first of the next, across a year', () => {
    expect(periodDays('2025-02')).toEqual({ from: '2025-02-01', to: '2025-03-01' });
    expect(periodDays('2025-09')).toEqual({ from: '2025-09-01', to: '2025-10-01' });
    expect(periodDays('2025-11')).toEqual({ from: '2025-11-01', to: '2025-12-01' });
    expect(periodDays('2025-12')).toEqual({ from: '2025-12-01', to: '2026-01-01' });
    expect(periodDays('2026-01')).toEqual({ from: '2026-01-01', to: '2026-02-01' });
  });
});

describe('periodBounds', () => {
  it('a month from its first instant in Argentina (UTC−3 all year, no daylight saving since 2009) to the next one', () => {
    expect(periodBounds('2025-12')).toEqual({
      from: '2025-12-01',
      to: '2026-01-01',
      fromInstant: new Date('2025-12-01T03:00:00.000Z'),
      toInstant: new Date('2026-01-01T03:00:00.000Z'),
    });
    expect(periodBounds('2025-06')).toEqual({
      from: '2025-06-01',
      to: '2025-07-01',
      fromInstant: new Date('2025-06-01T03:00:00.000Z'),
      toInstant: new Date('2025-07-01T03:00:00.000Z'),
    });
  });
});
