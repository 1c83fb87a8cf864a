import { MAX_LIMIT } from '../domain/withholdings/lists';
import { bodyToInput, withRestDateTimes } from './naming';
import { type PagingSpec, pagedAnswer, pagedSchema, pagingParameters, readPaging } from './paging';
import { onlyFields, QueryReader, queryReading } from './query';
import type { QueryParameter, RestRoute } from './route';

/**
 * Withholdings and perceptions (contract §4.11): the agent designations, the regimes (RG 830 Anexo VIII seeded),
 * calculating and applying a payment's withholdings, perceptions on sales, numbered certificates (printable as HTML
 * and PDF) and the month's returns with the SICORE records. The contract gives the paths only; bodies and answers are
 * this service's (docs/resources.md, OpenAPI document).
 */

type Row = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const BASE = '/accounting/retenciones-percepciones';
const READ = 'accounting:read' as const;
const WRITE = 'accounting:write' as const;

const CONFIG_FIELDS = `agent_name: agentName agent_cuit: agentCuit agent_address: agentAddress ganancias_agent: gananciasAgent
  iva_withholding_agent: ivaWithholdingAgent iva_perception_agent: ivaPerceptionAgent
  iibb { jurisdiction withholding_agent: withholdingAgent perception_agent: perceptionAgent withholding_rate: withholdingRate
    perception_rate: perceptionRate minimum_amount: minimumAmount }
  accounts { payment suppliers ganancias iva iibb }`;
const REGIME_FIELDS = `code tax sicore_code: sicoreCode description norm valid_from: validFrom rate_registered: rateRegistered
  rate_unregistered: rateUnregistered uses_scale: usesScale non_taxable_monthly: nonTaxableMonthly
  minimum_withholding: minimumWithholding minimum_unregistered: minimumUnregistered seeded`;
const LINE_FIELDS = `tax regime_code: regimeCode regime_description: regimeDescription sicore_code: sicoreCode jurisdiction base
  accumulated_base: accumulatedBase non_taxable: nonTaxable taxable rate scale_applied: scaleApplied
  exclusion_percent: exclusionPercent computed_total: computedTotal previously_withheld: previouslyWithheld carried_in: carriedIn amount
  pending below_minimum: belowMinimum`;
const WITHHOLDING_FIELDS = `id payment_id: paymentId supplier_id: supplierId supplier_name: supplierName supplier_cuit: supplierCuit
  condition date period invoices amount_paid: amountPaid vat_amount: vatAmount ${LINE_FIELDS}
  journal_entry_id: journalEntryId certificate_id: certificateId certificate_number: certificateNumber created_at: createdAt`;
const CERTIFICATE_FIELDS = `id number tax withholding_id: withholdingId supplier_id: supplierId date period agent_name: agentName
  agent_cuit: agentCuit agent_address: agentAddress subject_name: subjectName subject_cuit: subjectCuit
  subject_address: subjectAddress condition regime_code: regimeCode regime_description: regimeDescription
  payment_id: paymentId invoices amount_paid: amountPaid base accumulated_base: accumulatedBase non_taxable: nonTaxable
  taxable rate scale_applied: scaleApplied exclusion_percent: exclusionPercent amount created_at: createdAt`;
const PERCEPTION_FIELDS = `id stored tax regime_code: regimeCode jurisdiction date period customer_name: customerName
  customer_cuit: customerCuit voucher_type: voucherType sale_point: salePoint voucher_number: voucherNumber base rate
  lines { vat_rate: vatRate base rate amount } computed amount below_minimum: belowMinimum`;

const PAYMENT_BODY = [
  'supplier_id',
  'payment_id',
  'date',
  'amount',
  'vat_amount',
  'other_taxes',
  'regime_codes',
  'condition',
  'exclusion_percent',
  'iibb_rate',
  'invoices',
  'payment_account_code',
  'issue_certificates',
] as const;
const PERCEPTION_BODY = [
  'tax',
  'jurisdiction',
  'date',
  'customer_name',
  'customer_cuit',
  'voucher_type',
  'sale_point',
  'voucher_number',
  'net_by_rate',
  'net_amount',
  'rate',
  'dry_run',
] as const;

const withCreated = (row: unknown) => withRestDateTimes(row as Row, ['created_at']);

