import { CUSTOMER } from '../domain/customers/declaration';
import { declaredRoutes } from './declared';

export const { routes: CUSTOMER_ROUTES, components: CUSTOMER_COMPONENTS } = declaredRoutes(CUSTOMER, 'customers');
