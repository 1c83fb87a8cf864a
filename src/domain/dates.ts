import { z } from 'zod';

/** A day as `YYYY-MM-DD` that exists in the calendar (no 2025-02-30), kept as that text. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

export function calendarDateSchema() {
  return z.string({ message: 'must be a date (YYYY-MM-DD)' }).refine(isCalendarDate, { message: 'must be a real calendar date (YYYY-MM-DD)' });
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
