import { NotFoundError } from '../domain/errors';
import { periodParam } from '../domain/iva/period';
import { verifyBooks } from '../domain/iva/iva.verify';
import type { AccountDocument } from '../store/accounts.store';
import { parseId } from '../store/ids';
import type { Store } from '../store/store';
import { CommandOutcome, DIFFERENCES_FOUND } from './verify-ledger';

/**
 * `verify-books --account ID [--period YYYY-MM]`: re-derives the account's VAT books and Libro IVA Digital files from
 * their source documents and compares them with the stored book lines (reads only); prints every difference (JSON on
 * stdout); exits 0 when there are none, 3 when there are.
 */
export async function verifyBooksCommand(store: Store, accountText: string, period?: string): Promise<CommandOutcome> {
  const accountId = parseId(accountText);
  if (!accountId || !(await store.collection<AccountDocument>('accounts').findOne({ _id: accountId }, { projection: { _id: 1 } })))
    throw new NotFoundError(`account ${accountText} not found`);
  const check = await verifyBooks(store, accountId, period === undefined ? undefined : periodParam(period, '--period'));
  return new CommandOutcome(
    {
      account: accountText,
      ok: check.differences.length === 0,
      checked: { books: check.books, lines: check.lines },
      differences: check.differences,
    },
    check.differences.length ? DIFFERENCES_FOUND : 0,
  );
}
