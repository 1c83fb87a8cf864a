import type { IncomingHttpHeaders } from 'node:http';
import type { z } from 'zod';
import type { Scope } from '../domain/auth/scopes';
import type { RequestContext } from '../domain/context';
import type { ExportColumn, ExportRow } from './export-files';

/** What a route receives from the HTTP request, already parsed. */
export interface RestInput {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  /**
   * The request's headers (names in lower case), for the routes that read one: those documented in `headers`, and
   * `If-Match` on a record's conditional writes.
   */
  headers: IncomingHttpHeaders;
}

export interface QueryParameter {
  name: string;
  description: string;
  schema: Record<string, unknown>;
}

/**
 * One legacy REST route: executed as a stored GraphQL operation against the gateway's schema, so REST shares the
 * resolvers' authorization, validation and loaders.
 */
export interface RestRoute {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Path below /api/v1, in OpenAPI form (`/suppliers/{id}/`). */
  path: string;
  summary: string;
  /** The scope the operation's resolver requires (documentation and the authorization matrix). */
  scope: Scope;
  /** The stored GraphQL document (one operation plus the fragments it spreads). */
  document: string;
  /** Request → GraphQL variables (may throw a ValidationError for malformed query parameters). */
  variables(input: RestInput): Record<string, unknown>;
  /** GraphQL `data` → the envelope's `data`, the HTTP status and any extra top-level envelope keys (e.g. `message`). */
  respond(
    data: Record<string, unknown>,
    input: RestInput,
  ): { status: number; data: unknown; extra?: Record<string, unknown>; file?: RestFile; headers?: Record<string, string> };
  /**
   * One record's route: `read` answers its `ETag` (and 304 to `If-None-Match` naming it), `write` takes `If-Match`
   * (and answers the new `ETag`), `create` answers the new record's `ETag` (docs/writes.md). `view`: a read-only
   * record whose answer is composed of several (a bank statement with its reconciliation, an import run): its tag is
   * the answer's own (weak, of its bytes), and `If-None-Match` naming it is 304. Published in the OpenAPI document.
   */
  conditional?: 'read' | 'write' | 'create' | 'view';
  /** GraphQL error paths → REST names, for renamed arguments (e.g. `first` → `limit`). */
  pathRenames?: Record<string, string>;
  /** OpenAPI documentation. */
  parameters?: QueryParameter[];
  /** OpenAPI: the request headers the route reads. */
  headers?: QueryParameter[];
  /** OpenAPI: another success answer, with the same body as successStatus's, and the headers it carries. */
  alternativeSuccess?: { status: number; description: string; headers: Record<string, { description: string; schema: Record<string, unknown> }> };
  requestBody?: z.ZodType | Record<string, unknown>;
  responseSchema: Record<string, unknown>;
  /** OpenAPI: schemas of the extra top-level keys `respond` adds beside `data` (all required). */
  responseExtra?: Record<string, Record<string, unknown>>;
  successStatus: number;
  /** A `multipart/form-data` upload: the file field (the body holds it as an Upload) and the most bytes accepted. */
  upload?: { field: string; maxBytes: number };
  /**
   * The route judges its body instead of refusing it (a check that answers what is wrong): any JSON object is
   * taken, and the body schema says what a right one holds. Published as `x-judges-body`.
   */
  judgesBody?: boolean;
  /**
   * A download: the success answer is a file of one of these media types (what `respond` returns as `file`, or an
   * export's format), not the envelope.
   */
  download?: { contentTypes: string[] };
  /** A spreadsheet export: the answer is a CSV or XLSX file (`format`), streamed row by row (export-routes.ts). */
  export?: RestExport;
  /**
   * OpenAPI: examples written by hand, only where the ones derived from the schemas can't be right (a form with a
   * file, a file download).
   */
  examples?: { request?: HandWrittenExample; response?: HandWrittenExample };
}

/** How a route's answer becomes the rows of a spreadsheet. */
export interface RestExport {
  /** The worksheet's name. */
  sheet: string;
  columns: ExportColumn[];
  /** The file's name without its extension (Spanish, e.g. `libro-iva-compras-2025-03`), from the first answer. */
  fileName(data: Record<string, unknown>, input: RestInput): string;
  /** The lines one page of the report reads, when the export reads it page after page. */
  pageSize?: number;
  /** The rows, from the first answer and the further pages the source gives. */
  rows(data: Record<string, unknown>, source: ExportSource): AsyncIterable<ExportRow>;
}

/** What an export reads its further pages from: the operation run again, or the store's cursor with the context. */
export interface ExportSource {
  input: RestInput;
  variables: Record<string, unknown>;
  context: RequestContext;
  /** The operation run again with these variables (its errors thrown). */
  more(variables: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/** A file a route answers with instead of the JSON envelope (errors still use the envelope). */
export interface RestFile {
  name: string;
  contentType: string;
  body: Buffer;
}

/** An example written by hand, as an OpenAPI Example Object under a name. */
export interface HandWrittenExample {
  name: string;
  summary: string;
  description?: string;
  value?: unknown;
}

/** Whether a route's operation is a mutation (a POST may also run a query with a large body, e.g. a report). */
/**
 * A record's answer selected with its `etag`: the REST body without it (as `toBody` puts the rest), the tag as the
 * `ETag` header (docs/writes.md).
 */
export function taggedAnswer(
  raw: unknown,
  toBody: (record: Record<string, unknown>) => Record<string, unknown> = (record) => record,
): { data: Record<string, unknown>; headers?: Record<string, string> } {
  const { etag, ...record } = raw as Record<string, unknown>;
  return { data: toBody(record), headers: etag ? { ETag: etag as string } : undefined };
}

export const writes = (route: Pick<RestRoute, 'document'>): boolean => /^\s*mutation\b/.test(route.document);
