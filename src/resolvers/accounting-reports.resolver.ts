import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Authorized, Ctx, FieldResolver, Info, Int, Query, Resolver } from 'type-graphql';
import { Parent } from './parent';
import { cashFlow, DEFAULT_CASH_ACCOUNT } from '../domain/accounting/reports/cash-flow';
import { dailyJournal } from '../domain/accounting/reports/daily-journal';
import { linesOf } from '../domain/accounting/reports/graph';
import { accountLedger, generalLedger, type LedgerSection as Section, type RunningLine } from '../domain/accounting/reports/ledgers';
import type { BookLine } from '../domain/accounting/reports/lines';
import { dayOf, decodeEntryCursor, decodeLineCursor, encodeLineCursor, pageSize, periodOf } from '../domain/accounting/reports/params';
import { balanceSheet, incomeStatement, type Section as StatementPart } from '../domain/accounting/reports/reports.statements';
import { trialBalance } from '../domain/accounting/reports/trial-balance';
import type { RequestContext } from '../domain/context';
import { fromCents } from '../domain/money';
import type { JournalEntryDocument, LedgerAccountDocument } from '../domain/stored';
import { JournalEntry, LedgerAccount } from '../schema/accounting.types';
import {
  AccountLedger,
  BalanceSheet,
  CashFlow,
  DailyJournal,
  GeneralLedger,
  IncomeStatement,
  LedgerLine,
  LedgerLineConnection,
  type LedgerSection,
  type StatementSection,
  TrialBalance,
} from '../schema/accounting-reports.types';
import { toJournalEntry } from './accounting.resolver';
import { fieldSelection } from './selection';
import { journalEntries } from '../domain/accounting/journal';

const READ = 'accounting:read';

const accountFields = (account: LedgerAccountDocument) => ({
  code: account.code,
  name: account.name,
  accountType: account.account_type,
  level: account.level,
  isDetail: account.is_detail,
});

function statementSection(part: StatementPart): StatementSection {
  return { total: fromCents(part.total), items: part.rows.map((row) => ({ ...accountFields(row.account), amount: fromCents(row.amount) })) };
}

const toLine = (line: BookLine): LedgerLine => ({
  entryId: line.entryId.toHexString(),
  date: line.date,
  number: line.number,
  fiscalYear: line.fiscalYear,
  status: line.status,
  entryDescription: line.entryDescription,
  referenceType: line.referenceType,
  referenceId: line.referenceId,
  lineIndex: line.line,
  accountCode: line.accountCode,
  accountName: line.accountName,
  description: line.description,
  debit: fromCents(line.debit),
  credit: fromCents(line.credit),
});

function ledgerSection(section: Section): LedgerSection {
  return {
    ...accountFields(section.account),
    openingBalance: fromCents(section.openingBalance),
    totalDebit: fromCents(section.totalDebit),
    totalCredit: fromCents(section.totalCredit),
    closingBalance: fromCents(section.closingBalance),
    lines: section.lines.map((line: RunningLine) => ({ ...toLine(line), balance: fromCents(line.balance) })),
  };
}

const FROM = { nullable: true, description: 'YYYY-MM-DD, first day (default: 1 January of `to`’s year).' };
const TO = { nullable: true, description: 'YYYY-MM-DD, last day (default: today in Argentina).' };
const LEVEL = { nullable: true, description: 'List accounts down to this level, 1 to 5 (default 5); parents roll up their descendants.' };
const ZERO = { nullable: true, description: 'List accounts without figures too (default false).' };
const FIRST = { nullable: true, description: 'Lines per page, 1 to 100 (default 50).' };
const AFTER = { nullable: true, description: 'The nextCursor of the previous page.' };

/** The accounting reports: totals-based ones from the daily totals, line-based ones a page at a time. */
@Resolver()
export class AccountingReportsResolver {
  @Authorized(READ)
  @Query(() => TrialBalance, { description: 'Balance de Sumas y Saldos of a period (posted entries; reversed ones and their reversals both count).' })
  async trialBalance(
    @Ctx() context: RequestContext,
    @Arg('from', () => String, FROM) from?: string,
    @Arg('to', () => String, TO) to?: string,
    @Arg('level', () => Int, LEVEL) level?: number,
    @Arg('includeZero', () => Boolean, ZERO) includeZero?: boolean,
  ): Promise<TrialBalance> {
    const report = await trialBalance(context, periodOf(context, { from, to, level, includeZero }));
    const money = (row: Omit<typeof report.totals, never>) => ({
      openingDebit: fromCents(row.openingDebit),
      openingCredit: fromCents(row.openingCredit),
      debit: fromCents(row.debit),
      credit: fromCents(row.credit),
      closingDebit: fromCents(row.closingDebit),
      closingCredit: fromCents(row.closingCredit),
    });
    return {
      from: report.period.from,
      to: report.period.to,
      level: report.period.level,
      items: report.rows.map((row) => ({ ...accountFields(row.account), ...money(row), balance: fromCents(row.balance) })),
      totals: money(report.totals),
      balanced: report.balanced,
    };
  }

  @Authorized(READ)
  @Query(() => IncomeStatement, { description: 'Estado de Resultados of a period.' })
  async incomeStatement(
    @Ctx() context: RequestContext,
    @Arg('from', () => String, FROM) from?: string,
    @Arg('to', () => String, TO) to?: string,
    @Arg('level', () => Int, LEVEL) level?: number,
    @Arg('includeZero', () => Boolean, ZERO) includeZero?: boolean,
  ): Promise<IncomeStatement> {
    const report = await incomeStatement(context, periodOf(context, { from, to, level, includeZero }));
    return {
      from: report.period.from,
      to: report.period.to,
      level: report.period.level,
      revenue: statementSection(report.revenue),
      expenses: statementSection(report.expenses),
      result: fromCents(report.result),
    };
  }

