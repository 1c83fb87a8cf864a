import type { LedgerAccountDocument, LedgerDailyTotalDocument } from '../../store/ledger';
import { requirePrincipal, type RequestContext } from '../context';
import { argentineDay } from '../dates';
import { accountsOf, natured } from './accounts';
import { chartInCodeOrder } from './reports/figures';
import { MAX_LEVEL } from './account-declaration';
import { defaultChart } from './default-chart';
import { recordChanges } from '../activity/changes';
import { changesOf } from '../activity/journaled';

/**
 * Loads the default chart into an account that has none, all or nothing: one insertMany in one transaction. An
 * account that already has accounts keeps them and gets nothing (`seeded: 0`). Two loads racing into an empty chart
 * collide on the unique code index; the loser's transaction runs again, finds the winner's chart and seeds nothing.
 */
export async function seedDefaultChart(context: RequestContext): Promise<{ seeded: number; message: string }> {
  return context.store.transaction(async (session) => {
    const accounts = accountsOf(context);
    const existing = await accounts.count({}, session);
    if (existing > 0) return { seeded: 0, message: `The chart already has ${existing} accounts; the default chart was not loaded (nothing was changed).` };
    const chart = defaultChart().map((account) => ({ ...account, is_active: true }));
    const seeded = await accounts.insertMany(chart as never, context.now(), session);
    await recordChanges(context, changesOf('ledger_accounts', 'ledger account', 'created', seeded), session);
    return { seeded: chart.length, message: `Loaded the default chart of accounts (${chart.length} accounts).` };
  });
}

export interface BalanceRow {
  account: LedgerAccountDocument;
  debitCents: number;
  creditCents: number;
  balanceCents: number;
}

/**
 * Balances of every account down to `level` as of the end of `asOf` (default: today in Argentina), posted entries
 * only. The database adds the daily totals up per account and per ancestor (each total carries its account's path),
 * so a parent's figures are its descendants' and the work grows with accounts × days, not with lines.
 */
export async function balances(
  context: RequestContext,
  asOf: string | undefined,
  level: number | undefined,
): Promise<{ asOf: string; level: number; rows: BalanceRow[]; totalDebitCents: number; totalCreditCents: number }> {
  const day = asOf ?? argentineDay(context.now());
  const depth = level ?? MAX_LEVEL;
  const accountId = requirePrincipal(context).accountId;
  const [sums, accounts] = await Promise.all([
    context.store
      .collection<LedgerDailyTotalDocument>('ledger_daily_totals')
      .aggregate<{ _id: string; debit: number; credit: number }>([
        { $match: { account_id: accountId, day: { $lte: day } } },
        { $unwind: '$ancestors' },
        { $group: { _id: '$ancestors', debit: { $sum: '$debit_cents' }, credit: { $sum: '$credit_cents' } } },
      ])
      .toArray(),
    chartInCodeOrder(context, { level: { $lte: depth } }),
  ]);
  const byCode = new Map(sums.map((sum) => [sum._id, sum]));
  const rows = accounts.map((account) => {
    const sum = byCode.get(account.code);
    const debitCents = sum?.debit ?? 0;
    const creditCents = sum?.credit ?? 0;
    return { account, debitCents, creditCents, balanceCents: natured(account.account_type, debitCents, creditCents) };
  });
  const roots = rows.filter((row) => row.account.level === 1);
  return {
    asOf: day,
    level: depth,
    rows,
    totalDebitCents: roots.reduce((sum, row) => sum + row.debitCents, 0),
    totalCreditCents: roots.reduce((sum, row) => sum + row.creditCents, 0),
  };
}
