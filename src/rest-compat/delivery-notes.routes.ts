import { DELIVERY_NOTE } from '../domain/delivery-notes/delivery-notes.declaration';
import { declaredRoutes } from './declared.routes';

export const { routes: DELIVERY_NOTE_ROUTES, components: DELIVERY_NOTE_COMPONENTS } = declaredRoutes(DELIVERY_NOTE, 'delivery notes');
