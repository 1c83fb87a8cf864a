import { ValidationError } from '../domain/errors';
import { restName, snakeCase } from '../domain/declare/field';
import type { OperationArg, OperationDeclaration } from '../domain/declare/operation';
import { shapeFields, type ShapeDeclaration, type ShapeField } from '../domain/declare/shape';
import { restDateTime } from './naming';
import { askedNote, askedSchema, MAX_PAGE_NUMBER, PAGE_PARAMETER, pagedAnswer, pagedSchema, pageSizeParameter, type PagingSpec } from './paging';
import { onlyFields, QueryReader } from './query';
import type { QueryParameter, RestInput, RestRoute } from './route';

/**
 * The REST route of a declared operation: its stored document selects the result shape with every field aliased
 * to its REST name, its query and path parameters become the variables, and its OpenAPI parameters and response
 * schema come from the same declaration.
 */

type JsonSchema = Record<string, unknown>;
type Row = Record<string, unknown>;

const ARGENTINE_TIME = 'Argentine time (UTC−3), ISO 8601 without a zone.';

/** The shape's selection, each field aliased to its REST name. */
export function shapeSelection(shape: ShapeDeclaration): string {
  return Object.entries(shapeFields(shape))
    .map(([name, spec]) => {
      const rest = restName(name, spec);
      const head = rest === name ? name : `${rest}: ${name}`;
      return spec.kind === 'shape' ? `${head} { ${shapeSelection(spec.shape)} }` : head;
    })
    .join(' ');
}

const isInstant = (spec: ShapeField) => spec.kind === 'instant' || spec.kind === 'dateTime';

/** Whether the shape, or one nested in it, has an instant (whose REST form is Argentine time). */
function hasInstants(shape: ShapeDeclaration): boolean {
  return Object.values(shapeFields(shape)).some((spec) => isInstant(spec) || (spec.kind === 'shape' && hasInstants(spec.shape)));
}

/** A selected result in its REST form, changed in place (the result is this request's own): instants in Argentine time. */
function restForm(shape: ShapeDeclaration, row: Row | null): void {
  if (!row) return;
  for (const [name, spec] of Object.entries(shapeFields(shape))) {
    const rest = restName(name, spec);
    if (isInstant(spec)) row[rest] = restDateTime(row[rest]);
    else if (spec.kind === 'shape' && spec.list) for (const item of (row[rest] as Row[] | null) ?? []) restForm(spec.shape, item);
    else if (spec.kind === 'shape') restForm(spec.shape, row[rest] as Row | null);
  }
}

/** A field's JSON schema: its type (with null when nullable), bounds or values, example and description. */
function fieldSchema(spec: ShapeField): JsonSchema {
  const nullable = Boolean(spec.common?.nullable);
  const typed = (type: string): JsonSchema => ({ type: nullable ? [type, 'null'] : type });
  let schema: JsonSchema;
  switch (spec.kind) {
    case 'shape':
      schema = spec.list ? { type: 'array', items: shapeSchemaOrRef(spec.shape) } : shapeSchemaOrRef(spec.shape);
      if (nullable && !spec.list && !spec.shape.component) schema = { ...schema, type: ['object', 'null'] };
      break;
    case 'money':
    case 'decimal':
    case 'percent':
    case 'quantity':
      schema = typed('number');
      break;
    case 'int':
      schema = {
        ...typed('integer'),
        ...(Number.isFinite(spec.min) ? { minimum: spec.min } : {}),
        ...(Number.isFinite(spec.max) ? { maximum: spec.max } : {}),
      };
      break;
    case 'boolean':
      schema = typed('boolean');
      break;
    case 'date':
      schema = { ...typed('string'), format: 'date' };
      break;
    case 'enum':
      schema = { ...typed('string'), enum: spec.values };
      break;
    case 'text':
      schema = spec.values ? { ...typed('string'), enum: spec.values } : typed('string');
      break;
    default:
      schema = typed('string');
  }
  const description = spec.common?.restDescription ?? spec.common?.description ?? (isInstant(spec) ? ARGENTINE_TIME : undefined);
  if (spec.kind === 'shape' && spec.shape.component) return schema;
  return {
    ...schema,
    ...(spec.common?.example === undefined ? {} : { examples: [spec.common.example] }),
    ...(description ? { description } : {}),
  };
}

/** The shape's JSON schema: every field under its REST name, and required (the answer carries it, null when nullable). */
export function shapeSchema(shape: ShapeDeclaration): JsonSchema {
  const fields = Object.entries(shapeFields(shape));
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map(([name, spec]) => [restName(name, spec), fieldSchema(spec)])),
    required: fields.map(([name, spec]) => restName(name, spec)),
  };
}

/** A component shape's reference, or the shape's schema. */
const shapeSchemaOrRef = (shape: ShapeDeclaration): JsonSchema => (shape.component ? { $ref: `#/components/schemas/${shape.type}` } : shapeSchema(shape));

