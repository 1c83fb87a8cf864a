import { z } from 'zod';
import { ValidationError } from './errors';

/**
 * Exact amounts. Money is held as integer centavos and quantities as integer thousandths; only the API edge sees
 * decimal numbers. A decimal is read from its shortest text form (what JSON carried), never by multiplying a
 * binary float, so 0.1 is exactly 10 centavos and 1,000 × 0.1 is exactly 100.00.
 */

function scaled(value: number, decimals: number): number | null {
  // NaN and ±Infinity are written "NaN" and "Infinity": their digits make no safe integer below, so they are refused.
  const text = String(Math.abs(value));
  // Exponent notation is how JavaScript writes magnitudes under 1e-6 (more decimals than any scale here) and from
  // 1e21 up (past every safe integer): neither has an exact scaled value.
  if (text.includes('e')) return null;
  const [whole, fraction = ''] = text.split('.');
  if (fraction.length > decimals) return null;
  const units = Number(whole + fraction.padEnd(decimals, '0'));
  if (!Number.isSafeInteger(units)) return null;
  return value < 0 ? -units : units;
}

/** Centavos of an amount with at most 2 decimals, or null when it has more (or is not a finite number). */
export function toCents(amount: number): number | null {
  return scaled(amount, 2);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** Thousandths of a quantity with at most 3 decimals, or null. */
export function toMilli(quantity: number): number | null {
  return scaled(quantity, 3);
}

export function fromMilli(milli: number): number {
  return milli / 1000;
}

/** quantity × unit price, rounded to the centavo (half away from zero), computed exactly. */
export function lineTotalCents(quantityMilli: number, unitCents: number): number {
  const product = BigInt(quantityMilli) * BigInt(unitCents);
  // BigInt division truncates toward zero: half a centavo added away from zero first rounds half away from zero.
  const cents = (product + (product < 0n ? -500n : 500n)) / 1000n;
  if (cents > BigInt(Number.MAX_SAFE_INTEGER) || cents < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new ValidationError('amount too large', [{ path: 'quantity', message: 'quantity × price is too large' }]);
  }
  return Number(cents);
}

/** A money input: a number with at most 2 decimals, within [min, max), parsed to centavos. */
export function moneySchema(options: { min?: number; exclusiveMin?: boolean; max?: number } = {}) {
  const { min = 0, exclusiveMin = false, max = 1e12 } = options;
  return z
    .number({ message: 'must be a number' })
    .refine((value) => (exclusiveMin ? value > min : value >= min), { message: exclusiveMin ? `must be greater than ${min}` : `must be at least ${min}` })
    .refine((value) => value < max, { message: `must be less than ${max.toLocaleString('en')}` })
    .refine((value) => toCents(value) !== null, { message: 'must have at most 2 decimals' })
    .transform((value) => toCents(value) as number);
}

/** A percentage input: 0 to 100 inclusive, at most 2 decimals, kept as given (10.5 stays 10.5). */
export function percentSchema() {
  return z
    .number({ message: 'must be a number' })
    .refine((value) => value >= 0, { message: 'must be at least 0' })
    .refine((value) => value <= 100, { message: 'must be at most 100' })
    .refine((value) => toCents(value) !== null, { message: 'must have at most 2 decimals' });
}

/** A quantity input: a number with at most 3 decimals, parsed to thousandths. */
export function quantitySchema(options: { positive?: boolean; max?: number } = {}) {
  const { positive = true, max = 1e9 } = options;
  return z
    .number({ message: 'must be a number' })
    .refine((value) => (positive ? value > 0 : true), { message: 'must be greater than 0' })
    .refine((value) => Math.abs(value) < max, { message: `must be less than ${max.toLocaleString('en')}` })
    .refine((value) => toMilli(value) !== null, { message: 'must have at most 3 decimals' })
    .transform((value) => toMilli(value) as number);
}
