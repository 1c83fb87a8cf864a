import { type PagingSpec, pageSizeParameter } from './paging';
import { QueryReader } from './query';
import type { HandWrittenExample, RestInput, RestRoute } from './route';
import { withRestDateTimes } from './naming';
import { prefers } from './prefer';

/** The selection of an import in the stored operations, aliased to REST names. */
export const IMPORT_FIELDS = `id direction file_name: fileName size sha256 layout encoding status failure rows_total: rowsTotal rows_imported: rowsImported
  rows_duplicated: rowsDuplicated rows_with_errors: rowsWithErrors rows_with_warnings: rowsWithWarnings rows_needing_review: rowsNeedingReview
  suppliers_created: suppliersCreated row_errors: rowErrors { line messages reasons { code message } }
  row_warnings: rowWarnings { line messages reasons { code message } } row_reviews: rowReviews { line messages reasons { code message } } percent bytes_read: bytesRead bytes_total: bytesTotal
  user_id: userId started_at: startedAt finished_at: finishedAt`;

const rowProblems = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      line: { examples: [2], type: 'integer' },
      messages: { type: 'array', items: { type: 'string' }, examples: [['Fila 12: el CUIT 30708123450 no tiene un dígito verificador válido']] },
      reasons: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            code: { examples: ['INVALID_CUIT'], type: ['string', 'null'] },
            message: { examples: ['the CUIT 30708123450 has a wrong check digit'], type: 'string' },
          },
          required: ['code', 'message'],
        },
      },
    },
  },
};
/** An import as the REST routes answer it (upload and history, both directions). */
export const IMPORT_SCHEMA = {
  type: 'object',
  properties: {
    id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string' },
    direction: { type: 'string', enum: ['received', 'issued'] },
    file_name: { examples: ['mis-comprobantes-recibidos-2025-03.zip'], type: 'string' },
    size: { examples: [48213], type: 'integer' },
    sha256: { examples: ['3f1c9a7be2d4c8a1f0e5b6d7c8a9b0e1f2a3b4c5d6e7f8091a2b3c4d5e6f7a8b'], type: 'string' },
    layout: { type: 'string', enum: ['G1', 'G2', 'G3'] },
    encoding: { examples: ['utf-8'], type: 'string' },
    status: {
      type: 'string',
      enum: ['running', 'completed', 'failed', 'interrupted'],
      description:
        'interrupted: a running import that stopped writing its progress (its gateway stopped); its counts are what it stored, and uploading the file again completes it.',
    },
    failure: { examples: ['ARCA no respondió a tiempo'], type: ['string', 'null'] },
    rows_total: { examples: [49], type: 'integer' },
    rows_imported: { examples: [48], type: 'integer' },
    rows_duplicated: { examples: [0], type: 'integer' },
    rows_with_errors: { examples: [1], type: 'integer' },
    rows_with_warnings: { examples: [2], type: 'integer' },
    rows_needing_review: { examples: [1], type: 'integer', description: 'Rows stored with their VAT rates to review (counted among rows_imported).' },
    suppliers_created: { examples: [2], type: 'integer' },
    row_errors: rowProblems,
    row_warnings: rowProblems,
    row_reviews: rowProblems,
    percent: {
      examples: [100],
      type: 'integer',
      minimum: 0,
      maximum: 100,
      description: 'How far it has gone: the share of the CSV bytes read (bytes_read of bytes_total), below 100 until completed, 100 once completed.',
    },
    bytes_read: { examples: [48213], type: ['integer', 'null'], description: 'Bytes of the CSV read at its last write of its counts (null on older imports).' },
    bytes_total: { examples: [48213], type: ['integer', 'null'], description: "The CSV's bytes (a ZIP's unpacked size; null on older imports)." },
    user_id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: ['string', 'null'] },
    started_at: { examples: ['2025-03-14T10:32:05.120'], type: 'string', description: 'Argentine time (UTC−3), ISO 8601 without a zone.' },
    finished_at: { examples: ['2025-03-14T10:32:05.120'], type: ['string', 'null'] },
  },
  required: ['id', 'file_name', 'size', 'sha256', 'layout', 'status', 'rows_total', 'rows_imported', 'rows_duplicated', 'rows_with_errors', 'row_errors'],
};
export const restImport = (row: Record<string, unknown>) => withRestDateTimes(row, ['started_at', 'finished_at']);

