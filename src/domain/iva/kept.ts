import { type AnyBulkWriteOperation, type ClientSession, type Document, ObjectId } from 'mongodb';
import type { CollectionName } from '../../store/catalog';
import { requirePrincipal, type RequestContext } from '../context';
import { argentineDay } from '../dates';
import { coefficientBp } from './coefficient';
import type { IvaConfig } from './iva.config';
import type { BookType, IvaEntry } from './entry';
import { periodBounds } from './period';
import { type ExpenseSource, fromExpense, fromIssuedVoucher, fromReceivedInvoice, type IssuedVoucherSource, type ReceivedInvoiceSource } from './sources';
import { type IvaEntryDocument, toStored } from './iva.stored';
import { COUNTED_FIELDS, type CountedLine, setTotals, TotalsChange } from './totals';

/**
 * The generated lines of the VAT books are kept by the writes of their sources: a write of a received invoice, an
 * issued voucher, an expense or a supplier rewrites the lines of the sources it touched, in its own transaction, so a
 * book is read as it is stored. A closed period's lines are frozen: neither written nor deleted while it is closed.
 */

export type BookContext = Pick<RequestContext, 'store' | 'principal'>;

/** The collections whose documents are book lines (one line per document), with the origin of their lines. */
export const SOURCE_ORIGINS = { received_invoices: 'received_invoice', issued_vouchers: 'issued_voucher', expenses: 'expense' } as const;
export type SourceCollection = keyof typeof SOURCE_ORIGINS;

/** Which of a collection's documents a book takes: all of one month (`period`) or the ones named (`ids`). */
export type SourceScope = { period: string } | { ids: ObjectId[] };

const entries = (context: BookContext) => context.store.collection<IvaEntryDocument>('iva_book_entries');

/** The lines the documents of one source collection make now, as the config takes them (reads only). */
export async function sourceLines(
  context: BookContext,
  collection: SourceCollection,
  scope: SourceScope,
  config: IvaConfig,
  session?: ClientSession,
): Promise<IvaEntry[]> {
  const accountId = requirePrincipal(context).accountId;
  const coefficient = coefficientBp(config);
  const range = 'period' in scope ? periodBounds(scope.period) : null;
  const which = (dateField: string, instant: boolean): Record<string, unknown> =>
    range
      ? { [dateField]: instant ? { $gte: range.fromInstant, $lt: range.toInstant } : { $gte: range.from, $lt: range.to } }
      : { _id: { $in: (scope as { ids: ObjectId[] }).ids } };
  if (collection === 'issued_vouchers') {
    if (!config.sources.issuedVouchers) return [];
    const vouchers = await context.store
      .collection<IssuedVoucherSource>('issued_vouchers')
      .find({ account_id: accountId, ...which('issue_date', true) }, { session })
      .toArray();
    return vouchers.map(fromIssuedVoucher);
  }
  if (collection === 'received_invoices') {
    if (!config.sources.receivedInvoices) return [];
    const invoices = await context.store
      .collection<ReceivedInvoiceSource>('received_invoices')
      .find({ account_id: accountId, ...which('issue_date', true), status: { $ne: 'ignored' } }, { session })
      .toArray();
    return invoices.map((invoice) => fromReceivedInvoice(invoice, coefficient));
  }
  if (!config.sources.expenses) return [];
  // Posted expenses with VAT lines; one made from a received invoice is already in the book through it.
  const filter: Record<string, unknown> = {
    account_id: accountId,
    ...which('date', false),
    journal_entry_id: { $type: 'objectId' },
    'iva_items.0': { $exists: true },
  };
  if (config.sources.receivedInvoices) filter.received_invoice_id = { $not: { $type: 'objectId' } };
  const expenses = await context.store
    .collection<ExpenseSource & { supplier_id?: ObjectId | null }>('expenses')
    .aggregate<ExpenseSource>(
      [
        { $match: filter },
        { $lookup: { from: 'suppliers', localField: 'supplier_id', foreignField: '_id', as: 'supplier' } },
        { $set: { supplier: { $first: '$supplier' } } },
      ],
      { session },
    )
    .toArray();
  return expenses.map((expense) => fromExpense(expense, coefficient));
}

/** The source collections each book takes its lines from. */
export const BOOK_SOURCES: Record<BookType, SourceCollection[]> = {
  sales: ['issued_vouchers'],
  purchases: ['received_invoices', 'expenses'],
};

