import type { Document } from 'mongodb';
import { requirePrincipal, type RequestContext } from '../context';
import { ValidationError } from '../errors';
import type { CollectionName } from '../../store/catalog';
import { termPassed } from '../fce/term';
import { fromCents } from '../money';
import { STATS_SOURCES, type StatsDailyTotalDocument, type StatsSource } from './daily-totals';
import { currentTotals } from './current-totals';

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

type Totals = Map<string, { count: number; cents: number; vat: number }>;

/** The key a group of a day counts under (its stored key, unless the reading says otherwise). */
type KeyOf = (key: string, day: string) => string;

/**
 * An FCE still pending when its acceptance term has run out stands accepted (Ley 27.440 art. 6; fce/term.ts), from that
 * instant on, whether or not a write has recorded it yet: reads never write, so the dashboard reads it as the voucher
 * reads it. The term depends only on the issue day, which is the daily total's day.
 */
export const fceStatusAt =
  (now: Date): KeyOf =>
  (key, day) =>
    key === 'pending' && termPassed(new Date(`${day}T03:00:00.000Z`), now) ? 'accepted' : key;

/** A source's groups over one period's days, summed by key. */
function totalsOf(docs: StatsDailyTotalDocument[], source: StatsSource, period: Period, keyOf: KeyOf = (key) => key): Totals {
  const totals: Totals = new Map();
  for (const doc of docs) {
    if (doc.source !== source || doc.day < period.fromDay || doc.day >= period.toDay) continue;
    for (const group of doc.groups) {
      const key = keyOf(group.key, doc.day);
      const sum = totals.get(key) ?? { count: 0, cents: 0, vat: 0 };
      sum.count += group.count;
      sum.cents += group.cents;
      sum.vat += group.vat_cents;
      totals.set(key, sum);
    }
  }
  return totals;
}

const sumOf = (totals: Totals, keep: (key: string) => boolean = () => true) => {
  const sum = { count: 0, cents: 0, vat: 0 };
  for (const [key, group] of totals)
    if (keep(key)) {
      sum.count += group.count;
      sum.cents += group.cents;
      sum.vat += group.vat;
    }
  return sum;
};

const buckets = (totals: Totals, keep: (key: string) => boolean = () => true) =>
  [...totals]
    .filter(([key]) => keep(key))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([status, group]) => ({ status, count: group.count, total: fromCents(group.cents) }));

/** Every figure of one month, from the daily totals of its days (see daily-totals.ts). */
function figuresOf(docs: StatsDailyTotalDocument[], period: Period, now: Date): PeriodFigures {
  const received = totalsOf(docs, 'received_invoices', period);
  const expenses = totalsOf(docs, 'expenses', period);
  const issued = totalsOf(docs, 'issued_vouchers', period, fceStatusAt(now));
  const purchases = sumOf(received);
  const pending = sumOf(received, (key) => key === 'pending');
  const spent = sumOf(expenses);
  const sold = sumOf(issued);
  const debitCents = sold.vat;
  // Crédito fiscal: received invoices' VAT, and posted expenses' IVA items.
  const creditCents = purchases.vat + spent.vat;
  return {
    period: period.period,
    purchases: { count: purchases.count, total: fromCents(purchases.cents) },
    expenses: { count: spent.count, total: fromCents(spent.cents), byStatus: buckets(expenses) },
    pendingReceivedInvoices: { count: pending.count, total: fromCents(pending.cents) },
    // Only FCE vouchers carry a key (their FCE status); other vouchers are ''.
    fce: buckets(issued, (key) => key !== ''),
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

/**
 * The dashboard of a month. `withStock` false leaves the stock value out (null): it reads every product and supply,
 * and a caller asking only for months (a chart of several) need not pay it once per month.
 */
export async function dashboard(
  context: RequestContext,
  periodText?: string,
  now = context.now(),
  withStock = true,
): Promise<Omit<Dashboard, 'stock'> & { stock: Dashboard['stock'] | null }> {
  const accountId = requirePrincipal(context).accountId;
  const period = periodOf(periodText, now);
  const before = previousPeriod(period);
  // Both months of every source in one read: a range of the (account, source, day) index per source. The days not
  // settled yet (an import's) come from their documents instead, so the figures are a recount's without one.
  const last = new Date(Date.parse(`${period.toDay}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const [stored, unsettled, stock] = await Promise.all([
    context.store
      .collection<StatsDailyTotalDocument>('stats_daily_totals')
      .find({ account_id: accountId, source: { $in: [...STATS_SOURCES] }, day: { $gte: before.fromDay, $lt: period.toDay } })
      .toArray(),
    Promise.all(STATS_SOURCES.map((source) => currentTotals(context.store, accountId, source, before.fromDay, last))),
    withStock ? stockOf(context, accountId) : null,
  ]);
  const docs: StatsDailyTotalDocument[] = stored.filter((doc) => !unsettled[STATS_SOURCES.indexOf(doc.source)].recounted.has(doc.day));
  for (const { fresh } of unsettled) docs.push(...fresh);
  return { current: figuresOf(docs, period, now), previous: figuresOf(docs, before, now), stock };
}
