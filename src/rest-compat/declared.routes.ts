import {
  createOnly,
  filterFields,
  isInstant,
  namedFields,
  readOnly,
  writeOnly,
  restName,
  snakeCase,
  sortFields,
  windowFields,
  type FieldSpec,
  type ResourceDeclaration,
} from '../domain/declare/field';
import { BULK_ERRORS, crudRoutes, IGNORED } from './crud';
import { REST_KEY_MARK, restDateTime, snakeToCamel } from './naming';
import { RECORD_ID, REST_DATE_TIME } from './openapi-schemas';
import type { QueryParameter, RestRoute } from './route';

// biome-ignore lint/suspicious/noExplicitAny: the data of a stored operation, whose shape its document fixes and the route suites check
type Row = Record<string, any>;
type JsonSchema = Record<string, unknown>;

const capitalized = (name: string) => `${name[0].toUpperCase()}${name.slice(1)}`;

/** The selection of one field in the record fragment, aliased to its REST name. */
function selection(name: string, spec: FieldSpec): string {
  const rest = restName(name, spec);
  const head = rest === name ? name : `${rest}: ${name}`;
  if (spec.kind === 'object' || spec.kind === 'lines')
    return `${head} { ${Object.entries(spec.fields)
      .filter(([, subSpec]) => !writeOnly(subSpec))
      .map(([sub, subSpec]) => selection(sub, subSpec))
      .join(' ')} }`;
  if (spec.kind === 'address') return `${head} { text street city state postalCode country }`;
  return head;
}

/** A GraphQL address as the legacy API writes it: its one-line text, or its parts (`zip`, also as `postal_code`). */
function restAddress(address: Row | null): unknown {
  if (!address) return null;
  if (address.text) return address.text;
  const parts: Row = {};
  let any = false;
  const put = (name: string, value: unknown) => {
    if (value === null || value === undefined) return;
    parts[name] = value;
    any = true;
  };
  put('street', address.street);
  put('city', address.city);
  put('state', address.state);
  put('zip', address.postalCode);
  put('postal_code', address.postalCode);
  put('country', address.country);
  return any ? parts : null;
}

/** A REST address (text, or parts with `zip` or `postal_code`) as the GraphQL input. */
function inputAddress(address: unknown): unknown {
  if (typeof address === 'string') return { text: address };
  if (address === null || typeof address !== 'object' || Array.isArray(address)) return address;
  const { zip, postal_code: postalCode, ...rest } = address as Row;
  const converted: Row = Object.fromEntries(Object.entries(rest).map(([key, value]) => [snakeToCamel(key), value]));
  if (zip !== undefined || postalCode !== undefined) converted.postalCode = zip ?? postalCode;
  return converted;
}

const isObject = (value: unknown): value is Row => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * REST body fields → GraphQL input, by the declared names. Unknown keys pass on so GraphQL names them; one that
 * happens to be a GraphQL name of another REST field (`id` for `Id`) travels marked, so it is unknown there too.
 */
function inputOf(fields: Record<string, FieldSpec>, body: Row): Row {
  const byRest = new Map(
    Object.entries(fields)
      .filter(([, spec]) => !readOnly(spec))
      .map(([name, spec]) => [restName(name, spec), { name, spec }]),
  );
  const input: Row = {};
  for (const [key, value] of Object.entries(body)) {
    const field = byRest.get(key);
    if (!field) {
      // A whole record sent back as GET returned it: its read-only fields are ignored.
      if (Object.entries(fields).some(([name, spec]) => readOnly(spec) && restName(name, spec) === key)) continue;
      const camel = snakeToCamel(key);
      input[camel in fields ? `${key}${FOREIGN}` : camel] = value;
    } else if (field.spec.kind === 'address') input[field.name] = inputAddress(value);
    else if (field.spec.kind === 'object' && isObject(value)) input[field.name] = inputOf(field.spec.fields, value);
    else if (field.spec.kind === 'lines' && Array.isArray(value))
      input[field.name] = value.map((line) => (isObject(line) ? inputOf((field.spec as { fields: Record<string, FieldSpec> }).fields, line) : line));
    else input[field.name] = value;
  }
  return input;
}

