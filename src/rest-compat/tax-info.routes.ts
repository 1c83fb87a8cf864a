import { ValidationError } from '../domain/errors';
import { withRestDateTimes } from './naming';
import { bodyObject } from './query';
import { type RestRoute, taggedAnswer } from './route';

const BASE = '/bill/tax_info';
const READ = 'accounting:read' as const;
const WRITE = 'accounting:write' as const;

type Row = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const nullable = (schema: Row) => ({ anyOf: [schema, { type: 'null' }] });
const string = { type: 'string' };
const integer = { type: 'integer' };

/** A body given as JSON object with only these keys (snake_case), renamed to the GraphQL input's names. */
function inputOf(body: unknown, keys: Record<string, string>, optionalBody = false): Row {
  if (optionalBody && (body === undefined || body === null)) return {};
  const fields = bodyObject(body);
  const input: Row = {};
  for (const [key, value] of Object.entries(fields)) {
    const name = keys[key];
    if (!name) throw new ValidationError(`unknown field ${key}`, [{ path: key, message: `unknown field; known: ${Object.keys(keys).join(', ')}` }]);
    input[name] = value;
  }
  return input;
}

const TAXPAYER_FIELDS = `
  tax_id: taxId
  legal_name: legalName
  vat_condition: vatCondition
  vat_condition_code: vatConditionCode
  afip_environment: afipEnvironment
  fiscal_address: fiscalAddress { street city province postal_code: postalCode }
  activities { code description main }
  gross_income_number: grossIncomeNumber
  activity_start_date: activityStartDate
  active_billing_system: activeBillingSystem
  points_of_sale: pointsOfSale`;

const SYSTEM_FRAGMENT = /* GraphQL */ `
  fragment BillingSystemRecord on BillingSystem {
    billing_system: name
    description
    environment
    represented_cuit: representedCuit
    points_of_sale: pointsOfSale
    certificate { subject issuer serial_number: serialNumber valid_from: validFrom valid_to: validTo fingerprint_sha256: fingerprintSha256 }
    is_active: isActive
    last_delegation_check: lastDelegationCheck { cuit delegated reason afip_errors: afipErrors { code message } checked_at: checkedAt }
    last_point_of_sale_check: lastPointOfSaleCheck { cuit punto_venta: puntoVenta valid status reason checked_at: checkedAt }
    created_at: createdAt
    updated_at: updatedAt
  }`;

/** Date-times in the REST form (Argentine wall-clock time), as every other route writes them. */
function systemRecord(raw: unknown): Row {
  const system = withRestDateTimes(raw as Row, ['created_at', 'updated_at']);
  if (system.certificate) system.certificate = withRestDateTimes(system.certificate as Row, ['valid_from', 'valid_to']);
  if (system.last_delegation_check) system.last_delegation_check = withRestDateTimes(system.last_delegation_check as Row, ['checked_at']);
  if (system.last_point_of_sale_check) system.last_point_of_sale_check = withRestDateTimes(system.last_point_of_sale_check as Row, ['checked_at']);
  return system;
}

const afipErrors = {
  type: 'array',
  items: {
    type: 'object',
    properties: { code: { ...integer, examples: [1] }, message: { ...string, examples: ['El CUIT no figura en el padrón de ARCA'] } },
    required: ['code', 'message'],
  },
};

const delegationCheck = {
  type: 'object',
  properties: {
    cuit: { ...string, examples: ['30712345671'] },
    delegated: { type: 'boolean' },
    reason: { ...string, examples: ['Error de carga en el importe'] },
    afip_errors: afipErrors,
    checked_at: { ...string, examples: ['2025-03-14T10:32:05.120'] },
  },
  required: ['cuit', 'delegated', 'reason', 'afip_errors', 'checked_at'],
};

const POINT_OF_SALE_STATUSES = ['enabled', 'blocked', 'dropped', 'not_listed', 'not_delegated', 'not_authorized', 'afip_error'];

