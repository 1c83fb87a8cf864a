import type { ObjectId } from 'mongodb';
import type { StoredAddress } from './address.store';
import type { TenantDocument } from './tenant-collection';

/** A supplier as stored: field names are the REST API's. */
export type SupplierFields = {
  name: string;
  email?: string;
  phone?: string;
  tax_id?: string;
  fiscal_info?: {
    tipo_documento?: number;
    numero_documento?: string;
    condicion_iva?: string;
    razon_social?: string;
    domicilio_comercial?: string;
    provincia?: string;
    codigo_postal?: string;
    pais?: string;
  };
  contact_name?: string;
  address?: StoredAddress;
  status: 'active' | 'inactive';
  category?: string;
  payment_terms?: string;
  website?: string;
  notes?: string;
  tags: string[];
  product_ids: ObjectId[];
};

export type SupplierDocument = TenantDocument & SupplierFields;
