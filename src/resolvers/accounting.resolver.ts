import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Authorized, Ctx, FieldResolver, Float, ID, Info, Int, Mutation, Resolver } from 'type-graphql';
import { Parent } from './parent';
import { LEDGER_ACCOUNT } from '../domain/accounting/account-declaration';
import { accountByCode, balanceCents, childrenOf, type LedgerAccountRecord } from '../domain/accounting/accounts';
import { balances, seedDefaultChart } from '../domain/accounting/chart';
import { JOURNAL_ENTRY } from '../domain/accounting/journal-declaration';
import { journalEntries, postJournalEntry, reverseJournalEntry, type JournalEntryRecord } from '../domain/accounting/journal';
import { balanceAsOfCents } from '../domain/accounting/reports/graph';
import { LEDGER_BALANCES } from '../domain/accounting/reports/reports.declaration';
import type { RequestContext } from '../domain/context';
import { outputOf } from '../domain/declare/mapping';
import { valueSchema } from '../domain/declare/declare.validation';
import { ValidationError } from '../domain/errors';
import { fromCents } from '../domain/money';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../domain/pagination';
import { parseInput } from '../domain/validation';
import { ChartSeedResult, JournalEntry, JournalLine, LedgerAccount } from '../schema/accounting.types';
import { pageComplexity } from './connection';
import { operationResolver } from './operation.resolver';
import { fieldSelection } from './selection';

export const toLedgerAccount = (doc: LedgerAccountRecord): LedgerAccount => outputOf(LEDGER_ACCOUNT, doc) as LedgerAccount;
export const toJournalEntry = (doc: JournalEntryRecord): JournalEntry => outputOf(JOURNAL_ENTRY, doc) as JournalEntry;

const daySchema = valueSchema(JOURNAL_ENTRY.fields.date);
const levelSchema = valueSchema(LEDGER_ACCOUNT.fields.level);

/** The chart's balances as of a day, its arguments checked as the journal's days and the chart's levels are. */
export const LedgerBalancesResolver = operationResolver(LEDGER_BALANCES, (context, { asOf, level }) =>
  balances(
    context,
    asOf === undefined || asOf === null ? undefined : (parseInput(daySchema, asOf, 'asOf') as string),
    level === undefined || level === null ? undefined : (parseInput(levelSchema, level, 'level') as number),
  ),
);

/** The size of a nested list: `first`, 1 to 100 (default 20). */
function listSize(first: number | null | undefined): number {
  const size = first ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE)
    throw new ValidationError(`first must be between 1 and ${MAX_PAGE_SIZE}`, [{ path: 'first', message: `must be between 1 and ${MAX_PAGE_SIZE}` }]);
  return size;
}

/** The chart's own operations (default chart, balances) and an account's place in the tree and balance. */
@Resolver(() => LedgerAccount)
export class LedgerAccountLinksResolver {
  @Authorized('accounting:write')
  @Mutation(() => ChartSeedResult, {
    description: 'Loads the default chart of accounts (FACPCE-style, for a VAT registrant) all or nothing; a chart that has accounts is left alone (seeded 0).',
  })
  seedLedgerAccounts(@Ctx() context: RequestContext): Promise<ChartSeedResult> {
    return seedDefaultChart(context);
  }

  @FieldResolver(() => Float, {
    description:
      'Posted balance (drafts do not count) in the account’s nature: debits − credits for asset and expense accounts, credits − debits otherwise; a parent’s includes its descendants (batched per request).',
  })
  async balance(
    @Parent() account: LedgerAccount,
    @Ctx() context: RequestContext,
    @Arg('asOf', () => String, { nullable: true, description: 'YYYY-MM-DD: only entries dated up to this day count (default: all).' }) asOf?: string,
  ): Promise<number> {
    if (asOf === undefined || asOf === null) return fromCents(await balanceCents(context, account.code, account.accountType));
    return fromCents(await balanceAsOfCents(context, account.code, account.accountType, parseInput(daySchema, asOf, 'asOf') as string));
  }

  @FieldResolver(() => LedgerAccount, { nullable: true, description: 'The parent account (batched per request).' })
  async parent(@Parent() account: LedgerAccount, @Ctx() context: RequestContext): Promise<LedgerAccount | null> {
    if (!account.parentCode) return null;
    const doc = await accountByCode(context, account.parentCode);
    return doc ? toLedgerAccount(doc) : null;
  }

  @FieldResolver(() => [LedgerAccount], { description: 'The child accounts in code order (batched per request).', complexity: pageComplexity })
  async children(
    @Parent() account: LedgerAccount,
    @Ctx() context: RequestContext,
    @Arg('first', () => Int, { nullable: true, description: '1 to 100 (default 20).' }) first?: number,
  ): Promise<LedgerAccount[]> {
    return (await childrenOf(context, account.code, listSize(first))).map(toLedgerAccount);
  }
}

/** Posting and reversing entries, and an entry's links. */
@Resolver(() => JournalEntry)
export class JournalEntryMovesResolver {
  @Authorized('accounting:write')
  @Mutation(() => JournalEntry, {
    description:
      'draft → posted: takes the next number of its fiscal year and moves the balances of its accounts, in one transaction (409 INVALID_TRANSITION if not a draft, PERIOD_CLOSED in a closed year).',
  })
  async postJournalEntry(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<JournalEntry> {
    return toJournalEntry(await postJournalEntry(context, id));
  }

  @Authorized('accounting:write')
  @Mutation(() => JournalEntry, {
    description:
      'posted → reversed: posts the counter-entry dated `date` (default today, not before the original) and links both; answers the counter-entry (409 INVALID_TRANSITION if not posted).',
  })
  async reverseJournalEntry(
    @Arg('id', () => ID) id: string,
    @Ctx() context: RequestContext,
    @Arg('date', () => String, { nullable: true, description: 'YYYY-MM-DD.' }) date?: string,
  ): Promise<JournalEntry> {
    const day = date === undefined || date === null ? null : (parseInput(daySchema, date, 'date') as string);
    return toJournalEntry((await reverseJournalEntry(context, id, day)).reversal);
  }

  @FieldResolver(() => JournalEntry, { nullable: true, description: 'On a reversed entry: its counter-entry.' })
  async reversal(@Parent() entry: JournalEntry, @Ctx() context: RequestContext, @Info() info: GraphQLResolveInfo): Promise<JournalEntry | null> {
    if (!entry.reversalId) return null;
    const doc = await journalEntries.load(context, entry.reversalId, fieldSelection(info));
    return doc ? toJournalEntry(doc) : null;
  }

  @FieldResolver(() => JournalEntry, { nullable: true, description: 'On a counter-entry: the entry it reverses.' })
  async reverses(@Parent() entry: JournalEntry, @Ctx() context: RequestContext, @Info() info: GraphQLResolveInfo): Promise<JournalEntry | null> {
    if (!entry.reversesId) return null;
    const doc = await journalEntries.load(context, entry.reversesId, fieldSelection(info));
    return doc ? toJournalEntry(doc) : null;
  }
}

@Resolver(() => JournalLine)
export class JournalLineResolver {
  @FieldResolver(() => LedgerAccount, { nullable: true, description: 'The account of the line (batched per request).' })
  async account(@Parent() line: JournalLine, @Ctx() context: RequestContext): Promise<LedgerAccount | null> {
    const doc = await accountByCode(context, line.accountCode);
    return doc ? toLedgerAccount(doc) : null;
  }
}
