import { SUPPLY } from '../domain/supplies/supplies.declaration';
import { declaredRoutes } from './declared.routes';

export const { routes: SUPPLY_ROUTES, components: SUPPLY_COMPONENTS } = declaredRoutes(SUPPLY, 'supplies');
