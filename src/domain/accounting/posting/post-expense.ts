import { ObjectId, type Filter } from 'mongodb';
import { actionOn, entryNumber } from '../../activity/actions';
import { recordChanges } from '../../activity/changes';
import type { ExpenseDocument } from '../../../store/expenses.store';
import type { JournalEntryDocument } from '../../../store/ledger';
import type { ReceivedInvoiceDocument } from '../../../store/received-invoices.store';
import type { RequestContext } from '../../context';
import { ConflictError, notFound } from '../../errors';
import { expenses } from '../../expenses/expenses.service';
import { receivedInvoices } from '../../received-invoices/received-invoices.service';
import { postBuiltEntry } from './post-entry';
import { expenseLines } from './purchase-lines';
import { postingAccounts } from './posting.settings';

/** Statuses whose expense may be posted: it was approved (a paid one went through approval). */
export const POSTABLE_EXPENSE_STATUSES = ['approved', 'paid'] as const;

export const alreadyPosted = (what: string, id: string, entry: string) =>
  new ConflictError(`${what} ${id} is already posted (journal entry ${entry})`, [{ path: 'journalEntryId', message: `is ${entry}` }], 'ALREADY_POSTED');

/**
 * Posts the purchase entry of an approved (or paid) expense and links both ways — the expense's `journal_entry_id`,
 * the entry's reference — in one transaction. The expense is claimed first, conditionally on having no entry, so a
 * concurrent post of the same expense conflicts and, run again, finds it posted: exactly one entry. An expense made
 * from a received invoice links that invoice to the entry too.
 */
export function postExpense(context: RequestContext, id: string): Promise<{ entry: JournalEntryDocument; expense: ExpenseDocument }> {
  return context.store.transaction(async (session) => {
    const collection = expenses.collection(context);
    const current = await collection.findById(id, session);
    if (!current) throw notFound('expense', id);
    if (current.journal_entry_id) throw alreadyPosted('expense', id, current.journal_entry_id.toHexString());
    if (!(POSTABLE_EXPENSE_STATUSES as readonly string[]).includes(current.status))
      throw new ConflictError(
        `a ${current.status} expense cannot be posted (only approved or paid ones)`,
        [{ path: 'status', message: `is ${current.status}` }],
        'EXPENSE_NOT_APPROVED',
      );
    const lines = expenseLines(current, await postingAccounts(context, session));
    const entryId = new ObjectId();
    const now = context.now();
    const expense = (await collection.collection.findOneAndUpdate(
      collection.scope({ _id: current._id, status: current.status, journal_entry_id: { $exists: false } } as Filter<ExpenseDocument>),
      { $set: { journal_entry_id: entryId, updated_at: now } },
      { session, returnDocument: 'after' },
    )) as ExpenseDocument | null;
    if (!expense) throw new ConflictError(`expense ${id} is being changed by another request; try again`);
    const entry = await postBuiltEntry(
      context,
      {
        _id: entryId,
        date: current.date,
        description: `Gasto: ${current.description}`,
        lines,
        reference_type: 'expense',
        reference_id: id,
      },
      session,
    );
    const changes = [actionOn('expenses', 'expense', 'posted', expense, entryNumber(entry))];
    if (current.received_invoice_id) {
      const invoices = receivedInvoices.collection(context);
      const linked = (await invoices.collection.findOneAndUpdate(
        invoices.scope({ _id: current.received_invoice_id, status: { $in: ['pending', 'ignored'] } } as Filter<ReceivedInvoiceDocument>),
        { $set: { status: 'linked', linked_journal_entry_id: entryId.toHexString(), updated_at: now } },
        { session, returnDocument: 'after' },
      )) as ReceivedInvoiceDocument | null;
      if (linked) changes.push(actionOn('received_invoices', 'received invoice', 'linked', linked, entryNumber(entry)));
    }
    await recordChanges(context, changes, session);
    return { entry, expense };
  });
}