const pointOfSaleCheck = {
  type: 'object',
  properties: {
    cuit: { ...string, examples: ['30712345671'] },
    punto_venta: { ...integer, examples: [3] },
    valid: { type: 'boolean' },
    status: { type: 'string', enum: POINT_OF_SALE_STATUSES },
    reason: { ...string, examples: ['Error de carga en el importe'] },
    checked_at: { ...string, examples: ['2025-03-14T10:32:05.120'] },
  },
  required: ['cuit', 'punto_venta', 'valid', 'status', 'reason', 'checked_at'],
};

export const TAX_INFO_COMPONENTS: Record<string, Record<string, unknown>> = {
  TaxpayerData: {
    type: 'object',
    description: 'The account’s primary taxpayer. Edited with the GraphQL mutation updatePrimaryTaxpayer; the CUIT is the account’s.',
    properties: {
      tax_id: { examples: ['30712345671'], type: 'string', description: 'CUIT, 11 digits.' },
      legal_name: { examples: ['Imprenta Rivas SA'], type: 'string', description: 'Razón social (default: the account’s name).' },
      vat_condition: { type: 'string', enum: ['responsable_inscripto', 'monotributo', 'exento', 'no_alcanzado'] },
      vat_condition_code: { examples: [1], type: 'integer', description: 'ARCA condición-IVA id: 1 RI, 6 monotributo, 4 exento, 15 no alcanzado.' },
      afip_environment: { type: 'string', enum: ['testing', 'production'] },
      fiscal_address: nullable({
        type: 'object',
        properties: {
          street: nullable({ ...string, examples: ['Av. San Juan 2350'] }),
          city: nullable({ ...string, examples: ['Ciudad Autónoma de Buenos Aires'] }),
          province: nullable({ ...string, examples: ['CABA'] }),
          postal_code: nullable({ ...string, examples: ['C1232AAP'] }),
        },
        required: ['street', 'city', 'province', 'postal_code'],
      }),
      activities: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            code: { ...string, examples: ['181109'] },
            description: nullable({ ...string, examples: ['Servicios relacionados con la impresión n.c.p.'] }),
            main: { type: 'boolean' },
          },
          required: ['code', 'description', 'main'],
        },
      },
      gross_income_number: nullable({ examples: ['901-123456-7'], type: 'string', description: 'Ingresos brutos number.' }),
      activity_start_date: nullable({ type: 'string', format: 'date' }),
      active_billing_system: nullable({ examples: ['Facturación electrónica ARCA'], type: 'string', description: 'Name of the active billing system.' }),
      points_of_sale: { type: 'array', items: integer, description: 'The active billing system’s points of sale.' },
    },
    required: [
      'tax_id',
      'legal_name',
      'vat_condition',
      'vat_condition_code',
      'afip_environment',
      'fiscal_address',
      'activities',
      'gross_income_number',
      'activity_start_date',
      'active_billing_system',
      'points_of_sale',
    ],
  },
  BillingSystem: {
    type: 'object',
    description: 'A billing system, identified by its name (afip_wsfe). Its certificate shows only its summary: the PEM and the key are never returned.',
    properties: {
      billing_system: { type: 'string', enum: ['afip_wsfe'] },
      description: { ...string, examples: ['Servicio de internet de marzo'] },
      environment: { type: 'string', enum: ['testing', 'production'] },
      represented_cuit: { examples: ['20284567898'], type: 'string', description: 'CUIT vouchers are issued for.' },
      points_of_sale: { type: 'array', items: integer },
      certificate: nullable({
        type: 'object',
        properties: {
          subject: { ...string, examples: ['SERIALNUMBER=CUIT 30712345671, CN=facturacion'] },
          issuer: { ...string, examples: ['C=AR, O=AFIP, CN=Computadores'] },
          serial_number: { ...string, examples: ['4f1a2b3c4d5e6f70'] },
          valid_from: { ...string, examples: ['2025-01-15T12:00:00.000'] },
          valid_to: { ...string, examples: ['2027-01-15T12:00:00.000'] },
          fingerprint_sha256: { ...string, examples: ['3f1c9a7be2d4c8a1f0e5b6d7c8a9b0e1f2a3b4c5d6e7f8091a2b3c4d5e6f7a8b'] },
        },
        required: ['subject', 'issuer', 'serial_number', 'valid_from', 'valid_to', 'fingerprint_sha256'],
      }),
      is_active: { type: 'boolean' },
      last_delegation_check: nullable(delegationCheck),
      last_point_of_sale_check: nullable(pointOfSaleCheck),
      created_at: { ...string, examples: ['2025-03-14T10:32:05.120'] },
      updated_at: { ...string, examples: ['2025-03-14T10:32:05.120'] },
    },
    required: [
      'billing_system',
      'description',
      'environment',
      'represented_cuit',
      'points_of_sale',
      'certificate',
      'is_active',
      'last_delegation_check',
      'last_point_of_sale_check',
      'created_at',
      'updated_at',
    ],
  },
};

