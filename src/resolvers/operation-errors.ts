import type { GraphQLSchema } from 'graphql';
import { DECLARATIONS } from '../domain/declarations';
import { ERROR_CODES, type ErrorCode } from '../domain/error-codes';

/**
 * The error codes each GraphQL operation may answer, beyond the ones every operation may: what a client switches on.
 * REST publishes them per route (the route's operation), and the suites hold every answer of both surfaces to them.
 */
const EVERY_OPERATION: readonly ErrorCode[] = ['BAD_USER_INPUT', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'RATE_LIMITED', 'INTERNAL_SERVER_ERROR'];
/** A write may also lose a race with another request's write of the same record (nothing is written). */
const EVERY_MUTATION: readonly ErrorCode[] = ['CONFLICT'];

const STATE_MOVE: ErrorCode[] = ['INVALID_TRANSITION'];
const STOCK: ErrorCode[] = ['INSUFFICIENT_STOCK'];
const ARCA: ErrorCode[] = ['AFIP_UNAVAILABLE', 'AFIP_TICKET_IN_USE', 'CERTIFICATE_MISSING', 'UNKNOWN_BILLING_SYSTEM'];
const IMPORT: ErrorCode[] = ['MALFORMED_MULTIPART', 'PAYLOAD_TOO_LARGE', 'BAD_CSV', 'BAD_ZIP', 'WRONG_EXPORT', 'UNKNOWN_LAYOUT'];
const POSTING: ErrorCode[] = ['ALREADY_POSTED', 'DOCUMENT_INCONSISTENT', 'ACCOUNT_NOT_POSTABLE', 'PERIOD_CLOSED'];
/** A create-only field sent changed, or a record whose status no longer takes the change. */
const FIXED: ErrorCode[] = ['NOT_EDITABLE'];
/** A date in a closed VAT period (or a period already closed). */
const CLOSED_PERIOD: ErrorCode[] = ['PERIOD_CLOSED'];
/** Posting or reversing a journal entry by the journal's own rules. */
const JOURNAL_POSTING: ErrorCode[] = ['INVALID_TRANSITION', 'ACCOUNT_NOT_POSTABLE', 'PERIOD_CLOSED'];
/** Setting a voucher's VAT lines (its rate review). */
const VAT_REVIEW: ErrorCode[] = ['VAT_LINES_INVALID', 'VOUCHER_CHANGED'];
const WIDGET: ErrorCode[] = ['WIDGET_INACTIVE'];

