import { isCalendarDate } from '../domain/dates';
import { ValidationError, type ErrorDetail } from '../domain/errors';

/** The longest value a query-string parameter takes (codes, names, searches, dates): published as its maxLength. */
export const MAX_QUERY_TEXT = 200;

/**
 * Reads query-string parameters of a REST route, collecting every malformed one; `done()` throws a 400 naming
 * them all. Values that parse are left for the GraphQL operation to validate like any other argument.
 */
export class QueryReader {
  private readonly problems: ErrorDetail[] = [];

  constructor(private readonly query: Record<string, unknown>) {}

  private fail(name: string, message: string): undefined {
    this.problems.push({ path: name, message });
    return undefined;
  }

  string(name: string): string | undefined {
    const raw = this.query[name];
    if (raw === undefined || raw === '') return undefined;
    if (typeof raw !== 'string') return this.fail(name, 'must be a single text value');
    if (raw.length > MAX_QUERY_TEXT) return this.fail(name, `at most ${MAX_QUERY_TEXT} characters`);
    return raw;
  }

  int(name: string, fallback: number, min: number, max: number): number {
    const raw = this.string(name);
    if (raw === undefined) return fallback;
    const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isInteger(value) || value < min || value > max) {
      this.fail(name, `must be an integer from ${min} to ${max}`);
      return fallback;
    }
    return value;
  }

  /**
   * A page size from 1. Legacy clients ask for more than a page holds (`limit=1000`), so a size above `max` is
   * served as `max` rather than refused; `asked` keeps what was asked for the answer to say so.
   */
  pageSize(name: string, fallback: number, max: number): { size: number; asked?: number } {
    const raw = this.string(name);
    if (raw === undefined) return { size: fallback };
    const value = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
    if (value < 1) {
      this.fail(name, `must be a whole number from 1 (above ${max} is served as ${max})`);
      return { size: fallback };
    }
    return value > max ? { size: max, asked: value } : { size: value };
  }

  oneOf<T extends string>(name: string, values: readonly T[], fallback: T): T {
    const raw = this.string(name);
    if (raw === undefined) return fallback;
    if (!(values as readonly string[]).includes(raw)) {
      this.fail(name, `one of ${values.join(', ')}`);
      return fallback;
    }
    return raw as T;
  }

  /** A whole number (range checks are the operation's); anything else is a problem. */
  whole(name: string): number | undefined {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    if (!/^-?\d{1,15}$/.test(raw)) return this.fail(name, 'must be a whole number');
    return Number(raw);
  }

  /** `true` or `false`; anything else is a problem. */
  flag(name: string): boolean | undefined {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    if (raw !== 'true' && raw !== 'false') return this.fail(name, 'one of true, false');
    return raw === 'true';
  }

  /** `YYYY-MM-DD` (the whole day in Argentina: its start or end) or an ISO date-time (checked by the GraphQL scalar). */
  date(name: string, endOfDay: boolean): string | undefined {
    const raw = this.string(name);
    if (raw === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return raw;
    if (!isCalendarDate(raw)) return this.fail(name, 'not a calendar date (YYYY-MM-DD)');
    return `${raw}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}-03:00`;
  }

  done(): void {
    if (this.problems.length) {
      throw new ValidationError(`invalid query parameters: ${this.problems.map((p) => p.path).join(', ')}`, this.problems);
    }
  }
}

/** A JSON body (absent: empty) of only the `allowed` fields; any other is a 400 naming it. */
export function onlyFields(body: unknown, allowed: readonly string[], what: string): Record<string, unknown> {
  const object = body === undefined || body === null ? {} : bodyObject(body);
  const unknown = Object.keys(object).filter((key) => !allowed.includes(key));
  if (unknown.length)
    throw new ValidationError(
      `unknown fields: ${unknown.join(', ')}`,
      unknown.map((path) => ({ path, message: `is not a field of ${what} (only ${allowed.join(', ')})` })),
    );
  return object;
}

export function bodyObject(body: unknown, what = 'request body'): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ValidationError(`${what} must be a JSON object`, [{ path: '', message: 'must be a JSON object' }]);
  }
  return body as Record<string, unknown>;
}

/**
 * A route's reading of its query string, done once per request: its variables and its answer (the page served, the
 * size asked) both need it, and a malformed parameter is refused once, with every other malformed one.
 */
export function queryReading<T>(read: (reader: QueryReader) => T): (query: Record<string, unknown>) => T {
  const readings = new WeakMap<Record<string, unknown>, T>();
  return (query) => {
    if (readings.has(query)) return readings.get(query) as T;
    const reader = new QueryReader(query);
    const reading = read(reader);
    reader.done();
    readings.set(query, reading);
    return reading;
  };
}
