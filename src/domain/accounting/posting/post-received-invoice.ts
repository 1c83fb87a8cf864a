import { ObjectId, type ClientSession, type Filter } from 'mongodb';
import { actionOn, entryNumber } from '../../activity/actions';
import { recordChanges } from '../../activity/changes';
import type { ExpenseDocument } from '../../../store/expenses.store';
import type { JournalEntryDocument } from '../../../store/ledger';
import type { ReceivedInvoiceDocument } from '../../../store/received-invoices.store';
import type { SupplierDocument } from '../../../store/suppliers.store';
import type { RequestContext } from '../../context';
import { argentineDay } from '../../dates';
import { ConflictError, notFound, ValidationError } from '../../errors';
import { IVA_RATE_TENTHS } from '../../expenses/iva';
import { createExpenseSchema, expenses } from '../../expenses/expenses.service';
import { fromCents } from '../../money';
import { receivedInvoices } from '../../received-invoices/received-invoices.service';
import { parseInput } from '../../validation';
import { accountsByCode } from '../accounts';
import { alreadyPosted } from './post-expense';
import { postBuiltEntry } from './post-entry';
import { receivedInvoiceLines, toPesos } from './purchase-lines';
import { postingAccounts } from './posting.settings';

const CLASS_NAMES: Record<ReceivedInvoiceDocument['voucher_class'], string> = {
  invoice: 'Factura',
  debit_note: 'Nota de débito',
  credit_note: 'Nota de crédito',
  receipt: 'Recibo',
  other: 'Comprobante',
};

/** `00001-00000123`, as the voucher is printed. */
export const voucherNumberOf = (invoice: ReceivedInvoiceDocument) =>
  `${String(invoice.sale_point).padStart(5, '0')}-${String(invoice.voucher_number).padStart(8, '0')}`;
const voucherLabel = (invoice: ReceivedInvoiceDocument) =>
  `${CLASS_NAMES[invoice.voucher_class]} (cód. ${invoice.voucher_type}) ${voucherNumberOf(invoice)} ${invoice.supplier_name}`;

async function requireInvoice(context: RequestContext, id: string, session: ClientSession): Promise<ReceivedInvoiceDocument> {
  const invoice = await receivedInvoices.collection(context).findById(id, session);
  if (!invoice) throw notFound('received invoice', id);
  return invoice;
}

function refuseBooked(invoice: ReceivedInvoiceDocument): void {
  const id = invoice._id.toHexString();
  if (invoice.status === 'linked' && invoice.linked_journal_entry_id) throw alreadyPosted('received invoice', id, invoice.linked_journal_entry_id);
  if (invoice.linked_expense_id)
    throw new ConflictError(
      `received invoice ${id} is booked through expense ${invoice.linked_expense_id}: post that expense instead`,
      [{ path: 'linkedExpenseId', message: `is ${invoice.linked_expense_id}` }],
      'INVOICE_HAS_EXPENSE',
    );
}

/**
 * Posts the purchase entry of a received invoice (net to `accountCode`, default the expense account of the posting
 * accounts) and links it: the invoice becomes linked to the entry and the account, the entry references the
 * invoice; one transaction. The invoice is claimed conditionally on its status, so it is posted at most once.
 */
export function postReceivedInvoice(
  context: RequestContext,
  id: string,
  options: { accountCode?: string | null; date?: string | null } = {},
): Promise<{ entry: JournalEntryDocument; invoice: ReceivedInvoiceDocument }> {
  return context.store.transaction(async (session) => {
    const invoice = await requireInvoice(context, id, session);
    refuseBooked(invoice);
    const accounts = await postingAccounts(context, session);
    const code = options.accountCode ?? accounts.expense;
    const [account] = await accountsByCode(context, [code], session);
    if (options.accountCode && !account)
      throw new ValidationError(`no account ${code} in the chart`, [{ path: 'accountCode', message: `no account ${code} in the chart` }]);
    const lines = receivedInvoiceLines(invoice, accounts, code);
    const entryId = new ObjectId();
    const now = context.now();
    const collection = receivedInvoices.collection(context);
    const claimed = (await collection.collection.findOneAndUpdate(
      collection.scope({ _id: invoice._id, status: { $in: ['pending', 'ignored'] }, linked_expense_id: null } as Filter<ReceivedInvoiceDocument>),
      {
        $set: {
          status: 'linked',
          linked_journal_entry_id: entryId.toHexString(),
          linked_account_id: account ? account._id.toHexString() : null,
          updated_at: now,
        },
      },
      { session, returnDocument: 'after' },
    )) as ReceivedInvoiceDocument | null;
    if (!claimed) throw new ConflictError(`received invoice ${id} is being changed by another request; try again`);
    const entry = await postBuiltEntry(
      context,
      {
        _id: entryId,
        date: options.date ?? argentineDay(invoice.issue_date),
        description: voucherLabel(invoice),
        lines,
        reference_type: 'received_invoice',
        reference_id: id,
      },
      session,
    );
    await recordChanges(context, [actionOn('received_invoices', 'received invoice', 'posted', claimed, entryNumber(entry))], session);
    return { entry, invoice: claimed };
  });
}

