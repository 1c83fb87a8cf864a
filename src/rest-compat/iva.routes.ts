import { ValidationError } from '../domain/errors';
import { MAX_PAGE_SIZE } from '../domain/pagination';
import { withRestDateTimes } from './naming';
import { LIST_PAGING, pagedAnswer, pagedSchema, pagingParameters, readPaging } from './paging';
import { onlyFields, queryReading } from './query';
import { type RestRoute, taggedAnswer } from './route';

/**
 * The VAT books (contract §4.6): settings, the Libro IVA Compras and Ventas of a month with their manual lines, the
 * close and reopen of a month, the monthly position and its F.2002 figures, and the Libro IVA Digital export. The
 * contract gives the paths only; bodies and answers are this service's (docs/resources.md, OpenAPI document).
 */

type Row = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const BASE = '/iva';
const READ = 'accounting:read' as const;
const WRITE = 'accounting:write' as const;

const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const camel = (key: string) => key.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

const RATE_FIELDS = 'rate base vat';
const CONFIG_FIELDS = `vat_condition: vatCondition prorata prorata_coefficient: prorataCoefficient
  sources { received_invoices: receivedInvoices expenses issued_vouchers: issuedVouchers } default_period: defaultPeriod`;
const ENTRY_FIELDS = `_id: id book_id: bookId period book_type: bookType origin source_id: sourceId date voucher_type: voucherType
  sale_point: salePoint voucher_number: voucherNumber voucher_number_to: voucherNumberTo customs_dispatch: customsDispatch
  document_type: documentType document_number: documentNumber counterpart_name: counterpartName currency exchange_rate: exchangeRate
  total untaxed exempt vat_perception: vatPerception national_perception: nationalPerception
  gross_income_perception: grossIncomePerception municipal_perception: municipalPerception internal_taxes: internalTaxes
  other_taxes: otherTaxes vat vat_lines: vatLines { ${RATE_FIELDS} } operation_code: operationCode
  computable_credit: computableCredit payment_due_date: paymentDueDate total_pesos: totalPesos vat_pesos: vatPesos
  computable_credit_pesos: computableCreditPesos needs_review: needsReview review_reason: reviewReason`;
const PERIOD_FIELDS = 'period status closed_at: closedAt closed_by: closedBy history { action at by reason }';
const POSITION_FIELDS = `period debit credit debit_by_rate: debitByRate { ${RATE_FIELDS} } credit_by_rate: creditByRate { ${RATE_FIELDS} }
  perceptions withholdings technical_balance: technicalBalance previous_technical_favor: previousTechnicalFavor
  applied_technical_favor: appliedTechnicalFavor determined_tax: determinedTax new_technical_favor: newTechnicalFavor
  previous_free_balance: previousFreeBalance payments_on_account: paymentsOnAccount to_pay: toPay
  new_free_balance: newFreeBalance calculated_at: calculatedAt`;

const ENTRY_BODY_FIELDS = [
  'date',
  'voucher_type',
  'sale_point',
  'voucher_number',
  'voucher_number_to',
  'customs_dispatch',
  'document_type',
  'document_number',
  'counterpart_name',
  'currency',
  'exchange_rate',
  'total',
  'untaxed',
  'exempt',
  'vat_perception',
  'national_perception',
  'gross_income_perception',
  'municipal_perception',
  'internal_taxes',
  'other_taxes',
  'vat_lines',
  'payment_due_date',
] as const;

/** The body of an entry as the GraphQL input; the types are the mutation's to check, named back in snake case. */
function entryVariables(body: unknown): Row {
  const object = onlyFields(body, ENTRY_BODY_FIELDS, 'a VAT book entry');
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [camel(key), value]));
}
const ENTRY_RENAMES = Object.fromEntries(ENTRY_BODY_FIELDS.map((field) => [`input.${camel(field)}`, field]));

const periodRow = (row: unknown) => {
  const period = withRestDateTimes(row as Row, ['closed_at']);
  return { ...period, history: ((period.history as Row[]) ?? []).map((event) => withRestDateTimes(event, ['at'])) };
};

const CONFIG_GET: RestRoute = {
  method: 'get',
  path: `${BASE}/config/`,
  summary: 'The VAT book settings: VAT condition, pro-rata, which documents feed the books, default period (defaults until saved)',
  scope: READ,
  document: `query RestIvaConfig { ivaConfig { ${CONFIG_FIELDS} } }`,
  variables: () => ({}),
  respond: (data) => ({ status: 200, data: data.ivaConfig }),
  responseSchema: ref('IvaConfig'),
  successStatus: 200,
};

