import { daysOfMonth } from '../../src/domain/stats/pending-days';
import { weeksOf } from '../../src/domain/stats/weeks';

/** The day arithmetic of the statistics' recounts: runs of at most seven days, and every day of a month. */
describe('weeksOf', () => {
  it('sorts, drops repeats and blanks, and cuts runs so that none spans more than seven days', () => {
    expect(weeksOf(['2025-12-08', undefined, '2025-12-01', '2025-12-07', '2025-12-01', '', '2025-12-15', '2025-12-14'])).toEqual([
      ['2025-12-01', '2025-12-07'],
      ['2025-12-08', '2025-12-14'],
      ['2025-12-15'],
    ]);
  });

  it('a run starts at its first day: the seventh day after it starts the next one, across months and years', () => {
    expect(weeksOf(['2025-12-29', '2026-01-04', '2026-01-05'])).toEqual([['2025-12-29', '2026-01-04'], ['2026-01-05']]);
    expect(weeksOf(['2024-02-27', '2024-02-29', '2024-03-04', '2024-03-05'])).toEqual([['2024-02-27', '2024-02-29', '2024-03-04'], ['2024-03-05']]);
    expect(weeksOf([])).toEqual([]);
  });
});

describe('daysOfMonth', () => {
  it.each([
    ['2025-12', 31, '2025-12-31'],
    ['2026-04', 30, '2026-04-30'],
    ['2024-02', 29, '2024-02-29'],
    ['2025-02', 28, '2025-02-28'],
    ['2000-02', 29, '2000-02-29'],
    ['2100-02', 28, '2100-02-28'],
  ])('%s has %i days, the last %s', (month, count, last) => {
    const days = daysOfMonth(month);
    expect(days).toHaveLength(count);
    expect(days[0]).toBe(`${month}-01`);
    expect(days[days.length - 1]).toBe(last);
  });
});
