import { instantOf } from '../dates';
import { ValidationError } from '../errors';
import { BOOK_TYPES, type BookType } from './entry';

/** `YYYY-MM` of a real month from 2000 on, else a 400 naming `path`. */
export function periodParam(value: unknown, path = 'period'): string {
  const text = typeof value === 'string' ? value : '';
  const match = /^(\d{4})-(\d{2})$/.exec(text);
  if (!match || Number(match[1]) < 2000 || Number(match[1]) > 2100 || Number(match[2]) < 1 || Number(match[2]) > 12)
    throw new ValidationError(`${path} must be a month YYYY-MM (2000-01 to 2100-12)`, [{ path, message: 'must be a month YYYY-MM' }]);
  return text;
}

export function bookTypeParam(value: unknown, path = 'book_type'): BookType {
  if (!(BOOK_TYPES as readonly unknown[]).includes(value))
    throw new ValidationError(`${path} must be purchases or sales`, [{ path, message: 'one of purchases, sales' }]);
  return value as BookType;
}

/** A book's id: its period and type (`2025-12-purchases`); a book exists for every month and type. */
export const bookIdOf = (period: string, bookType: BookType) => `${period}-${bookType}`;

export function parseBookId(id: string): { period: string; bookType: BookType } | null {
  const match = /^(\d{4}-\d{2})-(purchases|sales)$/.exec(id);
  if (!match) return null;
  try {
    return { period: periodParam(match[1]), bookType: match[2] as BookType };
  } catch {
    return null;
  }
}

export function previousPeriod(period: string): string {
  const [year, month] = period.split('-').map(Number);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** First day and the day after the last of a period, as YYYY-MM-DD. */
export function periodDays(period: string): { from: string; to: string } {
  const [year, month] = period.split('-').map(Number);
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return { from: `${period}-01`, to: `${next}-01` };
}

/**
 * A period's bounds as days (vouchers dated by day) and as instants (vouchers stamped with their issue time): from the
 * first instant of its first day in Argentina (UTC−3) to the first of the next month's, excluded.
 */
export function periodBounds(period: string): { from: string; to: string; fromInstant: Date; toInstant: Date } {
  const { from, to } = periodDays(period);
  return { from, to, fromInstant: instantOf(`${from}T00:00:00`)!, toInstant: instantOf(`${to}T00:00:00`)! };
}
