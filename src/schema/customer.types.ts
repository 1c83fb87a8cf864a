import { CUSTOMER } from '../domain/customers/customers.declaration';
import { createCustomerSchema, customerFilterSchema, updateCustomerSchema } from '../domain/customers/customers.service';
import { declaredTypes } from './declared.types';

export const CUSTOMER_TYPES = declaredTypes(CUSTOMER, {
  createSchema: createCustomerSchema,
  updateSchema: updateCustomerSchema,
  filterSchema: customerFilterSchema,
});

export const Customer = CUSTOMER_TYPES.Record;
export type Customer = Record<string, unknown> & { id: string };
