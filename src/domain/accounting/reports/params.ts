import type { RequestContext } from '../../context';
import { argentineDay, isCalendarDate } from '../../dates';
import { ValidationError, type ErrorDetail } from '../../errors';
import { MAX_PAGE_SIZE } from '../../pagination';
import { MAX_LEVEL } from '../account-declaration';

/** The days a report covers and how deep it lists the chart. */
export interface Period {
  from: string;
  to: string;
  level: number;
  includeZero: boolean;
}

export interface PeriodArgs {
  from?: string | null;
  to?: string | null;
  level?: number | null;
  includeZero?: boolean | null;
}

/** Ledger lines a page holds unless asked otherwise. */
export const DEFAULT_LINES = 50;

function dayArg(problems: ErrorDetail[], name: string, value: string | null | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isCalendarDate(value)) {
    problems.push({ path: name, message: 'must be a real calendar date (YYYY-MM-DD)' });
    return undefined;
  }
  return value;
}

function fail(problems: ErrorDetail[]): never {
  throw new ValidationError(`invalid report parameters: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`, problems);
}

/**
 * The period of a report: `to` defaults to today in Argentina, `from` to the first day of `to`'s year (the fiscal
 * year until the fiscal calendar gives accounts their own), `level` to the deepest. Every malformed argument is
 * named in one 400.
 */
export function periodOf(context: RequestContext, args: PeriodArgs): Period {
  const problems: ErrorDetail[] = [];
  const to = dayArg(problems, 'to', args.to) ?? argentineDay(context.now());
  const from = dayArg(problems, 'from', args.from) ?? `${to.slice(0, 4)}-01-01`;
  if (!problems.length && from > to) problems.push({ path: 'from', message: `must not be after to (${to})` });
  const level = args.level ?? MAX_LEVEL;
  if (!Number.isInteger(level) || level < 1 || level > MAX_LEVEL) problems.push({ path: 'level', message: `must be an integer from 1 to ${MAX_LEVEL}` });
  if (problems.length) fail(problems);
  return { from, to, level, includeZero: args.includeZero ?? false };
}

/** A required day (the daily journal's). */
export function dayOf(name: string, value: string): string {
  const problems: ErrorDetail[] = [];
  const day = dayArg(problems, name, value);
  if (!day) fail(problems.length ? problems : [{ path: name, message: 'is required' }]);
  return day;
}

/** How many items a page holds: `first`, 1 to 100. */
export function pageSize(first: number | null | undefined, fallback = DEFAULT_LINES): number {
  const size = first ?? fallback;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) fail([{ path: 'first', message: `must be an integer from 1 to ${MAX_PAGE_SIZE}` }]);
  return size;
}

/** Where a page of ledger lines ends: the entry (by day and number) and the line's index in it. */
export interface LinePosition {
  /** The account whose lines are read (general ledger pages cross accounts). */
  code: string;
  date: string;
  number: number;
  line: number;
}

const badCursor = (): never => fail([{ path: 'after', message: 'is not a cursor returned by this report' }]);

export function encodeLineCursor(position: LinePosition): string {
  return Buffer.from(JSON.stringify([position.code, position.date, position.number, position.line]), 'utf8').toString('base64url');
}

/** A cursor this API wrote, or a 400: anything else a client sends is refused before it reaches a query. */
export function decodeLineCursor(cursor: string | null | undefined): LinePosition | null {
  if (cursor === undefined || cursor === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return badCursor();
  const [code, date, number, line] = parsed as unknown[];
  const whole = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
  if (typeof code !== 'string' || code.length > 20 || typeof date !== 'string' || !isCalendarDate(date) || !whole(number) || !whole(line)) return badCursor();
  return { code, date, number: number as number, line: line as number };
}

/** A daily journal cursor: the number of the last entry of the page. */
export function encodeEntryCursor(number: number): string {
  return Buffer.from(`entry:${number}`, 'utf8').toString('base64url');
}

export function decodeEntryCursor(cursor: string | null | undefined): number | null {
  if (cursor === undefined || cursor === null) return null;
  const match = /^entry:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : badCursor();
}
