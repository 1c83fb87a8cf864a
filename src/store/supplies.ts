import type { Filter, ObjectId, Sort } from 'mongodb';
import type { Stocked } from './stock';
import { textSearch } from './text-search';

/** A supply (insumo) as stored: field names are the REST API's, money in centavos, stock in thousandths. */
export type SupplyFields = {
  name: string;
  default_amount_cents: number;
  description?: string;
  unit?: string;
  /** null: no price of its own (consumptions cost it at default_amount). */
  unit_price_cents?: number | null;
  status: 'active' | 'inactive';
  supplier_id?: ObjectId;
};

export type SupplyDocument = Stocked & SupplyFields;

export interface SupplyFilterFields {
  status?: 'active' | 'inactive' | null;
  supplierId?: ObjectId | null;
  search?: string | null;
}

/** The Mongo filter for a validated supply filter (client values only as values). */
export function supplyQuery(filter: SupplyFilterFields | undefined): Filter<SupplyDocument> {
  const query: Filter<SupplyDocument> = {};
  if (!filter) return query;
  if (filter.status) query.status = filter.status;
  if (filter.supplierId) query.supplier_id = filter.supplierId;
  if (filter.search) Object.assign(query, textSearch(['name', 'description'], filter.search));
  return query;
}

export const SUPPLY_ORDER_FIELDS = { name: 'name', createdAt: 'created_at', updatedAt: 'updated_at' } as const;
export type SupplyOrderField = keyof typeof SUPPLY_ORDER_FIELDS;

export function supplySort(field: SupplyOrderField = 'name', direction: 'asc' | 'desc' = 'asc'): Sort {
  const order = direction === 'asc' ? 1 : -1;
  return { [SUPPLY_ORDER_FIELDS[field]]: order, _id: order };
}
