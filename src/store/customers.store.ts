import type { StoredAddress } from './address.store';
import type { TenantDocument } from './tenant-collection';

export type CustomerDocument = TenantDocument & {
  name: string;
  document_type?: string;
  document_number?: string;
  iva_condition?: string;
  address?: StoredAddress;
  email?: string;
};
