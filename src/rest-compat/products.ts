import { PRODUCT } from '../domain/products/declaration';
import { declaredRoutes } from './declared';

export const { routes: PRODUCT_ROUTES, components: PRODUCT_COMPONENTS } = declaredRoutes(PRODUCT, 'products');
