import type { AnyBulkWriteOperation, ClientSession, ObjectId } from 'mongodb';
import { requirePrincipal, type RequestContext } from '../context';
import { CREDIT_NOTE_TYPES } from './codes';
import type { BookType } from './entry';
import type { IvaEntryDocument } from './iva.stored';

/**
 * A book's totals (`iva_book_totals`, one per account, month and book type), kept by every write of its lines so that
 * reading a book or the month's position adds up nothing: the lines, those to review, and in pesos the total, the
 * VAT, the computable credit, the VAT perceptions and, per rate, the base and the VAT. A credit note is written with
 * positive amounts and subtracts (its type gives the sign); a line stored before the peso side existed counts its own
 * amounts, which were pesos.
 */
export interface BookTotalsDocument {
  _id: ObjectId;
  account_id: ObjectId;
  period: string;
  book_type: BookType;
  count: number;
  review: number;
  total_cents: number;
  vat_cents: number;
  computable_credit_cents: number;
  vat_perception_cents: number;
  /** Per rate in tenths of a percent (`210` = 21 %): its lines, base and VAT. */
  rates: Record<string, { lines: number; base_cents: number; vat_cents: number }>;
}

/** What a line's totals are made of (the stored fields read). */
export type CountedLine = Pick<
  IvaEntryDocument,
  | 'period'
  | 'book_type'
  | 'voucher_type'
  | 'total_cents'
  | 'vat_cents'
  | 'computable_credit_cents'
  | 'vat_perception_cents'
  | 'vat_lines'
  | 'pesos'
  | 'review_reason'
>;
export const COUNTED_FIELDS = {
  period: 1,
  book_type: 1,
  voucher_type: 1,
  total_cents: 1,
  vat_cents: 1,
  computable_credit_cents: 1,
  vat_perception_cents: 1,
  vat_lines: 1,
  pesos: 1,
  review_reason: 1,
} as const;

const totals = (context: Pick<RequestContext, 'store'>) => context.store.collection<BookTotalsDocument>('iva_book_totals');
const rateKey = (rate: number) => String(Math.round(rate * 10));
const bookKey = (period: string, bookType: string) => `${period}|${bookType}`;

/** The `$inc` of one line in its book's totals, `times` +1 (added) or −1 (taken out). */
export function increments(line: CountedLine, times: 1 | -1): Record<string, number> {
  const sign = (CREDIT_NOTE_TYPES.has(line.voucher_type) ? -1 : 1) * times;
  const inc: Record<string, number> = {
    count: times,
    review: line.review_reason !== null && line.review_reason !== undefined ? times : 0,
    total_cents: sign * (line.pesos?.total_cents ?? line.total_cents ?? 0),
    vat_cents: sign * (line.pesos?.vat_cents ?? line.vat_cents ?? 0),
    computable_credit_cents: sign * (line.pesos?.computable_credit_cents ?? line.computable_credit_cents ?? 0),
    vat_perception_cents: sign * (line.pesos?.vat_perception_cents ?? line.vat_perception_cents ?? 0),
  };
  for (const vatLine of line.vat_lines ?? []) {
    const key = `rates.${rateKey(vatLine.rate)}`;
    inc[`${key}.lines`] = (inc[`${key}.lines`] ?? 0) + times;
    inc[`${key}.base_cents`] = (inc[`${key}.base_cents`] ?? 0) + sign * (vatLine.base_pesos_cents ?? vatLine.base_cents);
    inc[`${key}.vat_cents`] = (inc[`${key}.vat_cents`] ?? 0) + sign * (vatLine.vat_pesos_cents ?? vatLine.vat_cents);
  }
  return inc;
}

/** Changes of lines gathered per book, written to the totals in one bulk write. */
export class TotalsChange {
  private readonly books = new Map<string, Record<string, number>>();

