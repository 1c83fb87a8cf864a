import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Authorized, Ctx, FieldResolver, Float, ID, Info, Mutation, Resolver } from 'type-graphql';
import { Parent } from './parent';
import type { RequestContext } from '../domain/context';
import { outputOf } from '../domain/declare/mapping';
import { EXPENSE } from '../domain/expenses/expenses.declaration';
import { expenses } from '../domain/expenses/expenses.service';
import { fromCents } from '../domain/money';
import type { ExpenseRecord as ExpenseDocument, ExpenseStatus } from '../domain/expenses/expenses.service';
import { fieldSelection } from './selection';
import { suppliers } from '../domain/suppliers/suppliers.service';
import { SUPPLIER } from '../domain/suppliers/suppliers.declaration';
import { type DeclaredRecord, typesOf } from '../schema/declared.types';

const Supplier = typesOf(SUPPLIER).Record;
type Supplier = DeclaredRecord;
const Expense = typesOf(EXPENSE).Record;
type Expense = DeclaredRecord & { supplierId: string | null };
/** A page of expenses and the filter it was read with (for its total), or the total itself when the page's read added it up. */
type ExpenseConnection = Record<string, unknown> & { filter?: Record<string, unknown>; totalAmountCents?: number };

/** Stored expense → its GraphQL shape. */
export const toExpense = (doc: ExpenseDocument): Expense => outputOf(EXPENSE, doc) as Expense;

const move = (context: RequestContext, id: string, to: ExpenseStatus) => expenses.transition(context, id, to).then(toExpense);

/** The explicit status moves of an expense, and its supplier. */
@Resolver(() => Expense)
export class ExpenseMovesResolver {
  @Authorized('expenses:write')
  @Mutation(() => Expense, { description: 'pending → approved (409 INVALID_TRANSITION from any other status).' })
  approveExpense(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<Expense> {
    return move(context, id, 'approved');
  }

  @Authorized('expenses:write')
  @Mutation(() => Expense, { description: 'approved → paid (409 INVALID_TRANSITION from any other status).' })
  payExpense(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<Expense> {
    return move(context, id, 'paid');
  }

  @Authorized('expenses:write')
  @Mutation(() => Expense, { description: 'paid → refunded (409 INVALID_TRANSITION from any other status).' })
  refundExpense(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<Expense> {
    return move(context, id, 'refunded');
  }

  @Authorized('expenses:write')
  @Mutation(() => Expense, { description: 'pending or approved → cancelled (409 INVALID_TRANSITION from any other status).' })
  cancelExpense(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<Expense> {
    return move(context, id, 'cancelled');
  }

  @Authorized('suppliers:read')
  @FieldResolver(() => Supplier, {
    nullable: true,
    description: 'The linked supplier (null when none, or when it was deleted). Needs suppliers:read; supplierId is always visible.',
  })
  async supplier(@Parent() expense: Expense, @Ctx() context: RequestContext, @Info() info: GraphQLResolveInfo): Promise<Supplier | null> {
    if (!expense.supplierId) return null;
    const doc = await suppliers.load(context, expense.supplierId, fieldSelection(info));
    return doc ? (outputOf(SUPPLIER, doc) as Supplier) : null;
  }
}

@Resolver(() => typesOf(EXPENSE).Connection)
export class ExpenseConnectionResolver {
  @FieldResolver(() => Float, { description: 'The exact sum of amount over every expense matching the filter (all pages).' })
  async totalAmount(@Parent() connection: ExpenseConnection, @Ctx() context: RequestContext): Promise<number> {
    if (typeof connection.totalAmountCents === 'number') return fromCents(connection.totalAmountCents);
    return fromCents(await expenses.totalCents(context, connection.filter));
  }
}
