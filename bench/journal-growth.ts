/**
 * Grows an account's journal through the real routes, as the scale and dashboard benches both do: entries of a given
 * number of lines (debits spread over five accounts, one credit to suppliers or, one entry in ten, to cash), created
 * as drafts in bulk and then posted one by one.
 */

/** Accounts of the default chart the entries use. */
export const DEBITS = ['5.2.1.01.001', '5.2.1.01.002', '5.2.1.01.003', '5.2.1.01.004', '1.1.4.01.001'];
export const CREDIT = '2.1.1.01.001';
export const CASH = '1.1.1.01.001';

const BULK_ENTRIES = 500;
/** Lines per bulk request, so that a body stays under the JSON limit of 1 MB (about 60 bytes a line). */
const BULK_LINES = 12_000;

type Json = Record<string, unknown> & { data?: { items?: unknown } };

/** How far the journal has grown: the lines and entries posted so far (the growth adds to them). */
export interface Journal {
  lines: number;
  entries: number;
}

/**
 * Posts entries of `perEntry` lines (the last one shorter) until the journal holds `size` lines; entry n is dated
 * `dayOf(n)`.
 */
export async function growJournal(
  post: (url: string, body?: unknown) => Promise<Json>,
  journal: Journal,
  size: number,
  { perEntry, dayOf }: { perEntry: number; dayOf: (index: number) => string },
): Promise<void> {
  while (journal.lines < size) {
    const items: Array<Record<string, unknown>> = [];
    let batchLines = 0;
    while (journal.lines + batchLines < size && items.length < BULK_ENTRIES && batchLines + perEntry <= BULK_LINES) {
      const count = Math.min(perEntry, size - journal.lines - batchLines);
      const debits = Array.from({ length: Math.max(1, count - 1) }, (_, i) => ({
        account_code: DEBITS[(journal.entries + items.length + i) % DEBITS.length],
        debit: ((journal.entries * 7 + i * 13) % 9_000) + 10.25,
      }));
      const total = debits.reduce((sum, line) => sum + Math.round(line.debit * 100), 0) / 100;
      const index = journal.entries + items.length;
      items.push({
        date: dayOf(index),
        description: `Compras del día ${dayOf(index)} (${index + 1})`,
        reference_type: 'bench',
        reference_id: `B-${index + 1}`,
        lines: [...debits, { account_code: index % 10 === 0 ? CASH : CREDIT, credit: total }],
      });
      batchLines += debits.length + 1;
    }
    const created = await post('/api/v1/accounting/journal/bulk/create/', { items });
    const ids = ((created.data?.items ?? []) as Array<{ _id: string }>).map((item) => item._id);
    if (ids.length !== items.length) throw new Error(`bulk create: ${JSON.stringify(created).slice(0, 300)}`);
    for (const id of ids) await post(`/api/v1/accounting/journal/${id}/post/`);
    journal.entries += items.length;
    journal.lines += batchLines;
  }
}
