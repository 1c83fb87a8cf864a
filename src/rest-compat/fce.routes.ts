import { ValidationError } from '../domain/errors';
import { FCE_RECEIVER_CONDITIONS } from '../domain/fce/eligibility';
import { FCE_EVENT_TYPES, FCE_STATUSES, parseEvent } from '../domain/fce/events';
import { MAX_ISSUED_PER_PAGE } from '../domain/fce/issued';
import { THRESHOLD_KEY } from '../domain/fce/threshold';
import { withRestDateTimes } from './naming';
import { type PagingSpec, pagedAnswer, pagedSchema, pagingParameters, readPaging } from './paging';
import { bodyObject, queryReading } from './query';
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
  judgesBody: true,
  document: /* GraphQL */ `
    mutation RestFceEligibility($input: JSONObject!) {
      checkFceEligibility(input: $input) {
        eligible reasons suggested_type: suggestedType threshold_ars: thresholdArs
        threshold_source: thresholdSource threshold_effective_from: thresholdEffectiveFrom threshold_review: thresholdReview
        obligation_check: obligationCheck receiver_obliged: receiverObliged receiver_minimum_ars: receiverMinimumArs obligation_detail: obligationDetail
      }
    }`,
  variables: ({ body }) => ({ input: body === undefined || body === null ? {} : bodyObject(body) }),
  respond: (data) => ({ status: 200, data: data.checkFceEligibility }),
  requestBody: {
    type: 'object',
    properties: {
      tipo_comprobante: { examples: ['1'], ...codeSchema, description: 'Voucher type code: an A, B or C invoice, debit or credit note (or its FCE code).' },
      importe_total: { examples: [121000], type: 'number', description: 'At least the effective threshold.' },
      tipo_documento: { examples: ['80'], ...codeSchema, description: 'Receiver document type: 80 (CUIT).' },
      condicion_iva: { type: 'string', enum: [...FCE_RECEIVER_CONDITIONS] },
      fecha_comprobante: { examples: ['2025-03-14'], type: 'string', description: 'ISO 8601 date or date-time (Argentine time without a zone).' },
      fecha_vencimiento_pago: { examples: ['2025-04-13'], type: 'string', description: 'Later than fecha_comprobante, at most 1 year after it.' },
      metadata: {
        type: 'object',
        properties: { emitter_cbu: { examples: ['2850590940090418135201'], type: 'string', description: "The issuer's CBU, 22 digits." } },
      },
      numero_documento: {
        examples: ['30708123451'],
        type: ['string', 'integer'],
        description: "The receiver's CUIT: when sent, ARCA's registry (WSFECRED) is asked whether it must receive FCE on fecha_comprobante.",
      },
    },
  },
  responseSchema: {
    type: 'object',
    properties: {
      eligible: { type: 'boolean' },
      reasons: { type: 'array', items: { type: 'string' }, examples: [['El receptor no está obligado a recibir FCE MiPyME']] },
      suggested_type: { examples: [1], type: ['integer', 'null'] },
      threshold_ars: { examples: [10000000], type: 'number' },
      threshold_source: {
        examples: ['RG 5616/2024'],
        type: 'string',
        description: 'The account setting, the platform override, or the resolution of the published minimum.',
      },
      threshold_effective_from: { examples: ['2025-01-01'], type: ['string', 'null'], description: 'First day of the published minimum applied.' },
      threshold_review: { type: 'boolean', description: 'The published minimum of that date is not verified for the whole span.' },
      obligation_check: {
        type: 'string',
        enum: ['answered', 'refused', 'unavailable', 'not_checked'],
        description:
          "ARCA's registry of who must receive FCE: answered, refused (ARCA answered errors), unavailable (ARCA could not be reached) or not_checked.",
      },
      receiver_obliged: { type: ['boolean', 'null'] },
      receiver_minimum_ars: {
        examples: [10000000],
        type: ['number', 'null'],
        description: 'From this amount (inclusive) the receiver must receive FCE, per ARCA.',
      },
      obligation_detail: { examples: ['IVA DDJJ mensual, anticipo 03/2025'], type: ['string', 'null'] },
    },
    required: [
      'eligible',
      'reasons',
      'suggested_type',
      'threshold_ars',
      'threshold_source',
      'threshold_effective_from',
      'threshold_review',
      'obligation_check',
      'receiver_obliged',
      'receiver_minimum_ars',
      'obligation_detail',
    ],
  },
  successStatus: 200,
};

