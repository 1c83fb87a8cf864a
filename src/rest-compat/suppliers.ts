import { SUPPLIER } from '../domain/suppliers/declaration';
import { declaredRoutes } from './declared';

export const { routes: SUPPLIER_ROUTES, components: SUPPLIER_COMPONENTS } = declaredRoutes(SUPPLIER, 'suppliers');
