import type { StoredCertificate } from './sealed';
import type { TenantDocument } from './tenant-collection';

export type AdditionalTaxpayerDocument = TenantDocument & {
  /** 11 digits. */
  tax_id: string;
  tax_condition: string;
  punto_venta?: string;
  business_name?: string;
  first_name?: string;
  last_name?: string;
  afip_environment: string;
  certificates: StoredCertificate[];
};
