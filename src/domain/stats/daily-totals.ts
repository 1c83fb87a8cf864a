import type { AnyBulkWriteOperation, ClientSession, Db, Document, ObjectId } from 'mongodb';
import { FCE_TYPES } from '../fce/eligibility';
import { ARGENTINE_OFFSET_MS, argentineDayOf, argentineMidnight } from './argentine-time';
import { pesosCents } from './stats.pesos';

/**
 * Daily totals of the documents the dashboard adds up, per account, source and Argentine day, split by a key (a
 * status; for issued vouchers the FCE status, '' for other vouchers). They are recomputed from the documents of the
 * days a write touches, in the write's own transaction where it has one, so the dashboard reads some sixty small
 * records a month instead of every document (see docs/performance.md, statistics at scale).
 */
export const STATS_SOURCES = ['received_invoices', 'expenses', 'issued_vouchers'] as const;
export type StatsSource = (typeof STATS_SOURCES)[number];

export interface DailyTotalGroup {
  key: string;
  count: number;
  /** Pesos: received invoices' and issued vouchers' totals, expenses' amounts. */
  cents: number;
  /** Received invoices: their VAT (crédito fiscal); expenses: the VAT of posted ones; issued vouchers: débito fiscal (credit notes subtract). */
  vat_cents: number;
  /** `cents` with credit notes subtracting (the transaction series' measure). */
  net_cents: number;
}

export interface StatsDailyTotalDocument {
  account_id: ObjectId;
  source: StatsSource;
  day: string;
  groups: DailyTotalGroup[];
}

const DAY_MS = 86_400_000;
const FCE = [...FCE_TYPES];
const halfUp = (value: Document) => ({ $floor: { $add: [value, 0.5] } });
const rate = { $ifNull: ['$exchange_rate', 1] };
/** An amount that a credit note subtracts. */
const signed = (cents: Document): Document => ({ $multiply: [cents, { $cond: [{ $eq: ['$voucher_class', 'credit_note'] }, -1, 1] }] });
const voucherDay = { $dateToString: { format: '%Y-%m-%d', date: { $subtract: ['$issue_date', ARGENTINE_OFFSET_MS] } } };

/** How each source's documents make a day's groups. */
const SHAPES: Record<StatsSource, { day: unknown; key: unknown; cents: Document; vat: Document; net: Document }> = {
  received_invoices: {
    day: voucherDay,
    key: { $ifNull: ['$status', ''] },
    cents: pesosCents('total_amount_cents'),
    vat: halfUp({ $multiply: [{ $sum: '$vat_items.amount_cents' }, rate] }),
    net: signed(pesosCents('total_amount_cents')),
  },
  expenses: {
    day: '$date',
    key: { $ifNull: ['$status', ''] },
    cents: { $ifNull: ['$amount_cents', 0] },
    vat: { $cond: [{ $ifNull: ['$journal_entry_id', false] }, { $sum: '$iva_items.importe_cents' }, 0] },
    net: { $ifNull: ['$amount_cents', 0] },
  },
  issued_vouchers: {
    day: voucherDay,
    key: { $cond: [{ $in: ['$voucher_type', FCE] }, { $ifNull: ['$fce_status', 'pending'] }, ''] },
    cents: pesosCents('total_amount_cents'),
    vat: signed(pesosCents('iva_cents')),
    net: signed(pesosCents('total_amount_cents')),
  },
};

/** A day's group of one account and key, as the per-document aggregation gives it. */
type DayRow = { _id: { account: ObjectId; day: string; key: string }; count: number; cents: number; vat: number; net: number };

/** Documents in pesos: a rate of 1 (or none) changes no amount, so their sums need no per-document rounding. */
const IN_PESOS = { exchange_rate: { $in: [1, null] } };
const dayOfInstant = (value: unknown) => (value instanceof Date ? argentineDayOf(value) : null) as string;
const signOf = (voucherClass: unknown) => (voucherClass === 'credit_note' ? -1 : 1);

/**
 * The sources with an exchange rate, for their documents in pesos: grouped by the stored fields the shape reads (the
 * issue instant, the key's fields, the class) with plain field sums, then finished into SHAPES' figures.
 */
const PLAIN: Partial<Record<StatsSource, { group: Document; finish(row: Document): DayRow }>> = {
  received_invoices: {
    group: {
      _id: { account: '$account_id', at: '$issue_date', status: '$status', class: '$voucher_class' },
      count: { $sum: 1 },
      total: { $sum: '$total_amount_cents' },
      vat: { $sum: { $sum: '$vat_items.amount_cents' } },
    },
    finish: ({ _id, count, total, vat }) => ({
      _id: { account: _id.account, day: dayOfInstant(_id.at), key: _id.status ?? '' },
      count,
      cents: total,
      vat,
      net: total * signOf(_id.class),
    }),
  },
  issued_vouchers: {
    group: {
      _id: { account: '$account_id', at: '$issue_date', type: '$voucher_type', fce: '$fce_status', class: '$voucher_class' },
      count: { $sum: 1 },
      total: { $sum: '$total_amount_cents' },
      iva: { $sum: '$iva_cents' },
    },
    finish: ({ _id, count, total, iva }) => ({
      _id: { account: _id.account, day: dayOfInstant(_id.at), key: FCE_TYPES.has(_id.type) ? (_id.fce ?? 'pending') : '' },
      count,
      cents: total,
      vat: iva * signOf(_id.class),
      net: total * signOf(_id.class),
    }),
  },
};