  @Authorized(READ)
  @Query(() => BalanceSheet, { description: 'Estado de Situación Patrimonial at the end of `to`.' })
  async balanceSheet(
    @Ctx() context: RequestContext,
    @Arg('to', () => String, TO) to?: string,
    @Arg('level', () => Int, LEVEL) level?: number,
    @Arg('includeZero', () => Boolean, ZERO) includeZero?: boolean,
  ): Promise<BalanceSheet> {
    const report = await balanceSheet(context, periodOf(context, { to, level, includeZero }));
    return {
      asOf: report.asOf,
      level: report.level,
      assets: statementSection(report.assets),
      liabilities: statementSection(report.liabilities),
      equity: statementSection(report.equity),
      unclosedResult: fromCents(report.unclosedResult),
      liabilitiesAndEquity: fromCents(report.liabilitiesAndEquity),
      difference: fromCents(report.difference),
      balanced: report.balanced,
    };
  }

  @Authorized(READ)
  @Query(() => GeneralLedger, { description: 'Libro Mayor of a period: every account with posted lines, with running balances, a page at a time.' })
  async generalLedger(
    @Ctx() context: RequestContext,
    @Arg('from', () => String, FROM) from?: string,
    @Arg('to', () => String, TO) to?: string,
    @Arg('first', () => Int, FIRST) first?: number,
    @Arg('after', () => String, AFTER) after?: string,
  ): Promise<GeneralLedger> {
    const period = periodOf(context, { from, to });
    const page = await generalLedger(context, period, decodeLineCursor(after), pageSize(first));
    return { from: page.from, to: page.to, accounts: page.items.map(ledgerSection), nextCursor: page.nextCursor };
  }

  @Authorized(READ)
  @Query(() => AccountLedger, { description: 'Mayor of one account with its running balance, a page at a time (404 for an unknown code).' })
  async accountLedger(
    @Ctx() context: RequestContext,
    @Arg('accountCode', () => String) accountCode: string,
    @Arg('from', () => String, FROM) from?: string,
    @Arg('to', () => String, TO) to?: string,
    @Arg('first', () => Int, FIRST) first?: number,
    @Arg('after', () => String, AFTER) after?: string,
  ): Promise<AccountLedger> {
    const period = periodOf(context, { from, to });
    const page = await accountLedger(context, accountCode, period, decodeLineCursor(after), pageSize(first));
    return { from: page.from, to: page.to, account: ledgerSection(page.items), nextCursor: page.nextCursor };
  }

  @Authorized(READ)
  @Query(() => DailyJournal, { description: 'Libro Diario of one day: its posted entries in number order, a page at a time.' })
  async dailyJournal(
    @Ctx() context: RequestContext,
    @Arg('date', () => String, { description: 'YYYY-MM-DD.' }) date: string,
    @Arg('first', () => Int, { nullable: true, description: 'Entries per page, 1 to 100 (default 50).' }) first?: number,
    @Arg('after', () => String, AFTER) after?: string,
  ): Promise<DailyJournal> {
    const day = dayOf('date', date);
    const report = await dailyJournal(context, day, decodeEntryCursor(after), pageSize(first));
    return {
      date: report.date,
      totalDebit: fromCents(report.totalDebit),
      totalCredit: fromCents(report.totalCredit),
      entries: report.entries.map((entry: JournalEntryDocument) => toJournalEntry(entry)),
      nextCursor: report.nextCursor,
    };
  }

  @Authorized(READ)
  @Query(() => CashFlow, { description: 'Estado de Flujo de Efectivo (direct method) of a period.' })
  async cashFlow(
    @Ctx() context: RequestContext,
    @Arg('from', () => String, FROM) from?: string,
    @Arg('to', () => String, TO) to?: string,
    @Arg('level', () => Int, LEVEL) level?: number,
    @Arg('includeZero', () => Boolean, ZERO) includeZero?: boolean,
    @Arg('cashAccount', () => String, {
      nullable: true,
      description: `The heading (or account) whose postable accounts are the cash and banks (default ${DEFAULT_CASH_ACCOUNT}, Caja y Bancos).`,
    })
    cashAccount?: string,
  ): Promise<CashFlow> {
    const report = await cashFlow(context, periodOf(context, { from, to, level, includeZero }), cashAccount ?? DEFAULT_CASH_ACCOUNT);
    const activity = (part: { total: number; rows: Array<{ account: LedgerAccountDocument; amount: number }> }) => statementSection(part);
    return {
      from: report.period.from,
      to: report.period.to,
      level: report.period.level,
      cashAccount: report.cashAccount.code,
      openingCash: fromCents(report.openingCash),
      inflows: fromCents(report.inflows),
      outflows: fromCents(report.outflows),
      netChange: fromCents(report.netChange),
      closingCash: fromCents(report.closingCash),
      operating: activity(report.activities.operating),
      investing: activity(report.activities.investing),
      financing: activity(report.activities.financing),
      balanced: report.balanced,
    };
  }
}

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
      nodes: page.lines.map(toLine),
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
  async entry(@Parent() line: LedgerLine, @Ctx() context: RequestContext, @Info() info: GraphQLResolveInfo): Promise<JournalEntry | null> {
    const doc = await journalEntries.load(context, line.entryId, fieldSelection(info));
    return doc ? toJournalEntry(doc) : null;
  }
}
