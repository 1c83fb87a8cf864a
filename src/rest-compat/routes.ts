import type { RestRoute } from './route';
import { SUPPLIER_COMPONENTS, SUPPLIER_ROUTES } from './suppliers';

/** The legacy `/api/v1` routes, in matching order (fixed paths before `{id}` ones). */
export const ROUTES: RestRoute[] = [...SUPPLIER_ROUTES];

export const COMPONENTS: Record<string, Record<string, unknown>> = { ...SUPPLIER_COMPONENTS };
