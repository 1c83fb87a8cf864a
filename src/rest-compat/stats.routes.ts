import { QueryReader } from './query';
import { ACTIVITY } from './stats-activity';
import { TRANSACTIONS } from './stats-transactions';
import type { RestRoute } from './route';

const COUNT_TOTAL = 'count total';
const BUCKET = 'status count total';
const PERIOD = `period
  purchases { ${COUNT_TOTAL} }
  expenses { count total by_status: byStatus { ${BUCKET} } }
  pending_received_invoices: pendingReceivedInvoices { ${COUNT_TOTAL} }
  fce { ${BUCKET} }
  vat { debit credit position }`;

const countTotal = { type: 'object', properties: { count: { examples: [3], type: 'integer' }, total: { examples: [121000], type: 'number' } } };
const bucket = {
  type: 'object',
  properties: { status: { examples: ['pending'], type: 'string' }, count: { examples: [3], type: 'integer' }, total: { examples: [121000], type: 'number' } },
};
const periodSchema = {
  type: 'object',
  properties: {
    period: { examples: ['2025-03'], type: 'string', description: 'YYYY-MM.' },
    purchases: { ...countTotal, description: 'Received invoices issued in the month, in pesos.' },
    expenses: {
      type: 'object',
      properties: { count: { examples: [3], type: 'integer' }, total: { examples: [121000], type: 'number' }, by_status: { type: 'array', items: bucket } },
    },
    pending_received_invoices: countTotal,
    fce: { type: 'array', items: bucket, description: 'Issued FCE vouchers (types 201–213) by FCE status.' },
    vat: {
      type: 'object',
      description: 'Provisional VAT position of the month: débito fiscal − crédito fiscal.',
      properties: { debit: { examples: [21000], type: 'number' }, credit: { examples: [21000], type: 'number' }, position: { examples: [1], type: 'number' } },
    },
  },
};

const DASHBOARD: RestRoute = {
  method: 'get',
  path: '/stats/dashboard/',
  summary:
    'The month’s purchases, expenses, pending received invoices, FCE by status and VAT position beside the month before, and the stock value (`period` YYYY-MM, default this month)',
  scope: 'stats:read',
  document: `query RestStatsDashboard($period: String) {
    statsDashboard(period: $period) {
      current { ${PERIOD} }
      previous { ${PERIOD} }
      stock { products_value: productsValue supplies_value: suppliesValue total }
    }
  }`,
  variables({ query }) {
    const reader = new QueryReader(query);
    const period = reader.string('period');
    reader.done();
    return { period };
  },
  respond: (data) => ({ status: 200, data: data.statsDashboard }),
  parameters: [{ name: 'period', description: 'YYYY-MM (default: the current month in Argentina).', schema: { type: 'string', pattern: '^\\d{4}-\\d{2}$' } }],
  responseSchema: {
    type: 'object',
    properties: {
      current: periodSchema,
      previous: periodSchema,
      stock: {
        type: 'object',
        properties: {
          products_value: { examples: [845050], type: 'number' },
          supplies_value: { examples: [275999.4], type: 'number' },
          total: { examples: [121000], type: 'number' },
        },
      },
    },
    required: ['current', 'previous', 'stock'],
  },
  successStatus: 200,
};

export const STATS_ROUTES: RestRoute[] = [DASHBOARD, ACTIVITY, TRANSACTIONS];
