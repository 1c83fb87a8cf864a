import { SUPPLIER } from '../domain/suppliers/suppliers.declaration';
import { declaredRoutes } from './declared.routes';

export const { routes: SUPPLIER_ROUTES, components: SUPPLIER_COMPONENTS } = declaredRoutes(SUPPLIER, 'suppliers');