const GET_THRESHOLD: RestRoute = {
  method: 'get',
  path: `${FCE}/threshold/`,
  summary: "The FCE MiPyME minimum amount in force today: the account's own, else the platform override, else the published minimum",
  scope: 'invoices:read',
  document: /* GraphQL */ `query RestFceThreshold { fceThreshold { value currency source effective_from: effectiveFrom } }`,
  variables: () => ({}),
  respond: (data) => ({ status: 200, data: data.fceThreshold }),
  responseSchema: {
    type: 'object',
    properties: {
      value: { examples: [121000], type: 'number' },
      currency: { type: 'string', enum: ['ARS'] },
      source: {
        examples: ['received_invoices'],
        type: 'string',
        description: 'The account setting, the platform override, or the resolution of the published minimum in force today.',
      },
      effective_from: { examples: ['2025-01-01'], type: ['string', 'null'] },
    },
    required: ['value', 'currency', 'source', 'effective_from'],
  },
  successStatus: 200,
};

const PUT_THRESHOLD: RestRoute = {
  method: 'put',
  path: `${FCE}/threshold/`,
  summary: "Set the account's own FCE MiPyME minimum amount (value > 0, ARS)",
  scope: 'invoices:write',
  document: /* GraphQL */ `mutation RestSetFceThreshold($value: Float!) { setFceThreshold(value: $value) { key value } }`,
  variables({ body }) {
    const { value } = (body === undefined || body === null ? {} : bodyObject(body)) as Row;
    // Checked here: GraphQL coercion would name no field for a top-level scalar.
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
      throw new ValidationError('value must be a number greater than 0', [{ path: 'value', message: 'must be a number greater than 0' }]);
    return { value };
  },
  respond: (data) => ({ status: 200, data: data.setFceThreshold }),
  requestBody: { type: 'object', properties: { value: { examples: [121000], type: 'number', exclusiveMinimum: 0 } }, required: ['value'] },
  responseSchema: {
    type: 'object',
    properties: { key: { type: 'string', enum: [THRESHOLD_KEY] }, value: { examples: [121000], type: 'number' } },
    required: ['key', 'value'],
  },
  successStatus: 200,
};

const restEvent = (event: unknown) => withRestDateTimes(event as Row, ['recorded_at']);
const EVENT_SCHEMA = {
  type: 'object',
  properties: {
    fce_invoice_id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string' },
    event_type: { type: 'string', enum: [...FCE_EVENT_TYPES] },
    payload: { type: 'object' },
    recorded_by: {
      examples: ['contadora@estudiorivas.com.ar'],
      type: 'string',
      description: 'The user (email) or the API key (name and id) that recorded it.',
    },
    recorded_at: { examples: ['2025-03-14T10:32:05.120'], type: 'string', description: 'Argentine time (UTC−3), ISO 8601 without a zone.' },
  },
  required: ['fce_invoice_id', 'event_type', 'payload', 'recorded_by', 'recorded_at'],
};

const POST_EVENT: RestRoute = {
  method: 'post',
  path: `${FCE}/events/{fce_invoice_id}/`,
  summary:
    'Record a lifecycle event of an issued FCE voucher (types 201–213) of the account; a move the law forbids is 409 INVALID_FCE_TRANSITION, or FCE_ACCEPTANCE_TERM_EXPIRED once the acceptance term has run out (docs/fce.md)',
  scope: 'invoices:write',
  document: /* GraphQL */ `
    mutation RestRecordFceEvent($id: ID!, $eventType: String!, $payload: JSONObject) {
      recordFceEvent(id: $id, eventType: $eventType, payload: $payload) { fce_invoice_id: fceInvoiceId event_type: eventType payload recorded_by: recordedBy recorded_at: recordedAt }
    }`,
  variables({ params, body }) {
    // Validated here so that the answer names the body's fields, as GraphQL coercion would not.
    const { eventType, payload } = parseEvent(body === undefined || body === null ? {} : bodyObject(body));
    return { id: params.fce_invoice_id, eventType, payload };
  },
  respond: (data) => ({ status: 201, data: restEvent(data.recordFceEvent) }),
  requestBody: {
    type: 'object',
    properties: {
      event_type: { type: 'string', enum: [...FCE_EVENT_TYPES] },
      payload: { type: 'object', description: 'Free-form, at most 4000 characters as JSON, no keys starting with $.' },
    },
    required: ['event_type'],
  },
  responseSchema: EVENT_SCHEMA,
  successStatus: 201,
};

