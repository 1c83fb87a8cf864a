import { endingOfGroup, ownDaySchema, rederivedDueDate } from '../../src/domain/accounting/fiscal-calendar/own-days';

/** An account's own non-working day as input, and the due date a stored deadline is re-derived to. */
const messages = (input: unknown) => ownDaySchema.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('an own non-working day as input', () => {
  it('takes a real calendar date in 2000–2100 and a trimmed description of 1 to 200 characters', () => {
    expect(ownDaySchema.parse({ date: '2026-05-13', description: '  Fiesta patronal  ' })).toEqual({ date: '2026-05-13', description: 'Fiesta patronal' });
    expect(ownDaySchema.parse({ date: '2000-01-03', description: 'x'.repeat(200) }).description).toHaveLength(200);
    expect(ownDaySchema.parse({ date: '2100-12-31', description: 'x' }).date).toBe('2100-12-31');
  });

  it('refuses what is not a day of those years, with the field and the reason', () => {
    expect(messages({ date: '2026-02-30', description: 'x' })).toEqual(['date: must be a real calendar date (YYYY-MM-DD)']);
    expect(messages({ date: '1999-12-31', description: 'x' })).toEqual(['date: must be in a year from 2000 to 2100']);
    expect(messages({ date: '2101-01-01', description: 'x' })).toEqual(['date: must be in a year from 2000 to 2100']);
    expect(messages({ date: 20260513, description: 'x' })).toEqual(['date: must be a date (YYYY-MM-DD)']);
    expect(messages({ date: '2026-05-13', description: '   ' })).toEqual(['description: must not be empty']);
    expect(messages({ date: '2026-05-13', description: 'x'.repeat(201) })).toEqual(['description: must be at most 200 characters']);
    expect(messages({ date: '2026-05-13', description: 7 })).toEqual(['description: must be a text']);
    expect(messages({ date: '2026-05-13', description: 'x', year: 2026 })?.[0]).toMatch(/year/);
  });
});

describe('re-deriving a stored deadline', () => {
  it('reads the CUIT ending from the stored group', () => {
    expect(endingOfGroup('all')).toBe(0);
    expect(endingOfGroup('7-9')).toBe(7);
    expect(endingOfGroup('4-5')).toBe(4);
  });

  it('gives the due date under the national calendar and the account’s days', () => {
    // Ganancias sociedades of May 2026 for CUIT 7-9: nominal 15 (Fri). An own day on the 13th moves 0-3 to the
    // 14th, 4-6 to the 15th and 7-9 past the weekend to Monday 18.
    const deadline = { tax: 'ganancias_sociedades' as const, year: 2026, month: 5, cuit_group: '7-9' };
    expect(rederivedDueDate(deadline, new Set())).toBe('2026-05-15');
    expect(rederivedDueDate(deadline, new Set(['2026-05-13']))).toBe('2026-05-18');
    // Monotributo of July 2026: the 20th (Mon), and the 21st when the account does not work on the 20th.
    expect(rederivedDueDate({ tax: 'monotributo', year: 2026, month: 7, cuit_group: 'all' }, new Set(['2026-07-20']))).toBe('2026-07-21');
  });
});
