import type { ErrorDetail } from '../errors';

/** Argentina keeps UTC−3 all year (no daylight saving since 2009): its midnight is 03:00 UTC. */
export const ARGENTINE_OFFSET_MS = 3 * 3600_000;
const DAY_MS = 86_400_000;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The instant an Argentine calendar day (`YYYY-MM-DD`, years 2000 to 2100) starts, or null when it is not one. */
export function argentineMidnight(day: string): Date | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = match.slice(1).map(Number);
  const utc = Date.UTC(year, month - 1, date);
  if (year < 2000 || year > 2100 || new Date(utc).getUTCDate() !== date || new Date(utc).getUTCMonth() !== month - 1) return null;
  return new Date(utc + ARGENTINE_OFFSET_MS);
}

/** The Argentine calendar day of an instant. */
export function argentineDayOf(instant: Date): string {
  return new Date(instant.getTime() - ARGENTINE_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day after an Argentine day. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/**
 * `from` and `to` (Argentine days, both included) as a range of instants; problems are added to `problems`.
 * Undefined when neither is given.
 */
export function argentineDayRange(
  from: string | null | undefined,
  to: string | null | undefined,
  problems: ErrorDetail[],
): { $gte?: Date; $lt?: Date } | undefined {
  const range: { $gte?: Date; $lt?: Date } = {};
  if (from !== undefined && from !== null) {
    const start = argentineMidnight(from);
    if (start) range.$gte = start;
    else problems.push({ path: 'from', message: 'must be a day YYYY-MM-DD (2000 to 2100)' });
  }
  if (to !== undefined && to !== null) {
    const end = argentineMidnight(to);
    if (end) range.$lt = new Date(end.getTime() + DAY_MS);
    else problems.push({ path: 'to', message: 'must be a day YYYY-MM-DD (2000 to 2100)' });
  }
  if (range.$gte && range.$lt && range.$gte >= range.$lt) problems.push({ path: 'to', message: 'must not be before from' });
  return Object.keys(range).length ? range : undefined;
}