/** The Argentine day a stored document of a source counts on (undefined when it has none). */
export function statsDayOf(source: StatsSource, doc: Record<string, unknown> | null | undefined): string | undefined {
  if (!doc) return undefined;
  if (source === 'expenses') return typeof doc.date === 'string' ? doc.date : undefined;
  return doc.issue_date instanceof Date ? argentineDayOf(doc.issue_date) : undefined;
}

/** The documents of the account (every account when null) on the days `first` to `last` (every day when absent). */
function documentsOf(source: StatsSource, accountId: ObjectId | null, first?: string, last?: string): Document {
  const match: Document = accountId ? { account_id: accountId } : {};
  if (first && last) {
    if (source === 'expenses') match.date = { $gte: first, $lte: last };
    else match.issue_date = { $gte: argentineMidnight(first), $lt: new Date(argentineMidnight(last)!.getTime() + DAY_MS) };
  }
  return match;
}

/**
 * The daily totals of `days` (of one account; all days of all accounts with `accountId` null and no days) as the
 * documents give them, without writing: one aggregation over the days' range, however many documents and days. Days
 * without documents have no entry.
 */
export async function dailyTotalsFromDocuments(
  db: Db,
  source: StatsSource,
  accountId: ObjectId | null,
  wanted?: readonly string[],
  session?: ClientSession,
): Promise<Map<string, StatsDailyTotalDocument>> {
  const shape = SHAPES[source];
  const perDocument = {
    $group: {
      _id: { account: '$account_id', day: shape.day, key: shape.key },
      count: { $sum: 1 },
      cents: { $sum: shape.cents },
      vat: { $sum: shape.vat },
      net: { $sum: shape.net },
    },
  };
  const match = { $match: documentsOf(source, accountId, wanted?.[0], wanted?.[wanted.length - 1]) };
  const plain = PLAIN[source];
  let rows: DayRow[];
  if (plain) {
    // Vouchers in pesos (nearly all) are summed field by field and finished here; only those in another currency
    // need the per-document rounding of the expressions, which cost the database four times as much a document.
    const [{ pesos, foreign }] = await db
      .collection(source)
      .aggregate<{ pesos: Document[]; foreign: DayRow[] }>(
        [match, { $facet: { pesos: [{ $match: IN_PESOS }, { $group: plain.group }], foreign: [{ $match: { $nor: [IN_PESOS] } }, perDocument] } }],
        { session },
      )
      .toArray();
    rows = [...pesos.map(plain.finish), ...foreign];
  } else rows = await db.collection(source).aggregate<DayRow>([match, perDocument], { session }).toArray();
  const byDay = new Map<string, StatsDailyTotalDocument>();
  for (const { _id, count, cents, vat, net } of rows) {
    if (wanted && !wanted.includes(_id.day)) continue;
    const id = `${_id.account.toHexString()} ${_id.day}`;
    const doc = byDay.get(id) ?? { account_id: _id.account, source, day: _id.day, groups: [] };
    const key = String(_id.key);
    const group = doc.groups.find((known) => known.key === key);
    if (group) {
      group.count += count;
      group.cents += cents;
      group.vat_cents += vat;
      group.net_cents += net;
    } else doc.groups.push({ key, count, cents, vat_cents: vat, net_cents: net });
    byDay.set(id, doc);
  }
  for (const doc of byDay.values()) doc.groups.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return byDay;
}

/** The days of a list that are calendar days, sorted and without repeats. */
export const calendarDays = (days: Iterable<string | undefined>): string[] =>
  [...new Set([...days].filter((day): day is string => Boolean(day && argentineMidnight(day))))].sort();

/**
 * Recomputes the daily totals of `days` (of one account; all days of all accounts with `accountId` null and no days)
 * from the documents: one aggregation over the days' range and one bulk write, however many documents and days.
 */
export async function refreshDailyTotals(
  db: Db,
  source: StatsSource,
  accountId: ObjectId | null,
  days?: Iterable<string | undefined>,
  session?: ClientSession,
): Promise<void> {
  const wanted = days ? calendarDays(days) : undefined;
  if (wanted && !wanted.length) return;
  const byDay = await dailyTotalsFromDocuments(db, source, accountId, wanted, session);
  const totals = db.collection<StatsDailyTotalDocument>('stats_daily_totals');
  const operations: AnyBulkWriteOperation<StatsDailyTotalDocument>[] = [];
  if (!wanted) await totals.deleteMany(accountId ? { account_id: accountId, source } : { source }, { session });
  for (const doc of byDay.values())
    operations.push({ replaceOne: { filter: { account_id: doc.account_id, source, day: doc.day }, replacement: doc, upsert: true } });
  if (wanted && accountId)
    for (const day of wanted)
      if (!byDay.has(`${accountId.toHexString()} ${day}`)) operations.push({ deleteOne: { filter: { account_id: accountId, source, day } } });
  if (operations.length) await totals.bulkWrite(operations, { session, ordered: true });
}

/** Every source's totals of every account, from the documents (once, for data stored before the totals existed). */
export async function rebuildAllDailyTotals(db: Db): Promise<void> {
  for (const source of STATS_SOURCES) await refreshDailyTotals(db, source, null);
}

/** The start-up step that builds the totals of documents stored before they existed. */
export const DAILY_TOTALS_STEP = { id: '2026-11-stats-daily-totals', run: rebuildAllDailyTotals };
