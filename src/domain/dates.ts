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

/** The calendar day in Argentina (UTC−3 all year, no daylight saving since 2009) of an instant: "today" there. */
export function argentineDay(instant: Date): string {
  return new Date(instant.getTime() - 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