const SYSTEM_KEYS = {
  environment: 'environment',
  represented_cuit: 'representedCuit',
  points_of_sale: 'pointsOfSale',
  certificate: 'certificate',
  private_key: 'privateKey',
};

const systemBody = (description: string) => ({
  type: 'object',
  description,
  properties: {
    environment: { type: 'string', enum: ['testing', 'production'], description: 'Default: the primary taxpayer’s environment.' },
    represented_cuit: { examples: ['20284567898'], type: 'string', description: 'Default: the primary taxpayer’s CUIT.' },
    points_of_sale: { type: 'array', items: { type: 'integer', minimum: 1, maximum: 99999 }, maxItems: 100, uniqueItems: true },
    certificate: {
      examples: ['-----BEGIN CERTIFICATE-----\nMIIDSzCCAjOgAwIBAgIIT...\n-----END CERTIFICATE-----'],
      type: 'string',
      writeOnly: true,
      description: 'PEM certificate issued by ARCA; with private_key. Never returned.',
    },
    private_key: {
      examples: ['-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC...\n-----END PRIVATE KEY-----'],
      type: 'string',
      writeOnly: true,
      description: 'PEM RSA private key matching the certificate, no passphrase; stored encrypted, never returned.',
    },
  },
  additionalProperties: false,
});

const systemPath = `${BASE}/taxpayer/{billing_system}/`;

const TAXPAYER: RestRoute = {
  method: 'get',
  path: `${BASE}/taxpayer/`,
  summary: 'The primary taxpayer: CUIT, legal name, VAT condition, fiscal address, activities, active billing system and its points of sale',
  scope: READ,
  document: `query RestTaxpayerData { taxpayerData { ${TAXPAYER_FIELDS} } }`,
  variables: () => ({}),
  respond: (data) => ({ status: 200, data: data.taxpayerData }),
  responseSchema: ref('TaxpayerData'),
  successStatus: 200,
};

const SYSTEMS: RestRoute = {
  method: 'get',
  path: `${BASE}/taxpayer/systems/`,
  summary: 'The configured billing systems, by name, the active one marked',
  scope: READ,
  document: `query RestBillingSystems { billingSystems { ...BillingSystemRecord } } ${SYSTEM_FRAGMENT}`,
  variables: () => ({}),
  respond(data) {
    const items = (data.billingSystems as unknown[]).map(systemRecord);
    return { status: 200, data: { items, count: items.length } };
  },
  responseSchema: {
    type: 'object',
    properties: { items: { type: 'array', items: ref('BillingSystem') }, count: { ...integer, examples: [3] } },
    required: ['items', 'count'],
  },
  successStatus: 200,
};

const ACTIVE: RestRoute = {
  method: 'patch',
  path: `${BASE}/taxpayer/active-system/`,
  summary: 'Make a configured billing system the active one (400 UNKNOWN_BILLING_SYSTEM for an unknown or unconfigured name)',
  scope: WRITE,
  document: `mutation RestSetActiveBillingSystem($name: String!) { setActiveBillingSystem(name: $name) { ...BillingSystemRecord } } ${SYSTEM_FRAGMENT}`,
  variables({ body }) {
    const { billingSystem } = inputOf(body, { billing_system: 'billingSystem' });
    if (typeof billingSystem !== 'string')
      throw new ValidationError('billing_system is required', [{ path: 'billing_system', message: 'is required (a string)' }]);
    return { name: billingSystem };
  },
  pathRenames: { name: 'billing_system' },
  respond: (data) => ({ status: 200, data: systemRecord(data.setActiveBillingSystem) }),
  requestBody: {
    type: 'object',
    properties: { billing_system: { examples: ['RECE'], type: 'string', description: 'A configured system’s name, e.g. afip_wsfe.' } },
    required: ['billing_system'],
    additionalProperties: false,
  },
  responseSchema: ref('BillingSystem'),
  successStatus: 200,
};

