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
} from '../domain/accounting/fiscal-calendar/deadlines';
import { addOwnDay, listOwnDays, removeOwnDay } from '../domain/accounting/fiscal-calendar/account-days';
import {
  ACCOUNT_NON_WORKING_DAYS,
  FISCAL_DEADLINE,
  NON_WORKING_DAY,
  UPCOMING_FISCAL_DEADLINES,
} from '../domain/accounting/fiscal-calendar/fiscal-calendar.declaration';
import { shapeOutput } from '../domain/declare/shape';
import type { FiscalTax } from '../domain/accounting/fiscal-calendar/obligations';
import { calculateYear, closeYear, listYears } from '../domain/accounting/fiscal-close';
import { CLOSE_FISCAL_YEAR, FISCAL_YEAR_CALCULATION, FISCAL_YEARS } from '../domain/accounting/fiscal-close.declaration';
import type { JournalEntryRecord } from '../domain/accounting/journal';
import type { RequestContext } from '../domain/context';
import { ValidationError } from '../domain/errors';
import { pageWindow } from '../domain/pagination';
import {
  AccountNonWorkingDayAdded,
  AccountNonWorkingDayInput,
  AccountNonWorkingDayRemoved,
  FiscalCalendarSeedResult,
  FiscalDeadline,
  FiscalDeadlineConnection,
  FiscalDeadlineFilter,
  FiscalTaxEnum,
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

type Row = Record<string, unknown>;

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
    return toConnection(page, (doc) => shapeOutput(FISCAL_DEADLINE, doc)) as unknown as FiscalDeadlineConnection;
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
    return { day: shapeOutput(NON_WORKING_DAY, day), movedDeadlines: moved };
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
  async completeFiscalDeadline(@Ctx() context: RequestContext, @Arg('id', () => ID) id: string): Promise<Row> {
    return shapeOutput(FISCAL_DEADLINE, await completeDeadline(context, id));
  }
}

/** The deadlines due soon and the account's own non-working days. */
export const FiscalCalendarReadResolvers = [
  operationResolver(UPCOMING_FISCAL_DEADLINES, (context, { days }) => upcomingDeadlines(context, bounded(days, 'days', 1, MAX_UPCOMING_DAYS) ?? 30)),
  operationResolver(ACCOUNT_NON_WORKING_DAYS, (context, { year }) => listOwnDays(context, bounded(year, 'year', YEARS.min, YEARS.max))),
];

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
