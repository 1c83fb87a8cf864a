import { Arg, Authorized, Ctx, FieldResolver, Float, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../domain/context';
import { expenses } from '../domain/expenses/service';
import type { ExpenseFilterData } from '../domain/expenses/schema';
import { fromCents } from '../domain/money';
import type { ExpenseDocument } from '../store/expenses';
import type { SupplierDocument } from '../store/suppliers';
import { BulkDeleteResult } from '../schema/common';
import {
  CreateExpenseInput,
  Expense,
  ExpenseBulkResult,
  ExpenseConnection,
  ExpenseCreateItem,
  ExpenseFilter,
  ExpenseOrderBy,
  ExpenseStatus,
  ExpenseUpdateItem,
  UpdateExpenseInput,
  type PaymentMethod,
  type RecurringPeriod,
} from '../schema/expense';
import { Supplier } from '../schema/supplier';
import { pageComplexity, toConnection } from './connection';
import { toSupplier } from './supplier';

/** Stored expense → its GraphQL shape. */
export function toExpense(doc: ExpenseDocument): Expense {
  return {
    id: doc._id.toHexString(),
    amount: fromCents(doc.amount_cents),
    description: doc.description,
    taxRate: doc.tax_rate,
    category: doc.category,
    date: doc.date,
    ivaItems: (doc.iva_items ?? []).map((item) => ({ id: item.id, baseImp: fromCents(item.base_imp_cents), importe: fromCents(item.importe_cents) })),
    supplierId: doc.supplier_id?.toHexString() ?? null,
    recurring: doc.recurring ?? false,
    recurringPeriod: (doc.recurring_period as RecurringPeriod) ?? null,
    paymentMethod: (doc.payment_method as PaymentMethod) ?? null,
    receiptNumber: doc.receipt_number ?? null,
    notes: doc.notes ?? null,
    status: doc.status as ExpenseStatus,
    approvedAt: doc.approved_at ?? null,
    paidAt: doc.paid_at ?? null,
    refundedAt: doc.refunded_at ?? null,
    cancelledAt: doc.cancelled_at ?? null,
    createdAt: doc.created_at,
    updatedAt: doc.updated_at,
  };
}

const bulkResult = (outcome: { items: ExpenseDocument[]; errors: ExpenseBulkResult['errors'] }): ExpenseBulkResult => ({
  count: outcome.items.length,
  items: outcome.items.map(toExpense),
  errors: outcome.errors,
});

@Resolver(() => Expense)
export class ExpenseResolver {
  @Authorized('expenses:read')
  @Query(() => Expense, { description: 'One expense of the account.' })
  async expense(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<Expense> {
    return toExpense(await expenses.get(context, id));
  }

  @Authorized('expenses:read')
  @Query(() => ExpenseConnection, {
    description: 'Expenses of the account, filtered, ordered (default: newest date first) and paginated (at most 100 a page).',
    complexity: pageComplexity,
  })
  async expenses(
    @Ctx() context: RequestContext,
    @Arg('filter', () => ExpenseFilter, { nullable: true }) filter?: ExpenseFilter,
    @Arg('orderBy', () => ExpenseOrderBy, { nullable: true }) orderBy?: ExpenseOrderBy,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 1 to 100 (default 20).' }) first?: number,
    @Arg('after', () => String, { nullable: true, description: 'Cursor of the last item of the previous page.' }) after?: string,
    @Arg('offset', () => Int, { nullable: true, description: 'Items to skip (instead of after).' }) offset?: number,
  ): Promise<ExpenseConnection> {
    const validFilter = (filter ?? undefined) as ExpenseFilterData | undefined;
    const page = await expenses.list(context, validFilter, orderBy ?? undefined, { first, after, offset });
    return { ...toConnection(page, toExpense), filter: validFilter };
  }

  @Authorized('expenses:write')
  @Mutation(() => Expense, { description: 'Records an expense (status pending unless given as approved or paid).' })
  async createExpense(@Arg('input', () => CreateExpenseInput) input: CreateExpenseInput, @Ctx() context: RequestContext): Promise<Expense> {
    return toExpense(await expenses.create(context, input as never));
  }

  @Authorized('expenses:write')
  @Mutation(() => Expense, {
    description:
      'Changes the given fields; the others keep their values. A different status moves the expense through its machine (409 INVALID_TRANSITION otherwise); fields fixed in its status answer 409 EXPENSE_LOCKED.',
  })
  async updateExpense(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateExpenseInput) input: UpdateExpenseInput,
    @Ctx() context: RequestContext,
  ): Promise<Expense> {
    return toExpense(await expenses.update(context, id, input as never));
  }

  @Authorized('expenses:write')
  @Mutation(() => ID, { description: 'Deletes a pending or cancelled expense (others: 409 EXPENSE_LOCKED); answers its id.' })
  async deleteExpense(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<string> {
    return expenses.remove(context, id);
  }

  @Authorized('expenses:write')
  @Mutation(() => Expense, { description: 'pending → approved (409 INVALID_TRANSITION from any other status).' })
  async approveExpense(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<Expense> {
    return toExpense(await expenses.transition(context, id, ExpenseStatus.approved));
  }

  @Authorized('expenses:write')
  @Mutation(() => Expense, { description: 'approved → paid (409 INVALID_TRANSITION from any other status).' })
  async payExpense(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<Expense> {
    return toExpense(await expenses.transition(context, id, ExpenseStatus.paid));
  }

  @Authorized('expenses:write')
  @Mutation(() => Expense, { description: 'paid → refunded (409 INVALID_TRANSITION from any other status).' })
  async refundExpense(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<Expense> {
    return toExpense(await expenses.transition(context, id, ExpenseStatus.refunded));
  }

  @Authorized('expenses:write')
  @Mutation(() => Expense, { description: 'pending or approved → cancelled (409 INVALID_TRANSITION from any other status).' })
  async cancelExpense(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<Expense> {
    return toExpense(await expenses.transition(context, id, ExpenseStatus.cancelled));
  }

  @Authorized('expenses:write')
  @Mutation(() => ExpenseBulkResult, { description: 'Creates up to 500 expenses. With allOrNone (default) nothing is written if any item fails.' })
  async createExpenses(
    @Arg('inputs', () => [ExpenseCreateItem]) inputs: ExpenseCreateItem[],
    @Arg('allOrNone', () => Boolean, { defaultValue: true }) allOrNone: boolean,
    @Ctx() context: RequestContext,
  ): Promise<ExpenseBulkResult> {
    return bulkResult(await expenses.createMany(context, inputs, allOrNone));
  }

  @Authorized('expenses:write')
  @Mutation(() => ExpenseBulkResult, { description: 'Partially updates up to 500 expenses (each item names its id; status moves follow the machine).' })
  async updateExpenses(
    @Arg('inputs', () => [ExpenseUpdateItem]) inputs: ExpenseUpdateItem[],
    @Arg('allOrNone', () => Boolean, { defaultValue: true }) allOrNone: boolean,
    @Ctx() context: RequestContext,
  ): Promise<ExpenseBulkResult> {
    return bulkResult(await expenses.updateMany(context, inputs, allOrNone));
  }

  @Authorized('expenses:write')
  @Mutation(() => BulkDeleteResult, { description: 'Deletes up to 500 pending or cancelled expenses.' })
  async deleteExpenses(
    @Arg('ids', () => [ID]) ids: string[],
    @Arg('allOrNone', () => Boolean, { defaultValue: true }) allOrNone: boolean,
    @Ctx() context: RequestContext,
  ): Promise<BulkDeleteResult> {
    const outcome = await expenses.removeMany(context, ids, allOrNone);
    return { count: outcome.items.length, items: outcome.items.map((id) => ({ id, deleted: true })), errors: outcome.errors };
  }

  @Authorized('suppliers:read')
  @FieldResolver(() => Supplier, {
    nullable: true,
    description: 'The linked supplier (null when none, or when it was deleted). Needs suppliers:read; supplierId is always visible.',
  })
  async supplier(@Root() expense: Expense, @Ctx() context: RequestContext): Promise<Supplier | null> {
    if (!expense.supplierId) return null;
    const doc = await context.loaders().byId<SupplierDocument>('suppliers').load(expense.supplierId);
    return doc ? toSupplier(doc) : null;
  }
}

@Resolver(() => ExpenseConnection)
export class ExpenseConnectionResolver {
  @FieldResolver(() => Float, { description: 'The exact sum of amount over every expense matching the filter (all pages).' })
  async totalAmount(@Root() connection: ExpenseConnection, @Ctx() context: RequestContext): Promise<number> {
    return fromCents(await expenses.totalCents(context, connection.filter as ExpenseFilterData | undefined));
  }
}
