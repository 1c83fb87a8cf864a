import { SCOPES } from '../domain/auth/scopes';
import { errorResponses } from './openapi-errors';
import { withExamples } from './openapi-examples';
import { MAX_QUERY_TEXT } from './query';
import type { RestRoute } from './route';
import { TAGS, tagOf } from './tags';

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
    const responses: Record<string, unknown> = {
      [String(route.successStatus)]: {
        description: 'Success',
        content: route.download
          ? Object.fromEntries(route.download.contentTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]))
          : {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { success: { const: true }, data: route.responseSchema, ...route.responseExtra },
                  required: ['success', 'data', ...Object.keys(route.responseExtra ?? {})],
                },
              },
            },
      },
    };
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
      parameters: [...pathParameters, ...queryParameters],
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
