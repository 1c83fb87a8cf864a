import type { Filter, Sort } from 'mongodb';
import type { StoredAddress } from './address';
import type { TenantDocument } from './tenant-collection';
import { textSearch } from './text-search';

export type CustomerDocument = TenantDocument & {
  name: string;
  document_type?: string;
  document_number?: string;
  iva_condition?: string;
  address?: StoredAddress;
  email?: string;
};

export function customerQuery(filter: { search?: string | null } | undefined): Filter<CustomerDocument> {
  return filter?.search ? textSearch(['name', 'document_number', 'email'], filter.search) : {};
}

export const CUSTOMER_SORT: Sort = { name: 1, _id: 1 };
