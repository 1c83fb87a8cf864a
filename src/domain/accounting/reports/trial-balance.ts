import type { LedgerAccountDocument } from '../../../store/ledger';
import type { RequestContext } from '../../context';
import { natured } from '../accounts';
import { chartDownTo, lowestRows, rowsOf, signedClosing, signedOpening, sumsByCode, type Sums } from './figures';
import type { Period } from './params';

/** One account of the Balance de Sumas y Saldos, in centavos; balances split into their debit or credit side. */
export interface TrialBalanceRow {
  account: LedgerAccountDocument;
  openingDebit: number;
  openingCredit: number;
  debit: number;
  credit: number;
  closingDebit: number;
  closingCredit: number;
  /** The closing balance in the account's nature. */
  balance: number;
}

export type TrialBalanceTotals = Omit<TrialBalanceRow, 'account' | 'balance'>;

export interface TrialBalance {
  period: Period;
  rows: TrialBalanceRow[];
  totals: TrialBalanceTotals;
  balanced: boolean;
}

const sides = (signed: number) => ({ debit: Math.max(signed, 0), credit: Math.max(-signed, 0) });

function rowOf(account: LedgerAccountDocument, sums: Sums): TrialBalanceRow {
  const opening = sides(signedOpening(sums));
  const closing = sides(signedClosing(sums));
  return {
    account,
    openingDebit: opening.debit,
    openingCredit: opening.credit,
    debit: sums.debit,
    credit: sums.credit,
    closingDebit: closing.debit,
    closingCredit: closing.credit,
    balance: natured(account.account_type, closing.debit, closing.credit),
  };
}

/**
 * Balance de Sumas y Saldos: for every account down to `level`, the balance before the period, the period's debits
 * and credits (sumas) and the balance at its end (saldos), a parent's rolled up from its descendants. The totals add
 * up the lowest listed rows (each posting counted once): debits equal credits, and debit balances equal credit
 * balances, in a book that balances.
 */
export async function trialBalance(context: RequestContext, period: Period): Promise<TrialBalance> {
  const [sums, accounts] = await Promise.all([sumsByCode(context, period.from, period.to), chartDownTo(context, period.level)]);
  const figures = rowsOf(accounts, sums, period.includeZero);
  const rows = figures.map((row) => rowOf(row.account, row.sums));
  const listed = new Set(lowestRows(figures).map((row) => row.account.code));
  const totals: TrialBalanceTotals = { openingDebit: 0, openingCredit: 0, debit: 0, credit: 0, closingDebit: 0, closingCredit: 0 };
  for (const row of rows) {
    if (!listed.has(row.account.code)) continue;
    for (const key of Object.keys(totals) as Array<keyof TrialBalanceTotals>) totals[key] += row[key];
  }
  const balanced = totals.debit === totals.credit && totals.openingDebit === totals.openingCredit && totals.closingDebit === totals.closingCredit;
  return { period, rows, totals, balanced };
}