/** AFIP aliquot id of a VAT rate in percent (21 → 5). */
const ALIQUOT_ID_OF_TENTHS = new Map(Object.entries(IVA_RATE_TENTHS).map(([id, tenths]) => [tenths, Number(id)]));
const aliquotIdOf = (rate: number): number | undefined => ALIQUOT_ID_OF_TENTHS.get(Math.round(rate * 10));

/**
 * Creates a pending expense from a received invoice — the total in pesos, the VAT lines per aliquot, the rate of the
 * largest VAT line, the supplier (by CUIT) and the issue day — and links both ways (the expense's
 * `received_invoice_id`, the invoice's `linked_expense_id`); one transaction. The invoice is then booked by posting
 * the expense. A credit note makes no expense.
 */
export function createExpenseFromReceivedInvoice(context: RequestContext, id: string): Promise<ExpenseDocument> {
  return context.store.transaction(async (session) => {
    const invoice = await requireInvoice(context, id, session);
    refuseBooked(invoice);
    if (invoice.voucher_class === 'credit_note')
      throw new ConflictError('a credit note makes no expense (post it instead)', [{ path: 'voucherClass', message: 'is credit_note' }], 'NOT_AN_EXPENSE');
    const rate = invoice.exchange_rate > 0 ? invoice.exchange_rate : 1;
    const items = invoice.vat_items.filter((item) => item.base_cents > 0 || item.amount_cents > 0);
    const largest = items.reduce<(typeof items)[number] | undefined>((best, item) => (!best || item.amount_cents > best.amount_cents ? item : best), undefined);
    const supplier = await context.store
      .collection<SupplierDocument>('suppliers')
      .findOne({ account_id: invoice.account_id, tax_id: invoice.supplier_cuit }, { session, projection: { _id: 1 } });
    const raw = {
      amount: fromCents(toPesos(invoice.total_amount_cents, rate)),
      description: voucherLabel(invoice),
      taxRate: largest?.aliquot ?? 0,
      date: argentineDay(invoice.issue_date),
      ivaItems: items.map((item) => ({
        id: aliquotIdOf(item.aliquot),
        baseImp: fromCents(toPesos(item.base_cents, rate)),
        importe: fromCents(toPesos(item.amount_cents, rate)),
      })),
      supplierId: supplier?._id.toHexString(),
      vendor: invoice.supplier_name.slice(0, 200),
      receiptNumber: voucherNumberOf(invoice),
      status: 'pending',
    };
    let input: Record<string, unknown>;
    try {
      input = parseInput(createExpenseSchema, raw) as Record<string, unknown>;
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      throw new ConflictError(`the received invoice does not make a valid expense: ${error.message}`, error.details, 'DOCUMENT_INCONSISTENT');
    }
    const created = await expenses.create(context, input, session);
    const collection = receivedInvoices.collection(context);
    const linked = await collection.collection.findOneAndUpdate(
      collection.scope({ _id: invoice._id, status: { $in: ['pending', 'ignored'] }, linked_expense_id: null } as Filter<ReceivedInvoiceDocument>),
      { $set: { linked_expense_id: created._id.toHexString(), updated_at: context.now() } },
      { session },
    );
    if (!linked) throw new ConflictError(`received invoice ${id} is being changed by another request; try again`);
    return (await expenses.collection(context).update(created._id.toHexString(), { received_invoice_id: invoice._id }, [], context.now(), session))!;
  });
}
