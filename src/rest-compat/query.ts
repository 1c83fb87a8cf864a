import { ValidationError } from '../domain/errors';

/** Query-string parsing for REST routes: malformed values are a 400 naming the parameter. */

export function intParam(query: Record<string, unknown>, name: string, fallback: number, min: number, max: number): number {
  const raw = query[name];
  if (raw === undefined || raw === '') return fallback;
  const value = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ValidationError(`${name} must be an integer from ${min} to ${max}`, [{ path: name, message: `must be an integer from ${min} to ${max}` }]);
  }
  return value;
}

export function stringParam(query: Record<string, unknown>, name: string): string | undefined {
  const raw = query[name];
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw new ValidationError(`${name} must be given once, as text`, [{ path: name, message: 'must be a single text value' }]);
  return raw;
}

/** `YYYY-MM-DD` (a whole day, start or end) or an ISO date-time; left to the GraphQL scalar to validate. */
export function dateParam(query: Record<string, unknown>, name: string, endOfDay: boolean): string | undefined {
  const raw = stringParam(query, name);
  if (raw === undefined) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) {
    const day = new Date(`${raw}T00:00:00.000Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== raw) {
      throw new ValidationError(`${name} is not a calendar date`, [{ path: name, message: 'not a calendar date (YYYY-MM-DD)' }]);
    }
    return `${raw}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z`;
  }
  return raw;
}

export function bodyObject(body: unknown, what = 'request body'): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ValidationError(`${what} must be a JSON object`, [{ path: '', message: 'must be a JSON object' }]);
  }
  return body as Record<string, unknown>;
}
