import type { ClientSession, ObjectId } from 'mongodb';
import type { JournalEntryDocument, LedgerAccountDocument, LedgerDailyTotalDocument } from '../../store/ledger';
import { requirePrincipal, type RequestContext } from '../context';
import { argentineDay } from '../dates';
import { ConflictError } from '../errors';
import { accountsOf, entriesOf } from './accounts';
import { fiscalYearsOf, touchYear, type FiscalYearRecord } from './fiscal-years';
import { postInSession } from './journal';
import { actionOn, entryNumber } from '../activity/actions';
import { recordChanges } from '../activity/changes';

/**
 * The equity account that receives the year's result (3.3.1.01.002 "Resultado del ejercicio" of the default chart):
 * the refundición closes every revenue and expense account against it. Its distribution to reserves and retained
 * earnings is a decision of the next year's shareholders' meeting, so it is not automated here.
 */
export const RESULT_ACCOUNT_CODE = '3.3.1.01.002';
const RESULT_TYPES = ['revenue', 'expense'];
export const CLOSING_REFERENCE_TYPE = 'fiscal_close';

export interface Blocker {
  code: 'FISCAL_YEAR_CLOSED' | 'YEAR_NOT_ENDED' | 'DRAFT_ENTRIES' | 'EARLIER_YEAR_OPEN' | 'RESULT_ACCOUNT_UNAVAILABLE' | 'ACCOUNT_NOT_POSTABLE';
  message: string;
}

export interface ClosingLine {
  account_code: string;
  account_name: string;
  debit_cents: number;
  credit_cents: number;
}

export interface YearFigures {
  year: number;
  status: 'open' | 'closed';
  revenueCents: number;
  expensesCents: number;
  /** Revenue − expenses: a profit above zero, a loss below. */
  resultCents: number;
  /** The closing entry's lines (what close would post; empty once closed or when no result account moved). */
  lines: ClosingLine[];
  blockers: Blocker[];
  closedAt: Date | null;
  closingEntryId: ObjectId | null;
}

const bounds = (year: number) => ({ from: `${year}-01-01`, to: `${year}-12-31` });

/**
 * Debits and credits of the given accounts over the year, added up by the database from the daily totals (one row
 * per account and day moved, found through the account/code/day index), never from the entries' lines.
 */
async function movements(context: RequestContext, year: number, codes: string[], session?: ClientSession) {
  if (!codes.length) return new Map<string, { debit: number; credit: number }>();
  const { from, to } = bounds(year);
  const sums = await context.store
    .collection<LedgerDailyTotalDocument>('ledger_daily_totals')
    .aggregate<{ _id: string; debit: number; credit: number }>(
      [
        { $match: { account_id: requirePrincipal(context).accountId, account_code: { $in: codes }, day: { $gte: from, $lte: to } } },
        { $group: { _id: '$account_code', debit: { $sum: '$debit_cents' }, credit: { $sum: '$credit_cents' } } },
      ],
      { session },
    )
    .toArray();
  return new Map(sums.map((sum) => [sum._id, { debit: sum.debit, credit: sum.credit }]));
}

/**
 * The years before `year` that have postings and are not closed, newest first. Walks the daily totals' account/day
 * index backwards one year at a time (one seek per year with postings), instead of reading every earlier total.
 */
async function earlierOpenYears(context: RequestContext, year: number, closed: Set<number>, session?: ClientSession): Promise<number[]> {
  const totals = context.store.collection<LedgerDailyTotalDocument>('ledger_daily_totals');
  const accountId = requirePrincipal(context).accountId;
  const open: number[] = [];
  let before = `${year}-01-01`;
  for (;;) {
    const last = await totals.findOne({ account_id: accountId, day: { $lt: before } }, { session, sort: { day: -1 }, projection: { day: 1 } });
    if (!last) return open;
    const earlier = Number(last.day.slice(0, 4));
    if (!closed.has(earlier)) open.push(earlier);
    before = `${earlier}-01-01`;
  }
}

