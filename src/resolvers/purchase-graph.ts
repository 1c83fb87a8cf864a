import { ObjectId, type Document } from 'mongodb';
import { Arg, Authorized, Ctx, FieldResolver, Int, Resolver } from 'type-graphql';
import { Parent } from './parent';
import type { JournalEntryRecord } from '../domain/accounting/journal';
import type { LedgerAccountRecord } from '../domain/accounting/accounts';
import type { RequestContext } from '../domain/context';
import { ValidationError } from '../domain/errors';
import { nestedPages, type GroupedPage } from '../domain/grouped-pages';
import { expenses, type ExpenseRecord } from '../domain/expenses/expenses.service';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../domain/pagination';
import { receivedInvoices } from '../domain/received-invoices/received-invoices.service';
import { JournalEntry, LedgerAccount } from '../schema/accounting.types';
import { ReceivedInvoice } from '../schema/received-invoice.types';
import type { ReceivedInvoiceDocument } from '../domain/stored';
import { toJournalEntry, toLedgerAccount } from './accounting.resolver';
import { pageComplexity, toConnection } from './connection';
import { toExpense } from './expense.resolver';
import { toReceivedInvoice } from './received-invoice.resolver';
import { SUPPLIER } from '../domain/suppliers/suppliers.declaration';
import { EXPENSE } from '../domain/expenses/expenses.declaration';
import { RECEIVED_INVOICE } from '../domain/received-invoices/received-invoices.declaration';
import { type DeclaredRecord, typesOf } from '../schema/declared.types';

const Supplier = typesOf(SUPPLIER).Record;
type Supplier = DeclaredRecord;
const Expense = typesOf(EXPENSE).Record;
type Expense = DeclaredRecord & { supplierId: string | null };

type Row = Record<string, unknown>;

/** The deepest a nested page may start: each key's first offset + first documents are gathered in memory. */
export const MAX_NESTED_OFFSET = 1000;

function nestedWindow(first: number | null | undefined, offset: number | null | undefined): { skip: number; limit: number } {
  const limit = first ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE)
    throw new ValidationError(`first must be between 1 and ${MAX_PAGE_SIZE}`, [{ path: 'first', message: `must be between 1 and ${MAX_PAGE_SIZE}` }]);
  const skip = offset ?? 0;
  if (!Number.isInteger(skip) || skip < 0 || skip > MAX_NESTED_OFFSET)
    throw new ValidationError(`offset must be between 0 and ${MAX_NESTED_OFFSET}`, [{ path: 'offset', message: `must be between 0 and ${MAX_NESTED_OFFSET}` }]);
  return { skip, limit };
}

/** A grouped page as a connection. */
function connectionOf<D, N>(page: GroupedPage<D>, window: { skip: number; limit: number }, map: (doc: D) => N) {
  return toConnection({ nodes: page.docs, totalCount: page.total, window }, map);
}

/** The request's loader for one shape of nested page (same filter and window share one batch). */
function pagesOf<K extends string | ObjectId, T extends ReceivedInvoiceDocument | ExpenseRecord>(
  context: RequestContext,
  name: 'received_invoices' | 'expenses',
  field: string,
  filter: Row | undefined,
  where: Document,
  sort: Record<string, 1 | -1>,
  window: { skip: number; limit: number },
  sumOf?: string,
) {
  return nestedPages<K, T>(context, name, field, JSON.stringify(filter ?? {}), { where, sort, skip: window.skip, limit: window.limit, sumOf });
}

const byId = async <T>(
  context: RequestContext,
  name: 'journal_entries' | 'expenses' | 'ledger_accounts' | 'received_invoices',
  id: unknown,
): Promise<T | null> => (typeof id === 'string' && id ? ((await context.loaders().byId(name).load(id)) as T | null) : null);

/** A received invoice's links: the entry it was posted or linked to, the expense made from it, the ledger account. */
@Resolver(() => ReceivedInvoice)
export class ReceivedInvoiceLinksResolver {
  @Authorized('accounting:read')
  @FieldResolver(() => JournalEntry, { nullable: true, description: 'The journal entry it is linked to (needs accounting:read; batched per request).' })
  async linkedJournalEntry(@Parent() invoice: ReceivedInvoice, @Ctx() context: RequestContext): Promise<JournalEntry | null> {
    const doc = await byId<JournalEntryRecord>(context, 'journal_entries', (invoice as Row).linkedJournalEntryId);
    return doc ? toJournalEntry(doc) : null;
  }

  @Authorized('expenses:read')
  @FieldResolver(() => Expense, { nullable: true, description: 'The expense made from it (needs expenses:read; batched per request).' })
  async linkedExpense(@Parent() invoice: ReceivedInvoice, @Ctx() context: RequestContext): Promise<Expense | null> {
    const doc = await byId<ExpenseRecord>(context, 'expenses', (invoice as Row).linkedExpenseId);
    return doc ? toExpense(doc) : null;
  }

  @Authorized('accounting:read')
  @FieldResolver(() => LedgerAccount, { nullable: true, description: 'The ledger account it is linked to (needs accounting:read; batched per request).' })
  async linkedAccount(@Parent() invoice: ReceivedInvoice, @Ctx() context: RequestContext): Promise<LedgerAccount | null> {
    const doc = await byId<LedgerAccountRecord>(context, 'ledger_accounts', (invoice as Row).linkedAccountId);
    return doc ? toLedgerAccount(doc) : null;
  }
}

