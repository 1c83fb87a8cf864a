import { day, declareResource, flag, instant, lines, money, oneOf, rate, ref, text, texts, url } from '../declare/field';
import { IVA_IDS, ivaLineProblems, MAX_IVA_ITEMS } from './iva';

export const EXPENSE_STATUSES = ['pending', 'approved', 'paid', 'refunded', 'cancelled'] as const;
export const TAX_RATES = [0, 2.5, 5, 10.5, 21, 27] as const;
/** Suggested values of two free-text fields (the contract leaves them open). */
export const SUGGESTED_RECURRING_PERIODS = ['weekly', 'monthly', 'quarterly', 'yearly'] as const;
export const SUGGESTED_PAYMENT_METHODS = ['cash', 'bank_transfer', 'debit_card', 'credit_card', 'check', 'mercadopago', 'other'] as const;

const MACHINE = 'pending → approved → paid → refunded; pending or approved → cancelled.';

/** Money the account spends (contract §2.5). */
export const EXPENSE = declareResource({
  type: 'Expense',
  one: 'expense',
  many: 'expenses',
  label: 'expense',
  description: `Money the account spends. Status machine: ${MACHINE}`,
  collection: 'expenses',
  scopes: { read: 'expenses:read', write: 'expenses:write' },
  rest: { base: '/expenses', idName: '_id' },
  fields: {
    amount: money(0, { example: 121000, exclusiveMin: true, max: 1e12, required: true, sort: true, description: 'The total (exact, 2 decimals).' }),
    description: text(500, { example: 'Servicio de internet de marzo', min: 1, required: true }),
    taxRate: rate(TAX_RATES, { example: 21, required: true, description: 'VAT rate in percent.' }),
    category: text(100, { example: 'Servicios', min: 1, filter: 'category', description: 'Free text, e.g. "Servicios" or a category of your own.' }),
    date: day({ today: true, sort: true, window: { from: 'dateFrom', to: 'dateTo' }, description: 'The day of the expense.' }),
    ivaItems: lines(
      'IvaItem',
      {
        id: rate(IVA_IDS, {
          example: 5,
          integer: true,
          required: true,
          rest: 'Id',
          stored: 'id',
          description: 'AFIP VAT aliquot id: 3 = 0 %, 4 = 10.5 %, 5 = 21 %, 6 = 27 %, 8 = 5 %, 9 = 2.5 %.',
        }),
        baseImp: money(0, { example: 100000, required: true, rest: 'BaseImp', stored: 'base_imp_cents', description: 'Taxable base.' }),
        importe: money(0, {
          example: 21000,
          required: true,
          rest: 'Importe',
          stored: 'importe_cents',
          description: "The tax: the base × the aliquot's rate, within 0.01.",
        }),
      },
      MAX_IVA_ITEMS,
      { refine: ivaLineProblems, typeDescription: 'One VAT line (AFIP AlicIva): at most one per aliquot id.', description: 'VAT lines, one per aliquot.' },
    ),
    supplierId: ref('suppliers', 'supplier', { filter: 'supplierId', description: 'A supplier of the account.' }),
    vendor: text(200, { example: 'Telecom Argentina SA', description: 'The vendor as written on the receipt (the supplier name).' }),
    receiptUrl: url(2000, { description: 'Where the receipt can be seen.' }),
    recurring: flag({ default: false, filter: 'recurring' }),
    recurringPeriod: text(50, {
      example: 'monthly',
      description: `Required when recurring is true; kept (inert) when it is not. Suggested: ${SUGGESTED_RECURRING_PERIODS.join(', ')}.`,
    }),
    paymentMethod: text(50, { example: 'bank_transfer', description: `Suggested: ${SUGGESTED_PAYMENT_METHODS.join(', ')}.` }),
    receiptNumber: text(50, { example: '0004-00012345', description: "The supplier's receipt or invoice number." }),
    notes: text(2000, { example: 'Abono fibra 300 Mb, oficina central.' }),
    tags: texts(50, 50, { example: ['servicios'], filter: 'tag' }),
    status: oneOf(EXPENSE_STATUSES, 'ExpenseStatus', {
      default: 'pending',
      filter: 'status',
      typeDescription: MACHINE,
      description: `${MACHINE} A new expense is pending, or recorded in any later status (contract §2.5), as having gone through the steps before it.`,
    }),
    approvedAt: instant({ description: 'When it was approved.' }),
    paidAt: instant({ description: 'When it was paid.' }),
    refundedAt: instant({ description: 'When it was refunded.' }),
    cancelledAt: instant({ description: 'When it was cancelled.' }),
    journalEntryId: ref('journal_entries', 'journal entry', {
      readOnly: true,
      description: 'The purchase entry it was posted with (postExpense); its amounts are fixed from then on.',
    }),
    receivedInvoiceId: ref('received_invoices', 'received invoice', { readOnly: true, description: 'The received invoice it was created from.' }),
  },
  search: { fields: ['description', 'vendor'], description: 'Case-insensitive text found in the description or vendor (literal).' },
  defaultSort: { field: 'date', direction: 'desc' },
  notes: {
    create:
      'Records an expense (status pending unless given; one given as approved, paid, refunded or cancelled is stamped as having gone through the steps to it now).',
    update:
      'Changes the given fields; a different status moves the expense through its machine (409 INVALID_TRANSITION otherwise). Paid and refunded expenses keep their money fields, cancelled ones accept only notes (409 EXPENSE_LOCKED).',
    remove: 'Deletes a pending or cancelled expense (others: 409 EXPENSE_LOCKED); answers its id.',
  },
  refineCreate: (input) => {
    // The contract takes recurring_period beside recurring false (a period kept for when it recurs again): kept, inert.
    if (input.recurring === true && !input.recurringPeriod) return [['recurringPeriod', 'is required when recurring is true']];
    return [];
  },
});
