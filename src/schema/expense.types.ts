import { EXPENSE } from '../domain/expenses/expenses.declaration';
import { createExpenseSchema, expenseFilterSchema, updateExpenseSchema } from '../domain/expenses/expenses.service';
import { declaredTypes } from './declared.types';

export const EXPENSE_TYPES = declaredTypes(EXPENSE, {
  createSchema: createExpenseSchema,
  updateSchema: updateExpenseSchema,
  filterSchema: expenseFilterSchema,
});

export const Expense = EXPENSE_TYPES.Record;
export type Expense = Record<string, unknown> & { id: string; supplierId: string | null };
/** A page of expenses and the filter it was read with (for its total), or the total itself when the page's read added it up. */
export type ExpenseConnection = Record<string, unknown> & { filter?: Record<string, unknown>; totalAmountCents?: number };
