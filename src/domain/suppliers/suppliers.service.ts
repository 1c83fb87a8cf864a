import type { SupplierDocument } from '../../store/suppliers.store';
import { declaredResource } from '../declare/declare.resource';
import { ConflictError } from '../errors';
import { SUPPLIER } from './suppliers.declaration';

export const {
  resource: suppliers,
  createSchema: createSupplierSchema,
  updateSchema: updateSupplierSchema,
  filterSchema: supplierFilterSchema,
} = declaredResource<SupplierDocument>(SUPPLIER, {
  // The purchases of a supplier are found by its id and its tax id.
  projection: { receivedInvoices: ['tax_id'], expenses: [] },
  duplicate: (input) =>
    new ConflictError(`a supplier with tax_id ${input.taxId} already exists`, [{ path: 'taxId', message: 'already used by another supplier' }]),
});

/** A supplier as stored (what resolvers map to their GraphQL shape). */
export type SupplierRecord = SupplierDocument;
