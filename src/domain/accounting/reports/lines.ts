import type { Collection, Filter, ObjectId } from 'mongodb';
import type { JournalEntryDocument, LedgerDailyTotalDocument } from '../../../store/ledger';
import { requirePrincipal, type RequestContext } from '../../context';
import type { LinePosition } from './params';

/** Posted entries count in every report: a reversed entry and its counter-entry were both posted. */
export const POSTED = { $in: ['posted', 'reversed'] };

/** A journal line where it stands in the book, in centavos. */
export interface BookLine {
  entryId: ObjectId;
  date: string;
  number: number;
  fiscalYear: number | null;
  status: string;
  entryDescription: string;
  referenceType: string | null;
  referenceId: string | null;
  /** The line's index within its entry. */
  line: number;
  accountCode: string;
  accountName: string | null;
  description: string | null;
  debit: number;
  credit: number;
}

export type Position = Omit<LinePosition, 'code'>;

const PROJECTION = { date: 1, number: 1, fiscal_year: 1, status: 1, description: 1, reference_type: 1, reference_id: 1, lines: 1 } as const;

function bookLines(entry: JournalEntryDocument, codes: ReadonlySet<string>, after: Position | null): BookLine[] {
  const lines: BookLine[] = [];
  entry.lines.forEach((line, index) => {
    if (!codes.has(line.account_code)) return;
    if (after && entry.date === after.date && entry.number === after.number && index <= after.line) return;
    lines.push({
      entryId: entry._id,
      date: entry.date,
      number: entry.number ?? 0,
      fiscalYear: entry.fiscal_year ?? null,
      status: entry.status,
      entryDescription: entry.description,
      referenceType: entry.reference_type ?? null,
      referenceId: entry.reference_id ?? null,
      line: index,
      accountCode: line.account_code,
      accountName: line.account_name ?? null,
      description: line.description ?? null,
      debit: line.debit_cents ?? 0,
      credit: line.credit_cents ?? 0,
    });
  });
  return lines;
}

/**
 * The posted entries each query finds, in book order, up to its limit: one read however many queries. Each query is
 * its own walk of the index on (line account, day, number) — a `$unionWith` branch whose `$match`, `$sort` and
 * `$limit` the server serves from the index — so a batch costs what its pages hold, never the books' size.
 */
async function entriesEach(
  entries: Collection<JournalEntryDocument>,
  queries: ReadonlyArray<{ filter: Filter<JournalEntryDocument>; limit: number }>,
): Promise<JournalEntryDocument[][]> {
  const sort = { date: 1, number: 1 } as const;
  if (queries.length === 1) {
    const [{ filter, limit }] = queries;
    return [(await entries.find(filter, { projection: PROJECTION }).sort(sort).limit(limit).toArray()) as JournalEntryDocument[]];
  }
  const branch = ({ filter, limit }: { filter: Filter<JournalEntryDocument>; limit: number }, index: number) => [
    { $match: filter },
    { $sort: sort },
    { $limit: limit },
    { $project: PROJECTION },
    { $addFields: { branch: index } },
  ];
  const [first, ...others] = queries.map(branch);
  const found = (await entries
    .aggregate([...first, ...others.map((pipeline) => ({ $unionWith: { coll: entries.collectionName, pipeline } }))])
    .toArray()) as Array<JournalEntryDocument & { branch: number }>;
  const each: JournalEntryDocument[][] = queries.map(() => []);
  for (const entry of found) each[entry.branch].push(entry);
  return each;
}

/**
 * For each group of codes, up to `limit + 1` posted lines on them dated within [from, to], in book order (day, entry
 * number, line), after `after` (exclusive). Each group's read walks the index on (line account, day, number) from the
 * cursor on: the rest of the cursor's day, then the following days, never the lines before it; all groups are read
 * together, two reads at most. `cursorEntrySigned` is what the cursor's own entry posted to the group's codes up to
 * the cursor (the start of the page's running balance).
 */
