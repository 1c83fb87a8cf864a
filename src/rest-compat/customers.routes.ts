import { CUSTOMER } from '../domain/customers/customers.declaration';
import { declaredRoutes } from './declared.routes';

export const { routes: CUSTOMER_ROUTES, components: CUSTOMER_COMPONENTS } = declaredRoutes(CUSTOMER, 'customers');
