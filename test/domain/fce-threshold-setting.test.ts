import { ValidationError } from '../../src/domain/errors';
import { thresholdOf } from '../../src/domain/fce/threshold';
import { MAX_THRESHOLD, thresholdSetting } from '../../src/domain/fce/threshold-setting';

/**
 * The account's own FCE minimum (contract §2.3, "Threshold": PUT `value`, a number greater than 0), kept to the cent
 * as every amount of the service, and which minimum applies when none is held (src/domain/fce/minimum.ts: 3.958.316
 * from 2025-04-11 with Resolución SPyME 54/2025, 5.549.862 from 2026-04-14 with Resolución 1/2026).
 */
const refusalOf = (value: unknown) => {
  try {
    thresholdSetting(value);
  } catch (error) {
    return error as ValidationError;
  }
  throw new Error(`${String(value)} was taken`);
};

describe('the value an account sets (PUT threshold: a number greater than 0)', () => {
  it('is kept to the cent', () => {
    expect(thresholdSetting(5_549_862)).toBe(5_549_862);
    expect(thresholdSetting(1234.567)).toBe(1234.57);
    expect(thresholdSetting(0.005)).toBe(0.01);
    expect(thresholdSetting(MAX_THRESHOLD - 1)).toBe(999_999_999_999);
  });

  it.each([[0], [-1], [MAX_THRESHOLD], [Number.POSITIVE_INFINITY], [Number.NaN], ['5549862'], [null], [undefined]])('refuses %p', (value) => {
    const error = refusalOf(value);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe('value must be a number greater than 0');
    expect(error.details).toEqual([{ path: 'value', message: 'must be a number greater than 0 and below 1000000000000' }]);
  });

  it('refuses what rounds to no cent, rather than store 0', () => {
    const error = refusalOf(0.004);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe('value must be a number greater than 0');
    expect(error.details).toEqual([{ path: 'value', message: 'must be at least 0.01' }]);
  });
});

describe('which minimum applies', () => {
  it('an own value or an override of 0 is no value: the table’s row applies', () => {
    expect(thresholdOf(0, 0, '2026-04-14')).toMatchObject({ value: 5_549_862, effectiveFrom: '2026-04-14' });
    expect(thresholdOf(-5, -5, '2026-04-13')).toMatchObject({ value: 3_958_316, effectiveFrom: '2025-04-11' });
    expect(thresholdOf('1000', undefined, '2026-04-14').value).toBe(5_549_862);
  });
});
