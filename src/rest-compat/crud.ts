import type { z } from 'zod';
import type { Scope } from '../domain/auth/scopes';
import { ValidationError } from '../domain/errors';
import { MAX_PAGE_SIZE } from '../domain/pagination';
import { bodyToInput, restError } from './naming';
import { RECORD_ID, restBodySchema } from './openapi-schemas';
import { LIST_PAGING, pagedAnswer, pagedSchema, pagingParameters, readPaging } from './paging';
import { bodyObject, type QueryReader, queryReading } from './query';
import { type QueryParameter, type RestInput, type RestRoute, taggedAnswer } from './route';

// biome-ignore lint/suspicious/noExplicitAny: the data of a stored operation, whose shape its document fixes and the route suites check
type Row = Record<string, any>;

/** Fragment for the per-item errors of bulk operations (spread as `errors { ...BulkErrors }`). */
export const BULK_ERRORS = /* GraphQL */ `
  fragment BulkErrors on BulkItemError {
    index
    code
    message
    details { path message }
  }
`;

/**
 * The stored operations of a resource: each selects one root field, records through a fragment that aliases the
 * legacy names. `list` takes `$first`/`$offset` plus what `listVariables` gives; `get`/`update`/`remove` take
 * `$id`; `create`/`update` take `$input`; bulk ones take `$inputs` or `$ids` and `$allOrNone`.
 */
export interface CrudDocuments {
  list: string;
  get: string;
  /** Left out for records only the service makes (no create route). */
  create?: string;
  update?: string;
  /** Left out for records the API never deletes (no delete route). */
  remove?: string;
  createMany?: string;
  updateMany?: string;
  removeMany?: string;
}

export interface CrudSpec {
  /** Path prefix below /api/v1 (`/suppliers`). */
  base: string;
  /** Singular and plural names for summaries. */
  label: string;
  plural: string;
  read: Scope;
  write: Scope;
  /** The identifier's name in REST records and bodies. */
  idName: '_id' | 'id';
  documents: CrudDocuments;
  /** GraphQL record (legacy aliases already applied) → REST record. */
  toRecord(record: Row): Row;
  /** REST body fields (read-only ones removed) → GraphQL input; default: snake_case keys to camelCase. */
  toInput?(fields: Row): Row;
  /** Filters and order of the list route, read from the query string. */
  listVariables(params: QueryReader): Row;
  listParameters: QueryParameter[];
  /** GraphQL error paths → REST names beyond snake_case (e.g. `address.text` → `address`). */
  pathRenames?: Record<string, string>;
  /** OpenAPI: the record's component name, and the bodies (zod schemas of the GraphQL input, or REST JSON schemas). */
  recordComponent: string;
  createSchema: z.ZodType | Row;
  updateSchema?: z.ZodType | Row;
}

/**
 * A body's OpenAPI schema: a zod input schema in REST names, or a JSON schema already written in them. A record
 * sent back as GET returned it is accepted, its identifier and timestamps ignored: the schema says so.
 */
function bodySchemaOf(schema: z.ZodType | Row): Row {
  const body = '_zod' in schema ? restBodySchema(schema as z.ZodType) : schema;
  if (body.additionalProperties !== false) return body;
  const ignored = Object.fromEntries(READ_ONLY.filter((key) => !(key in (body.properties ?? {}))).map((key) => [key, IGNORED]));
  return { ...body, properties: { ...(body.properties ?? {}), ...ignored } };
}

/** A read-only field in a body: allowed (a record sent back as read), never stored. */
export const IGNORED = { readOnly: true, description: 'Read-only: ignored when sent.' };

const READ_ONLY = ['_id', 'id', 'account_id', 'created_at', 'updated_at'];

/** The single root field's value of an operation's data. */
// biome-ignore lint/suspicious/noExplicitAny: the data of a stored operation, whose shape its document fixes and the route suites check
function root(data: Row): any {
  return Object.values(data)[0];
}

/** An item of a bulk update: its id (required, not the read-only one a single update ignores) and its fields. */
function withId(schema: Row, idName: string): Row {
  const { [idName]: _ignored, ...properties } = schema.properties ?? {};
  return { ...schema, properties: { [idName]: RECORD_ID, ...properties }, required: [idName, ...(schema.required ?? [])] };
}

/**
 * The legacy REST routes of a resource, from its stored operations: list, get, create, update, delete and the
 * three bulk routes (those whose documents are given), with the shared envelope, paging and bulk contracts.
 */
