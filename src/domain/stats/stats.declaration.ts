import { day, decimal, text, whole } from '../declare/field';
import { arg, declareOperation } from '../declare/operation';
import { declareShape, listOf, nested } from '../declare/shape';
import { EXPENSE_STATUSES_FOR_SERIES, INTERVALS, MAX_RANGE_DAYS, MEASURES } from './series';

/**
 * The statistics' operations and their result shapes. The statistics compute their amounts in pesos (from the daily
 * totals' centavos), so their amounts are decimals here, not money: nothing is converted twice.
 */

const pesos = (example: number, description?: string) => decimal({ example, description });

const COUNT_TOTAL = declareShape({
  type: 'StatsCountTotal',
  description: 'How many documents and their total in pesos (foreign currency at its own exchange rate).',
  fields: { count: whole({ example: 3 }), total: pesos(121000) },
});

const STATUS_BUCKET = declareShape({
  type: 'StatsStatusBucket',
  description: 'Count and total of the documents in one status.',
  fields: { status: text(20, { example: 'pending' }), count: whole({ example: 3 }), total: pesos(121000) },
});

const EXPENSES = declareShape({
  type: 'StatsExpenses',
  description: 'Expenses of the month by their day: count, total and the split by status.',
  fields: { count: whole({ example: 3 }), total: pesos(121000), byStatus: listOf(STATUS_BUCKET) },
});

const VAT_POSITION = declareShape({
  type: 'StatsVatPosition',
  description:
    'Provisional VAT position of the month: débito fiscal of issued vouchers (credit notes subtract) minus crédito fiscal of received invoices (their per-rate VAT) and posted expenses (their IVA items). Not a filed return.',
  fields: {
    debit: pesos(21000),
    credit: pesos(21000),
    position: pesos(1, 'debit − credit: positive is owed to the tax authority.'),
  },
});

const PERIOD_FIGURES = declareShape({
  type: 'StatsPeriodFigures',
  description: 'The figures of one month (Argentine calendar).',
  fields: {
    period: text(7, { example: '2025-03', description: 'YYYY-MM.' }),
    purchases: nested(COUNT_TOTAL, {
      description: 'Received invoices issued in the month.',
      restDescription: 'Received invoices issued in the month, in pesos.',
    }),
    expenses: nested(EXPENSES),
    pendingReceivedInvoices: nested(COUNT_TOTAL, { description: 'Received invoices of the month still pending.' }),
    fce: listOf(STATUS_BUCKET, {
      description: 'Issued FCE vouchers (types 201–213) by FCE status; none recorded counts as pending.',
      restDescription: 'Issued FCE vouchers (types 201–213) by FCE status.',
    }),
    vat: nested(VAT_POSITION, { restDescription: 'Provisional VAT position of the month: débito fiscal − crédito fiscal.' }),
  },
});

const STOCK = declareShape({
  type: 'StatsStock',
  description: 'Stock value now: quantity on hand times the unit amount.',
  fields: {
    productsValue: pesos(845050, 'Products at their price.'),
    suppliesValue: pesos(275999.4, 'Supplies at their default amount.'),
    total: pesos(121000),
  },
});

const DASHBOARD = declareShape({
  type: 'StatsDashboard',
  description: 'The dashboard: a month beside the month before, and the stock value now.',
  fields: { current: nested(PERIOD_FIGURES), previous: nested(PERIOD_FIGURES), stock: nested(STOCK) },
});

export const STATS_DASHBOARD = declareOperation({
  name: 'statsDashboard',
  description: 'The month (`period` YYYY-MM, default the current one in Argentina) beside the month before.',
  scope: 'stats:read',
  args: {
    period: arg.text(7, { rest: { description: 'YYYY-MM (default: the current month in Argentina).', pattern: '^\\d{4}-\\d{2}$' } }),
  },
  result: DASHBOARD,
  rest: {
    method: 'get',
    path: '/stats/dashboard/',
    summary:
      'The month’s purchases, expenses, pending received invoices, FCE by status and VAT position beside the month before, and the stock value (`period` YYYY-MM, default this month)',
  },
});

const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