const CONFIG_PUT: RestRoute = {
  method: 'put',
  path: `${BASE}/config/`,
  summary: 'Change the VAT book settings (the fields given; the rest keep their value)',
  scope: WRITE,
  document: `mutation RestUpdateIvaConfig($input: IvaConfigInput!) { updateIvaConfig(input: $input) { ${CONFIG_FIELDS} } }`,
  variables({ body }) {
    const object = onlyFields(body, ['vat_condition', 'prorata', 'prorata_coefficient', 'sources', 'default_period'], 'the VAT settings');
    const input = Object.fromEntries(Object.entries(object).map(([key, value]) => [camel(key), value]));
    if (input.sources !== undefined && input.sources !== null) {
      const sources = onlyFields(input.sources, ['received_invoices', 'expenses', 'issued_vouchers'], 'sources');
      input.sources = Object.fromEntries(Object.entries(sources).map(([key, value]) => [camel(key), value]));
    }
    return { input };
  },
  respond: (data) => ({ status: 200, data: data.updateIvaConfig, extra: { message: 'VAT book settings saved.' } }),
  pathRenames: { 'input.vatCondition': 'vat_condition', 'input.prorataCoefficient': 'prorata_coefficient', 'input.defaultPeriod': 'default_period', input: '' },
  requestBody: {
    type: 'object',
    properties: {
      vat_condition: { type: 'string', enum: ['responsable_inscripto', 'exento', 'monotributo', 'no_alcanzado'] },
      prorata: { type: 'string', enum: ['none', 'global'], description: 'global: only prorata_coefficient of the purchase VAT computes (art. 13).' },
      prorata_coefficient: {
        examples: [1],
        type: 'number',
        minimum: 0,
        maximum: 1,
        description: 'Taxed sales / total sales, 4 decimals (ignored, and 1, with none).',
      },
      sources: {
        type: 'object',
        properties: { received_invoices: { type: 'boolean' }, expenses: { type: 'boolean' }, issued_vouchers: { type: 'boolean' } },
        additionalProperties: false,
      },
      default_period: { examples: ['2025-03'], type: ['string', 'null'], pattern: '^\\d{4}-\\d{2}$' },
    },
    additionalProperties: false,
  },
  responseSchema: ref('IvaConfig'),
  responseExtra: { message: { examples: ['VAT book settings saved.'], type: 'string' } },
  successStatus: 200,
};

const BOOK_FIELDS = `_id: id period book_type: bookType status count entries_to_review: entriesToReview total vat computable_credit: computableCredit rates { ${RATE_FIELDS} }`;

const entriesPaging = queryReading((reader) => readPaging(reader, LIST_PAGING));

const ENTRIES_LIST: RestRoute = {
  method: 'get',
  path: `${BASE}/books/{book_id}/entries/`,
  summary: `A book's lines in date order (book_id YYYY-MM-purchases or YYYY-MM-sales; pages of at most ${MAX_PAGE_SIZE})`,
  scope: READ,
  document: `query RestIvaBookEntries($bookId: ID!, $first: Int, $offset: Int) {
    ivaBookEntries(bookId: $bookId, first: $first, offset: $offset) { totalCount nodes { ${ENTRY_FIELDS} } }
  }`,
  variables({ params, query }) {
    const paging = entriesPaging(query);
    return { bookId: params.book_id, first: paging.size, offset: (paging.page - 1) * paging.size };
  },
  respond(data, { query }) {
    const connection = data.ivaBookEntries as { totalCount: number; nodes: unknown[] };
    return { status: 200, data: pagedAnswer(LIST_PAGING, entriesPaging(query), connection.nodes, connection.totalCount) };
  },
  pathRenames: { first: 'limit', offset: 'page', bookId: 'book_id' },
  parameters: pagingParameters(LIST_PAGING),
  responseSchema: pagedSchema(LIST_PAGING, ref('IvaBookEntry')),
  successStatus: 200,
};