/** An expense's purchase entry and the received invoice it came from. */
@Resolver(() => Expense)
export class ExpenseLinksResolver {
  @Authorized('accounting:read')
  @FieldResolver(() => JournalEntry, { nullable: true, description: 'The purchase entry it was posted with (needs accounting:read; batched per request).' })
  async journalEntry(@Parent() expense: Expense, @Ctx() context: RequestContext): Promise<JournalEntry | null> {
    const doc = await byId<JournalEntryRecord>(context, 'journal_entries', (expense as Row).journalEntryId);
    return doc ? toJournalEntry(doc) : null;
  }

  @Authorized('received_invoices:read')
  @FieldResolver(() => ReceivedInvoice, { nullable: true, description: 'The received invoice it was made from (needs received_invoices:read).' })
  async receivedInvoice(@Parent() expense: Expense, @Ctx() context: RequestContext): Promise<ReceivedInvoice | null> {
    const doc = await byId<ReceivedInvoiceDocument>(context, 'received_invoices', (expense as Row).receivedInvoiceId);
    return doc ? toReceivedInvoice(doc) : null;
  }
}

/** The document a journal entry was posted from (its reference), when it is an expense or a received invoice. */
@Resolver(() => JournalEntry)
export class JournalEntrySourceResolver {
  @Authorized('expenses:read')
  @FieldResolver(() => Expense, { nullable: true, description: 'The expense it was posted from (needs expenses:read; batched per request).' })
  async sourceExpense(@Parent() entry: JournalEntry, @Ctx() context: RequestContext): Promise<Expense | null> {
    if ((entry as Row).referenceType !== 'expense') return null;
    const doc = await byId<ExpenseRecord>(context, 'expenses', (entry as Row).referenceId);
    return doc ? toExpense(doc) : null;
  }

  @Authorized('received_invoices:read')
  @FieldResolver(() => ReceivedInvoice, {
    nullable: true,
    description: 'The received invoice it was posted from (needs received_invoices:read; batched per request).',
  })
  async sourceReceivedInvoice(@Parent() entry: JournalEntry, @Ctx() context: RequestContext): Promise<ReceivedInvoice | null> {
    if ((entry as Row).referenceType !== 'received_invoice') return null;
    const doc = await byId<ReceivedInvoiceDocument>(context, 'received_invoices', (entry as Row).referenceId);
    return doc ? toReceivedInvoice(doc) : null;
  }
}

/** A supplier's received invoices (by its tax id) and expenses, a page per supplier, batched over every supplier of a page. */
@Resolver(() => Supplier)
export class SupplierPurchasesResolver {
  @Authorized('received_invoices:read')
  @FieldResolver(() => typesOf(RECEIVED_INVOICE).Connection, {
    description:
      'Vouchers received from this supplier (matched by its tax id), newest first (needs received_invoices:read). One query for the suppliers of a whole page; supplierCuit in the filter is ignored.',
    complexity: pageComplexity,
  })
  async receivedInvoices(
    @Parent() supplier: Supplier,
    @Ctx() context: RequestContext,
    @Arg('filter', () => typesOf(RECEIVED_INVOICE).Filter, { nullable: true }) filter?: Row,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 1 to 100 (default 20).' }) first?: number,
    @Arg('offset', () => Int, { nullable: true, description: `Items to skip, 0 to ${MAX_NESTED_OFFSET}.` }) offset?: number,
  ): Promise<Row> {
    const window = nestedWindow(first, offset);
    const taxId = supplier.taxId as string | null;
    if (!taxId) return connectionOf({ docs: [], total: 0, sum: 0 }, window, toReceivedInvoice);
    const { supplier_cuit: _ignored, ...where } = receivedInvoices.definition.query({ ...filter, supplierCuit: undefined }) as Document;
    const page = await pagesOf<string, ReceivedInvoiceDocument>(context, 'received_invoices', 'supplier_cuit', filter, where, { issue_date: -1 }, window).load(
      taxId,
    );
    return connectionOf(page, window, toReceivedInvoice);
  }

  @Authorized('expenses:read')
  @FieldResolver(() => typesOf(EXPENSE).Connection, {
    description:
      "This supplier's expenses, newest first (needs expenses:read). One query for the suppliers of a whole page; supplierId in the filter is ignored.",
    complexity: pageComplexity,
  })
  async expenses(
    @Parent() supplier: Supplier,
    @Ctx() context: RequestContext,
    @Arg('filter', () => typesOf(EXPENSE).Filter, { nullable: true }) filter?: Row,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 1 to 100 (default 20).' }) first?: number,
    @Arg('offset', () => Int, { nullable: true, description: `Items to skip, 0 to ${MAX_NESTED_OFFSET}.` }) offset?: number,
  ): Promise<Row> {
    const window = nestedWindow(first, offset);
    const { supplier_id: _ignored, ...where } = expenses.definition.query({ ...filter, supplierId: undefined }) as Document;
    const page = await pagesOf<ObjectId, ExpenseRecord>(context, 'expenses', 'supplier_id', filter, where, { date: -1 }, window, 'amount_cents').load(
      new ObjectId(supplier.id),
    );
    // The connection's total amount: this supplier's, added up by the same batched read.
    return Object.assign(connectionOf(page, window, toExpense), { totalAmountCents: page.sum });
  }
}
