import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FCE_MINIMUM_TABLE, minimumOn } from '../../src/domain/fce/minimum';
import { thresholdOf } from '../../src/domain/fce/threshold';

/** The FCE minimum at the voucher's date (fixture written from the resolutions and ARCA's figures it cites). */
const FIXTURE = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'fce', 'minimum-amounts.json'), 'utf8'));

describe('the published FCE minimum', () => {
  it.each(FIXTURE.cases as Array<{ day: string; value: number; review: boolean }>)('on $day is $value (review: $review)', ({ day, value, review }) => {
    expect(minimumOn(day)).toMatchObject({ value, review });
  });

  it('names the instrument of each figure and its first day', () => {
    expect(minimumOn('2026-04-14')).toEqual({ from: '2026-04-14', value: 5_549_862, source: expect.stringContaining('Resolución 1/2026'), review: false });
    expect(minimumOn('2025-04-11')).toMatchObject({ from: '2025-04-11', source: expect.stringContaining('54/2025') });
    expect(minimumOn('2019-05-01')).toMatchObject({ from: '2019-05-01', source: expect.stringContaining('SSP 10/2019') });
    expect(minimumOn('2020-01-01')).toMatchObject({ from: '2019-06-03', source: expect.stringContaining('SSP 17/2019') });
  });

  it('keeps its rows in date order, each starting on a calendar day', () => {
    const days = FCE_MINIMUM_TABLE.map((row) => row.from);
    expect(days).toEqual([...days].sort());
    for (const day of days) expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('answers from the table it is given, the first row flagged before it starts', () => {
    const table = [
      { from: '2030-01-01', value: 10, source: 'a', review: false },
      { from: '2031-01-01', value: 20, source: 'b', review: false },
    ];
    expect(minimumOn('2029-12-31', table)).toEqual({ from: '2030-01-01', value: 10, source: 'a', review: true });
    expect(minimumOn('2030-12-31', table)).toEqual(table[0]);
    expect(minimumOn('2031-01-01', table)).toEqual(table[1]);
  });
});

describe('the minimum applied to a voucher', () => {
  it('is the account’s own setting first', () => {
    expect(thresholdOf(1_000_000, 7_000_000, '2026-05-04')).toEqual({
      value: 1_000_000,
      source: 'account setting fce_mipyme_min_threshold_ars',
      effectiveFrom: null,
      review: false,
    });
  });

  it('else the platform’s override (FCE_MIN_THRESHOLD_ARS)', () => {
    expect(thresholdOf(undefined, 7_000_000, '2026-05-04')).toEqual({
      value: 7_000_000,
      source: 'platform configuration FCE_MIN_THRESHOLD_ARS',
      effectiveFrom: null,
      review: false,
    });
  });

  it('else the published minimum on the voucher’s date', () => {
    expect(thresholdOf(undefined, undefined, '2026-04-13')).toEqual({
      value: 3_958_316,
      source: expect.stringContaining('54/2025'),
      effectiveFrom: '2025-04-11',
      review: false,
    });
    expect(thresholdOf(undefined, undefined, '2026-04-14')).toMatchObject({ value: 5_549_862, effectiveFrom: '2026-04-14' });
    expect(thresholdOf(undefined, undefined, '2024-01-01')).toMatchObject({ value: 1_357_480, review: true });
  });

  it.each([[0], [-5], ['1000'], [null], [Number.NaN]])('ignores an account value that is not a positive number (%p)', (own) => {
    expect(thresholdOf(own, undefined, '2026-05-04').value).toBe(5_549_862);
    expect(thresholdOf(own, 7_000_000, '2026-05-04').value).toBe(7_000_000);
  });

  it.each([[0], [-1]])('ignores a platform override that is not positive (%p)', (override) => {
    expect(thresholdOf(undefined, override, '2026-05-04').value).toBe(5_549_862);
  });
});
