import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, Info, Int, Resolver } from 'type-graphql';
import { Parent } from './parent';
import { cashFlow, DEFAULT_CASH_ACCOUNT } from '../domain/accounting/reports/cash-flow';
import { dailyJournal } from '../domain/accounting/reports/daily-journal';
import { linesOf } from '../domain/accounting/reports/graph';
import { accountLedger, generalLedger } from '../domain/accounting/reports/ledgers';
import { dayOf, decodeEntryCursor, decodeLineCursor, encodeLineCursor, pageSize, periodOf } from '../domain/accounting/reports/params';
import {
  ACCOUNT_LEDGER,
  BALANCE_SHEET,
  CASH_FLOW,
  DAILY_JOURNAL,
  GENERAL_LEDGER,
  INCOME_STATEMENT,
  LEDGER_LINE,
  TRIAL_BALANCE,
} from '../domain/accounting/reports/reports.declaration';
import { balanceSheet, incomeStatement } from '../domain/accounting/reports/reports.statements';
import { trialBalance } from '../domain/accounting/reports/trial-balance';
import type { RequestContext } from '../domain/context';
import { shapeOutput } from '../domain/declare/shape';
import { JournalEntry, LedgerAccount } from '../schema/accounting.types';
import { LedgerLine, LedgerLineConnection } from '../schema/accounting-reports.types';
import { toJournalEntry } from './accounting.resolver';
import { operationResolver } from './operation.resolver';
import { fieldSelection } from './selection';
import { journalEntries } from '../domain/accounting/journal';

/** The accounting reports: totals-based ones from the daily totals, line-based ones a page at a time. */
export const AccountingReportResolvers = [
  operationResolver(TRIAL_BALANCE, (context, args) => trialBalance(context, periodOf(context, args))),
  operationResolver(INCOME_STATEMENT, (context, args) => incomeStatement(context, periodOf(context, args))),
  operationResolver(BALANCE_SHEET, (context, args) => balanceSheet(context, periodOf(context, args))),
  operationResolver(GENERAL_LEDGER, (context, { from, to, first, after }) =>
    generalLedger(context, periodOf(context, { from, to }), decodeLineCursor(after), pageSize(first)),
  ),
  operationResolver(ACCOUNT_LEDGER, (context, { accountCode, from, to, first, after }) =>
    accountLedger(context, accountCode, periodOf(context, { from, to }), decodeLineCursor(after), pageSize(first)),
  ),
  operationResolver(DAILY_JOURNAL, (context, { date, first, after }) => dailyJournal(context, dayOf('date', date), decodeEntryCursor(after), pageSize(first))),
  operationResolver(CASH_FLOW, (context, args) => cashFlow(context, periodOf(context, args), args.cashAccount ?? DEFAULT_CASH_ACCOUNT)),
];

const FROM = { nullable: true, description: 'YYYY-MM-DD, first day (default: 1 January of `to`’s year).' };
const TO = { nullable: true, description: 'YYYY-MM-DD, last day (default: today in Argentina).' };
const AFTER = { nullable: true, description: 'The nextCursor of the previous page.' };

/** An account's posted lines as a connection (batched per request). */
@Resolver(() => LedgerAccount)
export class LedgerAccountLinesResolver {
  @FieldResolver(() => LedgerLineConnection, {
    description: 'Posted lines on this account in book order (a heading account has none: see accountLedger), batched per request.',
  })
  async lines(
    @Parent() account: LedgerAccount,
    @Ctx() context: RequestContext,
    @Arg('from', () => String, FROM) from?: string,
    @Arg('to', () => String, TO) to?: string,
    @Arg('first', () => Int, { nullable: true, description: '1 to 100 (default 20).' }) first?: number,
    @Arg('after', () => String, AFTER) after?: string,
  ): Promise<LedgerLineConnection> {
    const period = periodOf(context, { from, to });
    const position = decodeLineCursor(after);
    const page = await linesOf(context, account.code, { from: period.from, to: period.to, first: pageSize(first, 20), after: position });
    return {
      nodes: page.lines.map((line) => shapeOutput(LEDGER_LINE, line)),
      pageInfo: {
        hasNextPage: page.hasNextPage,
        hasPreviousPage: position !== null,
        startCursor: page.lines.length ? encodeLineCursor({ ...page.lines[0], code: account.code }) : null,
        endCursor: page.endCursor,
      },
    };
  }
}

/** A ledger line's entry (batched per request). */
@Resolver(() => LedgerLine)
export class LedgerLineResolver {
  @FieldResolver(() => JournalEntry, { nullable: true, description: 'The journal entry of the line (batched per request).' })
  async entry(@Parent() line: { entryId: string }, @Ctx() context: RequestContext, @Info() info: GraphQLResolveInfo): Promise<JournalEntry | null> {
    const doc = await journalEntries.load(context, line.entryId, fieldSelection(info));
    return doc ? toJournalEntry(doc) : null;
  }
}
