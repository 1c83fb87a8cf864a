import DataLoader from 'dataloader';
import type { LedgerDailyTotalDocument } from '../../../store/ledger';
import type { RequestContext } from '../../context';
import { natured } from '../accounts';
import { linesAfterEach, type BookLine } from './lines';
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
 * The posted lines of accounts by code within [from, to] after a book position, `first` each, batched per request
 * tick and deduplicated: every account asking with the same arguments is read at once, each by its own walk of the
 * index on (line account, day, number) that stops after its page. A dashboard's cost so follows the accounts it
 * shows and their page size, never the size of their books (one aggregation over all their lines would not).
 */
export function linesOf(context: RequestContext, code: string, args: LinesArgs): Promise<LinesPage> {
  const key = JSON.stringify([args.from, args.to, args.first, args.after && [args.after.date, args.after.number, args.after.line]]);
  return context
    .loaders()
    .custom(
      `ledgerLines:${key}`,
      () =>
        new DataLoader(async (codes: readonly string[]) => {
          const pages = await linesAfterEach(
            context,
            codes.map((one) => [one]),
            args.from,
            args.to,
            args.after,
            args.first,
          );
          return codes.map((one, index) => {
            const found = pages[index].lines;
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