/** The closing entry: each result account with a balance zeroed, the difference to the result account. */
function closingLines(accounts: LedgerAccountDocument[], sums: Map<string, { debit: number; credit: number }>, result: LedgerAccountDocument | undefined) {
  const lines: ClosingLine[] = [];
  let resultCents = 0;
  for (const account of accounts) {
    const sum = sums.get(account.code);
    const net = sum ? sum.debit - sum.credit : 0;
    if (net === 0) continue;
    resultCents -= net;
    lines.push({ account_code: account.code, account_name: account.name, debit_cents: net < 0 ? -net : 0, credit_cents: Math.max(net, 0) });
  }
  if (resultCents !== 0)
    lines.push({
      account_code: RESULT_ACCOUNT_CODE,
      account_name: result?.name ?? 'Resultado del ejercicio',
      debit_cents: resultCents < 0 ? -resultCents : 0,
      credit_cents: Math.max(resultCents, 0),
    });
  return { lines, resultCents };
}

/** The figures of a closed year, as stored when it was closed. */
function closedFigures(doc: FiscalYearRecord): YearFigures {
  return {
    year: doc.year,
    status: 'closed',
    revenueCents: doc.revenue_cents ?? 0,
    expensesCents: doc.expenses_cents ?? 0,
    resultCents: doc.result_cents ?? 0,
    lines: [],
    blockers: [{ code: 'FISCAL_YEAR_CLOSED', message: `fiscal year ${doc.year} is already closed` }],
    closedAt: doc.closed_at ?? null,
    closingEntryId: doc.closing_entry_id ?? null,
  };
}

/**
 * What closing `year` would do: revenue, expenses and result from the daily totals, the closing entry's lines, and
 * what stands in the way. Inside `session` when the close itself asks (so it posts exactly what it computed).
 */
export async function calculateYear(context: RequestContext, year: number, session?: ClientSession): Promise<YearFigures> {
  const accountId = requirePrincipal(context).accountId;
  const years = await fiscalYearsOf(context)
    .find({ account_id: accountId }, { session, projection: { year: 1, status: 1 } })
    .toArray();
  const own = years.find((doc) => doc.year === year);
  if (own?.status === 'closed') {
    const full = await fiscalYearsOf(context).findOne({ _id: own._id }, { session });
    return closedFigures(full!);
  }
  const accounts = await accountsOf(context).find({ account_type: { $in: RESULT_TYPES } }, { skip: 0, limit: 0, sort: { code: 1 } }, session);
  const sums = await movements(
    context,
    year,
    accounts.map((account) => account.code),
    session,
  );
  const [resultAccount] = await accountsOf(context).find({ code: RESULT_ACCOUNT_CODE }, { skip: 0, limit: 1, sort: { code: 1 } }, session);
  const { lines, resultCents } = closingLines(accounts, sums, resultAccount);
  let revenueCents = 0;
  let expensesCents = 0;
  for (const account of accounts) {
    const sum = sums.get(account.code);
    if (!sum) continue;
    if (account.account_type === 'revenue') revenueCents += sum.credit - sum.debit;
    else expensesCents += sum.debit - sum.credit;
  }

  const blockers: Blocker[] = [];
  const { from, to } = bounds(year);
  if (argentineDay(context.now()) <= to)
    blockers.push({ code: 'YEAR_NOT_ENDED', message: `fiscal year ${year} ends on ${to}: it can be closed from the next day` });
  const drafts = await entriesOf(context).count({ status: 'draft', date: { $gte: from, $lte: to } }, session);
  if (drafts)
    blockers.push({ code: 'DRAFT_ENTRIES', message: `${drafts} draft entr${drafts === 1 ? 'y is' : 'ies are'} dated in ${year}: post or delete them first` });
  const closed = new Set(years.filter((doc) => doc.status === 'closed').map((doc) => doc.year));
  const open = await earlierOpenYears(context, year, closed, session);
  if (open.length)
    blockers.push({
      code: 'EARLIER_YEAR_OPEN',
      message: `earlier fiscal years with postings are still open (${open.join(', ')}): close them first, oldest first`,
    });
  if (resultCents !== 0 && !(resultAccount?.is_active && resultAccount.is_detail))
    blockers.push({
      code: 'RESULT_ACCOUNT_UNAVAILABLE',
      message: `the result goes to account ${RESULT_ACCOUNT_CODE} (Resultado del ejercicio), which ${resultAccount ? 'is not an active detail account' : 'is not in the chart'}`,
    });
  const inactive = accounts.filter((account) => !account.is_active && lines.some((line) => line.account_code === account.code));
  if (inactive.length)
    blockers.push({
      code: 'ACCOUNT_NOT_POSTABLE',
      message: `result accounts with a balance are inactive (${inactive.map((account) => account.code).join(', ')}): reactivate them to close the year`,
    });
  return { year, status: 'open', revenueCents, expensesCents, resultCents, lines, blockers, closedAt: null, closingEntryId: null };
}

