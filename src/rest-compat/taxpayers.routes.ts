import { ValidationError } from '../domain/errors';
import { ADDITIONAL_TAXPAYER } from '../domain/taxpayers/taxpayers.declaration';
import { declaredRoutes } from './declared.routes';
import { bodyObject } from './query';
import type { RestInput, RestRoute } from './route';

const BASE = ADDITIONAL_TAXPAYER.rest.base;
const identities = declaredRoutes(ADDITIONAL_TAXPAYER);
const route = (method: RestRoute['method'], path: string) => identities.routes.find((r) => r.method === method && r.path === `${BASE}${path}`)!;
const list = route('get', '/list/');
const create = route('post', '/');
const update = route('put', '/{id}/');

type Row = Record<string, unknown>;

/** The contract's Spanish names, each accepted for its field on input. */
const ALIASES: Record<string, string> = {
  numero_documento: 'tax_id',
  condicion_iva: 'tax_condition',
  razon_social: 'business_name',
  nombre: 'first_name',
  apellido: 'last_name',
};

/** A body with its Spanish names read as the fields they stand for; a field given under both names must agree. */
function dealiased(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const fields: Row = { ...bodyObject(body) };
  for (const [alias, field] of Object.entries(ALIASES)) {
    if (!(alias in fields)) continue;
    const value = fields[alias];
    delete fields[alias];
    if (field in fields && JSON.stringify(fields[field]) !== JSON.stringify(value))
      throw new ValidationError(`${field} and its alias ${alias} disagree`, [{ path: alias, message: `differs from ${field}: send one of them` }]);
    fields[field] = value;
  }
  return fields;
}

const withAliases = (input: RestInput): RestInput => ({ ...input, body: dealiased(input.body) });

const aliasNote = ` Spanish names are accepted for fields: ${Object.entries(ALIASES)
  .map(([alias, field]) => `${alias} (${field})`)
  .join(', ')}.`;

/** The body schema with the aliases beside the fields they stand for. */
function aliasedSchema(schema: unknown): unknown {
  const body = schema as { properties?: Row };
  if (!body?.properties) return schema;
  const properties: Row = { ...body.properties };
  for (const [alias, field] of Object.entries(ALIASES))
    if (properties[field]) properties[alias] = { ...(properties[field] as Row), description: `Same as ${field}.` };
  return { ...body, properties };
}

const requiredExceptAliased = (schema: unknown): unknown => {
  const body = schema as { required?: string[] };
  // tax_id may come as numero_documento: neither name alone is required by the schema.
  return body?.required ? { ...body, required: body.required.filter((name) => name !== 'tax_id') } : schema;
};

/** The contract lists additional identities at the base path; `count` is the page's number of items. */
const LIST: RestRoute = {
  ...list,
  path: `${BASE}/`,
  summary: 'List the additional taxpayers (without the primary; pages, filters tax_condition and search); 403 while the multi-taxpayer widget is off',
  respond(data, input) {
    const answer = list.respond(data, input);
    const page = answer.data as { items: unknown[] };
    return { ...answer, data: { ...page, count: page.items.length } };
  },
  responseSchema: {
    ...(list.responseSchema as Row),
    properties: { ...((list.responseSchema as { properties: Row }).properties ?? {}), count: { examples: [3], type: 'integer' } },
    required: [...((list.responseSchema as { required: string[] }).required ?? []), 'count'],
  },
};

const ALL: RestRoute = {
  method: 'get',
  path: `${BASE}/all/`,
  summary: 'The primary taxpayer and every additional identity in one list (is_primary on each); 403 while the widget is off',
  scope: ADDITIONAL_TAXPAYER.scopes.read as RestRoute['scope'],
  document: /* GraphQL */ `query RestAllTaxpayers {
    allTaxpayers {
      count
      items {
        id
        is_primary: isPrimary
        tax_id: taxId
        tax_condition: taxCondition
        business_name: businessName
        first_name: firstName
        last_name: lastName
        punto_venta: puntoVenta
        afip_environment: afipEnvironment
      }
    }
  }`,
  variables: () => ({}),
  respond: (data) => ({ status: 200, data: data.allTaxpayers }),
  responseSchema: {
    type: 'object',
    properties: {
      items: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: ['string', 'null'], description: 'null for the primary taxpayer (the account itself).' },
            is_primary: { type: 'boolean' },
            tax_id: { examples: ['30712345671'], type: 'string' },
            tax_condition: { examples: ['responsable_inscripto'], type: 'string' },
            business_name: { examples: ['Imprenta Rivas SA'], type: ['string', 'null'] },
            first_name: { examples: ['Laura'], type: ['string', 'null'] },
            last_name: { examples: ['Fernández'], type: ['string', 'null'] },
            punto_venta: { examples: ['3'], type: ['string', 'null'] },
            afip_environment: { type: 'string', enum: ['testing', 'production'] },
          },
          required: ['id', 'is_primary', 'tax_id', 'tax_condition', 'afip_environment'],
        },
      },
      count: { examples: [3], type: 'integer' },
    },
    required: ['items', 'count'],
  },
  successStatus: 200,
};

const CREATE_MESSAGE = 'Additional taxpayer created.';

/** Create answers the contract's shape: `message`, and `data` holding `success`, `message` and `taxpayer`. */
const CREATE: RestRoute = {
  ...create,
  summary: `Add a taxpayer identity (tax id: a CUIT/CUIL unused by the account's identities; 409 otherwise).${aliasNote}`,
  variables: (input) => create.variables(withAliases(input)),
  respond(data, input) {
    const answer = create.respond(data, input);
    return { status: 201, data: { success: true, message: CREATE_MESSAGE, taxpayer: answer.data }, extra: { message: CREATE_MESSAGE } };
  },
  requestBody: requiredExceptAliased(aliasedSchema(create.requestBody)) as RestRoute['requestBody'],
  responseSchema: {
    type: 'object',
    properties: {
      success: { const: true },
      message: { examples: ['Additional taxpayer created.'], type: 'string' },
      taxpayer: { $ref: '#/components/schemas/AdditionalTaxpayer' },
    },
    required: ['success', 'message', 'taxpayer'],
  },
  responseExtra: { message: { examples: ['Additional taxpayer created.'], type: 'string' } },
};

const UPDATE: RestRoute = {
  ...update,
  summary: `Update a taxpayer identity (its tax id cannot change: 400 IMMUTABLE_FIELD).${aliasNote}`,
  variables: (input) => update.variables(withAliases(input)),
  requestBody: aliasedSchema(update.requestBody) as RestRoute['requestBody'],
};

/** Fixed paths (list, all) before the `{id}` ones. */
export const TAXPAYER_ROUTES: RestRoute[] = [LIST, ALL, CREATE, route('get', '/{id}/'), UPDATE, route('delete', '/{id}/')];