/** The body as the operation's input: only its own fields, renamed to camel case (the types are the operation's to check). */
const inputOf = (body: unknown, fields: readonly string[], what: string) => ({ input: bodyToInput(onlyFields(body, fields, what)) });

const PAGING: PagingSpec = { size: 'limit', fallback: 50, max: MAX_LIMIT };

/** Page, limit and the filters a list takes, read from the query string (supplier_id only where the list offers it). */
const listQuery = (bySupplier: boolean) =>
  queryReading((reader) => ({
    paging: readPaging(reader, PAGING),
    period: reader.string('period'),
    tax: reader.string('tax'),
    supplierId: bySupplier ? reader.string('supplier_id') : undefined,
  }));
const BY_SUPPLIER = listQuery(true);
const BY_MONTH_OR_TAX = listQuery(false);

function listVariables(query: Record<string, unknown>, filters: readonly string[]): Row {
  const { paging, ...filter } = (filters.includes('supplier_id') ? BY_SUPPLIER : BY_MONTH_OR_TAX)(query);
  return { page: paging.page, limit: paging.size, ...filter };
}

const listParameters = (filters: { supplier: boolean; taxes: string[] }): QueryParameter[] => [
  { name: 'period', description: 'YYYY-MM: only that month.', schema: { type: 'string', pattern: '^\\d{4}-\\d{2}$' } },
  ...(filters.supplier ? [{ name: 'supplier_id', description: 'Only this supplier’s (not with tax).', schema: { type: 'string' } }] : []),
  { name: 'tax', description: `Only this tax${filters.supplier ? ' (not with supplier_id)' : ''}.`, schema: { type: 'string', enum: filters.taxes } },
  ...pagingParameters(PAGING),
];

/** The lists answer without a page count (`pages`), as they always have. */
const pageOf = (item: Record<string, unknown>) => pagedSchema(PAGING, item, false);

const CONFIG_GET: RestRoute = {
  method: 'get',
  path: `${BASE}/config/`,
  summary: 'The agent designations (Ganancias RG 830, IVA RG 2854/2408, IIBB ARBA/AGIP) and the accounts payments post to (defaults until saved)',
  scope: READ,
  document: `query RestWithholdingConfig { withholdingConfig { ${CONFIG_FIELDS} } }`,
  variables: () => ({}),
  respond: (data) => ({ status: 200, data: data.withholdingConfig }),
  responseSchema: ref('WithholdingConfig'),
  successStatus: 200,
};

const CONFIG_PUT: RestRoute = {
  method: 'put',
  path: `${BASE}/config/`,
  summary: 'Change the designations and accounts (the fields given; null puts one back to its default; iibb replaces the list)',
  scope: WRITE,
  document: `mutation RestUpdateWithholdingConfig($input: WithholdingConfigInput!) { updateWithholdingConfig(input: $input) { ${CONFIG_FIELDS} } }`,
  variables: ({ body }) =>
    inputOf(
      body,
      ['agent_name', 'agent_cuit', 'agent_address', 'ganancias_agent', 'iva_withholding_agent', 'iva_perception_agent', 'iibb', 'accounts'],
      'the withholding settings',
    ),
  respond: (data) => ({ status: 200, data: data.updateWithholdingConfig, extra: { message: 'Withholding settings saved.' } }),
  pathRenames: { input: '' },
  requestBody: ref('WithholdingConfigInput'),
  responseSchema: ref('WithholdingConfig'),
  responseExtra: { message: { examples: ['Withholding settings saved.'], type: 'string' } },
  successStatus: 200,
};

const REGIMES_GET: RestRoute = {
  method: 'get',
  path: `${BASE}/regimes/`,
  summary: 'The regimes: RG 830 Anexo VIII (RG 4525/2019 and RG 5423/2023 versions), RG 2854, IIBB, and the account’s own dated versions',
  scope: READ,
  document: `query RestWithholdingRegimes($tax: String, $on: String) { withholdingRegimes(tax: $tax, on: $on) { ${REGIME_FIELDS} } }`,
  variables({ query }) {
    const reader = new QueryReader(query);
    const variables = { tax: reader.string('tax'), on: reader.string('on') };
    reader.done();
    return variables;
  },
  respond: (data) => ({ status: 200, data: data.withholdingRegimes }),
  parameters: [
    { name: 'tax', description: 'Only this tax.', schema: { type: 'string', enum: ['ganancias', 'iva', 'iibb'] } },
    { name: 'on', description: 'YYYY-MM-DD: only the version of each regime in force that day.', schema: { type: 'string', format: 'date' } },
  ],
  responseSchema: { type: 'array', items: ref('WithholdingRegime') },
  successStatus: 200,
};

