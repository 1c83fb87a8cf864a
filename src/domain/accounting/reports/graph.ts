import DataLoader from 'dataloader';
import type { JournalEntryDocument, LedgerDailyTotalDocument } from '../../../store/ledger';
import type { RequestContext } from '../../context';
import { natured } from '../accounts';
import { POSTED, type BookLine } from './lines';
import { encodeLineCursor, type LinePosition } from './params';

/**
 * Posted debit − credit under accounts by code as of the end of a day (descendants included): one aggregation per
 * request tick and day, however many accounts ask.
 */
function signedAsOf(context: RequestContext, asOf: string): DataLoader<string, number> {
  return context.loaders().custom(
    `ledgerSignedAsOf:${asOf}`,
    (accountId) =>
      new DataLoader(async (codes: readonly string[]) => {
        const groups = await context.store
          .collection<LedgerDailyTotalDocument>('ledger_daily_totals')
          .aggregate<{ _id: string; signed: number }>([
            { $match: { account_id: accountId, ancestors: { $in: [...codes] }, day: { $lte: asOf } } },
            { $unwind: '$ancestors' },
            { $match: { ancestors: { $in: [...codes] } } },
            { $group: { _id: '$ancestors', signed: { $sum: { $subtract: ['$debit_cents', '$credit_cents'] } } } },
          ])
          .toArray();
        const byCode = new Map(groups.map((group) => [group._id, group.signed]));
        return codes.map((code) => byCode.get(code) ?? 0);
      }),
  );
}

/** An account's posted balance at the end of `asOf`, in its nature, in centavos. */
export async function balanceAsOfCents(context: RequestContext, code: string, accountType: string, asOf: string): Promise<number> {
  const signed = await signedAsOf(context, asOf).load(code);
  return natured(accountType, Math.max(signed, 0), Math.max(-signed, 0));
}

export interface LinesArgs {
  from: string;
  to: string;
  first: number;
  after: LinePosition | null;
}

export interface LinesPage {
  lines: BookLine[];
  hasNextPage: boolean;
  endCursor: string | null;
}

/**
 * The posted lines of accounts by code within [from, to] after a book position, `first` each: one aggregation per
 * request tick for every account asking with the same arguments (the first `$match` on the index on line account
 * and day; `$topN` per account keeps only the page of each).
 */
export function linesOf(context: RequestContext, code: string, args: LinesArgs): Promise<LinesPage> {
  const key = JSON.stringify([args.from, args.to, args.first, args.after && [args.after.date, args.after.number, args.after.line]]);
  return context
    .loaders()
    .custom(
      `ledgerLines:${key}`,
      (accountId) =>
        new DataLoader(async (codes: readonly string[]) => {
          const after = args.after;
          const past = after
            ? [
                {
                  $match: {
                    $or: [
                      { date: { $gt: after.date } },
                      { date: after.date, number: { $gt: after.number } },
                      { date: after.date, number: after.number, index: { $gt: after.line } },
                    ],
                  },
                },
              ]
            : [];
          const groups = await context.store
            .collection<JournalEntryDocument>('journal_entries')
            .aggregate<{ _id: string; lines: Array<Omit<BookLine, 'entryId'> & { entryId: BookLine['entryId'] }> }>([
              {
                $match: {
                  account_id: accountId,
                  'lines.account_code': { $in: [...codes] },
                  date: { $gte: after && after.date > args.from ? after.date : args.from, $lte: args.to },
                  status: POSTED,
                },
              },
              { $unwind: { path: '$lines', includeArrayIndex: 'index' } },
              { $match: { 'lines.account_code': { $in: [...codes] } } },
              ...past,
              {
                $group: {
                  _id: '$lines.account_code',
                  lines: {
                    $topN: {
                      n: args.first + 1,
                      sortBy: { date: 1, number: 1, index: 1 },
                      output: {
                        entryId: '$_id',
                        date: '$date',
                        number: '$number',
                        fiscalYear: '$fiscal_year',
                        status: '$status',
                        entryDescription: '$description',
                        referenceType: '$reference_type',
                        referenceId: '$reference_id',
                        line: '$index',
                        accountCode: '$lines.account_code',
                        accountName: '$lines.account_name',
                        description: '$lines.description',
                        debit: { $ifNull: ['$lines.debit_cents', 0] },
                        credit: { $ifNull: ['$lines.credit_cents', 0] },
                      },
                    },
                  },
                },
              },
            ])
            .toArray();
          const byCode = new Map(groups.map((group) => [group._id, group.lines]));
          return codes.map((one) => {
            const found = (byCode.get(one) ?? []).map((line) => ({
              ...line,
              line: Number(line.line),
              fiscalYear: line.fiscalYear ?? null,
              referenceType: line.referenceType ?? null,
              referenceId: line.referenceId ?? null,
              accountName: line.accountName ?? null,
              description: line.description ?? null,
            }));
            const lines = found.slice(0, args.first);
            const last = lines.at(-1);
            return {
              lines,
              hasNextPage: found.length > args.first,
              endCursor: last ? encodeLineCursor({ code: one, date: last.date, number: last.number, line: last.line }) : null,
            };
          });
        }),
    )
    .load(code);
}
