import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Parent } from './parent';
import {
  completeDeadline,
  listDeadlines,
  MAX_UPCOMING_DAYS,
  SEED_YEARS,
  seedDeadlines,
  upcomingDeadlines,
  type DeadlineStatus,
  type FiscalDeadlineRecord,
} from '../domain/accounting/fiscal-calendar/deadlines';
import { addOwnDay, listOwnDays, removeOwnDay, type OwnDayDocument } from '../domain/accounting/fiscal-calendar/account-days';
import type { FiscalTax } from '../domain/accounting/fiscal-calendar/obligations';
import { calculateYear, closeYear, listYears } from '../domain/accounting/fiscal-close';
import { CLOSE_FISCAL_YEAR, FISCAL_YEAR_CALCULATION, FISCAL_YEARS } from '../domain/accounting/fiscal-close.declaration';
import type { JournalEntryRecord } from '../domain/accounting/journal';
import type { RequestContext } from '../domain/context';
import { ValidationError } from '../domain/errors';
import { pageWindow } from '../domain/pagination';
import {
  AccountNonWorkingDay,
  AccountNonWorkingDayAdded,
  AccountNonWorkingDayInput,
  AccountNonWorkingDayRemoved,
  FiscalCalendarSeedResult,
  FiscalDeadline,
  FiscalDeadlineConnection,
  FiscalDeadlineFilter,
  FiscalTaxEnum,
  UpcomingFiscalDeadlines,
} from '../schema/fiscal.types';
import { JournalEntry } from '../schema/accounting.types';
import { toJournalEntry } from './accounting.resolver';
import { pageComplexity, toConnection } from './connection';
import { operationResolver } from './operation.resolver';
import { shapeType } from '../schema/shape.types';

/** A whole number within bounds, or a 400 naming the argument. */
function bounded(value: number | null | undefined, path: string, min: number, max: number): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Number.isInteger(value) || value < min || value > max)
    throw new ValidationError(`${path} must be an integer from ${min} to ${max}`, [{ path, message: `must be an integer from ${min} to ${max}` }]);
  return value;
}

const YEARS = { min: 1900, max: 9999 };

export const toFiscalDeadline = (doc: FiscalDeadlineRecord): FiscalDeadline => ({
  id: doc._id.toHexString(),
  tax: doc.tax,
  title: doc.title,
  form: doc.form,
  year: doc.year,
  month: doc.month,
  period: doc.period,
  cuitGroup: doc.cuit_group,
  nominalDate: doc.nominal_date,
  dueDate: doc.due_date,
  status: doc.status,
  completedAt: doc.completed_at ?? null,
  createdAt: doc.created_at,
});

const toNonWorkingDay = (doc: OwnDayDocument): AccountNonWorkingDay => ({
  id: doc._id.toHexString(),
  date: doc.date,
  description: doc.description,
  createdAt: doc.created_at,
});

/** The ARCA fiscal calendar of the account. */
@Resolver(() => FiscalDeadline)
export class FiscalCalendarResolver {
  @Authorized('accounting:read')
  @Query(() => FiscalDeadlineConnection, { description: 'The account’s ARCA deadlines in due order, filtered, a page at a time.', complexity: pageComplexity })
  async fiscalDeadlines(
    @Ctx() context: RequestContext,
    @Arg('filter', () => FiscalDeadlineFilter, { nullable: true }) filter?: FiscalDeadlineFilter,
    @Arg('first', () => Int, { nullable: true, description: '1 to 100 (default 20).' }) first?: number,
    @Arg('offset', () => Int, { nullable: true }) offset?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ): Promise<FiscalDeadlineConnection> {
    const window = pageWindow({ first, offset, after });
    const page = await listDeadlines(
      context,
      {
        year: bounded(filter?.year, 'filter.year', YEARS.min, YEARS.max),
        month: bounded(filter?.month, 'filter.month', 1, 12),
        status: (filter?.status ?? undefined) as DeadlineStatus | undefined,
        tax: (filter?.tax ?? undefined) as FiscalTax | undefined,
      },
      window,
    );
    return toConnection(page, toFiscalDeadline) as unknown as FiscalDeadlineConnection;
  }

  @Authorized('accounting:read')
  @Query(() => UpcomingFiscalDeadlines, { description: `Pending deadlines due from today to \`days\` days ahead (1 to ${MAX_UPCOMING_DAYS}, default 30).` })
  async upcomingFiscalDeadlines(@Ctx() context: RequestContext, @Arg('days', () => Int, { nullable: true }) days?: number): Promise<UpcomingFiscalDeadlines> {
    const window = bounded(days, 'days', 1, MAX_UPCOMING_DAYS) ?? 30;
    const { from, to, items } = await upcomingDeadlines(context, window);
    return { from, to, items: items.map(toFiscalDeadline) };
  }

