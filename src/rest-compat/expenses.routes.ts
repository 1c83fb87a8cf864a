import { EXPENSE } from '../domain/expenses/expenses.declaration';
import { declaredRoutes } from './declared.routes';

export const { routes: EXPENSE_ROUTES, components: EXPENSE_COMPONENTS } = declaredRoutes(EXPENSE, 'expenses');