  /** A line added (+1) or taken out (−1). */
  add(line: CountedLine, times: 1 | -1): this {
    const key = bookKey(line.period, line.book_type);
    let sum = this.books.get(key);
    if (!sum) {
      sum = {};
      this.books.set(key, sum);
    }
    // An import adds thousands of lines a batch: no array of pairs per line.
    const inc = increments(line, times);
    for (const field in inc) sum[field] = (sum[field] ?? 0) + inc[field];
    return this;
  }

  async write(context: Pick<RequestContext, 'store' | 'principal'>, session?: ClientSession): Promise<void> {
    if (!this.books.size) return;
    const accountId = requirePrincipal(context).accountId;
    const operations: AnyBulkWriteOperation<BookTotalsDocument>[] = [...this.books].map(([key, inc]) => {
      const [period, bookType] = key.split('|');
      return {
        updateOne: { filter: { account_id: accountId, period, book_type: bookType as BookType }, update: { $inc: inc }, upsert: true },
      };
    });
    await totals(context).bulkWrite(operations, { ordered: false, session });
  }
}

/** Sets a book's totals to those of the given lines (all of the book's lines), replacing what was counted. */
export async function setTotals(
  context: Pick<RequestContext, 'store' | 'principal'>,
  period: string,
  bookType: BookType,
  lines: Iterable<CountedLine>,
  session?: ClientSession,
): Promise<void> {
  const sum: Record<string, number> = {};
  for (const line of lines) for (const [field, value] of Object.entries(increments(line, 1))) sum[field] = (sum[field] ?? 0) + value;
  const fields = {
    count: 0,
    review: 0,
    total_cents: 0,
    vat_cents: 0,
    computable_credit_cents: 0,
    vat_perception_cents: 0,
    rates: {} as BookTotalsDocument['rates'],
  };
  for (const [field, value] of Object.entries(sum)) {
    const [head, rate, part] = field.split('.');
    if (head !== 'rates') (fields as Record<string, unknown>)[head] = value;
    else fields.rates[rate] = { ...(fields.rates[rate] ?? { lines: 0, base_cents: 0, vat_cents: 0 }), [part]: value };
  }
  await totals(context).updateOne(
    { account_id: requirePrincipal(context).accountId, period, book_type: bookType },
    { $set: fields },
    { upsert: true, session },
  );
}

/** Recounts a book's totals from its stored lines (one read of the book). */
export async function recountTotals(
  context: Pick<RequestContext, 'store' | 'principal'>,
  period: string,
  bookType: BookType,
  session?: ClientSession,
): Promise<void> {
  const lines = await context.store
    .collection<IvaEntryDocument>('iva_book_entries')
    .find({ account_id: requirePrincipal(context).accountId, period, book_type: bookType }, { projection: COUNTED_FIELDS, session })
    .toArray();
  await setTotals(context, period, bookType, lines, session);
}

export interface BookFigures {
  count: number;
  review: number;
  totalCents: number;
  vatCents: number;
  computableCreditCents: number;
  vatPerceptionCents: number;
  rates: Array<{ rate: number; baseCents: number; vatCents: number }>;
}

/** A book's totals as counted (zeros for a book without lines), its rates in rate order. */
export async function readTotals(context: Pick<RequestContext, 'store' | 'principal'>, period: string, bookType: BookType): Promise<BookFigures> {
  const doc = await totals(context).findOne({ account_id: requirePrincipal(context).accountId, period, book_type: bookType });
  return {
    count: doc?.count ?? 0,
    review: doc?.review ?? 0,
    totalCents: doc?.total_cents ?? 0,
    vatCents: doc?.vat_cents ?? 0,
    computableCreditCents: doc?.computable_credit_cents ?? 0,
    vatPerceptionCents: doc?.vat_perception_cents ?? 0,
    rates: Object.entries(doc?.rates ?? {})
      .filter(([, rate]) => rate.lines > 0)
      .map(([key, rate]) => ({ rate: Number(key) / 10, baseCents: rate.base_cents, vatCents: rate.vat_cents }))
      .sort((a, b) => a.rate - b.rate),
  };
}