const GET_SYSTEM: RestRoute = {
  method: 'get',
  path: systemPath,
  summary: 'One billing system (404 when unknown or not configured)',
  scope: READ,
  document: `query RestBillingSystem($name: String!) { billingSystem(name: $name) { ...BillingSystemRecord etag } } ${SYSTEM_FRAGMENT}`,
  conditional: 'read',
  variables: ({ params }) => ({ name: params.billing_system }),
  respond: (data) => ({ status: 200, ...taggedAnswer(data.billingSystem, systemRecord) }),
  responseSchema: ref('BillingSystem'),
  successStatus: 200,
};

const CREATE_SYSTEM: RestRoute = {
  method: 'post',
  path: systemPath,
  summary: 'Configure a billing system (409 ALREADY_EXISTS if it is); the account’s first one becomes active',
  scope: WRITE,
  document: `mutation RestCreateBillingSystem($name: String!, $input: BillingSystemInput!) { createBillingSystem(name: $name, input: $input) { ...BillingSystemRecord etag } } ${SYSTEM_FRAGMENT}`,
  conditional: 'create',
  variables: ({ params, body }) => ({ name: params.billing_system, input: inputOf(body, SYSTEM_KEYS) }),
  respond: (data) => ({ status: 201, ...taggedAnswer(data.createBillingSystem, systemRecord) }),
  requestBody: systemBody('The certificate and its key go together (both or neither); they may be loaded later with PUT.'),
  responseSchema: ref('BillingSystem'),
  successStatus: 201,
};

const UPDATE_SYSTEM: RestRoute = {
  method: 'put',
  path: systemPath,
  summary: 'Change a billing system’s given fields; a new certificate replaces the stored one (with its private key)',
  scope: WRITE,
  document: `mutation RestUpdateBillingSystem($name: String!, $input: BillingSystemInput!, $ifMatch: String) {
    updateBillingSystem(name: $name, input: $input, ifMatch: $ifMatch) { ...BillingSystemRecord etag }
  } ${SYSTEM_FRAGMENT}`,
  conditional: 'write',
  variables: ({ params, body, headers }) => ({ name: params.billing_system, input: inputOf(body, SYSTEM_KEYS), ifMatch: headers['if-match'] }),
  respond: (data) => ({ status: 200, ...taggedAnswer(data.updateBillingSystem, systemRecord) }),
  requestBody: systemBody('Only the given fields change.'),
  responseSchema: ref('BillingSystem'),
  successStatus: 200,
};

const DELETE_SYSTEM: RestRoute = {
  method: 'delete',
  path: systemPath,
  summary: 'Remove a billing system; if it was the active one the account has none active',
  scope: WRITE,
  document: 'mutation RestDeleteBillingSystem($name: String!, $ifMatch: String) { deleteBillingSystem(name: $name, ifMatch: $ifMatch) }',
  conditional: 'write',
  variables: ({ params, headers }) => ({ name: params.billing_system, ifMatch: headers['if-match'] }),
  respond: (data) => ({ status: 200, data: { billing_system: data.deleteBillingSystem, deleted: true } }),
  responseSchema: {
    type: 'object',
    properties: { billing_system: { ...string, examples: ['RECE'] }, deleted: { const: true } },
    required: ['billing_system', 'deleted'],
  },
  successStatus: 200,
};

