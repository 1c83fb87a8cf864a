import { type PagingSpec, pageSizeParameter } from './paging';
import { QueryReader } from './query';
import type { RestInput, RestRoute } from './route';
import { withRestDateTimes } from './naming';

/** The selection of an import in the stored operations, aliased to REST names. */
export const IMPORT_FIELDS = `id direction file_name: fileName size sha256 layout encoding status failure rows_total: rowsTotal rows_imported: rowsImported
  rows_duplicated: rowsDuplicated rows_with_errors: rowsWithErrors rows_with_warnings: rowsWithWarnings rows_needing_review: rowsNeedingReview
  suppliers_created: suppliersCreated row_errors: rowErrors { line messages reasons { code message } }
  row_warnings: rowWarnings { line messages reasons { code message } } row_reviews: rowReviews { line messages reasons { code message } } user_id: userId started_at: startedAt finished_at: finishedAt`;

const rowProblems = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      line: { type: 'integer' },
      messages: { type: 'array', items: { type: 'string' } },
      reasons: {
        type: 'array',
        items: { type: 'object', properties: { code: { type: ['string', 'null'] }, message: { type: 'string' } }, required: ['code', 'message'] },
      },
    },
  },
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
    rows_needing_review: { type: 'integer', description: 'Rows stored with their VAT rates to review (counted among rows_imported).' },
    suppliers_created: { type: 'integer' },
    row_errors: rowProblems,
    row_warnings: rowProblems,
    row_reviews: rowProblems,
    user_id: { type: ['string', 'null'] },
    started_at: { type: 'string', description: 'Argentine time (UTC−3), ISO 8601 without a zone.' },
    finished_at: { type: ['string', 'null'] },
  },
  required: ['id', 'file_name', 'size', 'sha256', 'layout', 'status', 'rows_total', 'rows_imported', 'rows_duplicated', 'rows_with_errors', 'row_errors'],
};
export const restImport = (row: Record<string, unknown>) => withRestDateTimes(row, ['started_at', 'finished_at']);

type Row = Record<string, unknown>;

/**
 * The upload route of a Mis Comprobantes export: multipart `file`, the stored import mutation (root field `field`),
 * the import record with a one-line message.
 */
export function importRoute(options: {
  path: string;
  summary: string;
  scope: RestRoute['scope'];
  document: string;
  field: string;
  maxBytes: number;
  variables?: (input: RestInput) => Record<string, unknown>;
  formFields?: Record<string, Record<string, unknown>>;
}): RestRoute {
  return {
    method: 'post',
    path: options.path,
    summary: options.summary,
    scope: options.scope,
    document: options.document,
    variables: options.variables ?? (({ body }) => ({ file: ((body ?? {}) as Row).file })),
    respond: (data) => {
      const record = restImport(data[options.field] as Row);
      return {
        status: 200,
        data: record,
        extra: {
          message: `${record.rows_imported} imported, ${record.rows_duplicated} already stored, ${record.rows_with_errors} rows refused, ${record.rows_needing_review} with the VAT rate to review.`,
        },
      };
    },
    upload: { field: 'file', maxBytes: options.maxBytes },
    requestBody: {
      type: 'object',
      properties: {
        file: { type: 'string', format: 'binary', description: 'The ZIP the portal downloads, or the CSV inside it.' },
        ...options.formFields,
      },
      required: ['file'],
    },
    responseSchema: IMPORT_SCHEMA,
    responseExtra: { message: { type: 'string' } },
    successStatus: 200,
  };
}

const HISTORY: PagingSpec = { size: 'limit', fallback: 20, max: 100 };

/** The import history route of an export: the last `limit` imports (1 to 100, default 20; more is served as 100), newest first. */
export function importHistoryRoute(options: { path: string; summary: string; scope: RestRoute['scope']; query: string; field: string }): RestRoute {
  return {
    method: 'get',
    path: options.path,
    summary: options.summary,
    scope: options.scope,
    document: `query ${options.query}($last: Int) { ${options.field}(last: $last) { ${IMPORT_FIELDS} } }`,
    variables: ({ query }) => {
      const reader = new QueryReader(query);
      const last = reader.pageSize(HISTORY.size, HISTORY.fallback, HISTORY.max).size;
      reader.done();
      return { last };
    },
    respond: (data) => ({ status: 200, data: (data[options.field] as Row[]).map(restImport) }),
    parameters: [pageSizeParameter(HISTORY, 'How many imports')],
    responseSchema: { type: 'array', items: IMPORT_SCHEMA },
    successStatus: 200,
  };
}
