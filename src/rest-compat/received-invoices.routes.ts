import { RECEIVED_INVOICE } from '../domain/received-invoices/received-invoices.declaration';
import { MAX_UPLOAD_BYTES } from '../domain/mis-comprobantes/source';
import { ValidationError } from '../domain/errors';
import { declaredRoutes } from './declared.routes';
import { withRestDateTimes } from './naming';
import type { RestRoute } from './route';
import { vatLinesRoute } from './vat-lines.routes';
import { IMPORT_FIELDS, importByIdRoute, importHistoryRoute, importRoute } from './voucher-imports.routes';

/** List, get and delete from the declaration (no create, update or bulk: records come from imports). */
const crud = declaredRoutes(RECEIVED_INVOICE);

const flag = (value: unknown, name: string): boolean => {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new ValidationError(`invalid input: ${name}: must be true or false`, [{ path: name, message: 'must be true or false' }]);
};

const UPLOAD = importRoute({
  path: '/received_invoices/upload-csv/',
  summary:
    'Import the Mis Comprobantes Recibidos export: multipart/form-data, field `file` (the portal ZIP or its CSV, at most 20 MB); `create_missing_suppliers=true` (query, or a form field before or after the file) creates unknown suppliers',
  scope: 'received_invoices:write',
  document: `
    mutation RestImportReceivedInvoices($file: Upload!, $options: ImportReceivedInvoicesOptions, $respondAsync: Boolean) {
      importReceivedInvoices(file: $file, options: $options, respondAsync: $respondAsync) { ${IMPORT_FIELDS} }
    }`,
  field: 'importReceivedInvoices',
  maxBytes: MAX_UPLOAD_BYTES,
  variables: ({ body, query }) => {
    const form = (body ?? {}) as Record<string, unknown>;
    const create = flag(form.create_missing_suppliers ?? query.create_missing_suppliers, 'create_missing_suppliers');
    return { file: form.file, options: { createMissingSuppliers: create } };
  },
  formFields: { create_missing_suppliers: { type: 'string', enum: ['true', 'false'] } },
  progressPath: '/received_invoices/import-history/{id}/',
  formExample: {
    name: 'recibidos-marzo',
    summary: 'March 2025 as the Mis Comprobantes Recibidos portal downloads it, creating the suppliers not yet on file',
    description: 'Two form parts: `file`, the ZIP itself (or the CSV inside it) sent as a file, and `create_missing_suppliers`.',
    value: { file: 'comprobantes-recibidos-30712345671-2025-03.zip', create_missing_suppliers: 'true' },
  },
});

const IMPORT = importByIdRoute({
  path: '/received_invoices/import-history/{id}/',
  summary: "One import of the Recibidos export by its id, as it stands: its counts and percent while running; another account's is 404",
  scope: 'received_invoices:read',
  query: 'RestReceivedInvoiceImport',
  field: 'receivedInvoiceImport',
});

const HISTORY = importHistoryRoute({
  path: '/received_invoices/import-history/',
  summary: 'Recent imports of the export, newest first (`limit` 1 to 100, default 20)',
  scope: 'received_invoices:read',
  query: 'RestReceivedInvoiceImports',
  field: 'receivedInvoiceImports',
});

const STATE = `id status linked_journal_entry_id: linkedJournalEntryId linked_account_id: linkedAccountId updated_at: updatedAt`;
const STATE_SCHEMA = {
  type: 'object',
  properties: {
    received_invoice_id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string' },
    status: { type: 'string', enum: ['pending', 'linked', 'ignored'] },
    linked_journal_entry_id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: ['string', 'null'] },
    linked_account_id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: ['string', 'null'] },
    updated_at: { examples: ['2025-03-14T10:32:05.120'], type: 'string' },
  },
  required: ['received_invoice_id', 'status'],
};
const stateOf = (row: Record<string, unknown>) => {
  const { id, ...rest } = withRestDateTimes(row, ['updated_at']);
  return { received_invoice_id: id, ...rest };
};