/** The periods among `periods` that are closed (read in the write's session). */
async function closedAmong(context: BookContext, periods: Iterable<string>, session?: ClientSession): Promise<Set<string>> {
  const list = [...new Set(periods)];
  if (!list.length) return new Set();
  const closed = await context.store
    .collection<{ period: string }>('iva_periods')
    .find({ account_id: requirePrincipal(context).accountId, period: { $in: list }, status: 'closed' }, { projection: { period: 1 }, session })
    .toArray();
  return new Set(closed.map((doc) => doc.period));
}

/** A stored line of a source: its document id, when it was first written, and what it counts in its book's totals. */
type StoredLine = Pick<IvaEntryDocument, '_id' | 'source_id' | 'created_at' | 'revision'> & CountedLine;
const STORED_LINE = { _id: 1, source_id: 1, created_at: 1, revision: 1, ...COUNTED_FIELDS } as const;

/**
 * The write of a line: the replacement of its stored document by id when it has one, else its insertion. (Writes by
 * document id: a write found by the source key would search for it per line, and a month's lines are many.)
 */
function lineWrite(accountId: ObjectId, line: IvaEntry, was: StoredLine | undefined, now: Date, change: TotalsChange): AnyBulkWriteOperation<IvaEntryDocument> {
  if (was) change.add(was, -1);
  const doc: IvaEntryDocument = {
    _id: was?._id ?? new ObjectId(),
    account_id: accountId,
    source_id: new ObjectId(line.sourceId!),
    ...toStored(line),
    created_at: was?.created_at ?? now,
    updated_at: now,
    // A replacement is not counted by the store (store/revisions.ts): the rewrite is a write of the line all the same.
    ...(was ? { revision: (was.revision ?? 0) + 1 } : {}),
  };
  change.add(doc, 1);
  return was ? { replaceOne: { filter: { _id: doc._id }, replacement: doc } } : { insertOne: { document: doc } };
}

/** Writes the lines of sources that have none yet (an import's new documents), in one bulk write. */
export async function writeLines(context: BookContext, lines: IvaEntry[], now: Date, session?: ClientSession): Promise<void> {
  if (!lines.length) return;
  const accountId = requirePrincipal(context).accountId;
  const change = new TotalsChange();
  await entries(context).bulkWrite(
    lines.map((line) => lineWrite(accountId, line, undefined, now, change)),
    { ordered: false, session },
  );
  await change.write(context, session);
}

/** The stored lines of some sources of one origin, by source id (hex). */
async function storedLinesOf(context: BookContext, origins: string[], ids: ObjectId[], session?: ClientSession): Promise<Map<string, StoredLine>> {
  if (!ids.length) return new Map();
  const found = await entries(context)
    .find({ account_id: requirePrincipal(context).accountId, origin: { $in: origins }, source_id: { $in: ids } } as never, { projection: STORED_LINE, session })
    .toArray();
  return new Map(found.map((doc) => [doc.source_id!.toHexString(), doc as StoredLine]));
}

/**
 * Rewrites the lines of the named source documents as they stand now, in one bulk write: a document that makes a
 * line gets it (inserted or replaced), one that makes none any more (deleted, ignored, unposted, its source switched
 * off) loses it. A line in a closed period, or that would move into one, is left as it is.
 */
export async function keepLines(
  context: BookContext,
  collection: SourceCollection,
  ids: ObjectId[],
  config: IvaConfig,
  now: Date,
  session?: ClientSession,
): Promise<number> {
  if (!ids.length) return 0;
  const accountId = requirePrincipal(context).accountId;
  const lines = await sourceLines(context, collection, { ids }, config, session);
  const stored = await storedLinesOf(context, [SOURCE_ORIGINS[collection]], ids, session);
  const closed = await closedAmong(context, [...lines.map((line) => line.period), ...[...stored.values()].map((doc) => doc.period)], session);
  const operations: AnyBulkWriteOperation<IvaEntryDocument>[] = [];
  const change = new TotalsChange();
  for (const line of lines) {
    const was = stored.get(line.sourceId!);
    stored.delete(line.sourceId!);
    if (closed.has(line.period) || (was && closed.has(was.period))) continue;
    operations.push(lineWrite(accountId, line, was, now, change));
  }
  // What is left made no line: its stored one goes, unless its period is closed.
  const gone = [...stored.values()].filter((doc) => !closed.has(doc.period));
  for (const doc of gone) change.add(doc, -1);
  if (gone.length) operations.push({ deleteMany: { filter: { _id: { $in: gone.map((doc) => doc._id) } } } });
  if (operations.length) await entries(context).bulkWrite(operations, { ordered: false, session });
  await change.write(context, session);
  return operations.length;
}

/**
 * Rebuilds the generated lines of one book of an open month from its sources (a closed month is left as closed):
 * the explicit write after a change that alters every line (the coefficient, a source switched on or off), a reopen,
 * or the start-up upgrade of books kept before their sources' writes kept them. One read of the month's lines, one
 * of its sources, one bulk write.
 */