/** A record of the operation's result in its REST form, changed in place: the result is this request's own. */
function recordOf(fields: Record<string, FieldSpec>, record: Row): Row {
  for (const { spec, rest } of namedFields(fields)) {
    if (spec.kind === 'address') record[rest] = restAddress(record[rest]);
    else if (spec.kind === 'object' && record[rest]) recordOf(spec.fields, record[rest]);
    else if (spec.kind === 'lines' && Array.isArray(record[rest])) {
      for (const line of record[rest]) if (line) recordOf(spec.fields, line);
    } else if (isInstant(spec)) record[rest] = restDateTime(record[rest]);
  }
  if ('created_at' in record) record.created_at = restDateTime(record.created_at);
  if ('updated_at' in record) record.updated_at = restDateTime(record.updated_at);
  return record;
}

/** Marks a REST key that would otherwise be read as a GraphQL name (see inputOf); error paths drop it (restPath). */
const FOREIGN = REST_KEY_MARK;

/** GraphQL error paths of the input → REST names, where a declared REST name is not the plain snake_case. */
function pathRenames(fields: Record<string, FieldSpec>): Record<string, string> {
  const renames: Record<string, string> = {};
  for (const [name, spec] of Object.entries(fields)) {
    if (spec.common?.rest) renames[name] = spec.common.rest;
    if (spec.kind === 'lines') {
      for (const [sub, subSpec] of Object.entries(spec.fields)) {
        // Line fields are renamed where they stand, so a short GraphQL name (`id`) elsewhere keeps its own REST name.
        if (subSpec.common?.rest)
          for (let index = 0; index < spec.max; index++) renames[`${name}.${index}.${sub}`] = `${restName(name, spec)}.${index}.${subSpec.common.rest}`;
      }
    }
    if (spec.kind === 'address') Object.assign(renames, { [`${name}.text`]: restName(name, spec), [`${name}.postalCode`]: `${restName(name, spec)}.zip` });
  }
  return renames;
}

/**
 * The example of a kind of field, when the field declares none (OpenAPI examples; a list of references is empty, so a
 * create's example needs no other record). Texts, numbers and the parts of objects and lines have no sensible
 * example of their kind: the fields declare theirs.
 */
const KIND_EXAMPLES: Partial<Record<FieldSpec['kind'], unknown>> = {
  email: 'administracion@papeleradelplata.com.ar',
  money: 125430.75,
  stock: 120.5,
  quantity: 12.5,
  percent: 21,
  ref: RECORD_ID.examples[0],
  refs: [],
  date: '2025-03-14',
  url: 'https://www.papeleradelplata.com.ar',
  instant: REST_DATE_TIME.examples[0],
  dateTime: '2025-03-14T10:32:05',
  address: 'Av. Corrientes 1234, C1043AAZ CABA',
};

/** The JSON schema of a field's value with its example (declared on the field, else its kind's). */
function jsonType(spec: FieldSpec, body = false): JsonSchema {
  const example = spec.common?.example ?? KIND_EXAMPLES[spec.kind];
  const schema = kindSchema(spec, body);
  return example === undefined ? schema : { ...schema, examples: [example] };
}

