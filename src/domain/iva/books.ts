import { ObjectId } from 'mongodb';
import { parseId } from '../../store/ids';
import { requirePrincipal, type RequestContext } from '../context';
import { ConflictError, NotFoundError } from '../errors';
import { coefficientBp } from './coefficient';
import { getConfig, type IvaConfig } from './iva.config';
import { BOOK_SOURCES, type BookContext, sourceLines } from './kept';
import type { BookType, IvaEntry } from './entry';
import { parseEntry } from './entry-input';
import { assertPeriodOpen, periodState } from './periods';
import { bookIdOf, parseBookId } from './period';
import { fromStored, type IvaEntryDocument, toStored } from './iva.stored';
import { readTotals, TotalsChange } from './totals';
import { changesOf } from '../activity/journaled';
import { recordChanges } from '../activity/changes';

/**
 * A VAT book is a month and a type. Its generated lines (one per source document, keyed by it) are written by the
 * writes of their sources (see kept.ts), so reading a book writes nothing; a closed period's lines are frozen.
 * Manual lines sit beside them.
 */

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

/** A book as counted by the writes of its lines (see totals.ts): one read, whatever the number of lines. */
export async function getBook(context: RequestContext, period: string, bookType: BookType): Promise<BookView> {
  const [figures, state] = await Promise.all([readTotals(context, period, bookType), periodState(context, period)]);
  return {
    id: bookIdOf(period, bookType),
    period,
    bookType,
    status: state.status,
    count: figures.count,
    entriesToReview: figures.review,
    totalCents: figures.totalCents,
    vatCents: figures.vatCents,
    computableCreditCents: figures.computableCreditCents,
    rates: figures.rates,
  };
}

export function bookOfId(bookId: string): { period: string; bookType: BookType } {
  const book = parseBookId(bookId);
  if (!book) throw new NotFoundError(`no VAT book ${bookId}: a book id is YYYY-MM-purchases or YYYY-MM-sales`, [{ path: 'book_id', message: 'not a book id' }]);
  return book;
}

/**
 * Every line of a book in date order, read from a cursor of the store in batches as the caller consumes them (an
 * export writes a month of a million lines without holding it); the order is the one `listEntries` pages by.
 */
export function entriesInOrder(context: RequestContext, bookId: string, batchSize = 1000): AsyncIterable<IvaEntryDocument> {
  const book = bookOfId(bookId);
  const filter = { account_id: requirePrincipal(context).accountId, period: book.period, book_type: book.bookType };
  return entries(context).find(filter, { sort: { date: 1, _id: 1 }, batchSize });
}

/** A page of a book's lines; the total is the count its totals keep (one read, where counting the lines reads them all). */
export async function listEntries(context: RequestContext, bookId: string, page: { skip: number; limit: number }) {
  const book = bookOfId(bookId);
  const filter = { account_id: requirePrincipal(context).accountId, period: book.period, book_type: book.bookType };
  const [items, figures] = await Promise.all([
    entries(context)
      .find(filter, { sort: { date: 1, _id: 1 }, skip: page.skip, limit: page.limit })
      .toArray(),
    readTotals(context, book.period, book.bookType),
  ]);
  return { items, total: figures.count };
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
  await context.store.transaction(async (session) => {
    await entries(context).insertOne(doc, { session });
    await new TotalsChange().add(doc, 1).write(context, session);
  });
  await recordChanges(context, changesOf('iva_entries', 'VAT book entry', 'created', [doc]));
  return doc;
}

async function manualEntry(context: RequestContext, entryId: string): Promise<IvaEntryDocument> {
  const doc = await getEntry(context, entryId);
  if (doc.origin !== 'manual')
    throw new ConflictError(
      `this line comes from a ${doc.origin.replace('_', ' ')}: change the source document instead`,
      [{ path: 'entry_id', message: 'a generated line' }],
      'GENERATED_ENTRY',
    );
  return doc;
}

/** One line of the account's books, manual or generated (404 for another account's or a malformed id). */
export async function getEntry(context: RequestContext, entryId: string): Promise<IvaEntryDocument> {
  const id = parseId(entryId);
  const doc = id ? await entries(context).findOne({ _id: id, account_id: requirePrincipal(context).accountId }) : null;
  if (!doc) throw new NotFoundError('VAT book entry not found', [{ path: 'entry_id', message: 'no such entry' }]);
  return doc;
}

/** Replaces a manual line (the whole entry, validated as on create) in the same book. */
export async function updateEntry(context: RequestContext, entryId: string, input: unknown): Promise<IvaEntryDocument> {
  const current = await manualEntry(context, entryId);
  const entry = parseEntry(input, { period: current.period, bookType: current.book_type }, coefficientBp(await getConfig(context)));
  await assertPeriodOpen(context, current.period);
  const updated = await context.store.transaction(async (session) => {
    const before = await entries(context).findOneAndUpdate(
      { _id: current._id, account_id: current.account_id },
      { $set: { ...toStored(entry), updated_at: context.now() } },
      { returnDocument: 'before', session },
    );
    if (!before) return null;
    // The store counted the write in the stored line (store/revisions.ts); the answer shows the line as written.
    const after = { ...before, ...toStored(entry), updated_at: context.now(), revision: (before.revision ?? 0) + 1 };
    await new TotalsChange().add(before, -1).add(after, 1).write(context, session);
    return after;
  });
  if (!updated) throw new NotFoundError('VAT book entry not found', [{ path: 'entry_id', message: 'no such entry' }]);
  await recordChanges(context, changesOf('iva_entries', 'VAT book entry', 'updated', [updated]));
  return updated;
}

export async function deleteEntry(context: RequestContext, entryId: string): Promise<IvaEntryDocument> {
  const current = await manualEntry(context, entryId);
  await assertPeriodOpen(context, current.period);
  await context.store.transaction(async (session) => {
    const deleted = await entries(context).findOneAndDelete({ _id: current._id, account_id: current.account_id }, { session });
    if (deleted) await new TotalsChange().add(deleted, -1).write(context, session);
  });
  await recordChanges(context, changesOf('iva_entries', 'VAT book entry', 'deleted', [current]));
  return current;
}

export async function bookEntries(context: RequestContext, period: string, bookType: BookType): Promise<IvaEntry[]> {
  const docs = await entries(context)
    .find({ account_id: requirePrincipal(context).accountId, period, book_type: bookType })
    .toArray();
  return docs.map(fromStored);
}
