import { toCents } from '../domain/money';
import { EXPORT_FORMATS, type ExportFormat, MEDIA_TYPES, withoutFormat } from './export-files';
import type { QueryParameter, RestExport, RestInput, RestRoute } from './route';

/** The query parameters a JSON report pages with: an export reads every page itself. */
const PAGING_PARAMETERS = new Set(['limit', 'cursor', 'page']);

const FORMAT: QueryParameter = {
  name: 'format',
  description: `xlsx (default: amounts as numbers \`#,##0.00\`, dates as dates, frozen header, totals in bold) or csv (RFC 4180, comma, decimal point, UTF-8): docs/exports.md.`,
  schema: { type: 'string', enum: [...EXPORT_FORMATS] },
};

/** A report's export: the JSON route's parameters (less its paging), its document unless another is given. */
export interface ExportDeclaration extends RestExport {
  /** What the file holds, for the summary. */
  title: string;
  /** A file name for the OpenAPI example (without extension). */
  example: string;
  document?: string;
  /** Variables beside the JSON route's (a page size; the first page of the store's cursor). */
  variables?: (input: RestInput) => Record<string, unknown>;
}

/**
 * `GET <the JSON route>export/?format=xlsx|csv`: the report as a file, beside the JSON route (whose answers stay as
 * the contract has them). Same scope, same operation and parameters, so REST, GraphQL and the export agree.
 */
export function exportOf(base: RestRoute, declaration: ExportDeclaration): RestRoute {
  const { title, example, document, variables, ...spec } = declaration;
  const parameters = (base.parameters ?? []).filter((parameter) => !PAGING_PARAMETERS.has(parameter.name));
  return {
    method: 'get',
    path: `${base.path}export/`,
    summary: `${title} as a spreadsheet file (XLSX or CSV), all of it, streamed; headers in Spanish`,
    scope: base.scope,
    // Its own operation name: the OpenAPI document names each operation once.
    document: (document ?? base.document).replace(/^(\s*query\s+\w+)/, '$1Export'),
    variables: (input) => {
      const query = Object.fromEntries(Object.entries(withoutFormat(input.query)).filter(([name]) => !PAGING_PARAMETERS.has(name)));
      return { ...base.variables({ ...input, query }), ...variables?.(input) };
    },
    respond: () => {
      throw new Error('an export is streamed, never answered whole');
    },
    pathRenames: base.pathRenames,
    parameters: [FORMAT, ...parameters],
    responseSchema: { type: 'string', format: 'binary' },
    download: { contentTypes: EXPORT_FORMATS.map((format: ExportFormat) => MEDIA_TYPES[format]) },
    export: spec,
    examples: { response: { name: example, summary: `${example}.xlsx`, description: `${title}: a header row and one row per line.` } },
    successStatus: 200,
  };
}

/** An amount the GraphQL answer gives in pesos, as the integer centavos it was computed from. */
export function cents(value: unknown): number | null {
  return typeof value === 'number' ? toCents(value) : null;
}
