import type { CustomerDocument } from '../../store/customers.store';
import { normalizeCuit } from '../cuit';
import { declaredDefinition, type ListOrder } from '../declare/declare.resource';
import { Resource } from '../resource';
import { CUSTOMER } from './customers.declaration';

type Row = Record<string, unknown>;

const {
  definition,
  createSchema: createCustomerSchema,
  updateSchema: updateCustomerSchema,
  filterSchema: customerFilterSchema,
} = declaredDefinition<CustomerDocument>(CUSTOMER);
export { createCustomerSchema, customerFilterSchema, updateCustomerSchema };

/** A CUIT or CUIL is kept as its 11 digits, however it was typed. */
function normalized(input: Row): Row {
  const type = input.documentType;
  const number = input.documentNumber;
  if ((type === 'CUIT' || type === 'CUIL') && typeof number === 'string') return { ...input, documentNumber: normalizeCuit(number) ?? number };
  return input;
}

export const customers = new Resource<CustomerDocument, Row, Row, Row, ListOrder>({
  ...definition,
  fieldsForCreate: (input, now) => definition.fieldsForCreate(normalized(input), now),
  fieldsForUpdate: (input) => definition.fieldsForUpdate(normalized(input)),
});

/** A customer as stored (what resolvers map to their GraphQL shape). */
export type CustomerRecord = CustomerDocument;
