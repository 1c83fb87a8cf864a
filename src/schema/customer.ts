import { CUSTOMER } from '../domain/customers/declaration';
import { createCustomerSchema, customerFilterSchema, updateCustomerSchema } from '../domain/customers/service';
import { declaredTypes } from './declared';

export const CUSTOMER_TYPES = declaredTypes(CUSTOMER, {
  createSchema: createCustomerSchema,
  updateSchema: updateCustomerSchema,
  filterSchema: customerFilterSchema,
});

export const Customer = CUSTOMER_TYPES.Record;
export type Customer = Record<string, unknown> & { id: string };
