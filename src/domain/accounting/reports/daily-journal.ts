import type { JournalEntryDocument, LedgerDailyTotalDocument } from '../../../store/ledger';
import { requirePrincipal, type RequestContext } from '../../context';
import { POSTED } from './lines';
import { encodeEntryCursor } from './params';

export interface DailyJournal {
  date: string;
  /** Everything posted that day (centavos): debits equal credits. */
  totalDebit: number;
  totalCredit: number;
  entries: JournalEntryDocument[];
  nextCursor: string | null;
}

/**
 * Libro Diario of one day: its posted entries in number order with their lines, a page at a time (served by the
 * index on day and number), and the day's totals from the daily totals.
 */
export async function dailyJournal(context: RequestContext, date: string, after: number | null, limit: number): Promise<DailyJournal> {
  const accountId = requirePrincipal(context).accountId;
  const [entries, [sums]] = await Promise.all([
    context.store
      .collection<JournalEntryDocument>('journal_entries')
      .find({ account_id: accountId, date, status: POSTED, ...(after === null ? {} : { number: { $gt: after } }) })
      .sort({ date: 1, number: 1 })
      .limit(limit + 1)
      .toArray(),
    context.store
      .collection<LedgerDailyTotalDocument>('ledger_daily_totals')
      .aggregate<{ debit: number; credit: number }>([
        { $match: { account_id: accountId, day: date } },
        { $group: { _id: null, debit: { $sum: '$debit_cents' }, credit: { $sum: '$credit_cents' } } },
      ])
      .toArray(),
  ]);
  const page = entries.slice(0, limit);
  return {
    date,
    totalDebit: sums?.debit ?? 0,
    totalCredit: sums?.credit ?? 0,
    entries: page,
    nextCursor: entries.length > limit ? encodeEntryCursor(page.at(-1)!.number ?? 0) : null,
  };
}
