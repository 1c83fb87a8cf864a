import type { Document } from 'mongodb';
import { requirePrincipal, type RequestContext } from '../context';
import { ValidationError } from '../errors';
import type { CollectionName } from '../../store/catalog';
import { fromCents } from '../money';
import { pesosCents } from './pesos';

/** Argentina is UTC−3 all year: a month there starts at 03:00 UTC of its first day. */
const ARGENTINE_OFFSET_MS = 3 * 3600_000;

export interface Period {
  /** YYYY-MM. */
  period: string;
  /** Inclusive start and exclusive end, as instants and as calendar days. */
  from: Date;
  to: Date;
  fromDay: string;
  toDay: string;
}

export function periodOf(text: string | undefined, now = new Date()): Period {
  const argentineNow = new Date(now.getTime() - ARGENTINE_OFFSET_MS);
  const value = text ?? `${argentineNow.getUTCFullYear()}-${String(argentineNow.getUTCMonth() + 1).padStart(2, '0')}`;
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value);
  if (!match || Number(match[1]) < 2000 || Number(match[1]) > 2100)
    throw new ValidationError('period must be YYYY-MM (2000 to 2100)', [{ path: 'period', message: 'must be YYYY-MM' }]);
  return monthPeriod(Number(match[1]), Number(match[2]) - 1);
}

function monthPeriod(year: number, month: number): Period {
  const start = new Date(Date.UTC(year, month, 1));
  const end = new Date(Date.UTC(year, month + 1, 1));
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return {
    period: day(start).slice(0, 7),
    from: new Date(start.getTime() + ARGENTINE_OFFSET_MS),
    to: new Date(end.getTime() + ARGENTINE_OFFSET_MS),
    fromDay: day(start),
    toDay: day(end),
  };
}

export function previousPeriod(period: Period): Period {
  const [year, month] = period.period.split('-').map(Number);
  return monthPeriod(year, month - 2);
}

export const FCE_TYPES = [201, 202, 203, 206, 207, 208, 211, 212, 213];

export interface PeriodFigures {
  period: string;
  purchases: { count: number; total: number };
  expenses: { count: number; total: number; byStatus: Array<{ status: string; count: number; total: number }> };
  pendingReceivedInvoices: { count: number; total: number };
  fce: Array<{ status: string; count: number; total: number }>;
  vat: { debit: number; credit: number; position: number };
}

export interface Dashboard {
  current: PeriodFigures;
  previous: PeriodFigures;
  stock: { productsValue: number; suppliesValue: number; total: number };
}

type Group = { _id: unknown; count: number; cents: number; vat?: number };