/** The OpenAPI components of the operations' shapes (those declared `component`, wherever they are nested). */
export function shapeComponents(operations: OperationDeclaration[]): Record<string, JsonSchema> {
  const components: Record<string, JsonSchema> = {};
  const visit = (shape: ShapeDeclaration) => {
    if (shape.component && !components[shape.type]) components[shape.type] = shapeSchema(shape);
    for (const spec of Object.values(shapeFields(shape))) if (spec.kind === 'shape') visit(spec.shape);
  };
  for (const operation of operations) visit(operation.result);
  return components;
}

/** An input shape's JSON schema (a request body): required fields as declared, defaults and patterns, nothing else. */
function inputSchema(shape: ShapeDeclaration): JsonSchema {
  const fields = Object.entries(shape.fields);
  const properties = fields.map(([name, spec]) => {
    const { pattern, default: given } = spec.common ?? {};
    return [restName(name, spec), { ...fieldSchema(spec), ...(pattern ? { pattern } : {}), ...(given === undefined ? {} : { default: given }) }];
  });
  return {
    type: 'object',
    properties: Object.fromEntries(properties),
    required: fields.filter(([, spec]) => spec.common?.required).map(([name, spec]) => restName(name, spec)),
    additionalProperties: false,
  };
}

/** A request body as an input shape's GraphQL input: only its fields (a 400 names any other), under their GraphQL names. */
function bodyInput(shape: ShapeDeclaration, body: unknown, what: string): Row {
  const fields = Object.entries(shape.fields).map(([name, spec]) => ({ name, rest: restName(name, spec) }));
  const given = onlyFields(
    body,
    fields.map((field) => field.rest),
    what,
  );
  return Object.fromEntries(fields.filter((field) => field.rest in given).map((field) => [field.name, given[field.rest]]));
}

const restArgName = (name: string, declared: OperationArg) => declared.rest?.name ?? snakeCase(name);

/** The OpenAPI query parameter of an argument. */
function parameterOf(name: string, declared: OperationArg): QueryParameter {
  const rest = restArgName(name, declared);
  const page = declared.rest?.pageSize;
  if (page) return pageSizeParameter({ size: rest as PagingSpec['size'], fallback: page.fallback, max: page.max }, page.what);
  if (declared.rest?.page) return { ...PAGE_PARAMETER, name: rest };
  const { spec } = declared;
  const given = declared.rest ?? {};
  const schema: JsonSchema =
    spec.kind === 'date'
      ? { type: 'string', format: 'date' }
      : spec.kind === 'int'
        ? { type: 'integer', ...(Number.isFinite(spec.min) ? { minimum: spec.min } : {}), ...(Number.isFinite(spec.max) ? { maximum: spec.max } : {}) }
        : spec.kind === 'boolean'
          ? { type: 'boolean' }
          : spec.kind === 'enum'
            ? { type: 'string', enum: spec.values }
            : { type: 'string', ...(given.pattern ? { pattern: given.pattern } : {}), ...(given.values ? { enum: [...given.values] } : {}) };
  if (given.default !== undefined) schema.default = given.default;
  return { name: rest, description: given.description ?? declared.description ?? '', schema };
}

/** Reads one query parameter as its kind (QueryReader names every malformed one in a 400). */
function readArg(params: QueryReader, rest: string, declared: OperationArg): unknown {
  if (declared.rest?.pageSize) return params.pageSize(rest, declared.rest.pageSize.fallback, declared.rest.pageSize.max).size;
  if (declared.rest?.page) return params.int(rest, 1, 1, MAX_PAGE_NUMBER);
  if (declared.spec.kind === 'int') return params.whole(rest);
  if (declared.spec.kind === 'boolean') return params.flag(rest);
  return params.string(rest);
}

/** A path segment as its kind: an integer's digits as a number (its range is the operation's check). */
function pathArg(value: string, rest: string, declared: OperationArg): unknown {
  if (declared.spec.kind !== 'int') return value;
  if (!/^\d{1,15}$/.test(value)) throw new ValidationError(`${rest} must be a whole number`, [{ path: rest, message: 'must be a whole number' }]);
  return Number(value);
}

function graphqlType(declared: OperationArg): string {
  const { spec } = declared;
  const type = declared.input
    ? declared.input.type
    : spec.kind === 'int'
      ? 'Int'
      : spec.kind === 'boolean'
        ? 'Boolean'
        : spec.kind === 'enum'
          ? spec.typeName
          : 'String';
  return `${type}${declared.required ? '!' : ''}`;
}

