import { importAsOf } from '../mis-comprobantes/import-record';
import type { ClientSession, Filter, ObjectId } from 'mongodb';
import { actionOn } from '../activity/actions';
import { recordChanges } from '../activity/changes';
import type { ImportDocument, ReceivedInvoiceDocument } from '../../store/received-invoices.store';
import type { CollectionName } from '../../store/catalog';
import { TenantCollection, type TenantDocument } from '../../store/tenant-collection';
import { requirePrincipal, type RequestContext } from '../context';
import { declaredDefinition } from '../declare/declare.resource';
import { ConflictError, notFound, ValidationError } from '../errors';
import { Resource } from '../resource';
import { CUSTOMS_DISPATCH_TYPES } from '../iva/codes';
import { RECEIVED_INVOICE } from './received-invoices.declaration';
import { applyReviewChange, changedConflict, type NetRestatement, reviewChange, reviewSummary } from '../mis-comprobantes/review-resolution';

/**
 * Received invoices (contract §2.1, §3.1, §4.1). Which states allow what — the contract's "any → linked" and "any →
 * ignored", except where the books forbid it: an invoice linked to a journal entry that is on the books (posted or
 * reversed) backs that entry, so it keeps its link (relinking: CONFLICT ALREADY_LINKED; ignoring or deleting it:
 * CONFLICT INVOICE_LINKED). Linked to a draft, or to an entry that is gone, it moves freely:
 * - link: any → linked, storing the journal entry (a relink replaces the draft's link);
 * - ignore: any → ignored (an ignored one is answered as it is; a linked one drops its link);
 * - delete: any; a deleted voucher comes back with the next import of a file that lists it;
 * - resolve the VAT rates: pending or ignored (a linked one is CONFLICT INVOICE_LINKED), whatever its rate review.
 */

const {
  definition,
  createSchema: createReceivedInvoiceSchema,
  updateSchema: updateReceivedInvoiceSchema,
  filterSchema: receivedInvoiceFilterSchema,
} = declaredDefinition<ReceivedInvoiceDocument>(RECEIVED_INVOICE, {
  projection: {
    supplier: ['supplier_cuit'],
    linkedJournalEntry: ['linked_journal_entry_id'],
    linkedExpense: ['linked_expense_id'],
    linkedAccount: ['linked_account_id'],
  },
});
export { createReceivedInvoiceSchema, receivedInvoiceFilterSchema, updateReceivedInvoiceSchema };

/** Journal entries and ledger accounts belong to the accounting module; read here only to check a link's targets. */
const JOURNAL_ENTRIES = 'journal_entries' as CollectionName;
const LEDGER_ACCOUNTS = 'ledger_accounts' as CollectionName;

class ReceivedInvoiceResource extends Resource<ReceivedInvoiceDocument, never, never, Record<string, unknown>, never> {
  override async remove(context: RequestContext, id: string, session?: ClientSession): Promise<string> {
    const doc = await this.collection(context).findById(id, session);
    if (!doc) throw notFound('received invoice', id);
    const booked = await bookedEntry(context, doc);
    if (booked) throw linkedConflict(id, booked);
    // Conditional on the state read: a link racing the delete wins or loses whole.
    if (!(await this.collection(context).delete(id, session, sameState(doc)))) throw raceConflict(id);
    return id;
  }
}

const linkedConflict = (id: string, entry: string) =>
  new ConflictError(
    `received invoice ${id} backs journal entry ${entry}, which is on the books: it cannot be ignored or deleted (reverse the entry first)`,
    [],
    'INVOICE_LINKED',
  );
const linesLinkedConflict = (id: string) =>
  new ConflictError(`received invoice ${id} is linked to a journal entry made from its lines: its VAT lines cannot change`, [], 'INVOICE_LINKED');
const raceConflict = (id: string) => new ConflictError(`received invoice ${id} was changed at the same time; try again`, [], 'CONFLICT');