/** Every figure of one month, each one aggregation served by an (account_id, date) index. */
async function figuresOf(context: RequestContext, accountId: unknown, period: Period): Promise<PeriodFigures> {
  const db = context.store;
  const issued = { account_id: accountId, issue_date: { $gte: period.from, $lt: period.to } };
  const [received, expenses, pending, fce, debit] = await Promise.all([
    db
      .collection('received_invoices')
      .aggregate<Group>([
        { $match: issued },
        {
          $group: {
            _id: null,
            count: { $sum: 1 },
            cents: { $sum: pesosCents('total_amount_cents') },
            vat: { $sum: { $multiply: [{ $sum: '$vat_items.amount_cents' }, { $ifNull: ['$exchange_rate', 1] }] } },
          },
        },
      ])
      .toArray(),
    db
      .collection('expenses')
      .aggregate<Group & { vatPosted: number }>([
        { $match: { account_id: accountId, date: { $gte: period.fromDay, $lt: period.toDay } } },
        {
          $group: {
            _id: '$status',
            count: { $sum: 1 },
            cents: { $sum: '$amount_cents' },
            vatPosted: { $sum: { $cond: [{ $ifNull: ['$journal_entry_id', false] }, { $sum: '$iva_items.importe_cents' }, 0] } },
          },
        },
        { $sort: { _id: 1 } },
      ])
      .toArray(),
    db
      .collection('received_invoices')
      .aggregate<Group>([
        { $match: { ...issued, status: 'pending' } },
        { $group: { _id: null, count: { $sum: 1 }, cents: { $sum: pesosCents('total_amount_cents') } } },
      ])
      .toArray(),
    db
      .collection('issued_vouchers')
      .aggregate<Group>([
        { $match: { ...issued, voucher_type: { $in: FCE_TYPES } } },
        { $group: { _id: { $ifNull: ['$fce_status', 'pending'] }, count: { $sum: 1 }, cents: { $sum: pesosCents('total_amount_cents') } } },
        { $sort: { _id: 1 } },
      ])
      .toArray(),
    db
      .collection('issued_vouchers')
      .aggregate<Group>([
        { $match: issued },
        // Credit notes (class credit_note) reduce the débito fiscal.
        {
          $group: {
            _id: null,
            count: { $sum: 1 },
            cents: { $sum: { $multiply: [pesosCents('iva_cents'), { $cond: [{ $eq: ['$voucher_class', 'credit_note'] }, -1, 1] }] } },
          },
        },
      ])
      .toArray(),
  ]);
  const expenseCents = expenses.reduce((sum, row) => sum + row.cents, 0);
  const debitCents = debit[0]?.cents ?? 0;
  const creditCents = Math.round(received[0]?.vat ?? 0) + expenses.reduce((sum, row) => sum + row.vatPosted, 0);
  return {
    period: period.period,
    purchases: { count: received[0]?.count ?? 0, total: fromCents(received[0]?.cents ?? 0) },
    expenses: {
      count: expenses.reduce((sum, row) => sum + row.count, 0),
      total: fromCents(expenseCents),
      byStatus: expenses.map((row) => ({ status: String(row._id), count: row.count, total: fromCents(row.cents) })),
    },
    pendingReceivedInvoices: { count: pending[0]?.count ?? 0, total: fromCents(pending[0]?.cents ?? 0) },
    fce: fce.map((row) => ({ status: String(row._id), count: row.count, total: fromCents(row.cents) })),
    vat: { debit: fromCents(debitCents), credit: fromCents(creditCents), position: fromCents(debitCents - creditCents) },
  };
}

/** A unit amount times the quantity on hand (thousandths), in centavos. */
const onHandValue = (cents: string): Document => ({
  $round: [{ $divide: [{ $multiply: [{ $ifNull: [`$${cents}`, 0] }, { $ifNull: ['$stock_milli', 0] }] }, 1000] }, 0],
});

/** Stock value now: products at their price, supplies at their default amount, each times its quantity on hand. */
async function stockOf(context: RequestContext, accountId: unknown): Promise<Dashboard['stock']> {
  const sum = (collection: CollectionName, value: Document) =>
    context.store
      .collection(collection)
      .aggregate<{ cents: number }>([{ $match: { account_id: accountId } }, { $group: { _id: null, cents: { $sum: value } } }])
      .toArray();
  const [products, supplies] = await Promise.all([sum('products', onHandValue('price_cents')), sum('supplies', onHandValue('default_amount_cents'))]);
  const productsCents = products[0]?.cents ?? 0;
  const suppliesCents = supplies[0]?.cents ?? 0;
  return { productsValue: fromCents(productsCents), suppliesValue: fromCents(suppliesCents), total: fromCents(productsCents + suppliesCents) };
}

export async function dashboard(context: RequestContext, periodText?: string, now = new Date()): Promise<Dashboard> {
  const accountId = requirePrincipal(context).accountId;
  const period = periodOf(periodText, now);
  const [current, previous, stock] = await Promise.all([
    figuresOf(context, accountId, period),
    figuresOf(context, accountId, previousPeriod(period)),
    stockOf(context, accountId),
  ]);
  return { current, previous, stock };
}
