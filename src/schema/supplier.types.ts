import { SUPPLIER } from '../domain/suppliers/suppliers.declaration';
import { createSupplierSchema, supplierFilterSchema, updateSupplierSchema } from '../domain/suppliers/suppliers.service';
import { declaredTypes } from './declared.types';

export const SUPPLIER_TYPES = declaredTypes(SUPPLIER, {
  createSchema: createSupplierSchema,
  updateSchema: updateSupplierSchema,
  filterSchema: supplierFilterSchema,
});

/** The Supplier object type (for fields of other types that lead to a supplier). */
export const Supplier = SUPPLIER_TYPES.Record;
export type Supplier = Record<string, unknown> & { id: string };
