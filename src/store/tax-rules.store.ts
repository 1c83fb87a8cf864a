import type { TenantDocument } from './tenant-collection';

export type TaxRuleDocument = TenantDocument & {
  name: string;
  /** Percent as given (21, 10.5). */
  rate: number;
  /** Upper-case ISO 3166 alpha-2. */
  country: string;
  category: string;
  type: string;
  description?: string;
  is_default: boolean;
  display_order: number;
  is_active: boolean;
  code?: string;
  afip_vat_id?: number;
  valid_from?: string;
  valid_to?: string;
};
