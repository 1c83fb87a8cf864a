import { calendarDateSchema, FIRST_YEAR, isCalendarDate, LAST_YEAR } from '../../src/domain/dates';

/** Dates: real calendar days (2024-02-29 is, 2025-02-29 is not) in the years 1900 to 2100 that fields accept by default. */
const problems = (value: unknown) => {
  const result = calendarDateSchema().safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('a calendar date', () => {
  test('the years are 1900 to 2100', () => {
    expect([FIRST_YEAR, LAST_YEAR]).toEqual([1900, 2100]);
  });

  test.each([['1900-01-01'], ['2100-12-31'], ['2024-02-29'], ['2000-02-29']])('%s is one', (text) => {
    expect(isCalendarDate(text)).toBe(true);
    expect(problems(text)).toEqual([]);
  });

  test.each([['1899-12-31'], ['2101-01-01'], ['0000-01-01'], ['9999-12-31']])('%s is a real day out of the years: refused, saying so', (text) => {
    expect(isCalendarDate(text)).toBe(false);
    expect(problems(text)).toEqual(['must be in a year from 1900 to 2100']);
  });

  test.each([['2025-02-29'], ['1900-02-29'], ['2024-13-01'], ['2024-1-01'], ['abc'], ['']])('%j is no day: one problem', (text) => {
    expect(isCalendarDate(text)).toBe(false);
    expect(problems(text)).toEqual(['must be a real calendar date (YYYY-MM-DD)']);
  });

  test('a value that is not text', () => {
    expect(problems(20240101)).toEqual(['must be a date (YYYY-MM-DD)']);
  });
});

describe('a date field with years of its own', () => {
  const field = calendarDateSchema({ min: 2000, max: 2010 });
  const refused = (text: string) => {
    const result = field.safeParse(text);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  test('takes its first and last years, refuses one year beyond either', () => {
    expect(refused('2000-01-01')).toEqual([]);
    expect(refused('2010-12-31')).toEqual([]);
    expect(refused('1999-12-31')).toEqual(['must be in a year from 2000 to 2010']);
    expect(refused('2011-01-01')).toEqual(['must be in a year from 2000 to 2010']);
  });
});
