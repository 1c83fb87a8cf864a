import { SUPPLY } from '../domain/supplies/declaration';
import { declaredRoutes } from './declared';

export const { routes: SUPPLY_ROUTES, components: SUPPLY_COMPONENTS } = declaredRoutes(SUPPLY, 'supplies');
