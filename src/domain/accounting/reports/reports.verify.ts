import type { ObjectId } from 'mongodb';
import type { JournalEntryDocument, LedgerAccountDocument, LedgerDailyTotalDocument } from '../../../store/ledger';
import type { Store } from '../../../store/store';
import { POSTED } from './lines';

/** One way the stored figures disagree with the journal lines (amounts in centavos). */
export type LedgerDifference =
  | { kind: 'daily_total'; account_code: string; day: string; from_lines: Cents; stored: Cents | null }
  | { kind: 'ancestors'; account_code: string; day: string; expected: string[]; stored: string[] }
  | { kind: 'balance'; account_code: string; from_lines: Cents; from_totals: Cents }
  | { kind: 'entry'; entry_id: string; number: number | null; lines: Cents; stored: Cents };

export interface Cents {
  debit: number;
  credit: number;
}

export interface LedgerCheck {
  entries: number;
  dailyTotals: number;
  accounts: number;
  differences: LedgerDifference[];
}

const key = (code: string, day: string) => `${code}\u0000${day}`;
const same = (a: Cents, b: Cents) => a.debit === b.debit && a.credit === b.credit;
const lineSum = (side: 'debit' | 'credit') => ({ $sum: { $ifNull: [`$lines.${side}_cents`, 0] } });

/**
 * Recomputes the account's ledger from its posted journal lines and compares: every daily total (its amounts, and
 * the codes it rolls up into against its account's place in the chart), every account's balance (its descendants
 * included) and every posted entry's stored totals. The database adds the lines up; the comparison is per account
 * and day, so the work here grows with accounts × days.
 */
export async function verifyLedger(store: Store, accountId: ObjectId): Promise<LedgerCheck> {
  const entries = store.collection<JournalEntryDocument>('journal_entries');
  const [fromLines, stored, chart, badEntries, entryCount] = await Promise.all([
    entries
      .aggregate<{ _id: { code: string; day: string }; debit: number; credit: number }>([
        { $match: { account_id: accountId, status: POSTED } },
        { $unwind: '$lines' },
        { $group: { _id: { code: '$lines.account_code', day: '$date' }, debit: lineSum('debit'), credit: lineSum('credit') } },
      ])
      .toArray(),
    store.collection<LedgerDailyTotalDocument>('ledger_daily_totals').find({ account_id: accountId }).toArray(),
    store
      .collection<LedgerAccountDocument>('ledger_accounts')
      .find({ account_id: accountId }, { projection: { code: 1, path: 1 } })
      .toArray(),
    entries
      .aggregate<{ _id: ObjectId; number: number | null; debit: number; credit: number; total_debit_cents: number; total_credit_cents: number }>([
        { $match: { account_id: accountId, status: POSTED } },
        { $unwind: '$lines' },
        {
          $group: {
            _id: '$_id',
            number: { $first: '$number' },
            debit: lineSum('debit'),
            credit: lineSum('credit'),
            total_debit_cents: { $first: '$total_debit_cents' },
            total_credit_cents: { $first: '$total_credit_cents' },
          },
        },
        {
          $match: {
            $expr: { $or: [{ $ne: ['$debit', '$credit'] }, { $ne: ['$debit', '$total_debit_cents'] }, { $ne: ['$credit', '$total_credit_cents'] }] },
          },
        },
      ])
      .toArray(),
    entries.countDocuments({ account_id: accountId, status: POSTED }),
  ]);
  const differences: LedgerDifference[] = [];
  const paths = new Map(chart.map((account) => [account.code, account.path]));
  const storedByKey = new Map(stored.map((total) => [key(total.account_code, total.day), total]));
  const expectedByKey = new Map(fromLines.map((row) => [key(row._id.code, row._id.day), row]));

  for (const row of [...fromLines].sort((a, b) => key(a._id.code, a._id.day).localeCompare(key(b._id.code, b._id.day)))) {
    const total = storedByKey.get(key(row._id.code, row._id.day));
    const lines = { debit: row.debit, credit: row.credit };
    if (!total || !same(lines, { debit: total.debit_cents, credit: total.credit_cents }))
      differences.push({
        kind: 'daily_total',
        account_code: row._id.code,
        day: row._id.day,
        from_lines: lines,
        stored: total ? { debit: total.debit_cents, credit: total.credit_cents } : null,
      });
  }
  for (const total of stored) {
    if (!expectedByKey.has(key(total.account_code, total.day)) && (total.debit_cents || total.credit_cents))
      differences.push({
        kind: 'daily_total',
        account_code: total.account_code,
        day: total.day,
        from_lines: { debit: 0, credit: 0 },
        stored: { debit: total.debit_cents, credit: total.credit_cents },
      });
    const path = paths.get(total.account_code);
    if (path && JSON.stringify(path) !== JSON.stringify(total.ancestors))
      differences.push({ kind: 'ancestors', account_code: total.account_code, day: total.day, expected: path, stored: total.ancestors });
  }

  // Balances: what each account (and each heading, over its descendants) holds by the lines and by the totals.
  const rollUp = (rows: Array<{ code: string; debit: number; credit: number; ancestors?: string[] }>) => {
    const sums = new Map<string, Cents>();
    for (const row of rows)
      for (const code of row.ancestors ?? paths.get(row.code) ?? [row.code]) {
        const sum = sums.get(code) ?? { debit: 0, credit: 0 };
        sum.debit += row.debit;
        sum.credit += row.credit;
        sums.set(code, sum);
      }
    return sums;
  };
  const byLines = rollUp(fromLines.map((row) => ({ code: row._id.code, debit: row.debit, credit: row.credit })));
  const byTotals = rollUp(
    stored.map((total) => ({ code: total.account_code, debit: total.debit_cents, credit: total.credit_cents, ancestors: total.ancestors })),
  );
  for (const code of [...new Set([...byLines.keys(), ...byTotals.keys()])].sort()) {
    const lines = byLines.get(code) ?? { debit: 0, credit: 0 };
    const totals = byTotals.get(code) ?? { debit: 0, credit: 0 };
    if (!same(lines, totals)) differences.push({ kind: 'balance', account_code: code, from_lines: lines, from_totals: totals });
  }

  for (const entry of badEntries)
    differences.push({
      kind: 'entry',
      entry_id: entry._id.toHexString(),
      number: entry.number ?? null,
      lines: { debit: entry.debit, credit: entry.credit },
      stored: { debit: entry.total_debit_cents, credit: entry.total_credit_cents },
    });
  return { entries: entryCount, dailyTotals: stored.length, accounts: chart.length, differences };
}