const REGIMES_POST: RestRoute = {
  method: 'post',
  path: `${BASE}/regimes/`,
  summary: 'Add a regime, or a new dated version of one (new amounts from valid_from on); 409 REGIME_EXISTS for a code and date already there',
  scope: WRITE,
  document: `mutation RestCreateWithholdingRegime($input: WithholdingRegimeInput!) { createWithholdingRegime(input: $input) { ${REGIME_FIELDS} } }`,
  variables: ({ body }) =>
    inputOf(
      body,
      [
        'code',
        'tax',
        'sicore_code',
        'description',
        'norm',
        'valid_from',
        'rate_registered',
        'rate_unregistered',
        'uses_scale',
        'non_taxable_monthly',
        'minimum_withholding',
        'minimum_unregistered',
      ],
      'a regime',
    ),
  respond: (data) => ({ status: 201, data: data.createWithholdingRegime, extra: { message: 'Regime added.' } }),
  pathRenames: { input: '' },
  requestBody: ref('WithholdingRegimeInput'),
  responseSchema: ref('WithholdingRegime'),
  responseExtra: { message: { examples: ['Regime added.'], type: 'string' } },
  successStatus: 201,
};

const WITHHOLDINGS_GET: RestRoute = {
  method: 'get',
  path: `${BASE}/retenciones/`,
  summary: 'Recorded withholdings, newest first, by month, supplier or tax',
  scope: READ,
  document: `query RestWithholdings($period: String, $supplierId: ID, $tax: String, $page: Int, $limit: Int) {
    withholdings(period: $period, supplierId: $supplierId, tax: $tax, page: $page, limit: $limit) { total items { ${WITHHOLDING_FIELDS} } }
  }`,
  variables: ({ query }) => listVariables(query, ['supplier_id']),
  respond(data, { query }) {
    const page = data.withholdings as { items: Row[]; total: number };
    return { status: 200, data: pagedAnswer(PAGING, BY_SUPPLIER(query).paging, page.items.map(withCreated), page.total, false) };
  },
  pathRenames: { supplierId: 'supplier_id' },
  parameters: listParameters({ supplier: true, taxes: ['ganancias', 'iva', 'iibb'] }),
  responseSchema: pageOf(ref('Withholding')),
  successStatus: 200,
};

const CALCULATION_FIELDS = `supplier_id: supplierId condition date period amount vat_amount: vatAmount total net_payment: netPayment
  lines { ${LINE_FIELDS} }`;

const CALCULATE: RestRoute = {
  method: 'post',
  path: `${BASE}/retenciones/calculate/`,
  summary:
    'What a payment withholds now, per regime: Ganancias accumulates the supplier’s month under the regime (less MNSR, rate or scale, less what was withheld, $240 minimum); records nothing',
  scope: WRITE,
  document: `mutation RestCalculateWithholding($input: WithholdingPaymentInput!) { calculateWithholding(input: $input) { ${CALCULATION_FIELDS} } }`,
  variables: ({ body }) => inputOf(body, PAYMENT_BODY, 'a payment'),
  respond: (data) => ({ status: 200, data: data.calculateWithholding }),
  pathRenames: { input: '' },
  requestBody: ref('WithholdingPaymentInput'),
  responseSchema: ref('WithholdingCalculation'),
  successStatus: 200,
};

