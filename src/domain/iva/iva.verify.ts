import type { ObjectId } from 'mongodb';
import type { Principal } from '../context';
import type { Store } from '../../store/store';
import { generated } from './books';
import { getConfig } from './iva.config';
import { BOOK_TYPES, type BookType, type IvaEntry } from './entry';
import { lidFiles } from './lid-export';
import { type IvaEntryDocument, fromStored, type StoredFields, toStored } from './iva.stored';

/**
 * Re-derives an account's VAT books and Libro IVA Digital files from their source documents (received invoices,
 * issued vouchers, posted expenses; manual lines as they are) and compares them with the stored book lines. Reads
 * only: the lines are written by their sources' writes; this finds any they left behind.
 */

export type BookDifference =
  | { kind: 'missing_line'; period: string; book: BookType; origin: string; source_id: string }
  | { kind: 'extra_line'; period: string; book: BookType; origin: string; source_id: string | null; entry_id: string }
  | {
      kind: 'line';
      period: string;
      book: BookType;
      origin: string;
      source_id: string;
      entry_id: string;
      fields: Array<{ field: string; derived: unknown; stored: unknown }>;
    }
  | { kind: 'lid_file'; period: string; book: BookType; file: string };

type Compared = Omit<StoredFields, never>;

const keyOf = (origin: string, sourceId: string | null) => `${origin}:${sourceId}`;

/** The fields of a stored line that differ from the line its source makes now (each compared as JSON). */
export function fieldDifferences(derived: Compared, stored: Partial<Compared>): Array<{ field: string; derived: unknown; stored: unknown }> {
  return Object.entries(derived)
    .filter(([field, value]) => JSON.stringify(value) !== JSON.stringify(stored[field as keyof Compared] ?? null))
    .map(([field, value]) => ({ field, derived: value, stored: stored[field as keyof Compared] ?? null }));
}

/** The differences of one book: lines by source, then the files the lines make. */
export function compareBook(period: string, book: BookType, derived: IvaEntry[], stored: IvaEntryDocument[]): BookDifference[] {
  const differences: BookDifference[] = [];
  const storedByKey = new Map(stored.filter((doc) => doc.origin !== 'manual').map((doc) => [keyOf(doc.origin, doc.source_id?.toHexString() ?? null), doc]));
  for (const line of derived) {
    const key = keyOf(line.origin, line.sourceId);
    const doc = storedByKey.get(key);
    storedByKey.delete(key);
    if (!doc) {
      differences.push({ kind: 'missing_line', period, book, origin: line.origin, source_id: line.sourceId ?? '' });
      continue;
    }
    const fields = fieldDifferences(toStored(line), doc);
    if (fields.length)
      differences.push({ kind: 'line', period, book, origin: line.origin, source_id: line.sourceId ?? '', entry_id: doc._id.toHexString(), fields });
  }
  for (const doc of storedByKey.values())
    differences.push({
      kind: 'extra_line',
      period,
      book,
      origin: doc.origin,
      source_id: doc.source_id?.toHexString() ?? null,
      entry_id: doc._id.toHexString(),
    });
  const manual = stored.filter((doc) => doc.origin === 'manual').map(fromStored);
  const fromSources = lidFiles(book, [...derived, ...manual], 'LID');
  const fromLines = lidFiles(book, stored.map(fromStored), 'LID');
  const names = new Set([...fromSources, ...fromLines].map((file) => file.name));
  for (const name of names) {
    const a = fromSources.find((file) => file.name === name)?.content;
    const b = fromLines.find((file) => file.name === name)?.content;
    if (!a || !b || !a.equals(b)) differences.push({ kind: 'lid_file', period, book, file: name.replace(/^LID_/, '') });
  }
  return differences;
}

export interface BooksCheck {
  books: number;
  lines: number;
  differences: BookDifference[];
}

/** Every book of the given period (or of every period with stored lines) of the account. */
export async function verifyBooks(store: Store, accountId: ObjectId, period?: string): Promise<BooksCheck> {
  const context = { store, principal: { accountId } as Principal };
  const lines = store.collection<IvaEntryDocument>('iva_book_entries');
  const periods = period ? [period] : ((await lines.distinct('period', { account_id: accountId })) as string[]).sort();
  const config = await getConfig(context);
  const check: BooksCheck = { books: 0, lines: 0, differences: [] };
  for (const month of periods)
    for (const book of BOOK_TYPES) {
      const stored = await lines.find({ account_id: accountId, period: month, book_type: book }, { sort: { date: 1, _id: 1 } }).toArray();
      const derived = await generated(context, month, book, config);
      check.books += 1;
      check.lines += stored.length;
      check.differences.push(...compareBook(month, book, derived, stored));
    }
  return check;
}
