import type { Document, ObjectId } from 'mongodb';
import { z } from 'zod';
import type { CollectionName } from '../../store/catalog';
import { requirePrincipal, type RequestContext } from '../context';
import { ValidationError } from '../errors';
import { fromCents } from '../money';
import { objectIdSchema, parseInput } from '../validation';
import { ARGENTINE_OFFSET_MS, argentineMidnight } from './argentine-time';
import type { StatsSource } from './daily-totals';
import { currentTotals } from './current-totals';
import { pesosCents } from './stats.pesos';

export const MEASURES = ['purchases', 'expenses', 'sales'] as const;
export type Measure = (typeof MEASURES)[number];
export const INTERVALS = ['day', 'week', 'month'] as const;
export type Interval = (typeof INTERVALS)[number];

/** The longest range (days, both ends included) of each interval: at most 366 daily, 157 weekly or 120 monthly buckets. */
export const MAX_RANGE_DAYS: Record<Interval, number> = { day: 366, week: 1096, month: 3653 };

const DAY_MS = 86_400_000;
const RECEIVED_STATUSES = ['pending', 'linked', 'ignored'] as const;
export const EXPENSE_STATUSES_FOR_SERIES = ['pending', 'approved', 'paid', 'cancelled', 'refunded'] as const;

/** Which optional filters each measure has, and the values `status` takes for it. */
const FILTERS: Record<Measure, { fields: readonly string[]; statuses: readonly string[] }> = {
  purchases: { fields: ['supplierTaxId', 'status'], statuses: RECEIVED_STATUSES },
  expenses: { fields: ['supplierId', 'category', 'status'], statuses: EXPENSE_STATUSES_FOR_SERIES },
  sales: { fields: ['customerTaxId'], statuses: [] },
};

const day = z.string({ message: 'must be a day YYYY-MM-DD' }).refine((value) => argentineMidnight(value) !== null, 'must be a day YYYY-MM-DD (2000 to 2100)');
const taxId = z.string().trim().min(1).max(20);

const seriesSchema = z
  .object({
    measure: z.enum(MEASURES),
    interval: z.enum(INTERVALS).default('month'),
    from: day,
    to: day,
    supplierTaxId: taxId.optional(),
    supplierId: objectIdSchema().optional(),
    category: z.string().trim().min(1).max(100).optional(),
    status: z.string().optional(),
    customerTaxId: taxId.optional(),
  })
  .strict();

export type SeriesInput = z.input<typeof seriesSchema>;

export interface SeriesBucket {
  /** First and last Argentine day of the bucket, clipped to the range. */
  start: string;
  end: string;
  count: number;
  total: number;
}

export interface Series {
  measure: Measure;
  interval: Interval;
  from: string;
  to: string;
  buckets: SeriesBucket[];
  count: number;
  total: number;
}

type Parsed = z.output<typeof seriesSchema>;

/** The request, checked: a known measure (UNKNOWN_MEASURE otherwise), its own filters only, a bounded range. */
export function parseSeries(input: unknown): Parsed {
  const measure = (input as { measure?: unknown } | null)?.measure;
  if (typeof measure === 'string' && !(MEASURES as readonly string[]).includes(measure))
    throw new ValidationError(
      `unknown measure ${JSON.stringify(measure.slice(0, 40))}`,
      [{ path: 'measure', message: `one of ${MEASURES.join(', ')}` }],
      'UNKNOWN_MEASURE',
    );
  const parsed = parseInput(seriesSchema, input);
  const problems: Array<{ path: string; message: string }> = [];
  const allowed = FILTERS[parsed.measure];
  for (const field of ['supplierTaxId', 'supplierId', 'category', 'status', 'customerTaxId'] as const)
    if (parsed[field] !== undefined && !allowed.fields.includes(field)) problems.push({ path: field, message: `does not apply to ${parsed.measure}` });
  if (parsed.status !== undefined && allowed.statuses.length && !allowed.statuses.includes(parsed.status))
    problems.push({ path: 'status', message: `one of ${allowed.statuses.join(', ')}` });
  const span = (Date.parse(parsed.to) - Date.parse(parsed.from)) / DAY_MS + 1;
  if (span < 1) problems.push({ path: 'to', message: 'must not be before from' });
  else if (span > MAX_RANGE_DAYS[parsed.interval])
    problems.push({ path: 'to', message: `a ${parsed.interval} series covers at most ${MAX_RANGE_DAYS[parsed.interval]} days` });
  if (problems.length) throw new ValidationError('invalid series request', problems);
  return parsed;
}