/** The JSON schema of a field's value; in a request `body`, the read-only parts of lines are left out. */
function kindSchema(spec: FieldSpec, body: boolean): JsonSchema {
  switch (spec.kind) {
    case 'text':
      return { type: 'string', maxLength: spec.max, ...(spec.min ? { minLength: spec.min } : {}), ...(spec.digits ? { pattern: '^[0-9]*$' } : {}) };
    case 'email':
      return { type: 'string', format: 'email' };
    case 'int':
      return { type: 'integer', minimum: spec.min, maximum: spec.max };
    case 'enum':
      return { type: 'string', enum: [...spec.values] };
    case 'texts':
      return { type: 'array', items: { type: 'string', maxLength: spec.itemMax }, maxItems: spec.max };
    case 'refs':
      return { type: 'array', items: { type: 'string', pattern: '^[0-9a-f]{24}$' }, maxItems: spec.max };
    case 'object':
      return {
        type: 'object',
        properties: Object.fromEntries(Object.entries(spec.fields).map(([name, sub]) => [restName(name, sub), nullable(jsonType(sub))])),
        additionalProperties: false,
      };
    case 'money':
      return {
        type: 'number',
        [spec.exclusiveMin ? 'exclusiveMinimum' : 'minimum']: spec.min,
        ...(spec.max ? { exclusiveMaximum: spec.max } : {}),
        multipleOf: 0.01,
      };
    case 'stock':
      return { type: 'number', minimum: 0, multipleOf: 0.001 };
    case 'decimal':
      return { type: 'number' };
    case 'percent':
      return { type: 'number', minimum: 0, maximum: 100, multipleOf: 0.01 };
    case 'ref':
      return { type: 'string', pattern: '^[0-9a-f]{24}$' };
    case 'rate':
      return { type: spec.integer ? 'integer' : 'number', enum: [...spec.values] };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'boolean':
      return { type: 'boolean' };
    case 'url':
      return { type: 'string', format: 'uri', maxLength: spec.max };
    case 'lines':
      return {
        type: 'array',
        maxItems: spec.max,
        ...(spec.min ? { minItems: spec.min } : {}),
        items: {
          type: 'object',
          properties: Object.fromEntries(
            Object.entries(spec.fields)
              .filter(([, sub]) => (body ? !(readOnly(sub) && writeOnly(sub)) : !writeOnly(sub)))
              // A line sent back as read: its read-only fields are ignored.
              .map(([name, sub]) => [
                restName(name, sub),
                body && readOnly(sub) ? IGNORED : sub.common?.required ? jsonType(sub, body) : nullable(jsonType(sub, body)),
              ]),
          ),
          required: Object.entries(spec.fields)
            .filter(([, sub]) => sub.common?.required && !(body ? readOnly(sub) : writeOnly(sub)))
            .map(([name, sub]) => restName(name, sub)),
          additionalProperties: false,
        },
      };
    case 'instant':
      return { type: 'string', description: 'Argentine time (UTC−3), ISO 8601 without a zone.' };
    case 'dateTime':
      return {
        type: 'string',
        description: 'ISO 8601 date-time; written without a zone it is Argentine time (UTC−3), as it is read. A day (YYYY-MM-DD) is its start.',
      };
    case 'quantity':
      return { type: 'number', exclusiveMinimum: 0, multipleOf: 0.001 };
    case 'json':
      return {
        type: 'object',
        additionalProperties: true,
        description: `Free-form (at most ${spec.maxChars} characters as JSON; keys never empty, never starting with $ or containing a dot).`,
      };
    case 'address': {
      const part = { type: ['string', 'null'] };
      const parts = { street: part, city: part, state: part, zip: part, postal_code: { ...part, description: 'Same as zip.' }, country: part };
      return {
        anyOf: [
          { type: 'string', maxLength: 500 },
          { type: 'object', properties: parts, additionalProperties: false },
        ],
      };
    }
  }
}

function nullable(schema: JsonSchema): JsonSchema {
  return { anyOf: [schema, { type: 'null' }] };
}

/** The REST body of a create or update, from the declaration (REST names, bounds, required fields). */
function bodySchema(declaration: ResourceDeclaration, create: boolean): JsonSchema {
  const entries = Object.entries(declaration.fields).filter(([, spec]) => !readOnly(spec) && (create || !createOnly(spec)));
  // A record sent back as GET returned it: its read-only fields are ignored, and its create-only ones (the stock) are
  // taken when unchanged.
  const echoed = Object.entries(declaration.fields)
    .filter(([, spec]) => !writeOnly(spec) && (readOnly(spec) || (!create && createOnly(spec))))
    .map(([name, spec]): [string, JsonSchema] => [
      restName(name, spec),
      readOnly(spec)
        ? IGNORED
        : { ...jsonType(spec, true), description: 'Set at creation: may be sent back with its current value; another value is 409 NOT_EDITABLE.' },
    ]);
  return {
    type: 'object',
    properties: Object.fromEntries([
      ...entries.map(([name, spec]) => [restName(name, spec), spec.common?.required ? jsonType(spec, true) : nullable(jsonType(spec, true))]),
      ...echoed,
    ]),
    ...(create ? { required: entries.filter(([, spec]) => spec.common?.required).map(([name, spec]) => restName(name, spec)) } : {}),
    additionalProperties: false,
  };
}

