import type { SupplierDocument, SupplierFields, SupplierOrderField } from '../../store/suppliers';
import { storedAddress } from '../address';
import { supplierQuery, supplierSort } from '../../store/suppliers';
import { ConflictError } from '../errors';
import { fieldChanges, Resource } from '../resource';
import {
  createSupplierSchema,
  updateSupplierSchema,
  type CreateSupplierData,
  type SupplierFilterData,
  type UpdateSupplierData,
} from './schema';

/** Input (GraphQL names) → stored fields; null or empty means "remove the field". */
function toFields(input: UpdateSupplierData): { set: Partial<SupplierFields>; unset: string[] } {
  const { set, unset, put } = fieldChanges<SupplierFields>();
  if (input.name !== undefined && input.name !== null) set.name = input.name;
  put('email', input.email);
  put('phone', input.phone);
  put('tax_id', input.taxId);
  put('contact_name', input.contactName);
  if (input.address !== undefined) put('address', input.address === null ? null : (storedAddress(input.address) ?? null));
  if (input.fiscalInfo !== undefined) {
    put('fiscal_info', input.fiscalInfo?.condicionIva ? { condicion_iva: input.fiscalInfo.condicionIva } : null);
  }
  put('category', input.category);
  if (input.tags !== undefined) set.tags = [...new Set(input.tags ?? [])];
  put('notes', input.notes);
  if (input.status) set.status = input.status;
  return { set, unset };
}

export interface SupplierOrder {
  field?: SupplierOrderField;
  direction?: 'asc' | 'desc';
}

export const suppliers = new Resource<SupplierDocument, CreateSupplierData, UpdateSupplierData, SupplierFilterData, SupplierOrder>({
  collection: 'suppliers',
  label: 'supplier',
  createSchema: createSupplierSchema,
  updateSchema: updateSupplierSchema,
  fieldsForCreate: (input) => ({ tags: [], status: 'active', ...toFields(input).set, name: input.name }),
  fieldsForUpdate: toFields,
  query: supplierQuery,
  sort: (order) => supplierSort(order?.field, order?.direction),
  duplicate: (input) =>
    new ConflictError(`a supplier with tax_id ${input.taxId} already exists`, [{ path: 'taxId', message: 'already used by another supplier' }]),
});