/** Milliseconds since the epoch of a date expression. */
const msOf = (date: unknown) => ({ $subtract: [date, new Date(0)] });

/**
 * The bucket of a document as a number, from its Argentine calendar date (`local`, a Date at that day's UTC
 * midnight): days since the epoch; the Monday of its ISO week (the epoch was a Thursday); or year × 12 + month − 1.
 */
function bucketOf(local: unknown, interval: Interval): Document {
  const days = { $floor: { $divide: [msOf(local), DAY_MS] } };
  if (interval === 'day') return days;
  if (interval === 'week') return { $subtract: [days, { $mod: [{ $add: [days, 3] }, 7] }] };
  return { $add: [{ $multiply: [{ $year: local }, 12] }, { $month: local }, -1] };
}

/** Centavos in pesos of a stored amount, foreign currency at the document's own rate; credit notes subtract. */
const netPesos = (field: string): Document => ({
  $multiply: [pesosCents(field), { $cond: [{ $eq: ['$voucher_class', 'credit_note'] }, -1, 1] }],
});

interface Source {
  collection: CollectionName;
  match: Document;
  local: unknown;
  cents: Document;
}

function sourceOf(accountId: unknown, request: Parsed, fromInstant: Date, toInstant: Date): Source {
  const instants = { $gte: fromInstant, $lt: toInstant };
  if (request.measure === 'expenses') {
    const match: Document = { account_id: accountId, date: { $gte: request.from, $lte: request.to } };
    if (request.supplierId) match.supplier_id = request.supplierId;
    if (request.category) match.category = request.category;
    if (request.status) match.status = request.status;
    // An expense's date is already an Argentine calendar day.
    return { collection: 'expenses', match, local: { $dateFromString: { dateString: '$date', format: '%Y-%m-%d' } }, cents: { $ifNull: ['$amount_cents', 0] } };
  }
  // Vouchers carry the instant of their Argentine day's start: three hours back is that day's UTC midnight.
  const local = { $subtract: ['$issue_date', ARGENTINE_OFFSET_MS] };
  if (request.measure === 'purchases') {
    const match: Document = { account_id: accountId, issue_date: instants };
    if (request.supplierTaxId) match.supplier_cuit = request.supplierTaxId;
    if (request.status) match.status = request.status;
    return { collection: 'received_invoices', match, local, cents: netPesos('total_amount_cents') };
  }
  const match: Document = { account_id: accountId, issue_date: instants };
  if (request.customerTaxId) match.receiver_doc = request.customerTaxId;
  return { collection: 'issued_vouchers', match, local, cents: netPesos('total_amount_cents') };
}

type Group = { _id: number; count: number; cents: number };

/** Without a supplier, category or customer filter, the daily totals hold the series (a status is their key). */
const byDailyTotals = (request: Parsed) => !request.supplierTaxId && !request.supplierId && !request.category && !request.customerTaxId;

const SOURCE_OF: Record<Measure, StatsSource> = { purchases: 'received_invoices', expenses: 'expenses', sales: 'issued_vouchers' };

/**
 * The buckets from the daily totals of the range's days: some hundreds of small records instead of every document.
 * Days not settled yet (an import's) are left out of the stored ones and added from their documents, as a recount
 * would leave them.
 */