const VERIFY_DELEGATION: RestRoute = {
  method: 'post',
  path: `${BASE}/verify-delegation/`,
  summary:
    'Ask ARCA whether the billing system’s certificate may act for the CUIT (WSAA login, WSFEv1); delegated false names the reason; 503 AFIP_UNAVAILABLE when ARCA does not answer (nothing stored)',
  scope: WRITE,
  document: /* GraphQL */ `mutation RestVerifyDelegation($input: VerifyDelegationInput) {
    verifyDelegation(input: $input) {
      billing_system: billingSystem
      environment
      cuit
      delegated
      reason
      in_ticket_relations: inTicketRelations
      afip_errors: afipErrors { code message }
      checked_at: checkedAt
    }
  }`,
  variables: ({ body }) => ({ input: inputOf(body, { billing_system: 'billingSystem', cuit: 'cuit' }, true) }),
  respond: (data) => ({ status: 200, data: withRestDateTimes(data.verifyDelegation as Row, ['checked_at']) }),
  requestBody: {
    type: 'object',
    properties: {
      billing_system: { examples: ['RECE'], type: 'string', description: 'Default: the active billing system.' },
      cuit: { examples: ['30712345671'], type: 'string', description: 'Default: the system’s represented CUIT.' },
    },
    additionalProperties: false,
  },
  responseSchema: {
    type: 'object',
    properties: {
      ...delegationCheck.properties,
      billing_system: { ...string, examples: ['RECE'] },
      environment: { ...string, examples: ['production'] },
      in_ticket_relations: nullable({ type: 'boolean', description: 'Whether the access ticket’s token lists the CUIT (null: it lists none).' }),
    },
    required: [...delegationCheck.required, 'billing_system', 'environment', 'in_ticket_relations'],
  },
  successStatus: 200,
};

const VERIFY_POINT_OF_SALE: RestRoute = {
  method: 'post',
  path: `${BASE}/verify-punto-venta/`,
  summary:
    'Ask ARCA (WSFEv1 FEParamGetPtosVenta) whether a point of sale is enabled for web services: listed, not blocked, not dropped; 503 AFIP_UNAVAILABLE when ARCA does not answer',
  scope: WRITE,
  document: /* GraphQL */ `mutation RestVerifyPointOfSale($input: VerifyPointOfSaleInput!) {
    verifyPointOfSale(input: $input) {
      billing_system: billingSystem
      environment
      cuit
      punto_venta: puntoVenta
      valid
      status
      reason
      emission_type: emissionType
      points_of_sale: pointsOfSale { number emission_type: emissionType blocked dropped_on: droppedOn }
      checked_at: checkedAt
    }
  }`,
  variables: ({ body }) => ({ input: inputOf(body, { punto_venta: 'puntoVenta', billing_system: 'billingSystem', cuit: 'cuit' }) }),
  respond: (data) => ({ status: 200, data: withRestDateTimes(data.verifyPointOfSale as Row, ['checked_at']) }),
  requestBody: {
    type: 'object',
    properties: {
      punto_venta: { examples: [3], type: 'integer', minimum: 1, maximum: 99999 },
      billing_system: { examples: ['RECE'], type: 'string', description: 'Default: the active billing system.' },
      cuit: { examples: ['30712345671'], type: 'string', description: 'Default: the system’s represented CUIT.' },
    },
    required: ['punto_venta'],
    additionalProperties: false,
  },
  responseSchema: {
    type: 'object',
    properties: {
      ...pointOfSaleCheck.properties,
      billing_system: { ...string, examples: ['RECE'] },
      environment: { ...string, examples: ['production'] },
      emission_type: nullable({ ...string, examples: ['CAE - Web Services'] }),
      points_of_sale: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            number: { ...integer, examples: [3] },
            emission_type: { ...string, examples: ['CAE - Web Services'] },
            blocked: { type: 'boolean' },
            dropped_on: nullable({ ...string, examples: ['2024-12-31'] }),
          },
          required: ['number', 'emission_type', 'blocked', 'dropped_on'],
        },
      },
    },
    required: [...pointOfSaleCheck.required, 'billing_system', 'environment', 'emission_type', 'points_of_sale'],
  },
  successStatus: 200,
};

/** Fixed paths (systems, active-system) before `{billing_system}`. */
export const TAX_INFO_ROUTES: RestRoute[] = [
  TAXPAYER,
  SYSTEMS,
  ACTIVE,
  GET_SYSTEM,
  CREATE_SYSTEM,
  UPDATE_SYSTEM,
  DELETE_SYSTEM,
  VERIFY_DELEGATION,
  VERIFY_POINT_OF_SALE,
];