const BOOK: RestRoute = {
  method: 'get',
  path: `${BASE}/books/{period}/{book_type}/`,
  summary: 'A month’s book (purchases or sales) and its totals per rate; the lines from source documents are brought up to date first while the month is open',
  scope: READ,
  document: `query RestIvaBook($period: String!, $bookType: String!) { ivaBook(period: $period, bookType: $bookType) { ${BOOK_FIELDS} } }`,
  variables: ({ params }) => ({ period: params.period, bookType: params.book_type }),
  respond: (data) => ({ status: 200, data: data.ivaBook }),
  pathRenames: { bookType: 'book_type' },
  responseSchema: ref('IvaBook'),
  successStatus: 200,
};

const ENTRY_CREATE: RestRoute = {
  method: 'post',
  path: `${BASE}/books/{book_id}/entries/`,
  summary: 'Add a manual line to a book, validated like an imported voucher (409 PERIOD_CLOSED when its month is closed)',
  scope: WRITE,
  document: `mutation RestCreateIvaBookEntry($bookId: ID!, $input: IvaBookEntryInput!) {
    createIvaBookEntry(bookId: $bookId, input: $input) { ${ENTRY_FIELDS} etag }
  }`,
  conditional: 'create',
  variables: ({ params, body }) => ({ bookId: params.book_id, input: entryVariables(body) }),
  respond: (data) => ({ status: 201, ...taggedAnswer(data.createIvaBookEntry), extra: { message: 'Entry added.' } }),
  pathRenames: { ...ENTRY_RENAMES, bookId: 'book_id', input: '' },
  requestBody: ref('IvaBookEntryInput'),
  responseSchema: ref('IvaBookEntry'),
  responseExtra: { message: { examples: ['Entry added.'], type: 'string' } },
  successStatus: 201,
};

const ENTRY_GET: RestRoute = {
  method: 'get',
  path: `${BASE}/entries/{entry_id}/`,
  summary: 'One line of a book, manual or generated from a source document',
  scope: READ,
  document: `query RestIvaBookEntry($id: ID!) { ivaBookEntry(id: $id) { ${ENTRY_FIELDS} etag } }`,
  conditional: 'read',
  variables: ({ params }) => ({ id: params.entry_id }),
  respond: (data) => ({ status: 200, ...taggedAnswer(data.ivaBookEntry) }),
  pathRenames: { id: 'entry_id' },
  responseSchema: ref('IvaBookEntry'),
  successStatus: 200,
};

const ENTRY_UPDATE: RestRoute = {
  method: 'put',
  path: `${BASE}/entries/{entry_id}/`,
  summary: 'Replace a manual line (the whole entry; 409 GENERATED_ENTRY for a line from a source document, PERIOD_CLOSED)',
  scope: WRITE,
  document: `mutation RestUpdateIvaBookEntry($id: ID!, $input: IvaBookEntryInput!, $ifMatch: String) {
    updateIvaBookEntry(id: $id, input: $input, ifMatch: $ifMatch) { ${ENTRY_FIELDS} etag }
  }`,
  conditional: 'write',
  variables: ({ params, body, headers }) => ({ id: params.entry_id, input: entryVariables(body), ifMatch: headers['if-match'] }),
  respond: (data) => ({ status: 200, ...taggedAnswer(data.updateIvaBookEntry), extra: { message: 'Entry updated.' } }),
  pathRenames: { ...ENTRY_RENAMES, id: 'entry_id', input: '' },
  requestBody: ref('IvaBookEntryInput'),
  responseSchema: ref('IvaBookEntry'),
  responseExtra: { message: { examples: ['Entry updated.'], type: 'string' } },
  successStatus: 200,
};