function recordSchema(declaration: ResourceDeclaration, idName: string): JsonSchema {
  const entries = Object.entries(declaration.fields);
  return {
    type: 'object',
    properties: {
      [idName]: RECORD_ID,
      ...Object.fromEntries(entries.filter(([, spec]) => !writeOnly(spec)).map(([name, spec]) => [restName(name, spec), nullable(jsonType(spec))])),
      created_at: REST_DATE_TIME,
      updated_at: REST_DATE_TIME,
    },
    required: [idName, 'created_at', 'updated_at'],
  };
}

/** The record fragment (`...<Type>Record`) of a declared resource's REST documents, and its GraphQL → REST mapping. */
export interface DeclaredRecord {
  fragment: string;
  toRecord(row: Row): Row;
}

/** The plural of a label for summaries (`supply` → `supplies`, `delivery note` → `delivery notes`). */
const pluralOf = (label: string) => (/[^aeiou]y$/.test(label) ? `${label.slice(0, -1)}ies` : `${label}s`);

export interface DeclaredRoutes {
  routes: RestRoute[];
  components: Record<string, Row>;
  record: DeclaredRecord;
}

const derived = new Map<ResourceDeclaration, DeclaredRoutes>();

/** The legacy routes of a declared resource: documents, mapping, list parameters and OpenAPI, all derived (built once). */
export function declaredRoutes(declaration: ResourceDeclaration): DeclaredRoutes {
  let routes = derived.get(declaration);
  if (!routes) {
    routes = routesOf(declaration);
    derived.set(declaration, routes);
  }
  return routes;
}

