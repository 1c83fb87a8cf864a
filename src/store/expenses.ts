import type { Filter, ObjectId, Sort } from 'mongodb';
import type { ExpenseFilterData } from '../domain/expenses/schema';
import { textSearch } from './text-search';
import type { TenantDocument } from './tenant-collection';

export const EXPENSE_STATUSES = ['pending', 'approved', 'paid', 'refunded', 'cancelled'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];

/** One VAT aliquot line (AFIP AlicIva): the aliquot id, its taxable base and the tax, in centavos. */
export type StoredIvaItem = { id: number; base_imp_cents: number; importe_cents: number };

/** An expense as stored: field names are the REST API's, money in integer centavos. */
export type ExpenseFields = {
  amount_cents: number;
  description: string;
  /** Percentage, one of 0, 2.5, 5, 10.5, 21, 27. */
  tax_rate: number;
  category: string;
  /** The expense's day, `YYYY-MM-DD` (sorts and compares as text). */
  date: string;
  iva_items: StoredIvaItem[];
  supplier_id?: ObjectId;
  recurring: boolean;
  recurring_period?: 'weekly' | 'monthly' | 'yearly';
  payment_method?: string;
  receipt_number?: string;
  notes?: string;
  status: ExpenseStatus;
  approved_at?: Date;
  paid_at?: Date;
  refunded_at?: Date;
  cancelled_at?: Date;
};

export type ExpenseDocument = TenantDocument & ExpenseFields;

/** The Mongo filter for a validated expense filter. Client values only ever appear as values, never as operators. */
export function expenseQuery(filter: ExpenseFilterData | undefined): Filter<ExpenseDocument> {
  const query: Filter<ExpenseDocument> = {};
  if (!filter) return query;
  if (filter.status) query.status = filter.status;
  if (filter.category) query.category = filter.category;
  if (filter.supplierId) query.supplier_id = filter.supplierId;
  if (filter.recurring !== undefined && filter.recurring !== null) query.recurring = filter.recurring;
  if (filter.dateFrom || filter.dateTo) {
    query.date = {
      ...(filter.dateFrom ? { $gte: filter.dateFrom } : {}),
      ...(filter.dateTo ? { $lte: filter.dateTo } : {}),
    };
  }
  if (filter.search) Object.assign(query, textSearch(['description'], filter.search));
  return query;
}

export const EXPENSE_ORDER_FIELDS = { date: 'date', amount: 'amount_cents', createdAt: 'created_at', updatedAt: 'updated_at' } as const;
export type ExpenseOrderField = keyof typeof EXPENSE_ORDER_FIELDS;

export function expenseSort(field: ExpenseOrderField = 'date', direction: 'asc' | 'desc' = 'desc'): Sort {
  const order = direction === 'asc' ? 1 : -1;
  // created_at then _id break ties so pages never overlap or skip.
  return field === 'createdAt'
    ? { created_at: order, _id: order }
    : { [EXPENSE_ORDER_FIELDS[field]]: order, created_at: order, _id: order };
}
