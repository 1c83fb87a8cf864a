import type { Document, Filter, Sort } from 'mongodb';
import { textSearch } from './text-search';

/** A list's conditions in plain terms (stored field names and values); the store alone writes them as Mongo. */
export interface ListConditions {
  /** Field equals value (for an array field: contains it). */
  equals: Record<string, unknown>;
  search?: { fields: string[]; text: string };
  /** Inclusive windows on date or day fields. */
  windows?: Array<{ field: string; from?: Date | string | null; to?: Date | string | null }>;
}

/** The Mongo filter of list conditions. Client values only ever appear as values, never as operators. */
export function listFilter({ equals, search, windows = [] }: ListConditions): Filter<Document> {
  const filter: Filter<Document> = {};
  for (const [field, value] of Object.entries(equals)) if (value !== undefined && value !== null) filter[field] = value;
  if (search?.text) Object.assign(filter, textSearch(search.fields, search.text));
  for (const window of windows) {
    if (window.from || window.to) filter[window.field] = { ...(window.from ? { $gte: window.from } : {}), ...(window.to ? { $lte: window.to } : {}) };
  }
  return filter;
}

/** An order on one stored field; `_id` breaks ties so pages never overlap or skip. */
export function listSort(field: string, direction: 'asc' | 'desc'): Sort {
  const order = direction === 'asc' ? 1 : -1;
  return { [field]: order, _id: order };
}
