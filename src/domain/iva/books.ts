import { ObjectId } from 'mongodb';
import { requirePrincipal, type RequestContext } from '../context';
import { ConflictError, NotFoundError } from '../errors';
import { CREDIT_NOTE_TYPES } from './codes';
import { coefficientBp, getConfig, type IvaConfig } from './config';
import { BOOK_SOURCES, type BookContext, sourceLines } from './kept';
import type { BookType, IvaEntry } from './entry';
import { parseEntry } from './entry-input';
import { assertPeriodOpen, periodState } from './periods';
import { bookIdOf, parseBookId } from './period';
import { fromStored, type IvaEntryDocument, toStored } from './stored';
import { changesOf } from '../activity/journaled';
import { recordChanges } from '../activity/changes';

/**
 * A VAT book is a month and a type. Its generated lines (one per source document, keyed by it) are written by the
 * writes of their sources (see kept.ts), so reading a book writes nothing; a closed period's lines are frozen.
 * Manual lines sit beside them.
 */

const CREDIT_NOTES = [...CREDIT_NOTE_TYPES];

/** −1 for a credit note, else 1: a credit note is written with positive amounts and subtracts (its type gives the sign). */
export const creditNoteSign = { $cond: [{ $in: ['$voucher_type', CREDIT_NOTES] }, -1, 1] };
const entries = (context: RequestContext) => context.store.collection<IvaEntryDocument>('iva_book_entries');

/** The generated lines of a book as its source documents make them now (reads only). */
export async function generated(context: BookContext, period: string, bookType: BookType, config: IvaConfig): Promise<IvaEntry[]> {
  const lines: IvaEntry[] = [];
  for (const collection of BOOK_SOURCES[bookType]) lines.push(...(await sourceLines(context, collection, { period }, config)));
  return lines;
}

export interface BookView {
  id: string;
  period: string;
  bookType: BookType;
  status: 'open' | 'closed';
  count: number;
  /** Lines that need review (rates the import could not resolve, a dispatch without its number). */
  entriesToReview: number;
  totalCents: number;
  vatCents: number;
  computableCreditCents: number;
  rates: Array<{ rate: number; baseCents: number; vatCents: number }>;
}

/** A stored amount's pesos: its peso side, or (a line stored before there was one) the amount itself. */
const pesos = (field: string, stated: string) => ({ $ifNull: [field, stated] });

/** A book's totals in pesos, added up by the database; credit notes subtract. */
export async function getBook(context: RequestContext, period: string, bookType: BookType): Promise<BookView> {
  const accountId = requirePrincipal(context).accountId;
  const sign = creditNoteSign;
  const [totals] = await entries(context)
    .aggregate<{ count: number; review: number; total: number; vat: number; credit: number }>([
      { $match: { account_id: accountId, period, book_type: bookType } },
      {
        $group: {
          _id: null,
          count: { $sum: 1 },
          review: { $sum: { $cond: [{ $ne: [{ $ifNull: ['$review_reason', null] }, null] }, 1, 0] } },
          total: { $sum: { $multiply: [pesos('$pesos.total_cents', '$total_cents'), sign] } },
          vat: { $sum: { $multiply: [pesos('$pesos.vat_cents', '$vat_cents'), sign] } },
          credit: { $sum: { $multiply: [pesos('$pesos.computable_credit_cents', '$computable_credit_cents'), sign] } },
        },
      },
    ])
    .toArray();
  const rates = await entries(context)
    .aggregate<{ _id: number; base: number; vat: number }>([
      { $match: { account_id: accountId, period, book_type: bookType } },
      { $unwind: '$vat_lines' },
      {
        $group: {
          _id: '$vat_lines.rate',
          base: { $sum: { $multiply: [pesos('$vat_lines.base_pesos_cents', '$vat_lines.base_cents'), sign] } },
          vat: { $sum: { $multiply: [pesos('$vat_lines.vat_pesos_cents', '$vat_lines.vat_cents'), sign] } },
        },
      },
      { $sort: { _id: 1 } },
    ])
    .toArray();
  const state = await periodState(context, period);
  return {
    id: bookIdOf(period, bookType),
    period,
    bookType,
    status: state.status,
    count: totals?.count ?? 0,
    entriesToReview: totals?.review ?? 0,
    totalCents: totals?.total ?? 0,
    vatCents: totals?.vat ?? 0,
    computableCreditCents: totals?.credit ?? 0,
    rates: rates.map((row) => ({ rate: row._id, baseCents: row.base, vatCents: row.vat })),
  };
}