/** The state a conditional write is made against: the status and the link read. */
const sameState = (doc: ReceivedInvoiceDocument) => ({ status: doc.status, linked_journal_entry_id: doc.linked_journal_entry_id ?? null });

/**
 * The journal entry a linked invoice backs when that entry is on the books (posted or reversed): its id, else null
 * (not linked, linked to a draft, or to an entry since deleted).
 */
async function bookedEntry(context: RequestContext, doc: ReceivedInvoiceDocument): Promise<string | null> {
  if (doc.status !== 'linked' || !doc.linked_journal_entry_id) return null;
  const entry = await new TenantCollection<TenantDocument & { status: string }>(
    context.store.collection(JOURNAL_ENTRIES),
    requirePrincipal(context).accountId,
  ).findById(String(doc.linked_journal_entry_id));
  return entry && entry.status !== 'draft' ? String(doc.linked_journal_entry_id) : null;
}

export const receivedInvoices = new ReceivedInvoiceResource(definition as never);

async function requireInvoice(context: RequestContext, id: string): Promise<ReceivedInvoiceDocument> {
  const doc = await receivedInvoices.collection(context).findById(id);
  if (!doc) throw notFound('received invoice', id);
  return doc;
}

/** any → ignored (an ignored one is returned as it is; a linked one drops its link unless the entry is on the books). */
export async function ignoreReceivedInvoice(context: RequestContext, id: string): Promise<ReceivedInvoiceDocument> {
  const doc = await requireInvoice(context, id);
  if (doc.status === 'ignored') return doc;
  const booked = await bookedEntry(context, doc);
  if (booked) throw linkedConflict(id, booked);
  const collection = receivedInvoices.collection(context);
  // An ignored invoice leaves the purchases book: its line goes in the same transaction.
  return context.store.transaction(async (session) => {
    const updated = (await collection.collection.findOneAndUpdate(
      collection.scope({ _id: doc._id, ...sameState(doc) }),
      { $set: { status: 'ignored', linked_journal_entry_id: null, linked_account_id: null, updated_at: context.now() } },
      { returnDocument: 'after', session },
    )) as ReceivedInvoiceDocument | null;
    if (!updated) throw raceConflict(id);
    await recordChanges(context, [actionOn('received_invoices', 'received invoice', 'ignored', updated)], session);
    return updated;
  });
}

async function exists(context: RequestContext, collection: CollectionName, id: string): Promise<boolean> {
  return (await new TenantCollection<TenantDocument>(context.store.collection(collection), requirePrincipal(context).accountId).findById(id)) !== null;
}

/**
 * any → linked, storing the journal entry (required, one of the account's) and the ledger account (optional, one of
 * the account's). Relinking an invoice whose entry is on the books is CONFLICT ALREADY_LINKED.
 */
export async function linkReceivedInvoice(
  context: RequestContext,
  id: string,
  journalEntryId: string,
  accountId?: string | null,
): Promise<ReceivedInvoiceDocument> {
  const doc = await requireInvoice(context, id);
  const problems = [];
  if (!(await exists(context, JOURNAL_ENTRIES, journalEntryId))) problems.push({ path: 'journalEntryId', message: 'no such journal entry in this account' });
  if (accountId && !(await exists(context, LEDGER_ACCOUNTS, accountId)))
    problems.push({ path: 'accountId', message: 'no such ledger account in this account' });
  if (problems.length) throw new ValidationError(`invalid input: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`, problems);
  const booked = await bookedEntry(context, doc);
  if (booked) throw new ConflictError(`received invoice ${id} backs journal entry ${booked}, which is on the books (reverse it first)`, [], 'ALREADY_LINKED');
  const collection = receivedInvoices.collection(context);
  // An ignored invoice linked comes back into the purchases book: its line comes in the same transaction.
  return context.store.transaction(async (session) => {
    const updated = (await collection.collection.findOneAndUpdate(
      collection.scope({ _id: doc._id, ...sameState(doc) }),
      { $set: { status: 'linked', linked_journal_entry_id: journalEntryId, linked_account_id: accountId ?? null, updated_at: context.now() } },
      { returnDocument: 'after', session },
    )) as ReceivedInvoiceDocument | null;
    if (!updated) throw raceConflict(id);
    await recordChanges(context, [actionOn('received_invoices', 'received invoice', 'linked', updated, `asiento ${journalEntryId}`)], session);
    return updated;
  });
}