function routesOf(declaration: ResourceDeclaration): DeclaredRoutes {
  const { type, one, many } = declaration;
  const rest = declaration.rest;
  if (!rest) throw new Error(`${type} declares no REST routes`);
  const create = declaration.operations?.create !== false;
  const update = declaration.operations?.update !== false;
  const bulk = declaration.operations?.bulk !== false;
  const remove = declaration.operations?.remove !== false;
  const One = capitalized(one);
  const Many = capitalized(many);
  const record = `
    fragment ${type}Record on ${type} {
      ${rest.idName}: id
      ${Object.entries(declaration.fields)
        .map(([name, spec]) => selection(name, spec))
        .join('\n      ')}
      created_at: createdAt
      updated_at: updatedAt
    }`;
  // Orders are named as the record names their field (`consumption_date` for `date`).
  const orderName = (field: string) => (declaration.fields[field] ? restName(field, declaration.fields[field]) : snakeCase(field));
  const sortable = Object.fromEntries(sortFields(declaration).map((field) => [orderName(field), field]));
  const defaultSort = orderName(declaration.defaultSort.field);
  const filters = filterFields(declaration);
  const sortNames = Object.keys(sortable);
  // The list's query parameters (GraphQL filter name, REST name), in the order the filter input lists them.
  const filterParameters = [
    ...filters.map(({ filter, spec }) => ({ name: filter, rest: snakeCase(filter), kind: spec.kind })),
    ...windowFields(declaration).flatMap(({ from, to }) => [
      { name: from, rest: snakeCase(from), kind: 'date' },
      { name: to, rest: snakeCase(to), kind: 'date' },
    ]),
  ];

  const listParameters: QueryParameter[] = [
    ...filters.map(({ filter, spec }) => ({
      name: snakeCase(filter),
      description: spec.kind === 'texts' ? `Only ${many} carrying this value.` : `Only ${many} with this ${snakeCase(filter)}.`,
      schema:
        spec.kind === 'enum'
          ? { type: 'string', enum: [...spec.values] }
          : spec.kind === 'boolean'
            ? { type: 'string', enum: ['true', 'false'] }
            : spec.kind === 'int'
              ? { type: 'integer', minimum: spec.min, maximum: spec.max }
              : { type: 'string' },
    })),
    ...windowFields(declaration).flatMap(({ from, to, name }) => [
      { name: snakeCase(from), description: `${snakeCase(name)} on or after this day (YYYY-MM-DD).`, schema: { type: 'string', format: 'date' } },
      { name: snakeCase(to), description: `${snakeCase(name)} on or before this day (YYYY-MM-DD).`, schema: { type: 'string', format: 'date' } },
    ]),
    ...(declaration.search ? [{ name: 'search', description: declaration.search.description, schema: { type: 'string' } }] : []),
    { name: 'created_from', description: 'Created on or after (YYYY-MM-DD, an Argentine day, or an ISO date-time).', schema: { type: 'string' } },
    { name: 'created_to', description: 'Created on or before (YYYY-MM-DD, an Argentine day, or an ISO date-time).', schema: { type: 'string' } },
    { name: 'sort_by', description: `${Object.keys(sortable).join(', ')} (default ${defaultSort}).`, schema: { type: 'string', enum: Object.keys(sortable) } },
    { name: 'sort_order', description: `asc or desc (default ${declaration.defaultSort.direction}).`, schema: { type: 'string', enum: ['asc', 'desc'] } },
  ];

  const built = crudRoutes({
    base: rest.base,
    label: declaration.label,
    plural: pluralOf(declaration.label),
    read: declaration.scopes.read as never,
    write: declaration.scopes.write as never,
    idName: rest.idName,
    documents: {
      list: `query RestList${Many}($filter: ${type}Filter, $orderBy: ${type}OrderBy, $first: Int, $offset: Int) {
        ${many}(filter: $filter, orderBy: $orderBy, first: $first, offset: $offset) { totalCount nodes { ...${type}Record } }
      } ${record}`,
      get: `query RestGet${One}($id: ID!) { ${one}(id: $id) { ...${type}Record etag } } ${record}`,
      // Records only the service makes (imported vouchers) have no create route.
      ...(create
        ? { create: `mutation RestCreate${One}($input: Create${type}Input!) { create${One}(input: $input) { ...${type}Record etag } } ${record}` }
        : {}),
      ...(remove ? { remove: `mutation RestDelete${One}($id: ID!, $ifMatch: String) { delete${One}(id: $id, ifMatch: $ifMatch) }` } : {}),
      ...(update
        ? {
            update: `mutation RestUpdate${One}($id: ID!, $input: Update${type}Input!, $ifMatch: String) {
        update${One}(id: $id, input: $input, ifMatch: $ifMatch) { ...${type}Record etag }
      } ${record}`,
          }
        : {}),
      ...(bulk
        ? {
            createMany: `mutation RestCreate${Many}($inputs: [${type}CreateItem!]!, $allOrNone: Boolean!) {
        create${Many}(inputs: $inputs, allOrNone: $allOrNone) { count items { ...${type}Record } errors { ...BulkErrors } }
      } ${record} ${BULK_ERRORS}`,
            removeMany: `mutation RestDelete${Many}($ids: [ID!]!, $allOrNone: Boolean!) {
        delete${Many}(ids: $ids, allOrNone: $allOrNone) { count items { id deleted } errors { ...BulkErrors } }
      } ${BULK_ERRORS}`,
          }
        : {}),
      ...(bulk && update
        ? {
            updateMany: `mutation RestUpdate${Many}($inputs: [${type}UpdateItem!]!, $allOrNone: Boolean!) {
        update${Many}(inputs: $inputs, allOrNone: $allOrNone) { count items { ...${type}Record } errors { ...BulkErrors } }
      } ${record} ${BULK_ERRORS}`,
          }
        : {}),
    },
    toRecord: (row) => recordOf(declaration.fields, row),
    toInput: (fields) => inputOf(declaration.fields, fields),
    listVariables(params) {
      const sortBy = params.oneOf('sort_by', sortNames, defaultSort);
      const sortOrder = params.oneOf('sort_order', ['asc', 'desc'] as const, declaration.defaultSort.direction);
      const filter: Row = {};
      for (const { name, rest, kind } of filterParameters)
        filter[name] = kind === 'boolean' ? params.flag(rest) : kind === 'int' ? params.whole(rest) : params.string(rest);
      return {
        filter: {
          ...filter,
          ...(declaration.search ? { search: params.string('search') } : {}),
          createdFrom: params.date('created_from', false),
          createdTo: params.date('created_to', true),
        },
        orderBy: { field: sortable[sortBy], direction: sortOrder },
      };
    },
    listParameters,
    pathRenames: pathRenames(declaration.fields),
    recordComponent: type,
    createSchema: bodySchema(declaration, true),
    updateSchema: update ? bodySchema(declaration, false) : undefined,
  });
  return {
    routes: built.routes,
    components: { ...built.components, [type]: recordSchema(declaration, rest.idName) },
    record: { fragment: record, toRecord: (row) => recordOf(declaration.fields, row) },
  };
}
