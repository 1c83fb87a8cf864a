import type { LedgerAccountDocument, LedgerDailyTotalDocument } from '../../../store/ledger';
import { requirePrincipal, type RequestContext } from '../../context';
import { notFound } from '../../errors';
import { accountsByCode, accountsOf } from '../accounts';

/** An account's posted figures in centavos: before the period (opening) and within it. */
export interface Sums {
  openingDebit: number;
  openingCredit: number;
  debit: number;
  credit: number;
}

export const NO_SUMS: Sums = { openingDebit: 0, openingCredit: 0, debit: 0, credit: 0 };

/** Debit-minus-credit of the figures: before the period and at its end. */
export const signedOpening = (sums: Sums) => sums.openingDebit - sums.openingCredit;
export const signedClosing = (sums: Sums) => signedOpening(sums) + sums.debit - sums.credit;

/**
 * The figures of every account up to `to`, split at `from`, by code: a detail account's own and a parent's as the
 * sum of its descendants'. The database adds the daily totals up per posted account, once for the days before the
 * period and once for the period (two plain index ranges: cheaper than deciding per total which side it is on), so
 * the work grows with accounts × days, never with journal lines; each account's sums then roll up its path (the
 * codes above it, which every total carries) here, accounts × levels. `codes` narrows it to the totals under those.
 */
export async function sumsByCode(context: RequestContext, from: string, to: string, codes?: readonly string[]): Promise<Map<string, Sums>> {
  const accountId = requirePrincipal(context).accountId;
  const under = codes ? { ancestors: { $in: [...codes] } } : {};
  const totals = context.store.collection<LedgerDailyTotalDocument>('ledger_daily_totals');
  const byAccount = (days: Record<string, string>) =>
    totals
      .aggregate<{ _id: string; path: string[]; debit: number; credit: number }>([
        { $match: { account_id: accountId, ...under, day: days } },
        { $group: { _id: '$account_code', path: { $first: '$ancestors' }, debit: { $sum: '$debit_cents' }, credit: { $sum: '$credit_cents' } } },
      ])
      .toArray();
  const [before, within] = await Promise.all([byAccount({ $lt: from }), byAccount({ $gte: from, $lte: to })]);
  const sums = new Map<string, Sums>();
  const add = (groups: typeof before, debit: 'openingDebit' | 'debit', credit: 'openingCredit' | 'credit') => {
    for (const group of groups)
      for (const code of group.path ?? [group._id]) {
        const sum = sums.get(code) ?? { ...NO_SUMS };
        sum[debit] += group.debit;
        sum[credit] += group.credit;
        sums.set(code, sum);
      }
  };
  add(before, 'openingDebit', 'openingCredit');
  add(within, 'debit', 'credit');
  return sums;
}

/** The accounts of the chart down to `level`, in code order (the rows of a report). */
export function chartDownTo(context: RequestContext, level: number, filter: Record<string, unknown> = {}): Promise<LedgerAccountDocument[]> {
  return chartInCodeOrder(context, { ...filter, level: { $lte: level } });
}

/**
 * Accounts of the chart in code order, sorted here: a chart is a few hundred accounts, and asking the server for the
 * order would make it walk the code index over the whole chart instead of the filter's own range (levels, types).
 */
export async function chartInCodeOrder(context: RequestContext, filter: Record<string, unknown>): Promise<LedgerAccountDocument[]> {
  const accounts = await accountsOf(context).find(filter, { skip: 0, limit: 0, sort: {} });
  return accounts.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

/** The longest account code the chart takes: a longer one names no account (and is never looked up). */
export const MAX_CODE_LENGTH = 20;

/** An account by code, or a 404 naming it. */
export async function accountOrNotFound(context: RequestContext, code: string): Promise<LedgerAccountDocument> {
  const [account] = code.length && code.length <= MAX_CODE_LENGTH ? await accountsByCode(context, [code]) : [null];
  if (!account) throw notFound('ledger account', code.slice(0, MAX_CODE_LENGTH));
  return account;
}

export interface FigureRow {
  account: LedgerAccountDocument;
  sums: Sums;
}

export const isZero = (sums: Sums) => !sums.openingDebit && !sums.openingCredit && !sums.debit && !sums.credit;

/** The rows of the listed accounts, without the all-zero ones unless asked. */
export function rowsOf(accounts: LedgerAccountDocument[], sums: Map<string, Sums>, includeZero: boolean): FigureRow[] {
  return accounts.map((account) => ({ account, sums: sums.get(account.code) ?? NO_SUMS })).filter((row) => includeZero || !isZero(row.sums));
}

/**
 * The rows none of whose descendants is listed: together they hold every posting once, so their figures add up to
 * the book's (a parent's rows would count its children's twice).
 */
export function lowestRows(rows: FigureRow[]): FigureRow[] {
  const parents = new Set(rows.map((row) => row.account.parent_code).filter((code): code is string => Boolean(code)));
  return rows.filter((row) => !parents.has(row.account.code));
}

/** The roots of the chart (level 1): their figures are the book's, split by type. */
export function rootsOf(accounts: LedgerAccountDocument[]): LedgerAccountDocument[] {
  return accounts.filter((account) => account.level === 1);
}