type Row = Record<string, unknown>;

/** The preference (RFC 7240) that asks an upload to answer once its import has started. */
const RESPOND_ASYNC = 'respond-async';

/**
 * The upload route of a Mis Comprobantes export: multipart `file`, the stored import mutation (root field `field`,
 * taking `$respondAsync`), the import record with a one-line message. Sent with `Prefer: respond-async`, it answers
 * 202 once the import has started, with `Location` (the import's route, `progressPath`), `Preference-Applied` and the
 * import as it stands; without, 200 once it has ended, as the contract's clients expect.
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
  /** The form a client sends (OpenAPI example, by hand: the file is a file). */
  formExample: HandWrittenExample;
  /** The route that reads one import of the export, `{id}` in it. */
  progressPath: string;
}): RestRoute {
  const variables = options.variables ?? (({ body }) => ({ file: ((body ?? {}) as Row).file }));
  return {
    method: 'post',
    path: options.path,
    summary: options.summary,
    scope: options.scope,
    document: options.document,
    variables: (input) => ({ ...variables(input), respondAsync: prefers(input.headers.prefer, RESPOND_ASYNC) }),
    respond: (data, input) => {
      const record = restImport(data[options.field] as Row);
      if (prefers(input.headers.prefer, RESPOND_ASYNC))
        return {
          status: 202,
          data: record,
          extra: { message: `Import started: follow it at its Location.` },
          headers: { Location: `/api/v1${options.progressPath.replace('{id}', String(record.id))}`, 'Preference-Applied': RESPOND_ASYNC },
        };
      return {
        status: 200,
        data: record,
        extra: {
          message: `${record.rows_imported} imported, ${record.rows_duplicated} already stored, ${record.rows_with_errors} rows refused, ${record.rows_needing_review} with the VAT rate to review.`,
        },
      };
    },
    headers: [
      {
        name: 'Prefer',
        description:
          '`respond-async` (RFC 7240): answer 202 once the import has started, instead of 200 once it has ended. Other preferences, and malformed ones, are ignored.',
        schema: { type: 'string', examples: ['respond-async'] },
      },
    ],
    alternativeSuccess: {
      status: 202,
      description: 'Started (sent with `Prefer: respond-async`): the import as it stands, status running; its rows are read in the background.',
      headers: {
        Location: { description: 'The import, to read its progress.', schema: { type: 'string', examples: [`/api/v1${options.progressPath}`] } },
        'Preference-Applied': { description: '`respond-async`.', schema: { type: 'string', const: RESPOND_ASYNC } },
      },
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
    examples: { request: options.formExample },
    responseSchema: IMPORT_SCHEMA,
    responseExtra: { message: { examples: ['48 imported, 0 already stored, 1 rows refused, 1 with the VAT rate to review.'], type: 'string' } },
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

/** The route of one import of an export by its id: the import as it stands, its progress while it runs. */
export function importByIdRoute(options: { path: string; summary: string; scope: RestRoute['scope']; query: string; field: string }): RestRoute {
  return {
    method: 'get',
    path: options.path,
    summary: options.summary,
    scope: options.scope,
    document: `query ${options.query}($id: ID!) { ${options.field}(id: $id) { ${IMPORT_FIELDS} } }`,
    // Its counts change while it runs, by the import's own writes: the tag is the answer's.
    conditional: 'view',
    variables: ({ params }) => ({ id: params.id }),
    respond: (data) => ({ status: 200, data: restImport(data[options.field] as Row) }),
    responseSchema: IMPORT_SCHEMA,
    successStatus: 200,
  };
}
