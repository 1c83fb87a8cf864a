import type { Filter, Sort } from 'mongodb';
import type { StoredAddress } from './address';
import { textSearch } from './text-search';
import type { SupplierFilterData } from '../domain/suppliers/schema';
import type { TenantDocument } from './tenant-collection';

/** A supplier as stored: field names are the REST API's. */
export type SupplierFields = {
  name: string;
  email?: string;
  phone?: string;
  tax_id?: string;
  contact_name?: string;
  address?: StoredAddress;
  fiscal_info?: { condicion_iva?: string };
  category?: string;
  tags: string[];
  notes?: string;
  status: 'active' | 'inactive';
};

export type SupplierDocument = TenantDocument & SupplierFields;

/** The Mongo filter for a validated supplier filter. Client values only ever appear as values, never as operators. */
export function supplierQuery(filter: SupplierFilterData | undefined): Filter<SupplierDocument> {
  const query: Filter<SupplierDocument> = {};
  if (!filter) return query;
  if (filter.status) query.status = filter.status;
  if (filter.category) query.category = filter.category;
  if (filter.tag) query.tags = filter.tag;
  if (filter.search) {
    Object.assign(query, textSearch(['name', 'tax_id', 'email'], filter.search));
  }
  if (filter.createdFrom || filter.createdTo) {
    query.created_at = {
      ...(filter.createdFrom ? { $gte: filter.createdFrom } : {}),
      ...(filter.createdTo ? { $lte: filter.createdTo } : {}),
    };
  }
  return query;
}

export const SUPPLIER_ORDER_FIELDS = { name: 'name', createdAt: 'created_at', updatedAt: 'updated_at' } as const;
export type SupplierOrderField = keyof typeof SUPPLIER_ORDER_FIELDS;

export function supplierSort(field: SupplierOrderField = 'createdAt', direction: 'asc' | 'desc' = 'desc'): Sort {
  const order = direction === 'asc' ? 1 : -1;
  // _id breaks ties so pages never overlap or skip.
  return { [SUPPLIER_ORDER_FIELDS[field]]: order, _id: order };
}
