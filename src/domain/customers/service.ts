import type { CustomerDocument } from '../../store/customers';
import { CUSTOMER_SORT, customerQuery } from '../../store/customers';
import { storedAddress } from '../address';
import { normalizeCuit } from '../cuit';
import { fieldChanges, Resource, type FieldsOf } from '../resource';
import { createCustomerSchema, updateCustomerSchema, type CreateCustomerData, type CustomerFilterData, type UpdateCustomerData } from './schema';

function toFields(input: UpdateCustomerData): { set: Partial<FieldsOf<CustomerDocument>>; unset: string[] } {
  const { set, unset, put } = fieldChanges<FieldsOf<CustomerDocument>>();
  if (input.name) set.name = input.name;
  put('document_type', input.documentType);
  // CUIT/CUIL are kept as their 11 digits, however they were typed.
  const cuit = input.documentNumber && (input.documentType === 'CUIT' || input.documentType === 'CUIL') ? normalizeCuit(input.documentNumber) : null;
  put('document_number', cuit ?? input.documentNumber);
  put('iva_condition', input.ivaCondition);
  if (input.address !== undefined) put('address', input.address === null ? null : (storedAddress(input.address) ?? null));
  put('email', input.email);
  return { set, unset };
}

export const customers = new Resource<CustomerDocument, CreateCustomerData, UpdateCustomerData, CustomerFilterData, undefined>({
  collection: 'customers',
  label: 'customer',
  createSchema: createCustomerSchema,
  updateSchema: updateCustomerSchema,
  fieldsForCreate: (input) => ({ ...toFields(input).set, name: input.name }),
  fieldsForUpdate: toFields,
  query: customerQuery,
  sort: () => CUSTOMER_SORT,
});

/** A customer as stored (what resolvers map to their GraphQL shape). */
export type CustomerRecord = CustomerDocument;
