import { EXPENSE_STATUSES_FOR_SERIES, INTERVALS, MAX_RANGE_DAYS, MEASURES } from '../domain/stats/series';
import { onlyFields } from './query';
import type { RestRoute } from './route';

/** Body field → GraphQL input field. */
const FIELDS = {
  measure: 'measure',
  interval: 'interval',
  from: 'from',
  to: 'to',
  supplier_tax_id: 'supplierTaxId',
  supplier_id: 'supplierId',
  category: 'category',
  status: 'status',
  customer_tax_id: 'customerTaxId',
} as const;

const day = { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };

export const TRANSACTIONS: RestRoute = {
  method: 'post',
  path: '/stats/transactions/',
  summary:
    'A time series of purchases, expenses or sales by day, ISO week or month over Argentine days `from` to `to`, with the measure’s filters (a read: stats:read)',
  scope: 'stats:read',
  document: /* GraphQL */ `
    query RestStatsTransactions($input: TransactionSeriesInput!) {
      transactionSeries(input: $input) { measure interval from to count total buckets { start end count total } }
    }`,
  variables({ body }) {
    const fields = onlyFields(body, Object.keys(FIELDS), 'a series request');
    return { input: Object.fromEntries(Object.entries(fields).map(([name, value]) => [FIELDS[name as keyof typeof FIELDS], value])) };
  },
  respond: (data) => ({ status: 200, data: data.transactionSeries }),
  pathRenames: Object.fromEntries(Object.entries(FIELDS).map(([rest, graphql]) => [graphql, rest])),
  requestBody: {
    type: 'object',
    properties: {
      measure: {
        type: 'string',
        enum: [...MEASURES],
        description:
          'purchases: received invoices by issue day, in pesos at each voucher’s exchange rate, credit notes subtracting; expenses: by their day; sales: issued vouchers by issue day, credit notes subtracting. An unknown measure is a 400 UNKNOWN_MEASURE.',
      },
      interval: { type: 'string', enum: [...INTERVALS], default: 'month', description: 'week: ISO weeks, Monday to Sunday.' },
      from: { examples: ['2025-03-01'], ...day, description: 'First Argentine day (UTC−3), included.' },
      to: {
        examples: ['2025-03-31'],
        ...day,
        description: `Last Argentine day, included; at most ${MAX_RANGE_DAYS.day} days by day, ${MAX_RANGE_DAYS.week} by week, ${MAX_RANGE_DAYS.month} by month.`,
      },
      supplier_tax_id: { examples: ['30708123451'], type: 'string', description: 'purchases only: the supplier’s CUIT as the invoices carry it.' },
      supplier_id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string', description: 'expenses only: the supplier’s id.' },
      category: { examples: ['Servicios'], type: 'string', description: 'expenses only.' },
      status: {
        examples: ['pending'],
        type: 'string',
        description: `purchases: pending, linked or ignored; expenses: ${EXPENSE_STATUSES_FOR_SERIES.join(', ')}.`,
      },
      customer_tax_id: { examples: ['30690123459'], type: 'string', description: 'sales only: the customer’s document number as the vouchers carry it.' },
    },
    required: ['measure', 'from', 'to'],
    additionalProperties: false,
  },
  responseSchema: {
    type: 'object',
    properties: {
      measure: { type: 'string', enum: [...MEASURES] },
      interval: { type: 'string', enum: [...INTERVALS] },
      from: { examples: ['2025-03-01'], type: 'string' },
      to: { examples: ['2025-03-31'], type: 'string' },
      count: { examples: [3], type: 'integer' },
      total: { examples: [121000], type: 'number', description: 'Pesos.' },
      buckets: {
        type: 'array',
        description: 'Every bucket of the range in order, empty ones with zeros; the first and last are clipped to from and to.',
        items: {
          type: 'object',
          properties: {
            start: { examples: ['2025-03-01'], type: 'string' },
            end: { examples: ['2025-03-31'], type: 'string' },
            count: { examples: [3], type: 'integer' },
            total: { examples: [121000], type: 'number' },
          },
          required: ['start', 'end', 'count', 'total'],
        },
      },
    },
    required: ['measure', 'interval', 'from', 'to', 'count', 'total', 'buckets'],
  },
  successStatus: 200,
};
