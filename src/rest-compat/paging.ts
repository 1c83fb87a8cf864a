import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../domain/pagination';
import type { QueryReader } from './query';
import type { QueryParameter } from './route';

/** A page-numbered list's query: `page` from 1 and a page size named as the contract names it. */
export interface PagingSpec {
  size: 'limit' | 'per_page';
  fallback: number;
  max: number;
}

/** The generic resources' lists (the contract's `page` and `limit`). */
export const LIST_PAGING: PagingSpec = { size: 'limit', fallback: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE };

export interface Paging {
  page: number;
  size: number;
  /** The page size asked for when it was above the maximum (and served as the maximum). */
  asked?: number;
}

export function readPaging(reader: QueryReader, spec: PagingSpec): Paging {
  return { page: reader.int('page', 1, 1, MAX_PAGE_NUMBER), ...reader.pageSize(spec.size, spec.fallback, spec.max) };
}

export function pageSizeParameter(spec: PagingSpec, what = 'Page size'): QueryParameter {
  return {
    name: spec.size,
    description: `${what}, 1 to ${spec.max} (default ${spec.fallback}); more is served as ${spec.max}.`,
    schema: { type: 'integer', minimum: 1, default: spec.fallback },
  };
}

/** A list's `page`: from 1, at most MAX_PAGE_NUMBER (1 by default). */
export const PAGE_PARAMETER: QueryParameter = { name: 'page', description: 'Page number, from 1.', schema: { type: 'integer', minimum: 1, default: 1 } };
export const MAX_PAGE_NUMBER = 1_000_000;

export function pagingParameters(spec: PagingSpec): QueryParameter[] {
  return [PAGE_PARAMETER, pageSizeParameter(spec)];
}

/** The answer of a page: its items, the total, the page, the size served, the pages (when the route counts them) and the size asked when it was cut. */
export function pagedAnswer(spec: PagingSpec, paging: Paging, items: unknown[], total: number, withPages = true): Record<string, unknown> {
  return {
    items,
    total,
    page: paging.page,
    [spec.size]: paging.size,
    ...(withPages ? { pages: Math.ceil(total / paging.size) } : {}),
    ...askedNote(spec, paging),
  };
}

/** `<size>_requested` when the page size asked for was above the maximum, else nothing. */
export function askedNote(spec: PagingSpec, paging: Pick<Paging, 'asked'>): Record<string, number> {
  return paging.asked === undefined ? {} : { [`${spec.size}_requested`]: paging.asked };
}

export function askedSchema(spec: PagingSpec): Record<string, unknown> {
  return {
    [`${spec.size}_requested`]: {
      type: 'integer',
      description: `The ${spec.size} asked for, present only when it was above ${spec.max}.`,
      examples: [1000],
    },
  };
}

export function pagedSchema(spec: PagingSpec, item: Record<string, unknown>, withPages = true): Record<string, unknown> {
  // The first page of 50 of 127 records.
  const counts: Record<string, number> = { total: 127, page: 1, [spec.size]: 50, ...(withPages ? { pages: 3 } : {}) };
  return {
    type: 'object',
    properties: {
      items: { type: 'array', items: item },
      ...Object.fromEntries(Object.entries(counts).map(([name, example]) => [name, { type: 'integer', examples: [example] }])),
      ...askedSchema(spec),
    },
    required: ['items', ...Object.keys(counts)],
  };
}
