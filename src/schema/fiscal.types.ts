import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { FISCAL_DEADLINE, NON_WORKING_DAY } from '../domain/accounting/fiscal-calendar/fiscal-calendar.declaration';
import { Connection } from './common';
import { typeOf } from './declared.types';
import { shapeType } from './shape.types';

/** The declared deadline's enums, which the filter and the seed take too. */
export const FiscalTaxEnum = typeOf(FISCAL_DEADLINE.fields.tax, false)();
export const FiscalDeadlineStatusEnum = typeOf(FISCAL_DEADLINE.fields.status, false)();

export const FiscalDeadline = shapeType(FISCAL_DEADLINE);
const AccountNonWorkingDay = shapeType(NON_WORKING_DAY);

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
  day!: Record<string, unknown>;

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