export async function rebuildBook(
  context: BookContext,
  period: string,
  bookType: BookType,
  config: IvaConfig,
  now: Date,
  session?: ClientSession,
): Promise<void> {
  if ((await closedAmong(context, [period], session)).size) return;
  const accountId = requirePrincipal(context).accountId;
  const origins = BOOK_SOURCES[bookType].map((collection) => SOURCE_ORIGINS[collection]);
  const lines: IvaEntry[] = [];
  for (const collection of BOOK_SOURCES[bookType]) lines.push(...(await sourceLines(context, collection, { period }, config, session)));
  const inMonth = await entries(context)
    .find({ account_id: accountId, period, book_type: bookType }, { projection: { ...STORED_LINE, origin: 1 }, session })
    .toArray();
  const manual = inMonth.filter((doc) => doc.origin === 'manual');
  const stored = new Map(inMonth.filter((doc) => doc.origin !== 'manual').map((doc) => [doc.source_id!.toHexString(), doc as StoredLine]));
  // A source moved here from another month has its line there.
  const moved = lines.filter((line) => !stored.has(line.sourceId!)).map((line) => new ObjectId(line.sourceId!));
  const elsewhere = await storedLinesOf(context, origins, moved, session);
  const frozen = await closedAmong(
    context,
    [...elsewhere.values()].map((doc) => doc.period),
    session,
  );
  const operations: AnyBulkWriteOperation<IvaEntryDocument>[] = [];
  // The month's totals are set from its lines as written; a month a line moved out of loses it from its own.
  const moves = new TotalsChange();
  const written: CountedLine[] = [...manual];
  for (const line of lines) {
    const was = stored.get(line.sourceId!) ?? elsewhere.get(line.sourceId!);
    stored.delete(line.sourceId!);
    if (was && frozen.has(was.period)) continue;
    if (was && was.period !== period) moves.add(was, -1);
    operations.push(lineWrite(accountId, line, was, now, new TotalsChange()));
    written.push(toStored(line));
  }
  // Lines whose source left the book (deleted, ignored, moved to another month, a source switched off).
  const gone = [...stored.values()].map((doc) => doc._id);
  if (gone.length) operations.push({ deleteMany: { filter: { _id: { $in: gone } } } });
  if (operations.length) await entries(context).bulkWrite(operations, { ordered: false, session });
  await moves.write(context, session);
  await setTotals(context, period, bookType, written, session);
}

const monthOfInstant = (instant: Date) => argentineDay(instant).slice(0, 7);

/** The months from `first` to `last` (YYYY-MM), both included. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = first.split('-').map(Number);
  for (let at = first; at <= last; at = `${year}-${String(month).padStart(2, '0')}`) {
    months.push(at);
    month += 1;
    if (month === 13) [year, month] = [year + 1, 1];
  }
  return months;
}

/**
 * Every month that may hold book lines: from the earliest to the latest of the stored lines and of the source
 * documents (each end found on an index, two reads per collection).
 */
export async function monthsWithBooks(context: BookContext): Promise<string[]> {
  const accountId = requirePrincipal(context).accountId;
  const ends: string[] = [];
  const edge = async <T>(collection: CollectionName, field: string, toMonth: (value: T) => string) => {
    for (const direction of [1, -1] as const) {
      const [doc] = await context.store
        .collection<Document>(collection)
        .find({ account_id: accountId, [field]: { $exists: true } }, { sort: { [field]: direction }, limit: 1, projection: { [field]: 1 } })
        .toArray();
      if (doc?.[field]) ends.push(toMonth(doc[field] as T));
    }
  };
  await edge('iva_book_entries', 'period', (period: string) => period);
  await edge('received_invoices', 'issue_date', monthOfInstant);
  await edge('issued_vouchers', 'issue_date', monthOfInstant);
  await edge('expenses', 'date', (day: string) => day.slice(0, 7));
  if (!ends.length) return [];
  ends.sort();
  return monthsBetween(ends[0], ends[ends.length - 1]);
}

/** Rebuilds both books of every open month (see rebuildBook), one transaction per month. */
export async function rebuildOpenMonths(context: BookContext & Pick<RequestContext, 'now'>, config: IvaConfig): Promise<number> {
  let months = 0;
  for (const period of await monthsWithBooks(context)) {
    await context.store.transaction(async (session) => {
      for (const bookType of ['purchases', 'sales'] as const) await rebuildBook(context, period, bookType, config, context.now(), session);
    });
    months += 1;
  }
  return months;
}
