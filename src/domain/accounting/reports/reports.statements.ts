import type { LedgerAccountDocument } from '../../../store/ledger';
import type { RequestContext } from '../../context';
import { chartDownTo, NO_SUMS, rootsOf, signedClosing, sumsByCode, type Sums } from './figures';
import type { Period } from './params';

/** One account of a statement: its amount in the account's nature, in centavos (a contra account's is negative). */
export interface StatementRow {
  account: LedgerAccountDocument;
  amount: number;
}

/** A statement section (a type of account): its listed accounts and its total (the type's level-1 accounts'). */
export interface Section {
  total: number;
  rows: StatementRow[];
}

/** Debit-natured types count debit − credit; the others credit − debit. */
const sign = (type: string) => (type === 'asset' || type === 'expense' ? 1 : -1);

function section(accounts: LedgerAccountDocument[], type: string, amountOf: (sums: Sums) => number, sums: Map<string, Sums>, includeZero: boolean): Section {
  const ofType = accounts.filter((account) => account.account_type === type);
  const amount = (account: LedgerAccountDocument) => sign(type) * amountOf(sums.get(account.code) ?? NO_SUMS);
  return {
    total: rootsOf(ofType).reduce((sum, account) => sum + amount(account), 0),
    rows: ofType
      .map((account) => ({ account, amount: amount(account) }))
      .filter((row) => includeZero || row.amount !== 0 || hasMoves(sums.get(row.account.code))),
  };
}

const hasMoves = (sums: Sums | undefined) => Boolean(sums && (sums.debit || sums.credit));

export interface IncomeStatement {
  period: Period;
  revenue: Section;
  expenses: Section;
  /** Revenue − expenses of the period: a profit when positive, a loss when negative. */
  result: number;
}

/**
 * Estado de Resultados: the period's movements of the revenue and expense accounts down to `level` (the chart's
 * headings are the captions: ventas, costo de ventas, gastos de comercialización, administración, financieros…),
 * and the period's result.
 */
export async function incomeStatement(context: RequestContext, period: Period): Promise<IncomeStatement> {
  const [sums, accounts] = await Promise.all([
    sumsByCode(context, period.from, period.to),
    chartDownTo(context, period.level, { account_type: { $in: ['revenue', 'expense'] } }),
  ]);
  const moved = (figures: Sums) => figures.debit - figures.credit;
  const revenue = section(accounts, 'revenue', moved, sums, period.includeZero);
  const expenses = section(accounts, 'expense', moved, sums, period.includeZero);
  return { period, revenue, expenses, result: revenue.total - expenses.total };
}

export interface BalanceSheet {
  asOf: string;
  level: number;
  assets: Section;
  liabilities: Section;
  equity: Section;
  /** Revenue − expenses not yet closed into equity (the year's result before the fiscal close). */
  unclosedResult: number;
  /** Liabilities + equity + the unclosed result: what the assets must equal. */
  liabilitiesAndEquity: number;
  /** Assets − (liabilities + equity + unclosed result): zero in a book that balances. */
  difference: number;
  balanced: boolean;
}

/**
 * Estado de Situación Patrimonial at the end of `to`: balances of asset, liability and equity accounts down to
 * `level` (rows with a zero balance left out unless asked), and the result not yet closed into equity, so that
 * assets = liabilities + equity + result is checked and reported.
 */
export async function balanceSheet(context: RequestContext, period: Period): Promise<BalanceSheet> {
  const [sums, accounts, roots] = await Promise.all([
    sumsByCode(context, period.to, period.to),
    chartDownTo(context, period.level, { account_type: { $in: ['asset', 'liability', 'equity'] } }),
    chartDownTo(context, 1, { account_type: { $in: ['revenue', 'expense'] } }),
  ]);
  const closing = (figures: Sums) => signedClosing(figures);
  const withBalance = (s: Section) => (period.includeZero ? s : { ...s, rows: s.rows.filter((row) => row.amount !== 0) });
  const assets = withBalance(section(accounts, 'asset', closing, sums, period.includeZero));
  const liabilities = withBalance(section(accounts, 'liability', closing, sums, period.includeZero));
  const equity = withBalance(section(accounts, 'equity', closing, sums, period.includeZero));
  // Credit − debit over every revenue and expense account: the result the fiscal close would move into equity.
  const unclosedResult = -roots.reduce((sum, account) => sum + signedClosing(sums.get(account.code) ?? NO_SUMS), 0);
  const liabilitiesAndEquity = liabilities.total + equity.total + unclosedResult;
  const difference = assets.total - liabilitiesAndEquity;
  return { asOf: period.to, level: period.level, assets, liabilities, equity, unclosedResult, liabilitiesAndEquity, difference, balanced: difference === 0 };
}
