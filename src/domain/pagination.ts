import { ValidationError } from './errors';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export interface PageArgs {
  first?: number | null;
  after?: string | null;
  offset?: number | null;
}

export interface PageWindow {
  skip: number;
  limit: number;
}

export function encodeCursor(position: number): string {
  return Buffer.from(`offset:${position}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): number {
  const match = /^offset:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new ValidationError('after is not a cursor returned by this API', [{ path: 'after', message: 'invalid cursor' }]);
  return Number(match[1]);
}

/** The slice a connection asks for: `first` items after the cursor (or from `offset`). */
export function pageWindow(args: PageArgs): PageWindow {
  const limit = args.first ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw new ValidationError(`first must be between 1 and ${MAX_PAGE_SIZE}`, [{ path: 'first', message: `must be between 1 and ${MAX_PAGE_SIZE}` }]);
  }
  if (args.offset !== undefined && args.offset !== null && (!Number.isInteger(args.offset) || args.offset < 0)) {
    throw new ValidationError('offset must be a non-negative integer', [{ path: 'offset', message: 'must be a non-negative integer' }]);
  }
  const skip = args.after ? decodeCursor(args.after) + 1 : (args.offset ?? 0);
  return { skip, limit };
}

export interface Connection<T> {
  nodes: T[];
  totalCount: number;
  window: PageWindow;
}
