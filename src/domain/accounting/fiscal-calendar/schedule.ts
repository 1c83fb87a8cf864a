import Holidays from 'date-holidays';
import type { FiscalTax, Obligation } from './obligations';

/**
 * Argentina's national public holidays of a year (`YYYY-MM-DD`), from the maintained `date-holidays` data: fixed
 * days, Carnival and Good Friday, and the movable ones already moved by Ley 27.399. Bridge days decreed each year
 * are not included (nor are they in ARCA's own published method); an official calendar overrides them.
 */
const holidaysOfYear = new Map<number, Set<string>>();
const argentina = new Holidays('AR');

export function holidays(year: number): Set<string> {
  let found = holidaysOfYear.get(year);
  if (!found) {
    found = new Set(
      argentina
        .getHolidays(year)
        .filter((holiday) => holiday.type === 'public')
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    holidaysOfYear.set(year, found);
  }
  return found;
}

const dayText = (date: Date) => date.toISOString().slice(0, 10);

export function isWorkingDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays(Number(day.slice(0, 4))).has(day);
}

const nextDay = (day: string) => dayText(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000));

/**
 * The due days of an obligation's groups in one month, by ARCA's shift rule: when a due date falls on a holiday or
 * non-working day, it and the following ones move correlatively to the next working days — each group falls due on
 * its nominal day or the day after the previous group's, whichever is later, moved forward past non-working days.
 */
export function dueDays(year: number, month: number, nominal: readonly number[]): Array<{ nominal: string; due: string }> {
  const result: Array<{ nominal: string; due: string }> = [];
  let previous: string | undefined;
  for (const day of nominal) {
    const stated = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    let due = previous && nextDay(previous) > stated ? nextDay(previous) : stated;
    while (!isWorkingDay(due)) due = nextDay(due);
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

/** The deadlines of `obligation` due in each month of `year` for a CUIT ending in `ending`. */
export function yearSchedule(obligation: Obligation, year: number, ending: number): ScheduledDeadline[] {
  const index = obligation.groups.findIndex((group) => group.endings.includes(ending));
  const group = obligation.groups[index];
  const nominal = obligation.groups.map((g) => g.day);
  return Array.from({ length: 12 }, (_, i) => {
    const month = i + 1;
    const { nominal: stated, due } = dueDays(year, month, nominal)[index];
    const period = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
    const endings = group.endings;
    return {
      tax: obligation.tax,
      title: obligation.title,
      form: obligation.form,
      year,
      month,
      period,
      cuit_group: endings.length === 10 ? 'all' : `${endings[0]}-${endings[endings.length - 1]}`,
      nominal_date: stated,
      due_date: due,
    };
  });
}