  @Authorized('accounting:write')
  @Mutation(() => FiscalCalendarSeedResult, {
    description:
      'Loads the ARCA deadlines due in `year` (default this year) for the account’s CUIT ending, moved past weekends, national holidays, días no laborables and the account’s own non-working days; deadlines already there are kept (seeded 0 when all are).',
  })
  seedFiscalCalendar(
    @Ctx() context: RequestContext,
    @Arg('year', () => Int, { nullable: true }) year?: number,
    @Arg('taxes', () => [FiscalTaxEnum], { nullable: true, description: 'Default: iva, suss, sicore, ganancias_sociedades.' }) taxes?: string[],
  ): Promise<FiscalCalendarSeedResult> {
    return seedDeadlines(context, bounded(year, 'year', SEED_YEARS.min, SEED_YEARS.max), (taxes ?? undefined) as FiscalTax[] | undefined);
  }

  @Authorized('accounting:read')
  @Query(() => [AccountNonWorkingDay], { description: 'The account’s own non-working days in date order (optionally of one year).' })
  async accountNonWorkingDays(@Ctx() context: RequestContext, @Arg('year', () => Int, { nullable: true }) year?: number): Promise<AccountNonWorkingDay[]> {
    return (await listOwnDays(context, bounded(year, 'year', YEARS.min, YEARS.max))).map(toNonWorkingDay);
  }

  @Authorized('accounting:write')
  @Mutation(() => AccountNonWorkingDayAdded, {
    description:
      'Adds a day the account does not work; its pending deadlines of that year are re-derived at once (409 NON_WORKING_DAY_EXISTS for a date already there).',
  })
  async addAccountNonWorkingDay(
    @Ctx() context: RequestContext,
    @Arg('input', () => AccountNonWorkingDayInput) input: AccountNonWorkingDayInput,
  ): Promise<AccountNonWorkingDayAdded> {
    const { day, moved } = await addOwnDay(context, { ...input });
    return { day: toNonWorkingDay(day), movedDeadlines: moved };
  }

  @Authorized('accounting:write')
  @Mutation(() => AccountNonWorkingDayRemoved, {
    description: 'Removes one of the account’s own non-working days; its pending deadlines of that year are re-derived at once.',
  })
  async removeAccountNonWorkingDay(@Ctx() context: RequestContext, @Arg('date', () => String) date: string): Promise<AccountNonWorkingDayRemoved> {
    const { moved } = await removeOwnDay(context, date);
    return { date, movedDeadlines: moved };
  }

  @Authorized('accounting:write')
  @Mutation(() => FiscalDeadline, { description: 'pending → completed (409 ALREADY_COMPLETED the second time).' })
  async completeFiscalDeadline(@Ctx() context: RequestContext, @Arg('id', () => ID) id: string): Promise<FiscalDeadline> {
    return toFiscalDeadline(await completeDeadline(context, id));
  }
}

/** Fiscal years and their close (refundición de cuentas de resultado): the years, what closing one would post, the close. */
export const FiscalCloseResolvers = [
  operationResolver(FISCAL_YEARS, (context, { status }) => listYears(context, status ?? undefined)),
  operationResolver(FISCAL_YEAR_CALCULATION, (context, { year }) => calculateYear(context, bounded(year, 'year', YEARS.min, YEARS.max)!)),
  operationResolver(CLOSE_FISCAL_YEAR, async (context, { year }) => (await closeYear(context, bounded(year, 'year', YEARS.min, YEARS.max)!)).figures),
];

const FiscalYear = shapeType(FISCAL_YEARS.result);
const FiscalYearCalculation = shapeType(FISCAL_YEAR_CALCULATION.result);
type FiscalYear = { closingEntryId: string | null };

async function closingEntryOf(year: FiscalYear, context: RequestContext): Promise<JournalEntry | null> {
  if (!year.closingEntryId) return null;
  const doc = await context.loaders().byId<JournalEntryRecord>('journal_entries').load(year.closingEntryId);
  return doc ? toJournalEntry(doc) : null;
}

const CLOSING_ENTRY = { nullable: true, description: 'The posted closing entry (batched per request).' };

@Resolver(() => FiscalYear)
export class FiscalYearLinksResolver {
  @FieldResolver(() => JournalEntry, CLOSING_ENTRY)
  closingEntry(@Parent() year: FiscalYear, @Ctx() context: RequestContext): Promise<JournalEntry | null> {
    return closingEntryOf(year, context);
  }
}

@Resolver(() => FiscalYearCalculation)
export class FiscalYearCalculationLinksResolver {
  @FieldResolver(() => JournalEntry, CLOSING_ENTRY)
  closingEntry(@Parent() year: FiscalYear, @Ctx() context: RequestContext): Promise<JournalEntry | null> {
    return closingEntryOf(year, context);
  }
}
