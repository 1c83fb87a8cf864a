import DataLoader from 'dataloader';
import type { Document, ObjectId } from 'mongodb';
import type { CollectionName } from './catalog';
import type { Store } from './store';
import type { TenantDocument } from './tenant-collection';

export interface GroupedPage<T> {
  docs: T[];
  /** Every match of the key (all pages). */
  total: number;
  /** The sum of the `sumOf` field over every match (0 without one). */
  sum: number;
}

/**
 * One page per key of the documents whose `field` equals the key, in `sort` order, with each key's total: for every
 * key asked in one tick, one aggregation — `$in` on the keys (served by an index that starts with account_id and
 * `field`), then per key its count, an optional sum and its first `skip + limit` documents by `$topN`. A page of parents then costs
 * one command however many parents it holds.
 */
export function groupedPages<K extends string | ObjectId, T extends TenantDocument>(
  store: Store,
  accountId: ObjectId,
  name: CollectionName,
  field: string,
  options: { where: Document; sort: Record<string, 1 | -1>; skip: number; limit: number; sumOf?: string },
): DataLoader<K, GroupedPage<T>, string> {
  const { where, sort, skip, limit, sumOf } = options;
  return new DataLoader<K, GroupedPage<T>, string>(
    async (keys) => {
      const groups = await store
        .collection(name)
        .aggregate<{ _id: K; total: number; sum: number; docs: T[] }>([
          { $match: { ...where, account_id: accountId, [field]: { $in: [...keys] } } },
          {
            $group: {
              _id: `$${field}`,
              total: { $sum: 1 },
              sum: { $sum: sumOf ? `$${sumOf}` : 0 },
              docs: { $topN: { n: skip + limit, sortBy: { ...sort, _id: -1 }, output: '$$ROOT' } },
            },
          },
        ])
        .toArray();
      const byKey = new Map(groups.map((group) => [String(group._id), group]));
      return keys.map((key) => {
        const group = byKey.get(String(key));
        return { docs: group ? group.docs.slice(skip) : [], total: group?.total ?? 0, sum: group?.sum ?? 0 };
      });
    },
    { cacheKeyFn: (key) => String(key) },
  );
}
