import { DELIVERY_NOTE } from '../domain/delivery-notes/declaration';
import { declaredRoutes } from './declared';

export const { routes: DELIVERY_NOTE_ROUTES, components: DELIVERY_NOTE_COMPONENTS } = declaredRoutes(DELIVERY_NOTE, 'delivery notes');