export function crudRoutes(spec: CrudSpec): { routes: RestRoute[]; components: Record<string, Row> } {
  const { base, idName, documents } = spec;
  const record = { $ref: `#/components/schemas/${spec.recordComponent}` };
  // A batch whose items are all valid: the examples show no item errors.
  const bulkErrors = { type: 'array', items: { $ref: '#/components/schemas/BulkItemError' }, examples: [[]] };
  const renames = spec.pathRenames ?? {};

  const input = (body: unknown, keepId = false): Row => {
    const fields: Row = { ...bodyObject(body, spec.label) };
    const id = fields._id ?? fields.id;
    for (const key of READ_ONLY) delete fields[key];
    const converted = spec.toInput ? spec.toInput(fields) : (bodyToInput(fields) as Row);
    return keepId ? { id, ...converted } : converted;
  };

  const bulk = ({ body }: RestInput, key: 'items' | 'ids'): { list: unknown[]; allOrNone: boolean } => {
    const object = bodyObject(body);
    const list = object[key];
    if (!Array.isArray(list)) throw new ValidationError(`${key} must be an array`, [{ path: key, message: 'must be an array' }]);
    const allOrNone = object.all_or_none ?? true;
    if (typeof allOrNone !== 'boolean') throw new ValidationError('all_or_none must be true or false', [{ path: 'all_or_none', message: 'must be a boolean' }]);
    return { list, allOrNone };
  };

  // A record read with its entity tag: the tag travels as the ETag header, not in the record.
  const tagged = (raw: Row) => taggedAnswer(raw, spec.toRecord);

  const restErrors = (errors: Row[]) =>
    errors.map((error) => restError(error as { code: string; message: string; details: Array<{ path: string; message: string }> }, renames));

  const listParams = queryReading((params) => ({ paging: readPaging(params, LIST_PAGING), variables: spec.listVariables(params) }));

  const bulkResult = (verb: 'created' | 'updated', data: Row) => {
    const result = root(data);
    return { [verb]: result.count, items: result.items.map(spec.toRecord), errors: restErrors(result.errors) };
  };

  const routes: RestRoute[] = [
    {
      method: 'get',
      path: `${base}/list/`,
      summary: `List ${spec.plural} (filters, pages of at most ${MAX_PAGE_SIZE})`,
      scope: spec.read,
      document: documents.list,
      variables({ query }) {
        const { paging, variables } = listParams(query);
        return { ...variables, first: paging.size, offset: (paging.page - 1) * paging.size };
      },
      respond(data, { query }) {
        const connection = root(data);
        return { status: 200, data: pagedAnswer(LIST_PAGING, listParams(query).paging, connection.nodes.map(spec.toRecord), connection.totalCount) };
      },
      pathRenames: { filter: '', first: 'limit', offset: 'page', ...renames },
      parameters: [...pagingParameters(LIST_PAGING), ...spec.listParameters],
      responseSchema: pagedSchema(LIST_PAGING, record),
      successStatus: 200,
    },
  ];
  const typeName = spec.recordComponent;
  const components: Record<string, Row> = {};

  if (documents.createMany) {
    routes.push({
      method: 'post',
      path: `${base}/bulk/create/`,
      summary: `Create up to 500 ${spec.plural}`,
      scope: spec.write,
      document: documents.createMany,
      variables(request) {
        const { list, allOrNone } = bulk(request, 'items');
        return { inputs: list.map((item) => input(item)), allOrNone };
      },
      respond: (data) => ({ status: 201, data: bulkResult('created', data) }),
      pathRenames: { inputs: 'items', ...renames },
      requestBody: { $ref: `#/components/schemas/${typeName}BulkCreate` },
      responseSchema: { $ref: `#/components/schemas/${typeName}BulkResult` },
      successStatus: 201,
    });
    components[`${typeName}BulkCreate`] = {
      type: 'object',
      properties: {
        items: { type: 'array', items: bodySchemaOf(spec.createSchema), minItems: 1, maxItems: 500 },
        all_or_none: { type: 'boolean', default: true },
      },
      required: ['items'],
    };
  }
  if (documents.updateMany && spec.updateSchema) {
    routes.push({
      method: 'put',
      path: `${base}/bulk/update/`,
      summary: `Partially update up to 500 ${spec.plural} (each item carries its ${idName})`,
      scope: spec.write,
      document: documents.updateMany,
      variables(request) {
        const { list, allOrNone } = bulk(request, 'items');
        return { inputs: list.map((item) => input(item, true)), allOrNone };
      },
      respond: (data) => ({ status: 200, data: bulkResult('updated', data) }),
      pathRenames: { inputs: 'items', id: idName, ...renames },
      requestBody: { $ref: `#/components/schemas/${typeName}BulkUpdate` },
      responseSchema: { $ref: `#/components/schemas/${typeName}BulkResult` },
      successStatus: 200,
    });
    components[`${typeName}BulkUpdate`] = {
      type: 'object',
      properties: {
        items: { type: 'array', minItems: 1, maxItems: 500, items: withId(bodySchemaOf(spec.updateSchema), idName) },
        all_or_none: { type: 'boolean', default: true },
      },
      required: ['items'],
    };
  }
  if (documents.createMany || documents.updateMany) {
    components[`${typeName}BulkResult`] = {
      type: 'object',
      properties: {
        created: { type: 'integer' },
        updated: { type: 'integer' },
        items: { type: 'array', items: record },
        errors: bulkErrors,
      },
    };
  }
  if (documents.removeMany) {
    routes.push({
      method: 'post',
      path: `${base}/bulk/delete/`,
      summary: `Delete up to 500 ${spec.plural}`,
      scope: spec.write,
      document: documents.removeMany,
      variables(request) {
        const { list, allOrNone } = bulk(request, 'ids');
        return { ids: list, allOrNone };
      },
      respond(data) {
        const result = root(data);
        return {
          status: 200,
          data: { deleted: result.count, items: result.items.map((item: Row) => ({ [idName]: item.id, deleted: true })), errors: restErrors(result.errors) },
        };
      },
      requestBody: {
        type: 'object',
        properties: { ids: { type: 'array', items: RECORD_ID, minItems: 1, maxItems: 500 }, all_or_none: { type: 'boolean', default: true } },
        required: ['ids'],
      },
      responseSchema: {
        type: 'object',
        properties: { deleted: { type: 'integer' }, items: { type: 'array', items: deletedSchema(idName) }, errors: bulkErrors },
      },
      successStatus: 200,
    });
  }

  routes.push({
    method: 'get',
    path: `${base}/{id}/`,
    summary: `Get one ${spec.label}`,
    scope: spec.read,
    document: documents.get,
    conditional: 'read',
    variables: ({ params }) => ({ id: params.id }),
    respond: (data) => ({ status: 200, ...tagged(root(data)) }),
    responseSchema: record,
    successStatus: 200,
  });
  if (documents.create)
    routes.push({
      method: 'post',
      path: `${base}/`,
      summary: `Create a ${spec.label}`,
      scope: spec.write,
      document: documents.create,
      conditional: 'create',
      variables: ({ body }) => ({ input: input(body) }),
      respond: (data) => ({ status: 201, ...tagged(root(data)) }),
      pathRenames: { input: '', ...renames },
      requestBody: bodySchemaOf(spec.createSchema),
      responseSchema: record,
      successStatus: 201,
    });
  if (documents.update && spec.updateSchema) {
    routes.push({
      method: 'put',
      path: `${base}/{id}/`,
      summary: `Update a ${spec.label} (fields left out keep their values; read-only fields are ignored)`,
      scope: spec.write,
      document: documents.update,
      conditional: 'write',
      variables: ({ params, body, headers }) => ({ id: params.id, input: input(body), ifMatch: headers['if-match'] }),
      respond: (data) => ({ status: 200, ...tagged(root(data)) }),
      pathRenames: { input: '', ...renames },
      requestBody: bodySchemaOf(spec.updateSchema),
      responseSchema: record,
      successStatus: 200,
    });
  }
  if (documents.remove)
    routes.push({
      method: 'delete',
      path: `${base}/{id}/`,
      summary: `Delete a ${spec.label}`,
      scope: spec.write,
      document: documents.remove,
      conditional: 'write',
      variables: ({ params, headers }) => ({ id: params.id, ifMatch: headers['if-match'] }),
      respond: (data) => ({ status: 200, data: { [idName]: root(data), deleted: true } }),
      responseSchema: deletedSchema(idName),
      successStatus: 200,
    });
  return { routes, components };
}

function deletedSchema(idName: string): Row {
  return { type: 'object', properties: { [idName]: RECORD_ID, deleted: { const: true } }, required: [idName, 'deleted'] };
}
