import type { Filter, Sort } from 'mongodb';
import { textSearch } from './text-search';
import type { Stocked } from './stock';

export type ProductDocument = Stocked & {
  sku: string;
  unit: string;
  price_cents: number;
  description?: string;
};

export function productQuery(filter: { search?: string | null; sku?: string | null } | undefined): Filter<ProductDocument> {
  const query: Filter<ProductDocument> = {};
  if (filter?.sku) query.sku = filter.sku;
  if (filter?.search) {
    Object.assign(query, textSearch(['name', 'sku'], filter.search));
  }
  return query;
}

export const PRODUCT_SORT: Sort = { name: 1, _id: 1 };