export async function linesAfterEach(
  context: RequestContext,
  groups: ReadonlyArray<readonly string[]>,
  from: string,
  to: string,
  after: Position | null,
  limit: number,
): Promise<Array<{ lines: BookLine[]; cursorEntrySigned: number }>> {
  const entries = context.store.collection<JournalEntryDocument>('journal_entries');
  const accountId = requirePrincipal(context).accountId;
  const base = (codes: readonly string[]) => ({
    account_id: accountId,
    'lines.account_code': codes.length === 1 ? codes[0] : { $in: [...codes] },
    status: POSTED,
  });
  const results = groups.map(() => ({ lines: [] as BookLine[], cursorEntrySigned: 0 }));
  const start = after && after.date >= from ? after : null;
  if (start && start.date > to) return results;
  if (start) {
    const sameDay = await entriesEach(
      entries,
      groups.map((codes) => ({ filter: { ...base(codes), date: start.date, number: { $gte: start.number } }, limit: limit + 2 })),
    );
    groups.forEach((codes, index) => {
      const wanted = new Set(codes);
      for (const entry of sameDay[index]) {
        if (entry.number === start.number)
          for (const line of bookLines(entry, wanted, null)) if (line.line <= start.line) results[index].cursorEntrySigned += line.debit - line.credit;
        results[index].lines.push(...bookLines(entry, wanted, start));
      }
    });
  }
  const days = start ? { $gt: start.date, $lte: to } : { $gte: from, $lte: to };
  const open = groups.flatMap((_codes, index) => (results[index].lines.length <= limit ? [index] : []));
  if (open.length) {
    const rest = await entriesEach(
      entries,
      open.map((index) => ({ filter: { ...base(groups[index]), date: days }, limit: limit + 1 - results[index].lines.length })),
    );
    open.forEach((index, at) => {
      const wanted = new Set(groups[index]);
      for (const entry of rest[at]) results[index].lines.push(...bookLines(entry, wanted, null));
    });
  }
  for (const result of results) result.lines = result.lines.slice(0, limit + 1);
  return results;
}

/** {@link linesAfterEach} for one group of codes. */
export async function linesAfter(
  context: RequestContext,
  codes: readonly string[],
  from: string,
  to: string,
  after: Position | null,
  limit: number,
): Promise<{ lines: BookLine[]; cursorEntrySigned: number }> {
  const [result] = await linesAfterEach(context, [codes], from, to, after, limit);
  return result;
}

/**
 * Debit − credit posted under `code` (an account and its descendants, whose lines are on `codes`) before a position:
 * the daily totals of the days before it, and the entries of its day numbered before it, added up in the database.
 */
export async function signedBefore(context: RequestContext, code: string, codes: readonly string[], position: Position | { date: string }): Promise<number> {
  const accountId = requirePrincipal(context).accountId;
  const [days] = await context.store
    .collection<LedgerDailyTotalDocument>('ledger_daily_totals')
    .aggregate<{ signed: number }>([
      { $match: { account_id: accountId, ancestors: code, day: { $lt: position.date } } },
      { $group: { _id: null, signed: { $sum: { $subtract: ['$debit_cents', '$credit_cents'] } } } },
    ])
    .toArray();
  let signed = days?.signed ?? 0;
  if ('number' in position && position.number > 1 && codes.length) {
    const [earlier] = await context.store
      .collection<JournalEntryDocument>('journal_entries')
      .aggregate<{ signed: number }>([
        {
          $match: {
            account_id: accountId,
            'lines.account_code': codes.length === 1 ? codes[0] : { $in: [...codes] },
            date: position.date,
            number: { $lt: position.number },
            status: POSTED,
          },
        },
        { $unwind: '$lines' },
        { $match: { 'lines.account_code': { $in: [...codes] } } },
        { $group: { _id: null, signed: { $sum: { $subtract: [{ $ifNull: ['$lines.debit_cents', 0] }, { $ifNull: ['$lines.credit_cents', 0] }] } } } },
      ])
      .toArray();
    signed += earlier?.signed ?? 0;
  }
  return signed;
}
