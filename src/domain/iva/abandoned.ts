import type { ObjectId } from 'mongodb';
import type { Store } from '../../store/store';
import type { Principal } from '../context';
import { getConfig } from './iva.config';
import type { BookType } from './entry';
import { rebuildBook } from './kept';

/** The book an import of each collection writes lines to. */
const BOOK_OF: Record<string, BookType | undefined> = { received_invoices: 'purchases', issued_vouchers: 'sales' };

/**
 * Rebuilds, from their sources, the books of the months an import was writing on when its process died (`months`: its
 * collection and month, YYYY-MM): its last batches may be stored without their lines (they follow each batch, outside
 * its transaction). One transaction per book; a closed month is left as it was closed (rebuildBook). Run by the sweep
 * (stats/sweep.ts) before the statistics recount the months, so that a book is repaired even if the file is never
 * uploaded again. Answers how many books it rebuilt.
 */
export async function rebuildBooksOfDeadImports(
  store: Store,
  accountId: ObjectId,
  months: ReadonlyArray<{ source: string; month: string }>,
  now: Date,
): Promise<number> {
  const context = { store, principal: { accountId } as Principal };
  const books = months.flatMap(({ source, month }) => {
    const bookType = BOOK_OF[source];
    return bookType ? [{ month, bookType }] : [];
  });
  if (!books.length) return 0;
  const config = await getConfig(context);
  for (const { month, bookType } of books) await store.transaction((session) => rebuildBook(context, month, bookType, config, now, session));
  return books.length;
}
