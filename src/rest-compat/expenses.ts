import { EXPENSE } from '../domain/expenses/declaration';
import { declaredRoutes } from './declared';

export const { routes: EXPENSE_ROUTES, components: EXPENSE_COMPONENTS } = declaredRoutes(EXPENSE, 'expenses');
