import type { Filter } from 'mongodb';
import type { FiscalDeadlineDocument } from './deadline-document';
import type { FiscalTax } from './obligations';

/**
 * What a deadline list or the upcoming ones ask the store for, and how a stored deadline reads on a day: the status
 * is stored as pending or completed, and overdue is derived (pending and due before today, Argentine calendar).
 */
export const DEADLINE_STATUSES = ['pending', 'overdue', 'completed'] as const;
export type DeadlineStatus = (typeof DEADLINE_STATUSES)[number];

/** A deadline as read: its status as of today in Argentina. */
export type FiscalDeadlineRecord = Omit<FiscalDeadlineDocument, 'status'> & { status: DeadlineStatus };

export function asRead(doc: FiscalDeadlineDocument, day: string): FiscalDeadlineRecord {
  return { ...doc, status: doc.status === 'pending' && doc.due_date < day ? 'overdue' : doc.status };
}

const monthStart = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}-01`;

export interface DeadlineFilter {
  year?: number;
  month?: number;
  status?: DeadlineStatus;
  tax?: FiscalTax;
}

/**
 * The stored filter of a list. Year (with or without a month) and the derived statuses become a range of due days
 * (from inclusive, to exclusive), so the account/due-day index serves every combination in due order; matching the
 * stored year instead would let the planner pick the unique year/month index and sort in memory. A month without a
 * year matches the stored due month.
 */
export function deadlineFilter(filter: DeadlineFilter, day: string): Filter<FiscalDeadlineDocument> {
  const query: Record<string, unknown> = {};
  let from: string | undefined;
  let to: string | undefined;
  const narrow = (gte?: string, lt?: string) => {
    if (gte && (!from || gte > from)) from = gte;
    if (lt && (!to || lt < to)) to = lt;
  };
  if (filter.year !== undefined) {
    if (filter.month !== undefined)
      narrow(monthStart(filter.year, filter.month), filter.month === 12 ? monthStart(filter.year + 1, 1) : monthStart(filter.year, filter.month + 1));
    else narrow(monthStart(filter.year, 1), monthStart(filter.year + 1, 1));
  } else if (filter.month !== undefined) query.month = filter.month;
  if (filter.tax) query.tax = filter.tax;
  if (filter.status === 'completed') query.status = 'completed';
  if (filter.status === 'pending') {
    query.status = 'pending';
    narrow(day, undefined);
  }
  if (filter.status === 'overdue') {
    query.status = 'pending';
    narrow(undefined, day);
  }
  if (from || to) query.due_date = { ...(from ? { $gte: from } : {}), ...(to ? { $lt: to } : {}) };
  return query as Filter<FiscalDeadlineDocument>;
}

/**
 * The upcoming deadlines from `today` to `days` days ahead, both ends included: pending and due in that span (the
 * overdue ones are listed by status instead). The calendar day is counted in UTC so no day is skipped or repeated.
 */
export function upcomingWindow(today: string, days: number): { from: string; to: string; filter: Filter<FiscalDeadlineDocument> } {
  const to = new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  return { from: today, to, filter: { status: 'pending', due_date: { $gte: today, $lte: to } } };
}