/** A series request: the measure, the bucket size and the Argentine days it covers, with the measure's own filters. */
const SERIES_INPUT = declareShape({
  type: 'TransactionSeriesInput',
  description: 'A time series request: the measure, the bucket size and the Argentine days it covers, with the measure’s own filters.',
  fields: {
    measure: text(20, {
      required: true,
      values: MEASURES,
      description: 'purchases (received invoices, net of credit notes), expenses, or sales (issued vouchers, net of credit notes).',
      restDescription:
        'purchases: received invoices by issue day, in pesos at each voucher’s exchange rate, credit notes subtracting; expenses: by their day; sales: issued vouchers by issue day, credit notes subtracting. An unknown measure is a 400 UNKNOWN_MEASURE.',
    }),
    interval: text(10, {
      values: INTERVALS,
      default: 'month',
      description: 'day, week (ISO, Monday to Sunday) or month (default).',
      restDescription: 'week: ISO weeks, Monday to Sunday.',
    }),
    from: day({
      required: true,
      example: '2025-03-01',
      pattern: DAY_PATTERN,
      description: 'First Argentine day, YYYY-MM-DD.',
      restDescription: 'First Argentine day (UTC−3), included.',
    }),
    to: day({
      required: true,
      example: '2025-03-31',
      pattern: DAY_PATTERN,
      description: 'Last Argentine day, YYYY-MM-DD (included); at most 366 days by day, 3 years by week, 10 years by month.',
      restDescription: `Last Argentine day, included; at most ${MAX_RANGE_DAYS.day} days by day, ${MAX_RANGE_DAYS.week} by week, ${MAX_RANGE_DAYS.month} by month.`,
    }),
    supplierTaxId: text(11, {
      example: '30708123451',
      description: 'purchases: only this supplier’s CUIT.',
      restDescription: 'purchases only: the supplier’s CUIT as the invoices carry it.',
    }),
    supplierId: text(24, {
      example: '6650a1c2e4b0d5a7c8e9f012',
      description: 'expenses: only this supplier (id).',
      restDescription: 'expenses only: the supplier’s id.',
    }),
    category: text(100, { example: 'Servicios', description: 'expenses: only this category.', restDescription: 'expenses only.' }),
    status: text(20, {
      example: 'pending',
      description: 'purchases: pending, linked or ignored; expenses: pending, approved, paid, cancelled or refunded.',
      restDescription: `purchases: pending, linked or ignored; expenses: ${EXPENSE_STATUSES_FOR_SERIES.join(', ')}.`,
    }),
    customerTaxId: text(11, {
      example: '30690123459',
      description: 'sales: only this customer’s document number (CUIT, DNI).',
      restDescription: 'sales only: the customer’s document number as the vouchers carry it.',
    }),
  },
});

const SERIES_BUCKET = declareShape({
  type: 'TransactionSeriesBucket',
  description: 'One bucket: its first and last Argentine day (clipped to the range), how many documents and their total in pesos.',
  fields: { start: text(10, { example: '2025-03-01' }), end: text(10, { example: '2025-03-31' }), count: whole({ example: 3 }), total: pesos(121000) },
});

const SERIES = declareShape({
  type: 'TransactionSeries',
  description: 'A time series of one measure, every bucket of the range in order (empty ones with zeros).',
  fields: {
    measure: text(20, { values: MEASURES }),
    interval: text(10, { values: INTERVALS }),
    from: text(10, { example: '2025-03-01' }),
    to: text(10, { example: '2025-03-31' }),
    count: whole({ example: 3 }),
    total: decimal({ example: 121000, restDescription: 'Pesos.' }),
    buckets: listOf(SERIES_BUCKET, {
      restDescription: 'Every bucket of the range in order, empty ones with zeros; the first and last are clipped to from and to.',
    }),
  },
});

export const TRANSACTION_SERIES = declareOperation({
  name: 'transactionSeries',
  description: 'A time series of purchases, expenses or sales by day, ISO week or month, bucketed on Argentine days (UTC−3).',
  scope: 'stats:read',
  args: { input: arg.input(SERIES_INPUT, { required: true, rest: { in: 'body' } }) },
  result: SERIES,
  rest: {
    method: 'post',
    path: '/stats/transactions/',
    summary:
      'A time series of purchases, expenses or sales by day, ISO week or month over Argentine days `from` to `to`, with the measure’s filters (a read: stats:read)',
    operationId: 'RestStatsTransactions',
    body: 'a series request',
  },
});