async function fromDailyTotals(context: RequestContext, accountId: ObjectId, request: Parsed): Promise<Group[]> {
  const source = SOURCE_OF[request.measure];
  const { recounted, fresh } = await currentTotals(context.store, accountId, source, request.from, request.to);
  const day: Document = { $gte: request.from, $lte: request.to };
  if (recounted.size) day.$nin = [...recounted];
  const stored = await context.store
    .collection('stats_daily_totals')
    .aggregate<Group>([
      { $match: { account_id: accountId, source, day } },
      { $unwind: '$groups' },
      ...(request.status ? [{ $match: { 'groups.key': request.status } }] : []),
      {
        $group: {
          _id: bucketOf({ $dateFromString: { dateString: '$day', format: '%Y-%m-%d' } }, request.interval),
          count: { $sum: '$groups.count' },
          cents: { $sum: '$groups.net_cents' },
        },
      },
    ])
    .toArray();
  const byKey = new Map(stored.map((group) => [group._id, group]));
  for (const doc of fresh)
    for (const group of doc.groups) {
      if (request.status && group.key !== request.status) continue;
      const key = bucketKeyOf(daysOf(doc.day), request.interval);
      const sum = byKey.get(key) ?? { _id: key, count: 0, cents: 0 };
      sum.count += group.count;
      sum.cents += group.net_cents;
      byKey.set(key, sum);
    }
  return [...byKey.values()];
}

/** The buckets from the documents themselves (filters the totals do not split by). */
function fromDocuments(context: RequestContext, source: Source, interval: Interval): Promise<Group[]> {
  return context.store
    .collection(source.collection)
    .aggregate<Group>([{ $match: source.match }, { $group: { _id: bucketOf(source.local, interval), count: { $sum: 1 }, cents: { $sum: source.cents } } }])
    .toArray();
}

const dayText = (days: number) => new Date(days * DAY_MS).toISOString().slice(0, 10);
const daysOf = (text: string) => Date.parse(`${text}T00:00:00Z`) / DAY_MS;

/** The bucket of a day (days since the epoch), as bucketOf computes it in the database. */
function bucketKeyOf(days: number, interval: Interval): number {
  if (interval === 'day') return days;
  if (interval === 'week') return days - ((days + 3) % 7);
  const date = new Date(days * DAY_MS);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

/** Every bucket of the range in order, as [key, first day, last day], clipped to the range. */
function bucketsOf(from: string, to: string, interval: Interval): Array<[number, string, string]> {
  const first = daysOf(from);
  const last = daysOf(to);
  const out: Array<[number, string, string]> = [];
  for (let start = first; start <= last; ) {
    const key = bucketKeyOf(start, interval);
    const date = new Date(start * DAY_MS);
    const next = interval === 'day' ? start + 1 : interval === 'week' ? key + 7 : Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / DAY_MS;
    out.push([key, dayText(start), dayText(Math.min(next - 1, last))]);
    start = next;
  }
  return out;
}

/**
 * A time series of one measure over Argentine days `from` to `to` (both included), by day, ISO week (Monday to
 * Sunday) or month: one aggregation, grouped by bucket in the database, over the range's daily totals, or over the
 * range of an (account, date) index of the documents when a filter needs them; buckets without documents are zeros.
 */
export async function transactionSeries(context: RequestContext, input: unknown): Promise<Series> {
  const request = parseSeries(input);
  const accountId = requirePrincipal(context).accountId;
  const fromInstant = argentineMidnight(request.from)!;
  const toInstant = new Date(argentineMidnight(request.to)!.getTime() + DAY_MS);
  const groups = byDailyTotals(request)
    ? await fromDailyTotals(context, accountId, request)
    : await fromDocuments(context, sourceOf(accountId, request, fromInstant, toInstant), request.interval);
  const byKey = new Map(groups.map((group) => [group._id, group]));
  const buckets = bucketsOf(request.from, request.to, request.interval).map(([key, start, end]) => {
    const group = byKey.get(key);
    return { start, end, count: group?.count ?? 0, total: fromCents(group?.cents ?? 0), cents: group?.cents ?? 0 };
  });
  const cents = buckets.reduce((sum, bucket) => sum + bucket.cents, 0);
  return {
    measure: request.measure,
    interval: request.interval,
    from: request.from,
    to: request.to,
    buckets: buckets.map(({ cents: _cents, ...bucket }) => bucket),
    count: buckets.reduce((sum, bucket) => sum + bucket.count, 0),
    total: fromCents(cents),
  };
}
