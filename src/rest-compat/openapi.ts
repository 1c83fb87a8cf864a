import { SCOPES } from '../domain/auth/scopes';
import { errorResponses } from './openapi-errors';
import { withExamples } from './openapi-examples';
import { MAX_QUERY_TEXT } from './query';
import { type RestRoute, writes } from './route';
import { TAGS, tagOf } from './tags';

/** The optional `Idempotency-Key` of every POST that writes (docs/writes.md). */
const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: the first request with a key runs; the same request again within 24 h gets its answer replayed (with `Idempotent-Replayed: true`); another request with the key is 422 `IDEMPOTENCY_KEY_REUSED`; one sent while the first runs is 409 `IDEMPOTENCY_KEY_IN_USE`. Only successes are kept.',
  schema: { type: 'string', minLength: 1, maxLength: 257, examples: ['"8e03978e-40d5-43e8-bc93-6894a57f9324"'] },
};

/** The header of an answer replayed for an `Idempotency-Key`. */
const REPLAYED = {
  name: 'Idempotent-Replayed',
  header: { description: '`true` when this is the kept answer of an earlier request with the same `Idempotency-Key`.', schema: { const: 'true' } },
};

const ETAG = {
  description: 'The record’s entity tag (its revision, which every write increments): send it as `If-Match` to change this version only.',
  schema: { type: 'string', examples: ['"3"'] },
};

const VIEW_ETAG = {
  description:
    'A weak entity tag of this answer’s bytes (the record with what is composed into it): send it as `If-None-Match` to get 304 while nothing in the answer changed.',
  schema: { type: 'string', examples: ['W/"5c1-4pTnFlSdjYiFVqsYVnxbLsyzxTc"'] },
};

const IF_MATCH = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description:
    'Write only if the record is still this version (its `ETag`; several comma-separated, or `*` for any existing record); otherwise 412 `PRECONDITION_FAILED` and nothing is written. Required (428 `PRECONDITION_REQUIRED`) when the gateway runs with `REQUIRE_IF_MATCH=true`.',
  schema: { type: 'string', examples: ['"3"'] },
};

const IF_NONE_MATCH = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'The `ETag` of the copy the client holds: 304 without a body while it is current.',
  schema: { type: 'string', examples: ['"3"'] },
};

/** The headers of a route's success: the record's `ETag`, and the replay marker of a keyed POST. */
function successHeaders(route: RestRoute): { headers?: Record<string, unknown> } {
  const headers: Record<string, unknown> = {};
  if (route.conditional && route.method !== 'delete') headers.ETag = route.conditional === 'view' ? VIEW_ETAG : ETAG;
  if (route.method === 'post' && writes(route)) headers[REPLAYED.name] = REPLAYED.header;
  return Object.keys(headers).length ? { headers } : {};
}

/** The OpenAPI 3.1 description of the REST routes, generated from the route table. */
export function openApiDocument(routes: RestRoute[], components: Record<string, Record<string, unknown>>, version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const pathParameters = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => ({
      name: match[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const queryParameters = (route.parameters ?? []).map((parameter) => ({
      ...parameter,
      // Text the reader bounds (QueryReader); an enum bounds itself.
      schema:
        parameter.schema.type === 'string' && parameter.schema.maxLength === undefined && parameter.schema.enum === undefined
          ? { ...parameter.schema, maxLength: MAX_QUERY_TEXT }
          : parameter.schema,
      in: 'query',
      required: false,
    }));
    const successContent = route.download
      ? Object.fromEntries(route.download.contentTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]))
      : {
          'application/json': {
            schema: {
              type: 'object',
              properties: { success: { const: true }, data: route.responseSchema, ...route.responseExtra },
              required: ['success', 'data', ...Object.keys(route.responseExtra ?? {})],
            },
          },
        };
    const responses: Record<string, unknown> = { [String(route.successStatus)]: { description: 'Success', ...successHeaders(route), content: successContent } };
    const other = route.alternativeSuccess;
    if (other) responses[String(other.status)] = { description: other.description, headers: other.headers, content: successContent };
    if (route.conditional === 'read' || route.conditional === 'view')
      responses['304'] = {
        description: 'Not modified: `If-None-Match` names the current `ETag`; no body.',
        headers: { ETag: route.conditional === 'view' ? VIEW_ETAG : ETAG },
      };
    const headerParameters = (route.headers ?? []).map((parameter) => ({ ...parameter, in: 'header', required: false }));
    Object.assign(responses, errorResponses(route));
    // An upload is a form, its file one part (OpenAPI 3.1 §4.8.14.3: a binary part's media type); text fields go as they are.
    const bodyMedia = route.upload
      ? { 'multipart/form-data': { schema: route.requestBody, encoding: { [route.upload.field]: { contentType: 'application/octet-stream' } } } }
      : { 'application/json': { schema: route.requestBody } };
    paths[`/api/v1${route.path}`] ??= {};
    paths[`/api/v1${route.path}`][route.method] = {
      operationId: route.document.match(/(?:query|mutation)\s+(\w+)/)?.[1],
      tags: [tagOf(route.path)],
      summary: route.summary,
      description: `Requires the scope \`${route.scope}\`.`,
      security: [{ apiKey: [] }, { session: [] }],
      parameters: [
        ...pathParameters,
        ...queryParameters,
        ...headerParameters,
        ...(route.method === 'post' && writes(route) ? [IDEMPOTENCY_KEY] : []),
        ...(route.conditional === 'read' || route.conditional === 'view' ? [IF_NONE_MATCH] : route.conditional === 'write' ? [IF_MATCH] : []),
      ],
      ...(route.requestBody ? { requestBody: { required: true, content: bodyMedia } } : {}),
      ...(route.judgesBody ? { 'x-judges-body': true } : {}),
      responses,
    };
  }
  return withExamples(routes, {
    openapi: '3.1.0',
    info: {
      title: 'Gateway REST compatibility API',
      version,
      description: `Legacy REST routes, each executed as a GraphQL operation of /graphql. Scopes: ${SCOPES.join(', ')}. Text fields are trimmed of surrounding white space before their lengths and patterns are checked.`,
    },
    servers: [{ url: '/' }],
    tags: TAGS,
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        session: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'From POST /api/v1/auth/login; state-changing requests also need X-CSRF-Token.' },
      },
      schemas: {
        ...components,
        Error: {
          type: 'object',
          properties: {
            success: { const: false },
            error: {
              type: 'object',
              properties: {
                code: { type: 'string' },
                message: { type: 'string' },
                details: {
                  type: 'array',
                  items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } }, required: ['path', 'message'] },
                },
              },
              required: ['code', 'message', 'details'],
            },
          },
          required: ['success', 'error'],
        },
        BulkItemError: {
          type: 'object',
          properties: {
            index: { type: 'integer' },
            code: { type: 'string' },
            message: { type: 'string' },
            details: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } },
          },
          required: ['index', 'code', 'message', 'details'],
        },
        Deleted: { type: 'object', properties: { _id: { type: 'string' }, deleted: { const: true } }, required: ['_id', 'deleted'] },
      },
    },
  });
}