/**
 * Closes `year` in one transaction: writes the year's document first (so a racing post or close conflicts with this
 * one and runs again after it), computes the figures in the same snapshot, refuses when anything blocks (409
 * FISCAL_YEAR_CLOSED, CLOSE_BLOCKED), posts the closing entry dated the last day of the year, then marks the year
 * closed with its figures. A year whose result accounts never moved is closed without an entry.
 */
export function closeYear(context: RequestContext, year: number): Promise<{ figures: YearFigures; entry: JournalEntryDocument | null }> {
  return context.store.transaction(async (session) => {
    const doc = await touchYear(context, year, session);
    if (doc.status === 'closed')
      throw new ConflictError(`fiscal year ${year} is already closed`, [{ path: 'year', message: `${year} is closed` }], 'FISCAL_YEAR_CLOSED');
    const figures = await calculateYear(context, year, session);
    if (figures.blockers.length)
      throw new ConflictError(
        `fiscal year ${year} cannot be closed: ${figures.blockers.map((blocker) => blocker.message).join('; ')}`,
        figures.blockers.map((blocker) => ({ path: 'year', message: `${blocker.code}: ${blocker.message}` })),
        'CLOSE_BLOCKED',
      );
    const now = context.now();
    let entry: JournalEntryDocument | null = null;
    if (figures.lines.length) {
      const entries = entriesOf(context);
      const lines = figures.lines.map(({ debit_cents: debit, credit_cents: credit, ...rest }) => ({
        ...rest,
        ...(debit ? { debit_cents: debit } : {}),
        ...(credit ? { credit_cents: credit } : {}),
      }));
      const total = lines.reduce((sum, line) => sum + (line.debit_cents ?? 0), 0);
      const draft = await entries.insert(
        {
          date: bounds(year).to,
          description: `Refundición de cuentas de resultado del ejercicio ${year}`,
          lines,
          reference_type: CLOSING_REFERENCE_TYPE,
          reference_id: String(year),
          status: 'posted',
          number: null,
          total_debit_cents: total,
          total_credit_cents: total,
        } as never,
        now,
        session,
      );
      const posted = await postInSession(context, draft, session);
      entry = await entries.update(draft._id.toHexString(), posted, [], now, session);
    }
    const closed = await fiscalYearsOf(context).findOneAndUpdate(
      { _id: doc._id, status: 'open' },
      {
        $set: {
          status: 'closed',
          closed_at: now,
          closed_by: requirePrincipal(context).userId,
          revenue_cents: figures.revenueCents,
          expenses_cents: figures.expensesCents,
          result_cents: figures.resultCents,
          closing_entry_id: entry?._id ?? null,
          updated_at: now,
        },
      },
      { session, returnDocument: 'after' },
    );
    const outcome = entry ? `refundición ${entryNumber(entry)}` : 'no results to close';
    await recordChanges(context, [actionOn('fiscal_years', `fiscal year ${year}`, 'closed', closed!, outcome)], session);
    return { figures: { ...closedFigures(closed!), lines: figures.lines, blockers: [] }, entry };
  });
}