/** The REST route of a declared operation (one with `rest`). */
export function operationRoute(operation: OperationDeclaration): RestRoute {
  const rest = operation.rest;
  if (!rest) throw new Error(`${operation.name} has no REST route`);
  const args = Object.entries(operation.args).map(([name, declared]) => ({ name, declared, rest: restArgName(name, declared) }));
  const query = args.filter((one) => (one.declared.rest?.in ?? 'query') === 'query');
  const paths = args.filter((one) => one.declared.rest?.in === 'path');
  const body = args.find((one) => one.declared.rest?.in === 'body' && one.declared.input);
  const page = query.find((one) => one.declared.rest?.pageSize);
  const pageNumber = query.find((one) => one.declared.rest?.page);
  const pageSpec = page && { size: page.rest as PagingSpec['size'], fallback: page.declared.rest!.pageSize!.fallback, max: page.declared.rest!.pageSize!.max };
  const operationName = rest.operationId ?? `Rest${operation.name[0].toUpperCase()}${operation.name.slice(1)}`;
  const variables = args.map((one) => `$${one.name}: ${graphqlType(one.declared)}`).join(', ');
  const passed = args.map((one) => `${one.name}: $${one.name}`).join(', ');
  const kind = operation.kind ?? 'query';
  const document = `${kind} ${operationName}${args.length ? `(${variables})` : ''} { ${operation.name}${args.length ? `(${passed})` : ''} { ${shapeSelection(operation.result)} } }`;
  const result = shapeSchemaOrRef(operation.result);
  const instants = hasInstants(operation.result);
  const inputNames = body ? Object.entries(body.declared.input!.fields).map(([name, spec]) => ({ name, rest: restName(name, spec) })) : [];
  const pathRenames = Object.fromEntries(
    [...args.filter((one) => !one.declared.input), ...inputNames].filter((one) => one.rest !== one.name).map((one) => [one.name, one.rest]),
  );
  const extra = rest.message ? { message: rest.message } : undefined;
  const counted = rest.count && restName(rest.count, shapeFields(operation.result)[rest.count]);
  let responseSchema = result;
  const items = shapeFields(operation.result).items;
  if (rest.paged && (!pageSpec || !pageNumber || items?.kind !== 'shape'))
    throw new Error(`${operation.name}: a paged result has items, a page and a page size`);
  if (rest.paged && items?.kind === 'shape') responseSchema = pagedSchema(pageSpec!, shapeSchemaOrRef(items.shape));
  else if (operation.list)
    responseSchema = {
      type: 'object',
      properties: { items: { type: 'array', items: result }, count: { examples: [3], type: 'integer' } },
      required: ['items', 'count'],
    };
  else if (counted) {
    // The answer is the shape and more: its own schema, never the component's reference.
    const own = shapeSchema(operation.result);
    responseSchema = {
      ...own,
      properties: { ...(own.properties as JsonSchema), count: { examples: [3], type: 'integer' } },
      required: [...(own.required as string[]), 'count'],
    };
  } else if (pageSpec) {
    // The size served, unless the shape has it already (a page-numbered list's own `per_page`).
    const properties = result.properties as JsonSchema;
    const required = result.required as string[];
    const served = pageSpec.size in properties ? {} : { [pageSpec.size]: { examples: [pageSpec.fallback], type: 'integer' } };
    responseSchema = {
      ...result,
      properties: { ...properties, ...served, ...askedSchema(pageSpec) },
      required: required.includes(pageSpec.size) ? required : [...required, pageSpec.size],
    };
  }
  return {
    method: rest.method,
    path: rest.path,
    summary: rest.summary,
    scope: operation.scope,
    document,
    variables(input: RestInput) {
      const values: Record<string, unknown> = {};
      if (body) values[body.name] = bodyInput(body.declared.input!, input.body, rest.body ?? 'the request body');
      else if (rest.method !== 'get') onlyFields(input.body, [], rest.body ?? 'this request');
      const params = new QueryReader(input.query);
      for (const one of query) values[one.name] = readArg(params, one.rest, one.declared);
      params.done();
      for (const one of paths) values[one.name] = pathArg(input.params[one.rest], one.rest, one.declared);
      return values;
    },
    respond(data, input) {
      if (operation.list) {
        const items = data[operation.name] as Row[];
        if (instants) for (const item of items) restForm(operation.result, item);
        return { status: 200, data: { items, count: items.length }, extra };
      }
      const answer = data[operation.name] as Row;
      if (instants) restForm(operation.result, answer);
      if (rest.paged) {
        const params = new QueryReader(input.query);
        const paging = { page: params.int(pageNumber!.rest, 1, 1, MAX_PAGE_NUMBER), ...params.pageSize(pageSpec!.size, pageSpec!.fallback, pageSpec!.max) };
        return { status: 200, data: pagedAnswer(pageSpec!, paging, answer.items as Row[], answer.total as number), extra };
      }
      if (counted) return { status: 200, data: { ...answer, count: (answer[counted] as unknown[]).length }, extra };
      if (!pageSpec) return { status: 200, data: answer, extra };
      const read = new QueryReader(input.query).pageSize(pageSpec.size, pageSpec.fallback, pageSpec.max);
      return { status: 200, data: { ...answer, [pageSpec.size]: read.size, ...askedNote(pageSpec, read) }, extra };
    },
    pathRenames,
    parameters: query.map((one) => parameterOf(one.name, one.declared)),
    responseSchema,
    ...(body ? { requestBody: inputSchema(body.declared.input!) } : {}),
    ...(rest.message ? { responseExtra: { message: { examples: [rest.message], type: 'string' } } } : {}),
    successStatus: 200,
  };
}