/** Operation (root field) → its own codes. An operation not named here answers only the common ones. */
export const OPERATION_ERRORS: Readonly<Record<string, readonly ErrorCode[]>> = {
  // Products, supplies and stock: the stock changes only through movements.
  updateProduct: FIXED,
  updateSupply: FIXED,
  adjustStock: STOCK,
  // Supply consumptions: stock taken on create; delete by its author within 24 h; revert from a session.
  createSupplyConsumption: STOCK,
  deleteSupplyConsumption: ['NOT_AUTHOR', 'DELETE_WINDOW_EXPIRED'],
  revertSupplyConsumption: ['SESSION_REQUIRED', 'INVALID_TRANSITION'],
  // Expenses: dated in an open VAT period, fields locked by status and booking, moves through the machine.
  createExpense: CLOSED_PERIOD,
  updateExpense: ['INVALID_TRANSITION', 'EXPENSE_POSTED', 'EXPENSE_LOCKED', 'PERIOD_CLOSED'],
  deleteExpense: ['EXPENSE_LOCKED'],
  approveExpense: STATE_MOVE,
  payExpense: STATE_MOVE,
  refundExpense: STATE_MOVE,
  cancelExpense: ['INVALID_TRANSITION', 'EXPENSE_POSTED'],
  // Delivery notes: moves (issuing deducts stock), fields editable by status, only drafts deleted.
  createDeliveryNote: ['NOT_EDITABLE', 'INSUFFICIENT_STOCK'],
  updateDeliveryNote: ['NOT_EDITABLE', 'INVALID_TRANSITION', 'INSUFFICIENT_STOCK'],
  deleteDeliveryNote: FIXED,
  issueDeliveryNote: ['INVALID_TRANSITION', 'INSUFFICIENT_STOCK'],
  deliverDeliveryNote: STATE_MOVE,
  markDeliveryNoteInvoiced: STATE_MOVE,
  cancelDeliveryNote: STATE_MOVE,
  // Chart of accounts and journal: an account in use keeps its place; only drafts change; posting's rules.
  updateLedgerAccount: ['ACCOUNT_IN_USE'],
  deleteLedgerAccount: ['ACCOUNT_IN_USE'],
  updateJournalEntry: FIXED,
  deleteJournalEntry: FIXED,
  postJournalEntry: JOURNAL_POSTING,
  reverseJournalEntry: JOURNAL_POSTING,
  // Fiscal calendar and fiscal years.
  addAccountNonWorkingDay: ['NON_WORKING_DAY_EXISTS'],
  completeFiscalDeadline: ['ALREADY_COMPLETED'],
  closeFiscalYear: ['ACCOUNT_NOT_POSTABLE', 'PERIOD_CLOSED', 'FISCAL_YEAR_CLOSED', 'CLOSE_BLOCKED'],
  // Posting purchases to the journal.
  postExpense: ['EXPENSE_NOT_APPROVED', ...POSTING],
  postReceivedInvoice: ['INVOICE_HAS_EXPENSE', ...POSTING],
  createExpenseFromReceivedInvoice: ['ALREADY_POSTED', 'INVOICE_HAS_EXPENSE', 'NOT_AN_EXPENSE', 'DOCUMENT_INCONSISTENT', 'PERIOD_CLOSED'],
  // Bank statements: the upload, and matching lines to journal lines.
  importBankStatement: ['MALFORMED_MULTIPART', 'PAYLOAD_TOO_LARGE'],
  matchBankStatementLine: ['ALREADY_MATCHED', 'LINE_ALREADY_MATCHED'],
  unmatchBankStatementLine: ['NOT_MATCHED'],
  // Mis Comprobantes: imports, received invoices' links and customs dispatch, VAT rate reviews.
  importIssuedVouchers: IMPORT,
  importReceivedInvoices: IMPORT,
  resolveIssuedVoucherRates: VAT_REVIEW,
  resolveReceivedInvoiceRates: [...VAT_REVIEW, 'INVOICE_LINKED'],
  deleteReceivedInvoice: ['INVOICE_LINKED'],
  ignoreReceivedInvoice: ['INVOICE_LINKED'],
  linkReceivedInvoice: ['ALREADY_LINKED'],
  setReceivedInvoiceCustomsDispatch: ['NOT_A_CUSTOMS_DISPATCH'],
  // VAT books and periods.
  createIvaBookEntry: CLOSED_PERIOD,
  updateIvaBookEntry: ['GENERATED_ENTRY', 'PERIOD_CLOSED'],
  deleteIvaBookEntry: ['GENERATED_ENTRY', 'PERIOD_CLOSED'],
  closeIvaPeriod: CLOSED_PERIOD,
  reopenIvaPeriod: ['PERIOD_OPEN'],
  calculateIvaSummary: CLOSED_PERIOD,
  ivaBookExport: ['VAT_RATES_TO_REVIEW', 'CUSTOMS_DISPATCH_MISSING'],
  // FCE: the lifecycle's judgement and the race on a voucher's events.
  recordFceEvent: ['INVALID_FCE_TRANSITION', 'FCE_ACCEPTANCE_TERM_EXPIRED', 'CONCURRENT_FCE_EVENT'],
  // Taxpayers (multi-taxpayer widget), billing systems and ARCA.
  allTaxpayers: WIDGET,
  additionalTaxpayer: WIDGET,
  additionalTaxpayers: WIDGET,
  createAdditionalTaxpayer: ['WIDGET_INACTIVE', 'LIMIT_REACHED'],
  updateAdditionalTaxpayer: ['IMMUTABLE_FIELD', 'WIDGET_INACTIVE'],
  deleteAdditionalTaxpayer: WIDGET,
  createBillingSystem: ['ALREADY_EXISTS'],
  setActiveBillingSystem: ['UNKNOWN_BILLING_SYSTEM'],
  verifyDelegation: ARCA,
  verifyPointOfSale: ARCA,
  // Withholdings and perceptions.
  calculateWithholding: ['NOT_AN_AGENT'],
  calculatePerception: ['NOT_AN_AGENT'],
  applyWithholding: ['DOCUMENT_INCONSISTENT', 'ACCOUNT_NOT_POSTABLE', 'PERIOD_CLOSED', 'NOT_AN_AGENT', 'PAYMENT_ALREADY_APPLIED'],
  issueWithholdingCertificate: ['CERTIFICATE_EXISTS', 'NOTHING_WITHHELD'],
  createWithholdingRegime: ['REGIME_EXISTS'],
  // Statistics.
  transactionSeries: ['UNKNOWN_MEASURE'],
};

/**
 * The writes of one record take `ifMatch` (domain/preconditions.ts): a stale or malformed tag, or none where one is
 * required. Those of declared records, and the hand-written ones listed.
 */
const CONDITIONAL: readonly ErrorCode[] = ['PRECONDITION_INVALID', 'PRECONDITION_FAILED', 'PRECONDITION_REQUIRED'];
const CONDITIONAL_WRITES = new Set([
  ...DECLARATIONS.flatMap(({ one, operations }) => {
    const One = `${one[0].toUpperCase()}${one.slice(1)}`;
    return [...(operations?.update !== false ? [`update${One}`] : []), ...(operations?.remove !== false ? [`delete${One}`] : [])];
  }),
  'updateBillingSystem',
  'deleteBillingSystem',
  'updateIvaBookEntry',
  'deleteIvaBookEntry',
]);

/** The codes an operation may answer, in the table's order (so documents built from them are stable). */
export function errorCodesOf(operation: string, kind: 'query' | 'mutation'): ErrorCode[] {
  const codes = new Set<ErrorCode>([
    ...EVERY_OPERATION,
    ...(kind === 'mutation' ? EVERY_MUTATION : []),
    ...(OPERATION_ERRORS[operation] ?? []),
    ...(kind === 'mutation' && CONDITIONAL_WRITES.has(operation) ? CONDITIONAL : []),
  ]);
  return (Object.keys(ERROR_CODES) as ErrorCode[]).filter((code) => codes.has(code));
}

/** Each operation's own codes, said in its description too, so a GraphQL client reads them where it reads the field. */
export function describeErrorCodes(schema: GraphQLSchema): GraphQLSchema {
  for (const [type, kind] of [
    [schema.getQueryType(), 'query'],
    [schema.getMutationType(), 'mutation'],
  ] as const) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      const own = [...(OPERATION_ERRORS[field.name] ?? []), ...(kind === 'mutation' && CONDITIONAL_WRITES.has(field.name) ? CONDITIONAL : [])];
      if (!own?.length) continue;
      const codes = errorCodesOf(field.name, kind).filter((code) => own.includes(code));
      field.description =
        `${field.description ?? ''}\n\nError codes besides the common ones: ${codes.map((code) => `${code} (${ERROR_CODES[code].status})`).join(', ')}.`.trim();
    }
  }
  return schema;
}
