import type { LedgerAccountDocument } from '../../../store/ledger';
import type { RequestContext } from '../../context';
import { ValidationError } from '../../errors';
import { accountsByCode, natured } from '../accounts';
import { accountOrNotFound, chartInCodeOrder, NO_SUMS, signedClosing, signedOpening, sumsByCode, type Sums } from './figures';
import { linesAfter, signedBefore, type BookLine, type Position } from './lines';
import { encodeLineCursor, type LinePosition } from './params';

/** A line with the account's balance after it, in the account's nature (centavos). */
export type RunningLine = BookLine & { balance: number };

/** One account of a ledger: its figures over the whole period and the page's lines. */
export interface LedgerSection {
  account: LedgerAccountDocument;
  /** In the account's nature, centavos. */
  openingBalance: number;
  totalDebit: number;
  totalCredit: number;
  closingBalance: number;
  lines: RunningLine[];
}

export interface LedgerPage<T> {
  from: string;
  to: string;
  items: T;
  /** Where the next page starts (null on the last page). */
  nextCursor: string | null;
}

function sectionOf(account: LedgerAccountDocument, sums: Sums, lines: RunningLine[]): LedgerSection {
  const nature = (signed: number) => natured(account.account_type, Math.max(signed, 0), Math.max(-signed, 0));
  return {
    account,
    openingBalance: nature(signedOpening(sums)),
    totalDebit: sums.debit,
    totalCredit: sums.credit,
    closingBalance: nature(signedClosing(sums)),
    lines,
  };
}

/** One page of an account's lines with their running balance, and whether more follow. */
async function runningPage(
  context: RequestContext,
  account: LedgerAccountDocument,
  codes: readonly string[],
  from: string,
  to: string,
  after: Position | null,
  limit: number,
  opening: number,
): Promise<{ lines: RunningLine[]; more: boolean }> {
  if (!codes.length) return { lines: [], more: false };
  // From the period's start the opening balance is known; from a cursor it is the book up to the cursor.
  const resumed = after && after.date >= from ? after : null;
  const [{ lines, cursorEntrySigned }, before] = await Promise.all([
    linesAfter(context, codes, from, to, after, limit),
    resumed ? signedBefore(context, account.code, codes, resumed) : opening,
  ]);
  let signed = before + cursorEntrySigned;
  const running = lines.slice(0, limit).map((line) => {
    signed += line.debit - line.credit;
    return { ...line, balance: natured(account.account_type, Math.max(signed, 0), Math.max(-signed, 0)) };
  });
  return { lines: running, more: lines.length > limit };
}

const positionOf = (code: string, line: RunningLine): LinePosition => ({ code, date: line.date, number: line.number, line: line.line });

function wrongCursor(): never {
  throw new ValidationError('after is not a cursor of this report', [{ path: 'after', message: 'is not a cursor of this report' }]);
}

/** The postable accounts under a heading (or the account itself when it is one): where its lines are. */
async function detailCodes(context: RequestContext, account: LedgerAccountDocument): Promise<string[]> {
  if (account.is_detail) return [account.code];
  const found = await chartInCodeOrder(context, { path: account.code, is_detail: true });
  return found.map((child) => child.code);
}

/**
 * Mayor de una cuenta: its balance before the period, each posted line of the period (its own, or for a heading
 * account its descendants') with the running balance, and its closing balance, a page at a time.
 */
export async function accountLedger(
  context: RequestContext,
  code: string,
  period: { from: string; to: string },
  after: LinePosition | null,
  limit: number,
): Promise<LedgerPage<LedgerSection>> {
  const account = await accountOrNotFound(context, code);
  if (after && after.code !== code) wrongCursor();
  const [codes, sums] = await Promise.all([detailCodes(context, account), sumsByCode(context, period.from, period.to, [code])]);
  const figures = sums.get(code) ?? NO_SUMS;
  const page = await runningPage(context, account, codes, period.from, period.to, after, limit, signedOpening(figures));
  const last = page.lines.at(-1);
  return {
    ...period,
    items: sectionOf(account, figures, page.lines),
    nextCursor: page.more && last ? encodeLineCursor(positionOf(code, last)) : null,
  };
}

/**
 * Libro Mayor: every postable account with posted lines in the period, in code order, each with its opening
 * balance, lines and running balance, and closing balance. A page holds `limit` lines and may end inside an account
 * (the next page goes on from there with the running balance where it was).
 */
export async function generalLedger(
  context: RequestContext,
  period: { from: string; to: string },
  after: LinePosition | null,
  limit: number,
): Promise<LedgerPage<LedgerSection[]>> {
  const sums = await sumsByCode(context, period.from, period.to);
  const moved = [...sums].filter(([, figures]) => figures.debit || figures.credit).map(([code]) => code);
  const accounts = (await accountsByCode(context, moved))
    .filter((account): account is LedgerAccountDocument => Boolean(account?.is_detail))
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const sections: LedgerSection[] = [];
  let remaining = limit;
  let nextCursor: string | null = null;
  const pending = after ? accounts.filter((account) => account.code >= after.code) : accounts;
  for (let i = 0; i < pending.length; i++) {
    const account = pending[i];
    if (remaining === 0) {
      // The page is full at an account's end: the next one starts at the next account's first line.
      nextCursor = encodeLineCursor({ code: account.code, date: period.from, number: 0, line: 0 });
      break;
    }
    const figures = sums.get(account.code) ?? NO_SUMS;
    const from = after?.code === account.code ? after : null;
    const page = await runningPage(context, account, [account.code], period.from, period.to, from, remaining, signedOpening(figures));
    if (page.lines.length) sections.push(sectionOf(account, figures, page.lines));
    remaining -= page.lines.length;
    if (page.more) {
      nextCursor = encodeLineCursor(positionOf(account.code, page.lines.at(-1)!));
      break;
    }
  }
  return { ...period, items: sections, nextCursor };
}
