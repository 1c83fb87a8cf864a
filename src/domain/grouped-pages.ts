import type { Document, ObjectId } from 'mongodb';
import type { CollectionName } from '../store/catalog';
import { groupedPages } from '../store/grouped-pages.store';
import type { TenantDocument } from '../store/tenant-collection';
import type { RequestContext } from './context';

export type { GroupedPage } from '../store/grouped-pages.store';

/**
 * The request's loader for one shape of nested page: the children of many parents whose `field` is the parent's key,
 * one command for every parent asked in a tick. `filterKey` names the client's filter (plain values, not the query
 * built from it, whose regular expressions print as {}), so the same filter and window share one batch.
 */
export function nestedPages<K extends string | ObjectId, T extends TenantDocument>(
  context: RequestContext,
  name: CollectionName,
  field: string,
  filterKey: string,
  options: { where: Document; sort: Record<string, 1 | -1>; skip: number; limit: number; sumOf?: string },
) {
  const key = `pages:${name}:${field}:${filterKey}:${options.skip}:${options.limit}`;
  return context.loaders().custom(key, (accountId) => groupedPages<K, T>(context.store, accountId, name, field, options));
}
