import { z } from 'zod';

/**
 * The years a date may fall in unless a field documents others: no business document of the books is dated before
 * 1900 or after 2100, and a year such as 0000 or 9999 is a typing or conversion error (a spreadsheet's zero date, a
 * two-digit year padded), never data to store.
 */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2100;

/** A day as `YYYY-MM-DD` that exists in the calendar (no 2025-02-30), whatever its year. */
function isRealDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

const yearOf = (text: string) => Number(text.slice(0, 4));
const inYears = (text: string) => yearOf(text) >= FIRST_YEAR && yearOf(text) <= LAST_YEAR;

/** A day as `YYYY-MM-DD` that exists in the calendar (no 2025-02-30), in a year from 1900 to 2100, kept as that text. */
export function isCalendarDate(text: string): boolean {
  return isRealDay(text) && inYears(text);
}

/** A date field: a real calendar day in the years given (by default 1900 to 2100), each refusal saying which. */
export function calendarDateSchema(years: { min: number; max: number } = { min: FIRST_YEAR, max: LAST_YEAR }) {
  return z
    .string({ message: 'must be a date (YYYY-MM-DD)' })
    .refine(isRealDay, { message: 'must be a real calendar date (YYYY-MM-DD)' })
    .refine((text) => !isRealDay(text) || (yearOf(text) >= years.min && yearOf(text) <= years.max), {
      message: `must be in a year from ${years.min} to ${years.max}`,
    });
}

/** Argentina is UTC−3 all year (no daylight saving since 2009). */
const ARGENTINA_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The calendar day in Argentina of an instant: "today" there. */
export function argentineDay(instant: Date): string {
  return new Date(instant.getTime() - ARGENTINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** An instant as Argentine wall-clock time without a zone (`2026-11-23T09:14:22.123`), as the REST API writes them. */
export function argentineDateTime(instant: Date | number): string {
  return new Date((typeof instant === 'number' ? instant : instant.getTime()) - ARGENTINA_OFFSET_MS).toISOString().slice(0, 23);
}

/** A date-time text as an instant: with a zone (`Z`, `-03:00`) as written, without one in Argentine time. */
export function instantOf(text: string): Date | null {
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(text);
  const instant = new Date(zoned ? text : `${text}-03:00`);
  return Number.isNaN(instant.getTime()) ? null : instant;
}
