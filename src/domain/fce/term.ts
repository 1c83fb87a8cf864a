import { argentineDay } from '../dates';

/**
 * The term within which the buyer accepts or rejects an FCE, counted in calendar days (días corridos) from its
 * reception in the buyer's Domicilio Fiscal Electrónico; when it ends with the invoice neither accepted nor
 * rejected, the invoice is accepted tacitly and can no longer be rejected.
 *
 * Law: Ley 27.440 arts. 4 to 8 (as in force: 15 días corridos; art. 6 tacit acceptance, art. 8 rejection and its
 * registration; text at https://leyes-ar.com/ley_de_financiamiento_productivo/4.htm, "vigente, con las
 * modificaciones"). The Secretaría PyME extended it to 21 días corridos, lastly:
 * - Resolución SIyDP 9/2024: 2024-03-01 to 2024-10-31 (infopymes.com.ar, "nueva prórroga de plazos");
 * - Resolución SPyMEEyEC 480/2024: 2024-11-01 to 2025-10-31 (ambito.com, n6207958);
 * - Resolución SPyMEEyEC 219/2025 (B.O. 2025-10-28): 2025-11-01 to 2026-10-31 (blogdelcontador.com.ar news-46314).
 * No extension past 2026-10-31 was found: from 2026-11-01 the law's 15 days apply again. The 2023 extensions
 * (Res. SIyDP 322/2023 until 2023-09-30 and those after it) were not verified day by day, so before 2024-03-01 the
 * law's term is applied.
 *
 * The term in force on the day the invoice reached the buyer governs it. The gateway knows the voucher's issue day:
 * ARCA places an authorised FCE in the buyer's DFE when it is authorised, so that day is taken as its reception.
 */
export interface TermRow {
  /** First day in force (Argentine calendar day). */
  from: string;
  /** Last day in force, inclusive; absent for the row in force today and onwards. */
  to?: string;
  days: number;
  source: string;
}

const LAW = 'Ley 27.440 arts. 4, 6 and 8 (15 días corridos)';

/** Contiguous rows covering every day: the law's term where no extension applies. */
export const FCE_TERM_TABLE: readonly TermRow[] = [
  { from: '0001-01-01', to: '2024-02-29', days: 15, source: `${LAW}; the 2023 extensions are not verified day by day` },
  { from: '2024-03-01', to: '2024-10-31', days: 21, source: 'Resolución SIyDP 9/2024 (21 días corridos, 2024-03-01 to 2024-10-31)' },
  { from: '2024-11-01', to: '2025-10-31', days: 21, source: 'Resolución SPyMEEyEC 480/2024 (21 días corridos, 2024-11-01 to 2025-10-31)' },
  { from: '2025-11-01', to: '2026-10-31', days: 21, source: 'Resolución SPyMEEyEC 219/2025 (21 días corridos, 2025-11-01 to 2026-10-31)' },
  { from: '2026-11-01', days: 15, source: `${LAW}; no extension past 2026-10-31 found` },
];

export interface Term {
  days: number;
  source: string;
  /** The last day (Argentine calendar) on which the buyer may still accept or reject. */
  lastDay: string;
  /** The first instant the invoice stands accepted tacitly: 00:00 in Argentina of the day after the last day. */
  endsAt: Date;
}

const DAY_MS = 86_400_000;
/** Midnight in Argentina (UTC−3) of a calendar day, as an instant. */
const argentineMidnight = (day: string) => new Date(`${day}T03:00:00.000Z`);
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The acceptance term of an FCE received (issued) at `issuedAt`. */
export function termOf(issuedAt: Date, table: readonly TermRow[] = FCE_TERM_TABLE): Term {
  const received = argentineDay(issuedAt);
  const row = table.find((candidate) => candidate.from <= received && (candidate.to === undefined || received <= candidate.to)) ?? table[0];
  const lastDay = addDays(received, row.days);
  return { days: row.days, source: row.source, lastDay, endsAt: argentineMidnight(addDays(lastDay, 1)) };
}

/** Whether the term of an FCE issued at `issuedAt` has run out at `now`. */
export const termPassed = (issuedAt: Date, now: Date, table: readonly TermRow[] = FCE_TERM_TABLE): boolean =>
  now.getTime() >= termOf(issuedAt, table).endsAt.getTime();

/** A span of issue instants, `[from, to)`; an absent bound is open. */
export interface IssueSpan {
  from?: Date;
  to?: Date;
}

/**
 * The spans of issue instants whose term has run out at `now` (`passed`) and those whose term still runs (`open`),
 * so that a list filtered by status asks the store for them on its issue-date index. Within one row of `days`, the
 * term has ended for the invoices issued up to `today − days − 1`; adjacent spans are joined.
 */
export function issueSpansAt(now: Date, table: readonly TermRow[] = FCE_TERM_TABLE): { passed: IssueSpan[]; open: IssueSpan[] } {
  const today = argentineDay(now);
  const passed: IssueSpan[] = [];
  const open: IssueSpan[] = [];
  const push = (into: IssueSpan[], from: string, to: string | undefined) => {
    if (to !== undefined && from >= to) return;
    const last = into[into.length - 1];
    if (last?.to !== undefined && last.to.getTime() === argentineMidnight(from).getTime()) last.to = to === undefined ? undefined : argentineMidnight(to);
    else into.push({ from: argentineMidnight(from), to: to === undefined ? undefined : argentineMidnight(to) });
  };
  for (const row of table) {
    const end = row.to === undefined ? undefined : addDays(row.to, 1);
    // The first issue day whose term still runs today.
    let split = addDays(today, -row.days);
    if (split < row.from) split = row.from;
    if (end !== undefined && split > end) split = end;
    push(passed, row.from, split);
    push(open, split, end);
  }
  // The first row reaches back to the start of the calendar: its lower bound is open.
  if (passed[0]?.from?.getTime() === argentineMidnight(table[0].from).getTime()) delete passed[0].from;
  if (open[0]?.from?.getTime() === argentineMidnight(table[0].from).getTime()) delete open[0].from;
  return { passed, open };
}
