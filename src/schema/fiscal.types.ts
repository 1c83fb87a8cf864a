import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DEADLINE_STATUSES } from '../domain/accounting/fiscal-calendar/deadlines';
import { FISCAL_TAXES } from '../domain/accounting/fiscal-calendar/obligations';
import { Connection } from './common';

const asEnum = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((value) => [value, value])) as Record<T, T>;

export const FiscalTaxEnum = asEnum(FISCAL_TAXES);
registerEnumType(FiscalTaxEnum, {
  name: 'FiscalTax',
  description: 'An ARCA obligation of the fiscal calendar (iva, suss = F.931, sicore = SICORE/SIRE, ganancias_sociedades, autonomos, monotributo).',
});

export const FiscalDeadlineStatusEnum = asEnum(DEADLINE_STATUSES);
registerEnumType(FiscalDeadlineStatusEnum, {
  name: 'FiscalDeadlineStatus',
  description: 'pending → completed (marked once). overdue is derived when read: pending and due before today in Argentina.',
});

@ObjectType({ description: 'An ARCA due date of the account, for its CUIT ending.' })
export class FiscalDeadline {
  @Field(() => ID)
  id!: string;

  @Field(() => FiscalTaxEnum)
  tax!: string;

  @Field(() => String)
  title!: string;

  @Field(() => String, { description: 'Form or system (F.2051, F.931, SICORE / SIRE, …).' })
  form!: string;

  @Field(() => Int, { description: 'Year it is due in.' })
  year!: number;

  @Field(() => Int, { description: 'Month it is due in, 1 to 12.' })
  month!: number;

  @Field(() => String, { description: 'The month declared (YYYY-MM): the one before the due month.' })
  period!: string;

  @Field(() => String, { description: "The CUIT endings sharing this date (e.g. 0-1, 4-6, all); the account's CUIT ending is in it." })
  cuitGroup!: string;

  @Field(() => String, { description: 'YYYY-MM-DD: the day ARCA states before moving it past holidays and weekends.' })
  nominalDate!: string;

  @Field(() => String, { description: 'YYYY-MM-DD: the due day after the shift rule.' })
  dueDate!: string;

  @Field(() => FiscalDeadlineStatusEnum)
  status!: string;

  @Field(() => Date, { nullable: true })
  completedAt!: Date | null;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType()
export class FiscalDeadlineConnection extends Connection(FiscalDeadline, 'FiscalDeadline') {}

@InputType({ description: 'Every given condition must hold.' })
export class FiscalDeadlineFilter {
  @Field(() => Int, { nullable: true, description: 'Due in this year.' })
  year?: number | null;

  @Field(() => Int, { nullable: true, description: 'Due in this month, 1 to 12.' })
  month?: number | null;

  @Field(() => FiscalDeadlineStatusEnum, { nullable: true })
  status?: string | null;

  @Field(() => FiscalTaxEnum, { nullable: true })
  tax?: string | null;
}

@ObjectType({ description: 'Pending deadlines due within a window starting today.' })
export class UpcomingFiscalDeadlines {
  @Field(() => String, { description: 'YYYY-MM-DD: today in Argentina.' })
  from!: string;

  @Field(() => String, { description: 'YYYY-MM-DD: the last day of the window.' })
  to!: string;

  @Field(() => [FiscalDeadline], { description: 'In due order.' })
  items!: FiscalDeadline[];
}

@ObjectType({ description: 'What loading the default ARCA deadlines did.' })
export class FiscalCalendarSeedResult {
  @Field(() => Int, { description: 'Deadlines created: 0 when they were all there already (nothing changes then).' })
  seeded!: number;

  @Field(() => Int)
  year!: number;

  @Field(() => Int, { description: 'The last digit of the account’s CUIT, which picks the dates.' })
  cuitEnding!: number;

  @Field(() => String)
  message!: string;
}

@ObjectType({
  description:
    'One of the account’s own non-working days (a local holiday): the account’s deadlines that fall on it move to the next working day, as on a national día no laborable.',
})
export class AccountNonWorkingDay {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'YYYY-MM-DD.' })
  date!: string;

  @Field(() => String)
  description!: string;

  @Field(() => Date)
  createdAt!: Date;
}

@InputType({ description: 'A day the account does not work (both fields required; checked by the operation).' })
export class AccountNonWorkingDayInput {
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, a real calendar date in a year from 2000 to 2100.' })
  date?: string | null;

  @Field(() => String, { nullable: true, description: '1 to 200 characters (e.g. the local holiday’s name).' })
  description?: string | null;
}

@ObjectType({ description: 'A day added, and how many pending deadlines of its year moved because of it.' })
export class AccountNonWorkingDayAdded {
  @Field(() => AccountNonWorkingDay)
  day!: AccountNonWorkingDay;

  @Field(() => Int, { description: 'Pending deadlines of the year whose due date changed (completed ones keep theirs).' })
  movedDeadlines!: number;
}

@ObjectType({ description: 'A day removed, and how many pending deadlines of its year moved back because of it.' })
export class AccountNonWorkingDayRemoved {
  @Field(() => String)
  date!: string;

  @Field(() => Int, { description: 'Pending deadlines of the year whose due date changed (completed ones keep theirs).' })
  movedDeadlines!: number;
}