/**
 * The first day the years list must add up: the closed years show the figures stored with their close, so their rows
 * are skipped — everything up to the latest closed year when no earlier year with postings is still open (the usual
 * case, since years close oldest first), else nothing is skipped.
 */
async function openSince(context: RequestContext, stored: FiscalYearRecord[]): Promise<string | undefined> {
  const closed = new Set(stored.filter((doc) => doc.status === 'closed').map((doc) => doc.year));
  if (!closed.size) return undefined;
  const latest = Math.max(...closed);
  if ((await earlierOpenYears(context, latest + 1, closed)).length) return undefined;
  return `${latest + 1}-01-01`;
}

export interface FiscalYearSummary {
  year: number;
  status: 'open' | 'closed';
  revenueCents: number;
  expensesCents: number;
  resultCents: number;
  closedAt: Date | null;
  closingEntryId: ObjectId | null;
}

/**
 * The account's fiscal years, newest first: every year with postings or a stored document. A closed year shows the
 * figures of its close; an open one its figures so far, added up by the database from the result accounts' daily
 * totals of the open years grouped by year.
 */
export async function listYears(context: RequestContext, status?: 'open' | 'closed'): Promise<FiscalYearSummary[]> {
  const accountId = requirePrincipal(context).accountId;
  const stored = await fiscalYearsOf(context).find({ account_id: accountId }).toArray();
  const accounts = await accountsOf(context).find({ account_type: { $in: RESULT_TYPES } }, { skip: 0, limit: 0, sort: { code: 1 } });
  const typeOf = new Map(accounts.map((account) => [account.code, account.account_type]));
  const since = await openSince(context, stored);
  const sums = typeOf.size
    ? await context.store
        .collection<LedgerDailyTotalDocument>('ledger_daily_totals')
        .aggregate<{ _id: { year: string; code: string }; debit: number; credit: number }>([
          { $match: { account_id: accountId, account_code: { $in: [...typeOf.keys()] }, ...(since ? { day: { $gte: since } } : {}) } },
          {
            $group: {
              _id: { year: { $substrBytes: ['$day', 0, 4] }, code: '$account_code' },
              debit: { $sum: '$debit_cents' },
              credit: { $sum: '$credit_cents' },
            },
          },
        ])
        .toArray()
    : [];
  const byYear = new Map<number, FiscalYearSummary>();
  const summary = (year: number) => {
    let found = byYear.get(year);
    if (!found) {
      found = { year, status: 'open', revenueCents: 0, expensesCents: 0, resultCents: 0, closedAt: null, closingEntryId: null };
      byYear.set(year, found);
    }
    return found;
  };
  for (const sum of sums) {
    const row = summary(Number(sum._id.year));
    if (typeOf.get(sum._id.code) === 'revenue') row.revenueCents += sum.credit - sum.debit;
    else row.expensesCents += sum.debit - sum.credit;
    row.resultCents = row.revenueCents - row.expensesCents;
  }
  for (const doc of stored) {
    const row = summary(doc.year);
    if (doc.status === 'closed') Object.assign(row, closedFigures(doc), { lines: undefined, blockers: undefined });
  }
  return [...byYear.values()]
    .filter((row) => !status || row.status === status)
    .sort((a, b) => b.year - a.year)
    .map(({ year, status: state, revenueCents, expensesCents, resultCents, closedAt, closingEntryId }) => ({
      year,
      status: state,
      revenueCents,
      expensesCents,
      resultCents,
      closedAt,
      closingEntryId,
    }));
}
