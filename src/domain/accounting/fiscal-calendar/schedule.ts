import type Holidays from 'date-holidays';
import { ARCA_MOVES } from './arca-moves';
import { HOLY_THURSDAY, MOVED_HOLIDAYS, TOURISM_DAYS } from './non-working-days';
import type { FiscalTax, Obligation } from './obligations';

const holidaysOfYear = new Map<number, Set<string>>();
const nonWorkingOfYear = new Map<number, Set<string>>();
let argentinaHolidays: Holidays | undefined;
/** The package's calendar of Argentina, loaded on the first year asked, not at start-up (its data is large). */
const argentina = (): Holidays => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  argentinaHolidays ??= new (require('date-holidays') as typeof Holidays)('AR');
  return argentinaHolidays;
};

/** A year's set, computed once. */
function ofYear(cache: Map<number, Set<string>>, year: number, compute: (year: number) => Set<string>): Set<string> {
  const found = cache.get(year) ?? compute(year);
  cache.set(year, found);
  return found;
}

/**
 * Argentina's national public holidays of a year (`YYYY-MM-DD`), from the maintained `date-holidays` data: fixed
 * days, Carnival and Good Friday, and the movable ones already moved by Ley 27.399 art. 6, with the moves the
 * package misses added (MOVED_HOLIDAYS).
 */
export const holidays = (year: number): Set<string> =>
  ofYear(holidaysOfYear, year, () => {
    const moved = MOVED_HOLIDAYS.filter((holiday) => holiday.date.startsWith(`${year}-`));
    const found = new Set([
      ...argentina()
        .getHolidays(year)
        .filter((holiday) => holiday.type === 'public')
        .map((holiday) => holiday.date.slice(0, 10)),
      ...moved.map((holiday) => holiday.date),
    ]);
    for (const holiday of moved) found.delete(holiday.from);
    return found;
  });

/** Every national day of a year on which no ARCA deadline falls besides weekends: holidays and días no laborables. */
export const nationalNonWorkingDays = (year: number): Set<string> =>
  ofYear(nonWorkingOfYear, year, () => {
    const holyThursday = argentina()
      .getHolidays(year)
      .filter((holiday) => holiday.rule === HOLY_THURSDAY.rule);
    return new Set([
      ...holidays(year),
      ...holyThursday.map((holiday) => holiday.date.slice(0, 10)),
      ...TOURISM_DAYS.filter((day) => day.date.startsWith(`${year}-`)).map((day) => day.date),
    ]);
  });

const NONE: ReadonlySet<string> = new Set();
const dayText = (date: Date) => date.toISOString().slice(0, 10);

/** Not a weekend, not a national non-working day, and not one of the account's own (`own`). */
export function isWorkingDay(day: string, own: ReadonlySet<string> = NONE): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !nationalNonWorkingDays(Number(day.slice(0, 4))).has(day) && !own.has(day);
}

const nextDay = (day: string) => dayText(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000));

/** The day itself when it is a working day, else the next working day. */
export function workingDayFrom(day: string, own: ReadonlySet<string> = NONE): string {
  let due = day;
  while (!isWorkingDay(due, own)) due = nextDay(due);
  return due;
}

/**
 * The due days of an obligation's groups in one month, by ARCA's shift rule: when a due date falls on a holiday or
 * non-working day, it and the following ones move correlatively to the next working days — each group falls due on
 * its nominal day or the day after the previous group's, whichever is later, moved forward past non-working days.
 */
export function dueDays(year: number, month: number, nominal: readonly number[], own: ReadonlySet<string> = NONE): Array<{ nominal: string; due: string }> {
  const result: Array<{ nominal: string; due: string }> = [];
  let previous: string | undefined;
  for (const day of nominal) {
    const stated = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const due = workingDayFrom(previous && nextDay(previous) > stated ? nextDay(previous) : stated, own);
    result.push({ nominal: stated, due });
    previous = due;
  }
  return result;
}

export interface ScheduledDeadline {
  tax: FiscalTax;
  title: string;
  form: string;
  year: number;
  month: number;
  /** The month declared: the one before the month it is due in (`YYYY-MM`). */
  period: string;
  cuit_group: string;
  nominal_date: string;
  due_date: string;
}

/**
 * The deadlines of `obligation` due in each month of `year` for a CUIT ending in `ending`, moved past the national
 * non-working days and the account's own (`own`); a due date ARCA set apart (ARCA_MOVES) replaces the shift rule's.
 */
export function yearSchedule(obligation: Obligation, year: number, ending: number, own: ReadonlySet<string> = NONE): ScheduledDeadline[] {
  const index = obligation.groups.findIndex((group) => group.endings.includes(ending));
  const group = obligation.groups[index];
  const nominal = obligation.groups.map((g) => g.day);
  return Array.from({ length: 12 }, (_, i) => {
    const month = i + 1;
    const { nominal: stated, due } = dueDays(year, month, nominal, own)[index];
    const period = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
    const endings = group.endings;
    const cuitGroup = endings.length === 10 ? 'all' : `${endings[0]}-${endings[endings.length - 1]}`;
    const moved = ARCA_MOVES.find((move) => move.tax === obligation.tax && move.year === year && move.month === month && move.cuit_group === cuitGroup);
    return {
      tax: obligation.tax,
      title: obligation.title,
      form: obligation.form,
      year,
      month,
      period,
      cuit_group: cuitGroup,
      nominal_date: stated,
      due_date: moved ? workingDayFrom(moved.due, own) : due,
    };
  });
}