export function bookOfId(bookId: string): { period: string; bookType: BookType } {
  const book = parseBookId(bookId);
  if (!book) throw new NotFoundError(`no VAT book ${bookId}: a book id is YYYY-MM-purchases or YYYY-MM-sales`, [{ path: 'book_id', message: 'not a book id' }]);
  return book;
}

export async function listEntries(context: RequestContext, bookId: string, page: { skip: number; limit: number }) {
  const book = bookOfId(bookId);
  const filter = { account_id: requirePrincipal(context).accountId, period: book.period, book_type: book.bookType };
  const [items, total] = await Promise.all([
    entries(context)
      .find(filter, { sort: { date: 1, _id: 1 }, skip: page.skip, limit: page.limit })
      .toArray(),
    entries(context).countDocuments(filter),
  ]);
  return { items, total };
}

export async function createEntry(context: RequestContext, bookId: string, input: unknown): Promise<IvaEntryDocument> {
  const book = bookOfId(bookId);
  const entry = parseEntry(input, book, coefficientBp(await getConfig(context)));
  await assertPeriodOpen(context, book.period);
  const now = context.now();
  const doc: IvaEntryDocument = {
    _id: new ObjectId(),
    account_id: requirePrincipal(context).accountId,
    source_id: null,
    ...toStored(entry),
    created_at: now,
    updated_at: now,
  };
  await entries(context).insertOne(doc);
  await recordChanges(context, changesOf('iva_entries', 'VAT book entry', 'created', [doc]));
  return doc;
}

async function manualEntry(context: RequestContext, entryId: string): Promise<IvaEntryDocument> {
  const id = ObjectId.isValid(entryId) && /^[0-9a-f]{24}$/i.test(entryId) ? new ObjectId(entryId) : null;
  const doc = id ? await entries(context).findOne({ _id: id, account_id: requirePrincipal(context).accountId }) : null;
  if (!doc) throw new NotFoundError('VAT book entry not found', [{ path: 'entry_id', message: 'no such entry' }]);
  if (doc.origin !== 'manual')
    throw new ConflictError(
      `this line comes from a ${doc.origin.replace('_', ' ')}: change the source document instead`,
      [{ path: 'entry_id', message: 'a generated line' }],
      'GENERATED_ENTRY',
    );
  return doc;
}

/** Replaces a manual line (the whole entry, validated as on create) in the same book. */
export async function updateEntry(context: RequestContext, entryId: string, input: unknown): Promise<IvaEntryDocument> {
  const current = await manualEntry(context, entryId);
  const entry = parseEntry(input, { period: current.period, bookType: current.book_type }, coefficientBp(await getConfig(context)));
  await assertPeriodOpen(context, current.period);
  const updated = await entries(context).findOneAndUpdate(
    { _id: current._id, account_id: current.account_id },
    { $set: { ...toStored(entry), updated_at: context.now() } },
    { returnDocument: 'after' },
  );
  if (!updated) throw new NotFoundError('VAT book entry not found', [{ path: 'entry_id', message: 'no such entry' }]);
  await recordChanges(context, changesOf('iva_entries', 'VAT book entry', 'updated', [updated]));
  return updated;
}

export async function deleteEntry(context: RequestContext, entryId: string): Promise<IvaEntryDocument> {
  const current = await manualEntry(context, entryId);
  await assertPeriodOpen(context, current.period);
  await entries(context).deleteOne({ _id: current._id, account_id: current.account_id });
  await recordChanges(context, changesOf('iva_entries', 'VAT book entry', 'deleted', [current]));
  return current;
}

export async function bookEntries(context: RequestContext, period: string, bookType: BookType): Promise<IvaEntry[]> {
  const docs = await entries(context)
    .find({ account_id: requirePrincipal(context).accountId, period, book_type: bookType })
    .toArray();
  return docs.map(fromStored);
}
