import { withRestDateTimes } from './naming';

/** The selection of an import in the stored operations, aliased to REST names. */
export const IMPORT_FIELDS = `id direction file_name: fileName size sha256 layout encoding status failure rows_total: rowsTotal rows_imported: rowsImported
  rows_duplicated: rowsDuplicated rows_with_errors: rowsWithErrors rows_with_warnings: rowsWithWarnings suppliers_created: suppliersCreated
  row_errors: rowErrors { line messages } row_warnings: rowWarnings { line messages } user_id: userId started_at: startedAt finished_at: finishedAt`;

const rowProblems = {
  type: 'array',
  items: { type: 'object', properties: { line: { type: 'integer' }, messages: { type: 'array', items: { type: 'string' } } } },
};
/** An import as the REST routes answer it (upload and history, both directions). */
export const IMPORT_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    direction: { type: 'string', enum: ['received', 'issued'] },
    file_name: { type: 'string' },
    size: { type: 'integer' },
    sha256: { type: 'string' },
    layout: { type: 'string', enum: ['G1', 'G2', 'G3'] },
    encoding: { type: 'string' },
    status: { type: 'string', enum: ['running', 'completed', 'failed'] },
    failure: { type: ['string', 'null'] },
    rows_total: { type: 'integer' },
    rows_imported: { type: 'integer' },
    rows_duplicated: { type: 'integer' },
    rows_with_errors: { type: 'integer' },
    rows_with_warnings: { type: 'integer' },
    suppliers_created: { type: 'integer' },
    row_errors: rowProblems,
    row_warnings: rowProblems,
    user_id: { type: ['string', 'null'] },
    started_at: { type: 'string', description: 'Argentine time (UTC−3), ISO 8601 without a zone.' },
    finished_at: { type: ['string', 'null'] },
  },
  required: ['id', 'file_name', 'size', 'sha256', 'layout', 'status', 'rows_total', 'rows_imported', 'rows_duplicated', 'rows_with_errors', 'row_errors'],
};
export const restImport = (row: Record<string, unknown>) => withRestDateTimes(row, ['started_at', 'finished_at']);
