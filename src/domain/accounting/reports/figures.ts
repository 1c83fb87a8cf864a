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

const before = (from: string, field: string) => ({ $sum: { $cond: [{ $lt: ['$day', from] }, `$${field}`, 0] } });
const within = (from: string, field: string) => ({ $sum: { $cond: [{ $gte: ['$day', from] }, `$${field}`, 0] } });

/**
 * The figures of every account up to `to`, split at `from`, by code: a detail account's own and a parent's as the
 * sum of its descendants'. The database adds the daily totals up (each carries the codes above its account), so the
 * work grows with accounts × days, never with journal lines. `codes` narrows it to the totals under those codes.
 */
export async function sumsByCode(context: RequestContext, from: string, to: string, codes?: readonly string[]): Promise<Map<string, Sums>> {
  const accountId = requirePrincipal(context).accountId;
  const under = codes ? { ancestors: { $in: [...codes] } } : {};
  const groups = await context.store
    .collection<LedgerDailyTotalDocument>('ledger_daily_totals')
    .aggregate<{ _id: string; od: number; oc: number; d: number; c: number }>([
      { $match: { account_id: accountId, ...under, day: { $lte: to } } },
      { $unwind: '$ancestors' },
      ...(codes ? [{ $match: under }] : []),
      {
        $group: {
          _id: '$ancestors',
          od: before(from, 'debit_cents'),
          oc: before(from, 'credit_cents'),
          d: within(from, 'debit_cents'),
          c: within(from, 'credit_cents'),
        },
      },
    ])
    .toArray();
  return new Map(groups.map((group) => [group._id, { openingDebit: group.od, openingCredit: group.oc, debit: group.d, credit: group.c }]));
}

/** The accounts of the chart down to `level`, in code order (the rows of a report). */
export function chartDownTo(context: RequestContext, level: number, filter: Record<string, unknown> = {}): Promise<LedgerAccountDocument[]> {
  return accountsOf(context).find({ ...filter, level: { $lte: level } }, { skip: 0, limit: 0, sort: { code: 1 } });
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
