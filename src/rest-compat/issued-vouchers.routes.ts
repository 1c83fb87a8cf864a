import { ISSUED_VOUCHER } from '../domain/issued-vouchers/issued-vouchers.declaration';
import { MAX_UPLOAD_BYTES } from '../domain/mis-comprobantes/source';
import { declaredRoutes } from './declared.routes';
import type { RestRoute } from './route';
import { vatLinesRoute } from './vat-lines.routes';
import { IMPORT_FIELDS, importByIdRoute, importHistoryRoute, importRoute } from './voucher-imports.routes';

/** List and get from the declaration (no create, update, delete or bulk: records come from imports). */
const crud = declaredRoutes(ISSUED_VOUCHER);

const UPLOAD = importRoute({
  path: '/issued_vouchers/upload-csv/',
  summary:
    'Import the Mis Comprobantes Emitidos export: multipart/form-data, field `file` (the portal ZIP or its CSV, at most 20 MB); a Recibidos export is 400 WRONG_EXPORT',
  scope: 'invoices:write',
  document: `mutation RestImportIssuedVouchers($file: Upload!, $respondAsync: Boolean) {
    importIssuedVouchers(file: $file, respondAsync: $respondAsync) { ${IMPORT_FIELDS} }
  }`,
  field: 'importIssuedVouchers',
  maxBytes: MAX_UPLOAD_BYTES,
  progressPath: '/issued_vouchers/import-history/{id}/',
  formExample: {
    name: 'emitidos-marzo',
    summary: 'March 2025 as the Mis Comprobantes Emitidos portal downloads it',
    description: 'One form part, `file`: the ZIP itself (or the CSV inside it), sent as a file.',
    value: { file: 'comprobantes-emitidos-30712345671-2025-03.zip' },
  },
});

const IMPORT = importByIdRoute({
  path: '/issued_vouchers/import-history/{id}/',
  summary: "One import of the Emitidos export by its id, as it stands: its counts and percent while running; another account's is 404",
  scope: 'invoices:read',
  query: 'RestIssuedVoucherImport',
  field: 'issuedVoucherImport',
});

const HISTORY = importHistoryRoute({
  path: '/issued_vouchers/import-history/',
  summary: 'Recent imports of the Emitidos export, newest first (`limit` 1 to 100, default 20)',
  scope: 'invoices:read',
  query: 'RestIssuedVoucherImports',
  field: 'issuedVoucherImports',
});

const RESOLVE_RATES = vatLinesRoute({
  path: '/issued_vouchers/{id}/vat-lines/',
  scope: 'invoices:write',
  mutation: 'resolveIssuedVoucherRates',
  operation: 'RestResolveIssuedVoucherRates',
  lineInput: 'IssuedVoucherVatLineInput',
  idName: 'issued_voucher_id',
});

/** Fixed paths (list, import history, upload) before the `{id}` ones. */
export const ISSUED_VOUCHER_ROUTES: RestRoute[] = [crud.routes[0], HISTORY, UPLOAD, IMPORT, ...crud.routes.slice(1), RESOLVE_RATES];
