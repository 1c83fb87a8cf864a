import { FCE_TERM_TABLE, issueSpansAt, termOf, termPassed } from '../../src/domain/fce/term';

/**
 * The acceptance/rejection term of an FCE, written from its sources: Ley 27.440 arts. 4, 6 and 8 (15 días corridos
 * from reception in the buyer's DFE) and the extensions to 21 días corridos of Res. SIyDP 9/2024
 * (2024-03-01 → 2024-10-31), Res. SPyMEEyEC 480/2024 (2024-11-01 → 2025-10-31) and Res. SPyMEEyEC 219/2025
 * (2025-11-01 → 2026-10-31). Days are Argentine (UTC−3); the term ends at 00:00 of the day after its last day.
 */

/** An instant at noon in Argentina of a calendar day. */
const noon = (day: string) => new Date(`${day}T15:00:00.000Z`);
const midnight = (day: string) => new Date(`${day}T03:00:00.000Z`);

describe('the acceptance term of an FCE', () => {
  it.each([
    ['2024-02-29', 15, '2024-03-15', 'Ley 27.440'],
    ['2024-03-01', 21, '2024-03-22', 'SIyDP 9/2024'],
    ['2024-10-31', 21, '2024-11-21', 'SIyDP 9/2024'],
    ['2024-11-01', 21, '2024-11-22', '480/2024'],
    ['2025-10-31', 21, '2025-11-21', '480/2024'],
    ['2025-11-01', 21, '2025-11-22', '219/2025'],
    ['2026-10-31', 21, '2026-11-21', '219/2025'],
    ['2026-11-01', 15, '2026-11-16', 'Ley 27.440'],
    ['2026-11-27', 15, '2026-12-12', 'Ley 27.440'],
  ])('issued on %s runs %i days, to %s (%s)', (day, days, lastDay, source) => {
    const term = termOf(noon(day));
    expect(term).toEqual({ days, source: expect.stringContaining(source), lastDay, endsAt: expect.any(Date) });
    const dayAfter = new Date(Date.parse(`${lastDay}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(term.endsAt).toEqual(midnight(dayAfter));
  });

  it('counts from the Argentine day of issue, not the UTC one', () => {
    // 2026-11-01 01:00 UTC is still 31 October in Argentina: the 21-day row applies.
    expect(termOf(new Date('2026-11-01T01:00:00Z'))).toMatchObject({ days: 21, lastDay: '2026-11-21' });
    expect(termOf(new Date('2026-11-01T03:00:00Z'))).toMatchObject({ days: 15, lastDay: '2026-11-16' });
  });

  it('has run out from 00:00 of the day after its last day, not a millisecond before', () => {
    const issued = noon('2026-11-01');
    expect(termPassed(issued, new Date(midnight('2026-11-17').getTime() - 1))).toBe(false);
    expect(termPassed(issued, midnight('2026-11-17'))).toBe(true);
    expect(termPassed(issued, noon('2026-12-01'))).toBe(true);
  });

  it('covers every day with one row, in order, without gaps', () => {
    for (let i = 1; i < FCE_TERM_TABLE.length; i++) {
      const previous = FCE_TERM_TABLE[i - 1].to as string;
      const next = new Date(Date.parse(`${previous}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      expect(FCE_TERM_TABLE[i].from).toBe(next);
    }
    expect(FCE_TERM_TABLE[FCE_TERM_TABLE.length - 1].to).toBeUndefined();
  });

  it('answers from the table it is given', () => {
    const table = [
      { from: '0001-01-01', to: '2029-12-31', days: 10, source: 'x' },
      { from: '2030-01-01', days: 30, source: 'y' },
    ];
    expect(termOf(noon('2029-12-31'), table)).toMatchObject({ days: 10, lastDay: '2030-01-10', source: 'x' });
    expect(termOf(noon('2030-01-01'), table)).toMatchObject({ days: 30, lastDay: '2030-01-31', source: 'y' });
    expect(termPassed(noon('2030-01-01'), midnight('2030-02-01'), table)).toBe(true);
    expect(termPassed(noon('2030-01-01'), midnight('2030-01-31'), table)).toBe(false);
  });
});

describe('the issue spans whose term has run out', () => {
  it('on 2026-11-18: the 21-day invoices up to 2026-10-27 and the 15-day ones of 1 and 2 November', () => {
    // Issued 2026-10-27: last day 2026-11-17 (21 days), passed; 2026-10-28: last day 2026-11-18, still open.
    // Issued 2026-11-02: last day 2026-11-17 (15 days), passed; 2026-11-03: last day 2026-11-18, still open.
    expect(issueSpansAt(noon('2026-11-18'))).toEqual({
      passed: [{ to: midnight('2026-10-28') }, { from: midnight('2026-11-01'), to: midnight('2026-11-03') }],
      open: [
        { from: midnight('2026-10-28'), to: midnight('2026-11-01') },
        { from: midnight('2026-11-03'), to: undefined },
      ],
    });
  });

  it('on 2025-12-05: the invoices up to 2025-11-13, all on the 21-day row', () => {
    expect(issueSpansAt(noon('2025-12-05'))).toEqual({ passed: [{ to: midnight('2025-11-14') }], open: [{ from: midnight('2025-11-14'), to: undefined }] });
  });

  it('reaches back to the calendar’s start from the first row, and leaves a list empty when nothing falls in it', () => {
    // A table that starts after today: nothing has run out, everything is open back to the calendar's start.
    expect(issueSpansAt(noon('2026-11-18'), [{ from: '2030-01-01', days: 10, source: 'z' }])).toEqual({ passed: [], open: [{ to: undefined }] });
    // A table that ended long ago: everything has run out, nothing is open.
    expect(issueSpansAt(noon('2026-11-18'), [{ from: '0001-01-01', to: '1999-12-31', days: 10, source: 'z' }])).toEqual({
      passed: [{ to: midnight('2000-01-01') }],
      open: [],
    });
  });

  it('agrees with the term of every invoice issued in the two years around each row change', () => {
    for (const today of ['2024-03-10', '2024-11-15', '2025-11-10', '2026-11-05', '2026-11-16', '2026-11-17', '2026-11-22', '2026-12-30']) {
      const now = noon(today);
      const { passed, open } = issueSpansAt(now);
      const within = (spans: Array<{ from?: Date; to?: Date }>, at: Date) =>
        spans.some((span) => (span.from === undefined || span.from <= at) && (span.to === undefined || at < span.to));
      for (let t = Date.parse('2023-12-01T00:00:00Z'); t < Date.parse('2027-02-01T00:00:00Z'); t += 86_400_000) {
        for (const at of [new Date(t + 3 * 3_600_000), new Date(t + 26 * 3_600_000 + 59 * 60_000)]) {
          const expired = termPassed(at, now);
          expect({ at, today, passed: within(passed, at), open: within(open, at) }).toEqual({ at, today, passed: expired, open: !expired });
        }
      }
    }
  });
});
