import { z } from 'zod';
import { calendarDateSchema } from '../../dates';
import { OBLIGATIONS, SEED_YEARS } from './obligations';
import { yearSchedule, type ScheduledDeadline } from './schedule';

/**
 * An account's own non-working days (a local holiday, a day its province or municipality decrees): they move only
 * that account's deadlines, the same way a national día no laborable moves everyone's. ARCA's national calendar
 * does not know them; the account adds them because it does not work on them.
 */
export const OWN_DAY_DESCRIPTION_MAX = 200;

export const ownDaySchema = z
  .object({
    date: calendarDateSchema(SEED_YEARS),
    description: z
      .string({ message: 'must be a text' })
      .trim()
      .min(1, { message: 'must not be empty' })
      .max(OWN_DAY_DESCRIPTION_MAX, { message: `must be at most ${OWN_DAY_DESCRIPTION_MAX} characters` }),
  })
  .strict();

export type OwnDayInput = z.infer<typeof ownDaySchema>;

/** The first CUIT ending of a stored group (`7-9` → 7, `all` → 0): any ending of the group gives its dates. */
export const endingOfGroup = (cuitGroup: string) => (cuitGroup === 'all' ? 0 : Number(cuitGroup.slice(0, 1)));

/** The due date a stored deadline has under the national calendar and the account's days `own`. */
export function rederivedDueDate(deadline: Pick<ScheduledDeadline, 'tax' | 'year' | 'month' | 'cuit_group'>, own: ReadonlySet<string>): string {
  return yearSchedule(OBLIGATIONS[deadline.tax], deadline.year, endingOfGroup(deadline.cuit_group), own)[deadline.month - 1].due_date;
}