const APPLY: RestRoute = {
  method: 'post',
  path: `${BASE}/retenciones/apply/`,
  summary:
    'Apply a payment’s withholdings in one transaction: record them, post the payment (Dr Proveedores / Cr bank net / Cr retenciones a depositar) and issue the numbered certificates; 409 PAYMENT_ALREADY_APPLIED',
  scope: WRITE,
  document: `mutation RestApplyWithholding($input: WithholdingPaymentInput!) {
    applyWithholding(input: $input) { payment_id: paymentId journal_entry_id: journalEntryId total net_payment: netPayment withholdings { ${WITHHOLDING_FIELDS} } }
  }`,
  variables: ({ body }) => inputOf(body, PAYMENT_BODY, 'a payment'),
  respond(data) {
    const applied = data.applyWithholding as Row & { withholdings: Row[] };
    return { status: 201, data: { ...applied, withholdings: applied.withholdings.map(withCreated) }, extra: { message: 'Withholdings applied.' } };
  },
  pathRenames: { input: '' },
  requestBody: ref('WithholdingPaymentInput'),
  responseSchema: {
    type: 'object',
    properties: {
      payment_id: { examples: ['OP-2025-0311'], type: 'string' },
      journal_entry_id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string' },
      total: { examples: [121000], type: 'number' },
      net_payment: { examples: [118900], type: 'number' },
      withholdings: { type: 'array', items: ref('Withholding') },
    },
    required: ['payment_id', 'journal_entry_id', 'total', 'net_payment', 'withholdings'],
  },
  responseExtra: { message: { examples: ['Withholdings applied.'], type: 'string' } },
  successStatus: 201,
};

const PERCEPTIONS_GET: RestRoute = {
  method: 'get',
  path: `${BASE}/percepciones/`,
  summary: 'Perceptions charged on sales, newest first, by month or tax',
  scope: READ,
  document: `query RestPerceptions($period: String, $tax: String, $page: Int, $limit: Int) {
    perceptions(period: $period, tax: $tax, page: $page, limit: $limit) { total items { ${PERCEPTION_FIELDS} } }
  }`,
  variables: ({ query }) => listVariables(query, []),
  respond(data, { query }) {
    const page = data.perceptions as { items: Row[]; total: number };
    return { status: 200, data: pagedAnswer(PAGING, BY_MONTH_OR_TAX(query).paging, page.items, page.total, false) };
  },
  parameters: listParameters({ supplier: false, taxes: ['iva', 'iibb'] }),
  responseSchema: pageOf(ref('Perception')),
  successStatus: 200,
};

const PERCEPTION_CALCULATE: RestRoute = {
  method: 'post',
  path: `${BASE}/percepciones/calculate/`,
  summary:
    'The perception of a sale (IVA RG 2408: 3 % / 1,5 % of the net at 21 % / 10,5 %, none under $60; IIBB: the padrón rate), stored once per voucher unless dry_run; 409 NOT_AN_AGENT',
  scope: WRITE,
  document: `mutation RestCalculatePerception($input: PerceptionInput!) { calculatePerception(input: $input) { ${PERCEPTION_FIELDS} } }`,
  variables: ({ body }) => inputOf(body, PERCEPTION_BODY, 'a sale'),
  respond: (data) => ({ status: 200, data: data.calculatePerception }),
  pathRenames: { input: '' },
  requestBody: ref('PerceptionInput'),
  responseSchema: ref('Perception'),
  successStatus: 200,
};

const CERTIFICATES_GET: RestRoute = {
  method: 'get',
  path: `${BASE}/certificates/`,
  summary: 'Withholding certificates, newest first, by month, supplier or tax (each printable at …/{certificate_id}/html/ and …/pdf/)',
  scope: READ,
  document: `query RestWithholdingCertificates($period: String, $supplierId: ID, $tax: String, $page: Int, $limit: Int) {
    withholdingCertificates(period: $period, supplierId: $supplierId, tax: $tax, page: $page, limit: $limit) { total items { ${CERTIFICATE_FIELDS} } }
  }`,
  variables: ({ query }) => listVariables(query, ['supplier_id']),
  respond(data, { query }) {
    const page = data.withholdingCertificates as { items: Row[]; total: number };
    return { status: 200, data: pagedAnswer(PAGING, BY_SUPPLIER(query).paging, page.items.map(withCreated), page.total, false) };
  },
  pathRenames: { supplierId: 'supplier_id' },
  parameters: listParameters({ supplier: true, taxes: ['ganancias', 'iva', 'iibb'] }),
  responseSchema: pageOf(ref('WithholdingCertificate')),
  successStatus: 200,
};