const LINK: RestRoute = {
  method: 'post',
  path: '/received_invoices/{id}/link/',
  summary:
    'Link to a journal entry of the account (`journal_entry_id` required, `account_id` optional): any → linked, a relink replacing a draft entry; linked to an entry on the books (posted or reversed): 409 ALREADY_LINKED',
  scope: 'received_invoices:write',
  document: `
    mutation RestLinkReceivedInvoice($id: ID!, $journalEntryId: ID!, $accountId: ID) {
      linkReceivedInvoice(id: $id, journalEntryId: $journalEntryId, accountId: $accountId) { ${STATE} }
    }`,
  variables: ({ params, body }) => {
    const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const unknown = Object.keys(input).filter((key) => key !== 'journal_entry_id' && key !== 'account_id');
    const problems = [
      ...(typeof input.journal_entry_id === 'string' && input.journal_entry_id ? [] : [{ path: 'journal_entry_id', message: 'required: a journal entry id' }]),
      ...(input.account_id === undefined || input.account_id === null || typeof input.account_id === 'string'
        ? []
        : [{ path: 'account_id', message: 'must be a ledger account id' }]),
      ...unknown.map((key) => ({ path: key, message: 'unknown field' })),
    ];
    if (problems.length) throw new ValidationError(`invalid input: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`, problems);
    return { id: params.id, journalEntryId: input.journal_entry_id, accountId: input.account_id ?? null };
  },
  respond: (data) => ({ status: 200, data: stateOf(data.linkReceivedInvoice as Record<string, unknown>), extra: { message: 'Received invoice linked.' } }),
  pathRenames: { journalEntryId: 'journal_entry_id', accountId: 'account_id' },
  requestBody: {
    type: 'object',
    properties: {
      journal_entry_id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string' },
      account_id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: ['string', 'null'] },
    },
    required: ['journal_entry_id'],
    additionalProperties: false,
  },
  responseSchema: STATE_SCHEMA,
  responseExtra: { message: { examples: ['Received invoice linked.'], type: 'string' } },
  successStatus: 200,
};

const IGNORE: RestRoute = {
  method: 'post',
  path: '/received_invoices/{id}/ignore/',
  summary: 'Mark as ignored (any → ignored, a linked one dropping its link; linked to a journal entry on the books: 409 INVOICE_LINKED)',
  scope: 'received_invoices:write',
  document: `
    mutation RestIgnoreReceivedInvoice($id: ID!) { ignoreReceivedInvoice(id: $id) { ${STATE} } }`,
  variables: ({ params }) => ({ id: params.id }),
  respond: (data) => ({ status: 200, data: stateOf(data.ignoreReceivedInvoice as Record<string, unknown>), extra: { message: 'Received invoice ignored.' } }),
  responseSchema: STATE_SCHEMA,
  responseExtra: { message: { examples: ['Received invoice ignored.'], type: 'string' } },
  successStatus: 200,
};

const CUSTOMS_DISPATCH: RestRoute = {
  method: 'post',
  path: '/received_invoices/{id}/customs-dispatch/',
  summary: 'Set the 16-character dispatch number of a customs dispatch (voucher 066; body `customs_dispatch`); another type is 409 NOT_A_CUSTOMS_DISPATCH',
  scope: 'received_invoices:write',
  document: `
    mutation RestSetReceivedInvoiceCustomsDispatch($id: ID!, $customsDispatch: String!) {
      setReceivedInvoiceCustomsDispatch(id: $id, customsDispatch: $customsDispatch) { ${STATE} customs_dispatch: customsDispatch }
    }`,
  variables: ({ params, body }) => {
    const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const unknown = Object.keys(input).filter((key) => key !== 'customs_dispatch');
    const problems = [
      ...(typeof input.customs_dispatch === 'string' ? [] : [{ path: 'customs_dispatch', message: 'required: the 16-character dispatch number' }]),
      ...unknown.map((key) => ({ path: key, message: 'unknown field' })),
    ];
    if (problems.length) throw new ValidationError(`invalid input: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`, problems);
    return { id: params.id, customsDispatch: input.customs_dispatch };
  },
  respond: (data) => ({
    status: 200,
    data: stateOf(data.setReceivedInvoiceCustomsDispatch as Record<string, unknown>),
    extra: { message: 'Customs dispatch number saved.' },
  }),
  pathRenames: { customsDispatch: 'customs_dispatch' },
  requestBody: {
    type: 'object',
    properties: { customs_dispatch: { examples: ['25001IC04012345K'], type: 'string', pattern: '^[0-9A-Za-z]{16}$' } },
    required: ['customs_dispatch'],
    additionalProperties: false,
  },
  responseSchema: {
    ...STATE_SCHEMA,
    properties: { ...STATE_SCHEMA.properties, customs_dispatch: { examples: ['25001IC04012345K'], type: ['string', 'null'] } },
  },
  responseExtra: { message: { examples: ['Customs dispatch number saved.'], type: 'string' } },
  successStatus: 200,
};

const RESOLVE_RATES = vatLinesRoute({
  path: '/received_invoices/{id}/vat-lines/',
  scope: 'received_invoices:write',
  mutation: 'resolveReceivedInvoiceRates',
  operation: 'RestResolveReceivedInvoiceRates',
  lineInput: 'ReceivedInvoiceVatLineInput',
  idName: 'received_invoice_id',
  refusals: 'a linked invoice is 409 INVOICE_LINKED',
});

/** Fixed paths (list, import history, upload) before the `{id}` ones. */
export const RECEIVED_INVOICE_ROUTES: RestRoute[] = [
  crud.routes[0],
  HISTORY,
  UPLOAD,
  IMPORT,
  ...crud.routes.slice(1),
  LINK,
  IGNORE,
  CUSTOMS_DISPATCH,
  RESOLVE_RATES,
];
