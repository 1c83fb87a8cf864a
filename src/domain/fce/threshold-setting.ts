import { ValidationError } from '../errors';

/** Amounts are money: at most what the service stores elsewhere (below 10^12). */
export const MAX_THRESHOLD = 1e12;

/**
 * The account's own FCE minimum as stored: a positive number below 10^12, rounded to cents as every amount of the
 * service; a value that rounds to nothing is refused rather than stored as 0 (which would read as no setting).
 */
export function thresholdSetting(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value >= MAX_THRESHOLD)
    throw new ValidationError('value must be a number greater than 0', [
      { path: 'value', message: `must be a number greater than 0 and below ${MAX_THRESHOLD}` },
    ]);
  const rounded = Math.round(value * 100) / 100;
  if (rounded <= 0) throw new ValidationError('value must be a number greater than 0', [{ path: 'value', message: 'must be at least 0.01' }]);
  return rounded;
}
