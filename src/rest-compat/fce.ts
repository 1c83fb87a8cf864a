import { ValidationError } from '../domain/errors';
import { FCE_RECEIVER_CONDITIONS } from '../domain/fce/eligibility';
import { THRESHOLD_KEY } from '../domain/fce/threshold';
import { bodyObject } from './query';
import type { RestRoute } from './route';

/** FCE MiPyME (contract §4.4): eligibility and threshold. */

const FCE = '/fce';
type Row = Record<string, unknown>;
const codeSchema = { type: ['integer', 'string'] };

const ELIGIBILITY: RestRoute = {
  method: 'post',
  path: `${FCE}/eligibility/`,
  summary:
    'Check a voucher against the FCE MiPyME rules; always success: true, with eligible false and every failed rule in reasons (needs invoices:write although it changes nothing)',
  scope: 'invoices:write',
  document: `
    mutation RestFceEligibility($input: JSONObject!) {
      checkFceEligibility(input: $input) { eligible reasons suggested_type: suggestedType threshold_ars: thresholdArs }
    }`,
  variables: ({ body }) => ({ input: body === undefined || body === null ? {} : bodyObject(body) }),
  respond: (data) => ({ status: 200, data: data.checkFceEligibility }),
  requestBody: {
    type: 'object',
    properties: {
      tipo_comprobante: { ...codeSchema, description: 'Voucher type code: an A, B or C invoice, debit or credit note (or its FCE code).' },
      importe_total: { type: 'number', description: 'At least the effective threshold.' },
      tipo_documento: { ...codeSchema, description: 'Receiver document type: 80 (CUIT).' },
      condicion_iva: { type: 'string', enum: [...FCE_RECEIVER_CONDITIONS] },
      fecha_comprobante: { type: 'string', description: 'ISO 8601 date or date-time (Argentine time without a zone).' },
      fecha_vencimiento_pago: { type: 'string', description: 'Later than fecha_comprobante, at most 1 year after it.' },
      metadata: { type: 'object', properties: { emitter_cbu: { type: 'string', description: "The issuer's CBU, 22 digits." } } },
    },
  },
  responseSchema: {
    type: 'object',
    properties: {
      eligible: { type: 'boolean' },
      reasons: { type: 'array', items: { type: 'string' } },
      suggested_type: { type: ['integer', 'null'] },
      threshold_ars: { type: 'number' },
    },
    required: ['eligible', 'reasons', 'suggested_type', 'threshold_ars'],
  },
  successStatus: 200,
};

const GET_THRESHOLD: RestRoute = {
  method: 'get',
  path: `${FCE}/threshold/`,
  summary: "The FCE MiPyME minimum amount in force: the account's own, else the platform default",
  scope: 'invoices:read',
  document: 'query RestFceThreshold { fceThreshold { value currency } }',
  variables: () => ({}),
  respond: (data) => ({ status: 200, data: data.fceThreshold }),
  responseSchema: {
    type: 'object',
    properties: { value: { type: 'number' }, currency: { type: 'string', enum: ['ARS'] } },
    required: ['value', 'currency'],
  },
  successStatus: 200,
};

const PUT_THRESHOLD: RestRoute = {
  method: 'put',
  path: `${FCE}/threshold/`,
  summary: "Set the account's own FCE MiPyME minimum amount (value > 0, ARS)",
  scope: 'invoices:write',
  document: 'mutation RestSetFceThreshold($value: Float!) { setFceThreshold(value: $value) { key value } }',
  variables({ body }) {
    const { value } = (body === undefined || body === null ? {} : bodyObject(body)) as Row;
    // Checked here: GraphQL coercion would name no field for a top-level scalar.
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
      throw new ValidationError('value must be a number greater than 0', [{ path: 'value', message: 'must be a number greater than 0' }]);
    return { value };
  },
  respond: (data) => ({ status: 200, data: data.setFceThreshold }),
  requestBody: { type: 'object', properties: { value: { type: 'number', exclusiveMinimum: 0 } }, required: ['value'] },
  responseSchema: {
    type: 'object',
    properties: { key: { type: 'string', enum: [THRESHOLD_KEY] }, value: { type: 'number' } },
    required: ['key', 'value'],
  },
  successStatus: 200,
};

export const FCE_ROUTES: RestRoute[] = [ELIGIBILITY, GET_THRESHOLD, PUT_THRESHOLD];