const ENTRY_DELETE: RestRoute = {
  method: 'delete',
  path: `${BASE}/entries/{entry_id}/`,
  summary: 'Delete a manual line (409 GENERATED_ENTRY, PERIOD_CLOSED)',
  scope: WRITE,
  document: `mutation RestDeleteIvaBookEntry($id: ID!, $ifMatch: String) { deleteIvaBookEntry(id: $id, ifMatch: $ifMatch) { _id: id } }`,
  conditional: 'write',
  variables: ({ params, headers }) => ({ id: params.entry_id, ifMatch: headers['if-match'] }),
  respond: (data) => ({ status: 200, data: data.deleteIvaBookEntry, extra: { message: 'Entry deleted.' } }),
  pathRenames: { id: 'entry_id' },
  responseSchema: { type: 'object', properties: { _id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string' } }, required: ['_id'] },
  responseExtra: { message: { examples: ['Entry deleted.'], type: 'string' } },
  successStatus: 200,
};

const CLOSE: RestRoute = {
  method: 'post',
  path: `${BASE}/books/{period}/close/`,
  summary: 'Close a month: both books freeze, no line changes and no source document dated in it is accepted (409 PERIOD_CLOSED); no body',
  scope: WRITE,
  document: `mutation RestCloseIvaPeriod($period: String!) { closeIvaPeriod(period: $period) { ${PERIOD_FIELDS} } }`,
  variables({ params, body }) {
    onlyFields(body, [], 'a close');
    return { period: params.period };
  },
  respond: (data) => ({ status: 200, data: periodRow(data.closeIvaPeriod), extra: { message: 'VAT period closed.' } }),
  responseSchema: ref('IvaPeriod'),
  responseExtra: { message: { examples: ['VAT period closed.'], type: 'string' } },
  successStatus: 200,
};

const REOPEN: RestRoute = {
  method: 'post',
  path: `${BASE}/books/{period}/reopen/`,
  summary: 'Reopen a closed month; body reason (required, 3 to 500 characters) is recorded with who reopened it (409 PERIOD_OPEN)',
  scope: WRITE,
  document: `mutation RestReopenIvaPeriod($period: String!, $reason: String) { reopenIvaPeriod(period: $period, reason: $reason) { ${PERIOD_FIELDS} } }`,
  variables({ params, body }) {
    const { reason } = onlyFields(body, ['reason'], 'a reopen');
    // The operation checks it (after the scope): typed here only so GraphQL coercion does not answer first.
    return { period: params.period, reason: typeof reason === 'string' ? reason : null };
  },
  respond: (data) => ({ status: 200, data: periodRow(data.reopenIvaPeriod), extra: { message: 'VAT period reopened.' } }),
  requestBody: {
    type: 'object',
    properties: { reason: { examples: ['Error de carga en el importe'], type: 'string', minLength: 3, maxLength: 500 } },
    required: ['reason'],
    additionalProperties: false,
  },
  responseSchema: ref('IvaPeriod'),
  responseExtra: { message: { examples: ['VAT period reopened.'], type: 'string' } },
  successStatus: 200,
};

const position = (row: unknown) => withRestDateTimes(row as Row, ['calculated_at']);

const SUMMARY: RestRoute = {
  method: 'get',
  path: `${BASE}/summary/{period}/`,
  summary:
    'The month’s position: débito and crédito fiscal per rate, perceptions and withholdings suffered, saldo técnico and saldo de libre disponibilidad carried from the previous calculated month',
  scope: READ,
  document: `query RestIvaSummary($period: String!) { ivaSummary(period: $period) { ${POSITION_FIELDS} } }`,
  variables: ({ params }) => ({ period: params.period }),
  respond: (data) => ({ status: 200, data: position(data.ivaSummary) }),
  responseSchema: ref('IvaPosition'),
  successStatus: 200,
};

const CALCULATE: RestRoute = {
  method: 'post',
  path: `${BASE}/summary/{period}/calculate/`,
  summary:
    'Calculate and store the month’s position (optional body withholdings: VAT withholdings suffered) so the next month carries its balances (409 PERIOD_CLOSED)',
  scope: WRITE,
  document: `mutation RestCalculateIvaSummary($period: String!, $withholdings: Float) {
    calculateIvaSummary(period: $period, withholdings: $withholdings) { ${POSITION_FIELDS} }
  }`,
  variables({ params, body }) {
    const { withholdings } = onlyFields(body, ['withholdings'], 'a calculation');
    if (withholdings !== undefined && withholdings !== null && typeof withholdings !== 'number')
      throw new ValidationError('withholdings must be a number', [{ path: 'withholdings', message: 'must be a number' }]);
    return { period: params.period, withholdings };
  },
  respond: (data) => ({ status: 200, data: position(data.calculateIvaSummary), extra: { message: 'VAT position calculated.' } }),
  requestBody: { type: 'object', properties: { withholdings: { examples: [2100], type: ['number', 'null'], minimum: 0 } }, additionalProperties: false },
  responseSchema: ref('IvaPosition'),
  responseExtra: { message: { examples: ['VAT position calculated.'], type: 'string' } },
  successStatus: 200,
};

/** The F.2002 sections from the position. */
function declaration(row: Row) {
  return {
    period: row.period,
    form: 'F.2002',
    debito_fiscal: { by_rate: row.debit_by_rate, total: row.debit },
    credito_fiscal: { by_rate: row.credit_by_rate, total: row.credit },
    determinacion: {
      saldo_tecnico: row.technical_balance,
      saldo_tecnico_a_favor_anterior: row.previous_technical_favor,
      saldo_tecnico_a_favor_aplicado: row.applied_technical_favor,
      impuesto_determinado: row.determined_tax,
      saldo_tecnico_a_favor_siguiente: row.new_technical_favor,
    },
    libre_disponibilidad: {
      retenciones: row.withholdings,
      percepciones: row.perceptions,
      saldo_libre_disponibilidad_anterior: row.previous_free_balance,
      pagos_a_cuenta: row.payments_on_account,
      saldo_a_pagar: row.to_pay,
      saldo_libre_disponibilidad_siguiente: row.new_free_balance,
    },
    calculated_at: position(row).calculated_at,
  };
}

const money = { type: 'number' };
const DECLARATION: RestRoute = {
  method: 'get',
  path: `${BASE}/declaration/{period}/`,
  summary: 'The F.2002 figures of the month: débito and crédito fiscal per rate, determinación, saldo de libre disponibilidad',
  scope: READ,
  document: `query RestIvaDeclaration($period: String!) { ivaSummary(period: $period) { ${POSITION_FIELDS} } }`,
  variables: ({ params }) => ({ period: params.period }),
  respond: (data) => ({ status: 200, data: declaration(data.ivaSummary as Row) }),
  responseSchema: {
    type: 'object',
    properties: {
      period: { examples: ['2025-03'], type: 'string' },
      form: { const: 'F.2002' },
      debito_fiscal: { type: 'object', properties: { by_rate: { type: 'array', items: ref('IvaRateLine') }, total: { ...money, examples: [121000] } } },
      credito_fiscal: { type: 'object', properties: { by_rate: { type: 'array', items: ref('IvaRateLine') }, total: { ...money, examples: [121000] } } },
      determinacion: { type: 'object', additionalProperties: money },
      libre_disponibilidad: { type: 'object', additionalProperties: money },
      calculated_at: { examples: ['2025-03-14T10:32:05.120'], type: ['string', 'null'] },
    },
    required: ['period', 'form', 'debito_fiscal', 'credito_fiscal', 'determinacion', 'libre_disponibilidad', 'calculated_at'],
  },
  successStatus: 200,
};

const EXPORT: RestRoute = {
  method: 'get',
  path: `${BASE}/export/{period}/{book_type}/`,
  summary:
    'The Libro IVA Digital TXT pair of a book (…_CBTE and …_ALICUOTAS: fixed width, CRLF, windows-1252) as a ZIP download; errors answer in the JSON envelope',
  scope: READ,
  document: `query RestIvaBookExport($period: String!, $bookType: String!) { ivaBookExport(period: $period, bookType: $bookType) { zip_name: zipName zip: zipBase64 } }`,
  variables: ({ params }) => ({ period: params.period, bookType: params.book_type }),
  respond(data) {
    const { zip_name, zip } = data.ivaBookExport as { zip_name: string; zip: string };
    return { status: 200, data: null, file: { name: zip_name, contentType: 'application/zip', body: Buffer.from(zip, 'base64') } };
  },
  pathRenames: { bookType: 'book_type' },
  responseSchema: { type: 'string', format: 'binary' },
  download: { contentTypes: ['application/zip'] },
  examples: {
    response: {
      name: 'compras-2025-03',
      summary: 'LIBRO_IVA_DIGITAL_COMPRAS_2025-03.zip',
      description:
        'A ZIP of two fixed-width text files: LIBRO_IVA_DIGITAL_COMPRAS_CBTE.txt (one 325-character line per voucher) and LIBRO_IVA_DIGITAL_COMPRAS_ALICUOTAS.txt (one 84-character line per VAT rate of each voucher), windows-1252, CRLF.',
    },
  },
  successStatus: 200,
};

/** Fixed and longer paths before the ones they would shadow (`/books/{book_id}/entries/` before `/books/{period}/{book_type}/`). */
export const IVA_ROUTES: RestRoute[] = [
  CONFIG_GET,
  CONFIG_PUT,
  ENTRIES_LIST,
  ENTRY_CREATE,
  CLOSE,
  REOPEN,
  BOOK,
  ENTRY_GET,
  ENTRY_UPDATE,
  ENTRY_DELETE,
  SUMMARY,
  CALCULATE,
  DECLARATION,
  EXPORT,
];

const rateLine = {
  type: 'object',
  properties: { rate: { examples: [2], type: 'number' }, base: { ...money, examples: [100000] }, vat: { ...money, examples: [21000] } },
  required: ['rate', 'base', 'vat'],
};
const ENTRY_PROPERTIES: Record<string, Record<string, unknown>> = {
  date: { examples: ['2025-03-14'], type: 'string', format: 'date' },
  voucher_type: { examples: [1], type: 'integer', description: 'ARCA voucher code (1 Factura A, 3 NC A, 6 Factura B, 66 despacho…).' },
  sale_point: { examples: [4], type: 'integer', minimum: 0, maximum: 99999 },
  voucher_number: { examples: [12345], type: 'integer', minimum: 1 },
  voucher_number_to: { examples: [12345], type: ['integer', 'null'], description: 'Last number of grouped daily B/C sales (default voucher_number).' },
  customs_dispatch: { examples: ['25001IC04012345K'], type: 'string', maxLength: 16, description: 'Required for type 66.' },
  document_type: { examples: [80], type: 'integer', description: '80 CUIT, 86 CUIL, 96 DNI, 99 final consumer (sales only)…' },
  document_number: { examples: ['30708123451'], type: 'string', pattern: '^\\d{1,20}$', description: 'A CUIT/CUIL must have a valid check digit.' },
  counterpart_name: { examples: ['Papelera del Plata SA'], type: 'string', minLength: 1, maxLength: 300 },
  currency: { examples: ['ARS'], type: 'string', description: 'ARCA code: PES (default), DOL, 060…' },
  exchange_rate: { examples: [1], type: 'number', description: 'Pesos per unit, 6 decimals; 1 for PES. Amounts are in pesos.' },
  total: { ...money, examples: [121000] },
  untaxed: { examples: [0], ...money, description: 'No gravado.' },
  exempt: { examples: [0], ...money, description: 'Exento.' },
  vat_perception: { examples: [3000], ...money, description: 'Percepciones de IVA suffered (purchases).' },
  national_perception: { examples: [0], ...money, description: 'Other national perceptions / payments on account.' },
  gross_income_perception: { examples: [0], ...money, description: 'Percepciones de Ingresos Brutos.' },
  municipal_perception: { ...money, examples: [0] },
  internal_taxes: { ...money, examples: [0] },
  other_taxes: { ...money, examples: [0] },
  vat_lines: { type: 'array', maxItems: 9, items: rateLine, description: 'One per rate; vat = round(base × rate, 2) exactly.' },
  payment_due_date: { examples: ['2025-04-13'], type: ['string', 'null'], format: 'date' },
};

export const IVA_COMPONENTS: Record<string, Record<string, unknown>> = {
  IvaRateLine: rateLine,
  IvaConfig: {
    type: 'object',
    properties: {
      vat_condition: { type: 'string', enum: ['responsable_inscripto', 'exento', 'monotributo', 'no_alcanzado'] },
      prorata: { type: 'string', enum: ['none', 'global'] },
      prorata_coefficient: { examples: [1], type: 'number' },
      sources: {
        type: 'object',
        properties: { received_invoices: { type: 'boolean' }, expenses: { type: 'boolean' }, issued_vouchers: { type: 'boolean' } },
        required: ['received_invoices', 'expenses', 'issued_vouchers'],
      },
      default_period: { examples: ['2025-03'], type: ['string', 'null'] },
    },
    required: ['vat_condition', 'prorata', 'prorata_coefficient', 'sources', 'default_period'],
  },
  IvaBook: {
    type: 'object',
    properties: {
      _id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string', description: 'The book_id: YYYY-MM-purchases or YYYY-MM-sales.' },
      period: { examples: ['2025-03'], type: 'string' },
      book_type: { type: 'string', enum: ['purchases', 'sales'] },
      status: { type: 'string', enum: ['open', 'closed'] },
      count: { examples: [3], type: 'integer' },
      entries_to_review: { examples: [1], type: 'integer', description: 'Lines that need review; the Libro IVA Digital export waits for them (409).' },
      total: {
        examples: [121000],
        ...money,
        description: 'In pesos: a foreign-currency voucher counts each stated amount × its rate, rounded to the centavo.',
      },
      vat: { ...money, examples: [21000] },
      computable_credit: { ...money, examples: [21000] },
      rates: { type: 'array', items: rateLine },
    },
    required: ['_id', 'period', 'book_type', 'status', 'count', 'entries_to_review', 'total', 'vat', 'computable_credit', 'rates'],
  },
  IvaBookEntryInput: {
    type: 'object',
    properties: ENTRY_PROPERTIES,
    required: ['date', 'voucher_type', 'sale_point', 'voucher_number', 'document_type', 'document_number', 'counterpart_name', 'total'],
    additionalProperties: false,
  },
  IvaBookEntry: {
    type: 'object',
    properties: {
      _id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string' },
      book_id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string' },
      period: { examples: ['2025-03'], type: 'string' },
      book_type: { type: 'string', enum: ['purchases', 'sales'] },
      origin: { type: 'string', enum: ['received_invoice', 'expense', 'issued_voucher', 'manual'] },
      source_id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: ['string', 'null'] },
      ...ENTRY_PROPERTIES,
      vat: { ...money, examples: [21000] },
      operation_code: { examples: ['0'], type: 'string', description: 'Libro IVA Digital código de operación: space, N, E, X…' },
      computable_credit: { ...money, examples: [21000] },
      total_pesos: { examples: [121000], ...money, description: 'The amounts above are in the voucher currency; this is round(total × rate).' },
      vat_pesos: { examples: [21000], ...money, description: 'Σ round(VAT of a rate × rate): what the book adds up.' },
      computable_credit_pesos: { ...money, examples: [21000] },
      needs_review: { type: 'boolean' },
      review_reason: { examples: ['La alícuota declarada no coincide con el neto'], type: ['string', 'null'] },
    },
    required: [
      '_id',
      'book_id',
      'period',
      'book_type',
      'origin',
      'source_id',
      ...ENTRY_BODY_FIELDS.map(snake),
      'vat',
      'operation_code',
      'computable_credit',
      'total_pesos',
      'vat_pesos',
      'computable_credit_pesos',
      'needs_review',
      'review_reason',
    ],
  },
  IvaPeriod: {
    type: 'object',
    properties: {
      period: { examples: ['2025-03'], type: 'string' },
      status: { type: 'string', enum: ['open', 'closed'] },
      closed_at: { examples: ['2025-03-14T10:32:05.120'], type: ['string', 'null'] },
      closed_by: { examples: ['contadora@estudiorivas.com.ar'], type: ['string', 'null'] },
      history: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            action: { type: 'string', enum: ['closed', 'reopened'] },
            at: { examples: ['2025-03-14T10:32:05.120'], type: 'string' },
            by: { examples: ['contadora@estudiorivas.com.ar'], type: 'string' },
            reason: { examples: ['Error de carga en el importe'], type: ['string', 'null'] },
          },
          required: ['action', 'at', 'by', 'reason'],
        },
      },
    },
    required: ['period', 'status', 'closed_at', 'closed_by', 'history'],
  },
  IvaPosition: {
    type: 'object',
    properties: {
      period: { examples: ['2025-03'], type: 'string' },
      debit: { examples: [21000], ...money, description: 'Débito fiscal (sales VAT; credit notes subtract).' },
      credit: { examples: [21000], ...money, description: 'Crédito fiscal computable (after pro-rata).' },
      debit_by_rate: { type: 'array', items: rateLine },
      credit_by_rate: { type: 'array', items: rateLine },
      perceptions: { examples: [3000], ...money, description: 'VAT perceptions suffered (purchases book).' },
      withholdings: { examples: [2100], ...money, description: 'VAT withholdings suffered, as given to calculate.' },
      technical_balance: { examples: [150000], ...money, description: 'débito − crédito.' },
      previous_technical_favor: { ...money, examples: [0] },
      applied_technical_favor: { ...money, examples: [0] },
      determined_tax: { ...money, examples: [150000] },
      new_technical_favor: { examples: [0], ...money, description: 'Saldo técnico a favor carried to the next month.' },
      previous_free_balance: { examples: [0], ...money, description: 'Saldo de libre disponibilidad of the previous calculated month.' },
      payments_on_account: { ...money, examples: [0] },
      to_pay: { ...money, examples: [150000] },
      new_free_balance: { examples: [0], ...money, description: 'Saldo de libre disponibilidad carried to the next month.' },
      calculated_at: { examples: ['2025-03-14T10:32:05.120'], type: ['string', 'null'] },
    },
  },
};