/**
 * Completes a customs dispatch (voucher 066) with its dispatch number: 16 letters and digits (Libro IVA Digital
 * design, COMPRAS_CBTE field 5 and IMPORTACION_BIENES_ALICUOTA field 1). Another voucher type has none: CONFLICT
 * NOT_A_CUSTOMS_DISPATCH.
 */
export async function setCustomsDispatch(context: RequestContext, id: string, dispatch: string): Promise<ReceivedInvoiceDocument> {
  const value = dispatch.trim().toUpperCase();
  if (!/^[0-9A-Z]{16}$/.test(value))
    throw new ValidationError('invalid input: customs_dispatch: 16 letters and digits', [{ path: 'customs_dispatch', message: '16 letters and digits' }]);
  const doc = await requireInvoice(context, id);
  if (!CUSTOMS_DISPATCH_TYPES.has(doc.voucher_type))
    throw new ConflictError(`received invoice ${id} is a voucher ${doc.voucher_type}, not a customs dispatch (066)`, [], 'NOT_A_CUSTOMS_DISPATCH');
  const collection = receivedInvoices.collection(context);
  // The dispatch number is a field of the invoice's book line: both change in one transaction.
  return context.store.transaction(async (session) => {
    const updated = (await collection.collection.findOneAndUpdate(
      collection.scope({ _id: doc._id }),
      { $set: { customs_dispatch: value, updated_at: context.now() } },
      { returnDocument: 'after', session },
    )) as ReceivedInvoiceDocument | null;
    if (!updated) throw notFound('received invoice', id);
    await recordChanges(context, [actionOn('received_invoices', 'received invoice', 'updated', updated, `despacho ${value}`)], session);
    return updated;
  });
}

/** The account's most recent imports, newest first. */
export async function importHistory(context: RequestContext, limit: number): Promise<ImportDocument[]> {
  const accountId: ObjectId = requirePrincipal(context).accountId;
  const found = await context.store
    .collection<ImportDocument>('received_invoice_imports')
    .find({ account_id: accountId }, { sort: { started_at: -1, _id: -1 }, limit })
    .toArray();
  return found.map((doc) => importAsOf(doc, context.now()));
}

/**
 * Sets a received invoice's VAT lines (rate, base and VAT, in the voucher's currency) and clears its rate review, the
 * net split restated with them when asked (see review-resolution.ts; 400 VAT_LINES_INVALID). A linked invoice backs a
 * journal entry made from its lines: CONFLICT INVOICE_LINKED. Recorded in the activity log.
 */
export async function resolveReceivedInvoiceRates(
  context: RequestContext,
  id: string,
  input: unknown,
  restatement: NetRestatement = {},
): Promise<ReceivedInvoiceDocument> {
  const doc = await requireInvoice(context, id);
  const change = reviewChange(doc, input, restatement);
  if (doc.status === 'linked') throw linesLinkedConflict(id);
  const open = { status: { $in: ['pending', 'ignored'] } } as Filter<ReceivedInvoiceDocument>;
  // The VAT lines are the book line's: both change in one transaction.
  const updated = await context.store.transaction(async (session) => {
    const written = await applyReviewChange(receivedInvoices.collection(context), doc, change, context.now(), open, session);
    if (written) await recordChanges(context, [actionOn('received_invoices', 'received invoice', 'updated', written, reviewSummary(change))], session);
    return written;
  });
  if (!updated) {
    if ((await requireInvoice(context, id)).status === 'linked') throw linesLinkedConflict(id);
    throw changedConflict('received invoice', id);
  }
  return updated;
}
