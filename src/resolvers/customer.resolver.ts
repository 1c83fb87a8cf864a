import { CUSTOMER } from '../domain/customers/customers.declaration';
import { customers, type CustomerRecord } from '../domain/customers/customers.service';
import { outputOf } from '../domain/declare/mapping';
import { CUSTOMER_TYPES, type Customer } from '../schema/customer.types';
import { declaredResolver } from './declared.resolver';

/** Stored customer → its GraphQL shape. */
export const toCustomer = (doc: CustomerRecord): Customer => outputOf(CUSTOMER, doc) as Customer;

export const CustomerResolver = declaredResolver(CUSTOMER, CUSTOMER_TYPES, customers, toCustomer);
