import { decimal, text, whole } from '../declare/field';
import { arg, declareOperation } from '../declare/operation';
import { declareShape, listOf, nested } from '../declare/shape';

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