const GET_EVENTS: RestRoute = {
  method: 'get',
  path: `${FCE}/events/{fce_invoice_id}/`,
  summary: 'The latest 50 events of an issued FCE voucher of the account, newest first',
  scope: 'invoices:read',
  document: /* GraphQL */ `query RestFceEvents($id: ID!) { fceEvents(id: $id) { nodes { fce_invoice_id: fceInvoiceId event_type: eventType payload recorded_by: recordedBy recorded_at: recordedAt } } }`,
  variables: ({ params }) => ({ id: params.fce_invoice_id }),
  respond: (data) => ({ status: 200, data: { items: (data.fceEvents as { nodes: unknown[] }).nodes.map(restEvent) } }),
  responseSchema: { type: 'object', properties: { items: { type: 'array', items: EVENT_SCHEMA, maxItems: 50 } }, required: ['items'] },
  successStatus: 200,
};

/** The contract's `per_page` at most 100 (§8): more is served as 100. */
const ISSUED_PAGING: PagingSpec = { size: 'per_page', fallback: 20, max: MAX_ISSUED_PER_PAGE };

const readIssued = queryReading((params) => ({ paging: readPaging(params, ISSUED_PAGING), status: params.string('status') }));

const ISSUED_ITEM = {
  type: 'object',
  properties: {
    id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string' },
    tipo_comprobante: { examples: [1], type: 'integer' },
    numero_comprobante: { examples: [12345], type: 'integer' },
    importe_total: { examples: [121000], type: 'number' },
    cae: { examples: ['75123456789012'], type: ['string', 'null'] },
    fce_status: { type: 'string', enum: [...FCE_STATUSES] },
    last_event_at: { examples: ['2025-03-14T10:32:05.120'], type: ['string', 'null'] },
  },
  required: ['id', 'tipo_comprobante', 'numero_comprobante', 'importe_total', 'cae', 'fce_status', 'last_event_at'],
};

const ISSUED: RestRoute = {
  method: 'get',
  path: `${FCE}/issued/`,
  summary: `The account's issued FCE vouchers, newest first (page, per_page 1 to ${MAX_ISSUED_PER_PAGE}, optional status)`,
  scope: 'invoices:read',
  document: /* GraphQL */ `
    query RestFceIssued($page: Int, $perPage: Int, $status: String) {
      fceInvoices(page: $page, perPage: $perPage, status: $status) {
        total page per_page: perPage
        items { id tipo_comprobante: tipoComprobante numero_comprobante: numeroComprobante importe_total: importeTotal cae fce_status: fceStatus last_event_at: lastEventAt }
      }
    }`,
  variables: ({ query }) => {
    const { paging, status } = readIssued(query);
    return { page: paging.page, perPage: paging.size, status };
  },
  respond(data, { query }) {
    const page = data.fceInvoices as Row & { items: Row[]; total: number };
    const items = page.items.map((item) => withRestDateTimes(item, ['last_event_at']));
    return { status: 200, data: pagedAnswer(ISSUED_PAGING, readIssued(query).paging, items, page.total, false) };
  },
  pathRenames: { perPage: 'per_page' },
  parameters: [
    ...pagingParameters(ISSUED_PAGING),
    { name: 'status', description: 'Only vouchers in this FCE status.', schema: { type: 'string', enum: [...FCE_STATUSES] } },
  ],
  responseSchema: pagedSchema(ISSUED_PAGING, ISSUED_ITEM, false),
  successStatus: 200,
};

export const FCE_ROUTES: RestRoute[] = [ELIGIBILITY, GET_THRESHOLD, PUT_THRESHOLD, ISSUED, POST_EVENT, GET_EVENTS];
