import type { Db, ObjectId } from 'mongodb';
import { Store } from '../../store/store';
import type { Principal } from '../context';
import { getConfig } from './iva.config';
import { BOOK_TYPES } from './entry';
import { rebuildOpenMonths } from './kept';
import { closedPeriods } from './periods';
import { recountTotals } from './totals';

/**
 * Books kept before their sources' writes kept them were brought in line on each read: once, every open month of
 * every account is rebuilt from its sources (a closed month stays as it was closed), one transaction per month, its
 * totals counted with it; a closed month's totals are counted from its frozen lines.
 */
export async function rebuildAllOpenBooks(db: Db, now: () => Date = () => new Date()): Promise<number> {
  const store = new Store(db.client, db);
  let months = 0;
  for await (const { _id: accountId } of db.collection<{ _id: ObjectId }>('accounts').find({}, { projection: { _id: 1 } })) {
    const context = { store, principal: { accountId } as Principal, now };
    months += await rebuildOpenMonths(context, await getConfig(context));
    for (const period of await closedPeriods(context)) for (const bookType of BOOK_TYPES) await recountTotals(context, period, bookType);
  }
  return months;
}

/** The start-up step (see upgradeStoredData). */
export const IVA_BOOKS_STEP = { id: '2026-11-iva-books-kept-by-writes', run: (db: Db) => rebuildAllOpenBooks(db).then(() => undefined) };