const CERTIFICATES_POST: RestRoute = {
  method: 'post',
  path: `${BASE}/certificates/`,
  summary:
    'Issue the certificate of a withholding applied without one (body withholding_id), numbered next for its tax; 409 CERTIFICATE_EXISTS, NOTHING_WITHHELD',
  scope: WRITE,
  document: `mutation RestIssueWithholdingCertificate($withholdingId: ID!) { issueWithholdingCertificate(withholdingId: $withholdingId) { ${CERTIFICATE_FIELDS} } }`,
  variables({ body }) {
    const { withholding_id } = onlyFields(body, ['withholding_id'], 'a certificate');
    return { withholdingId: withholding_id };
  },
  respond: (data) => ({ status: 201, data: withCreated(data.issueWithholdingCertificate), extra: { message: 'Certificate issued.' } }),
  pathRenames: { withholdingId: 'withholding_id' },
  requestBody: {
    type: 'object',
    properties: { withholding_id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string' } },
    required: ['withholding_id'],
    additionalProperties: false,
  },
  responseSchema: ref('WithholdingCertificate'),
  responseExtra: { message: { examples: ['Certificate issued.'], type: 'string' } },
  successStatus: 201,
};

const printRoute = (format: 'html' | 'pdf'): RestRoute => ({
  method: 'get',
  path: `${BASE}/certificates/{certificate_id}/${format}/`,
  summary: `A certificate, printable, as ${format === 'html' ? 'a self-contained HTML page' : 'an A4 PDF'} (agent, subject, tax and regime, number, date, payment and invoices, base and rate, amount withheld)`,
  scope: READ,
  document: `query RestWithholdingCertificate${format.toUpperCase()}($id: ID!) { withholdingCertificate(id: $id) { tax number ${format === 'html' ? 'html' : 'pdfBase64'} } }`,
  variables: ({ params }) => ({ id: params.certificate_id }),
  respond(data) {
    const certificate = data.withholdingCertificate as { tax: string; number: number; html?: string; pdfBase64?: string };
    const name = `certificado-${certificate.tax}-${String(certificate.number).padStart(8, '0')}.${format}`;
    const body = format === 'html' ? Buffer.from(certificate.html ?? '', 'utf8') : Buffer.from(certificate.pdfBase64 ?? '', 'base64');
    return { status: 200, data: null, file: { name, contentType: format === 'html' ? 'text/html; charset=utf-8' : 'application/pdf', body } };
  },
  pathRenames: { id: 'certificate_id' },
  responseSchema: { type: 'string', format: 'binary' },
  download: { contentTypes: [format === 'html' ? 'text/html' : 'application/pdf'] },
  examples: {
    response: {
      name: 'certificado-ganancias-00000152',
      summary: `certificado-ganancias-00000152.${format}`,
      description:
        'The certificate of a Ganancias withholding (RG 830, régimen 78) by Imprenta Rivas SA (CUIT 30-71234567-1) to Papelera del Plata SA (CUIT 30-70812345-1): base $ 100.000,00, 2 %, withheld $ 2.000,00.',
    },
  },
  successStatus: 200,
});

const DDJJ: RestRoute = {
  method: 'get',
  path: `${BASE}/ddjj/{period}/`,
  summary: 'A month’s returns: totals withheld and perceived per regime, and the SICORE records (fixed width, CRLF) of its Ganancias withholdings',
  scope: READ,
  document: `query RestWithholdingDeclaration($period: String!) {
    withholdingDeclaration(period: $period) {
      period withholdings_total: withholdingsTotal perceptions_total: perceptionsTotal
      regimes { kind tax regime_code: regimeCode sicore_code: sicoreCode description count base amount }
      sicore_file_name: sicoreFileName sicore_lines: sicoreLines sicore_content: sicoreContent
    }
  }`,
  variables: ({ params }) => ({ period: params.period }),
  respond(data) {
    const declared = data.withholdingDeclaration as Row;
    const { sicore_file_name, sicore_lines, sicore_content, ...rest } = declared;
    return {
      status: 200,
      data: { ...rest, sicore: { file_name: sicore_file_name, records: (sicore_lines as string[]).length, lines: sicore_lines, content: sicore_content } },
    };
  },
  responseSchema: ref('WithholdingDeclaration'),
  successStatus: 200,
};

/** Fixed paths before the ones they would shadow. */
export const WITHHOLDING_ROUTES: RestRoute[] = [
  CONFIG_GET,
  CONFIG_PUT,
  REGIMES_GET,
  REGIMES_POST,
  WITHHOLDINGS_GET,
  CALCULATE,
  APPLY,
  PERCEPTIONS_GET,
  PERCEPTION_CALCULATE,
  CERTIFICATES_GET,
  CERTIFICATES_POST,
  printRoute('html'),
  printRoute('pdf'),
  DDJJ,
];
