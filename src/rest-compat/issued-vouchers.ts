import { ISSUED_VOUCHER } from '../domain/issued-vouchers/declaration';
import { MAX_UPLOAD_BYTES } from '../domain/mis-comprobantes/source';
import { declaredRoutes } from './declared';
import { QueryReader } from './query';
import type { RestRoute } from './route';
import { IMPORT_FIELDS, IMPORT_SCHEMA, restImport } from './voucher-imports';

/** List and get from the declaration (no create, update, delete or bulk: records come from imports). */
const crud = declaredRoutes(ISSUED_VOUCHER, 'issued vouchers');

const UPLOAD: RestRoute = {
  method: 'post',
  path: '/issued_vouchers/upload-csv/',
  summary:
    'Import the Mis Comprobantes Emitidos export: multipart/form-data, field `file` (the portal ZIP or its CSV, at most 20 MB); a Recibidos export is 400 WRONG_EXPORT',
  scope: 'invoices:write',
  document: `
    mutation RestImportIssuedVouchers($file: Upload!) {
      importIssuedVouchers(file: $file) { ${IMPORT_FIELDS} }
    }`,
  variables: ({ body }) => ({ file: ((body ?? {}) as Record<string, unknown>).file }),
  respond: (data) => {
    const record = restImport(data.importIssuedVouchers as Record<string, unknown>);
    return {
      status: 200,
      data: record,
      extra: { message: `${record.rows_imported} imported, ${record.rows_duplicated} already stored, ${record.rows_with_errors} rows refused.` },
    };
  },
  upload: { field: 'file', maxBytes: MAX_UPLOAD_BYTES },
  requestBody: {
    type: 'object',
    properties: { file: { type: 'string', format: 'binary', description: 'The ZIP the portal downloads, or the CSV inside it.' } },
    required: ['file'],
  },
  responseSchema: IMPORT_SCHEMA,
  responseExtra: { message: { type: 'string' } },
  successStatus: 200,
};

const HISTORY: RestRoute = {
  method: 'get',
  path: '/issued_vouchers/import-history/',
  summary: 'Recent imports of the Emitidos export, newest first (`limit` 1 to 100, default 20)',
  scope: 'invoices:read',
  document: `
    query RestIssuedVoucherImports($last: Int) { issuedVoucherImports(last: $last) { ${IMPORT_FIELDS} } }`,
  variables: ({ query }) => {
    const reader = new QueryReader(query);
    const last = reader.int('limit', 20, 1, 100);
    reader.done();
    return { last };
  },
  respond: (data) => ({ status: 200, data: (data.issuedVoucherImports as Array<Record<string, unknown>>).map(restImport) }),
  parameters: [{ name: 'limit', description: 'How many imports (1 to 100, default 20).', schema: { type: 'integer', minimum: 1, maximum: 100 } }],
  responseSchema: { type: 'array', items: IMPORT_SCHEMA },
  successStatus: 200,
};

/** Fixed paths (list, import history, upload) before the `{id}` one. */
export const ISSUED_VOUCHER_ROUTES: RestRoute[] = [crud.routes[0], HISTORY, UPLOAD, ...crud.routes.slice(1)];

export const ISSUED_VOUCHER_COMPONENTS: Record<string, Record<string, unknown>> = crud.components;
