import { PRODUCT } from '../domain/products/products.declaration';
import { declaredRoutes } from './declared.routes';

export const { routes: PRODUCT_ROUTES, components: PRODUCT_COMPONENTS } = declaredRoutes(PRODUCT, 'products');
