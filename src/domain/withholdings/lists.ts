import type { Document, Filter } from 'mongodb';
import type { CollectionName } from '../../store/catalog';
import { parseId } from '../../store/ids';
import type { TenantDocument } from '../../store/tenant-collection';
import { requirePrincipal, type RequestContext } from '../context';
import { ValidationError } from '../errors';
import { periodDays, periodParam } from '../iva/period';

export interface ListFilter {
  period?: string | null;
  supplierId?: string | null;
  tax?: string | null;
  page?: number | null;
  limit?: number | null;
}

export const MAX_LIMIT = 100;

/**
 * A page of one of the module's records, newest first, by month, supplier or tax: each filter is the leading field
 * of an index whose tail is (date, _id) descending, and a month is a range of that date, so no list sorts in memory.
 */
export async function listRecords<T extends TenantDocument>(
  context: RequestContext,
  name: CollectionName,
  filter: ListFilter,
  allowed: { supplier: boolean; taxes: readonly string[] },
): Promise<{ items: T[]; total: number }> {
  const page = filter.page ?? 1;
  const limit = filter.limit ?? 50;
  if (!Number.isInteger(page) || page < 1 || page > 1_000_000)
    throw new ValidationError('page must be 1 or more', [{ path: 'page', message: 'must be 1 or more' }]);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    throw new ValidationError(`limit must be 1 to ${MAX_LIMIT}`, [{ path: 'limit', message: `must be 1 to ${MAX_LIMIT}` }]);
  const query: Document = { account_id: requirePrincipal(context).accountId };
  if (filter.supplierId && filter.tax) throw new ValidationError('filter by supplier or by tax, not both', [{ path: 'tax', message: 'not with supplier_id' }]);
  if (filter.supplierId) {
    if (!allowed.supplier) throw new ValidationError('supplier_id is not a filter here', [{ path: 'supplierId', message: 'not a filter of this list' }]);
    // A malformed id matches nothing, like an unknown one.
    query.supplier_id = parseId(filter.supplierId) ?? { $in: [] };
  }
  if (filter.tax) {
    if (!allowed.taxes.includes(filter.tax))
      throw new ValidationError(`tax must be one of ${allowed.taxes.join(', ')}`, [{ path: 'tax', message: `one of ${allowed.taxes.join(', ')}` }]);
    query.tax = filter.tax;
  }
  if (filter.period) {
    const { from, to } = periodDays(periodParam(filter.period));
    query.date = { $gte: from, $lt: to };
  }
  const collection = context.store.collection<T>(name);
  const [items, total] = await Promise.all([
    collection.find(query as Filter<T>, { sort: { date: -1, _id: -1 }, skip: (page - 1) * limit, limit }).toArray() as Promise<T[]>,
    collection.countDocuments(query as Filter<T>),
  ]);
  return { items, total };
}
