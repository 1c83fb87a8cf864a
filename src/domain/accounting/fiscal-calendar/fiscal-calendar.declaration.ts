import { day, instant, int, oneOf, ref, text, whole } from '../../declare/field';
import { arg, declareOperation } from '../../declare/operation';
import { declareShape, listOf } from '../../declare/shape';
import type { OwnDayDocument } from './account-days';
import { DEADLINE_STATUSES, type FiscalDeadlineRecord } from './deadline-filter';
import { MAX_UPCOMING_DAYS } from './deadlines';
import { FISCAL_TAXES } from './obligations';

/**
 * The fiscal calendar's reads (`/accounting/fiscal-calendar/...`): the deadlines due soon and the account's own
 * non-working days, with the shapes of a deadline and of a day that its other operations answer too.
 */

const ID_EXAMPLE = '6650a1c2e4b0d5a7c8e9f012';

export const FISCAL_DEADLINE = declareShape({
  type: 'FiscalDeadline',
  description: 'An ARCA due date of the account, for its CUIT ending.',
  component: true,
  fields: {
    id: ref('fiscal_deadlines', 'fiscal deadline', { rest: '_id', example: ID_EXAMPLE, read: (row: FiscalDeadlineRecord) => row._id }),
    tax: oneOf(FISCAL_TAXES, 'FiscalTax', {
      typeDescription: 'An ARCA obligation of the fiscal calendar (iva, suss = F.931, sicore = SICORE/SIRE, ganancias_sociedades, autonomos, monotributo).',
    }),
    title: text(200, { example: 'IVA: declaración jurada mensual' }),
    form: text(50, { example: 'F.2002', description: 'Form or system (F.2051, F.931, SICORE / SIRE, …).' }),
    year: whole({ example: 2025, description: 'Year it is due in.' }),
    month: int(1, 12, { example: 3, description: 'Month it is due in, 1 to 12.', restDescription: 'Month it is due in.' }),
    period: text(7, {
      example: '2025-03',
      description: 'The month declared (YYYY-MM): the one before the due month.',
      restDescription: 'YYYY-MM: the month declared (the one before the due month).',
    }),
    cuitGroup: text(10, {
      example: '0-1',
      description: "The CUIT endings sharing this date (e.g. 0-1, 4-6, all); the account's CUIT ending is in it.",
      restDescription: "CUIT endings sharing the date (0-1, 4-6, all…): the account's ending is in it.",
      read: (row: FiscalDeadlineRecord) => row.cuit_group,
    }),
    nominalDate: day({
      example: '2025-04-20',
      description: 'YYYY-MM-DD: the day ARCA states before moving it past holidays and weekends.',
      restDescription: 'The day ARCA states, before the shift past non-working days.',
      read: (row: FiscalDeadlineRecord) => row.nominal_date,
    }),
    dueDate: day({
      example: '2025-04-22',
      description: 'YYYY-MM-DD: the due day after the shift rule.',
      restDescription: 'The due day after the shift rule.',
      read: (row: FiscalDeadlineRecord) => row.due_date,
    }),
    status: oneOf(DEADLINE_STATUSES, 'FiscalDeadlineStatus', {
      typeDescription: 'pending → completed (marked once). overdue is derived when read: pending and due before today in Argentina.',
      restDescription: 'overdue = pending and due before today (derived when read).',
    }),
    completedAt: instant({ nullable: true, example: '2025-03-14T10:32:05.120', read: (row: FiscalDeadlineRecord) => row.completed_at }),
    createdAt: instant({ example: '2025-03-14T10:32:05.120', read: (row: FiscalDeadlineRecord) => row.created_at }),
  },
});

const UPCOMING = declareShape({
  type: 'UpcomingFiscalDeadlines',
  description: 'Pending deadlines due within a window starting today.',
  fields: {
    from: day({ example: '2025-03-01', description: 'YYYY-MM-DD: today in Argentina.', restDescription: 'Today in Argentina.' }),
    to: day({ example: '2025-03-31', description: 'YYYY-MM-DD: the last day of the window.' }),
    items: listOf(FISCAL_DEADLINE, { description: 'In due order.' }),
  },
});

export const NON_WORKING_DAY = declareShape({
  type: 'AccountNonWorkingDay',
  description:
    'One of the account’s own non-working days (a local holiday): the account’s deadlines that fall on it move to the next working day, as on a national día no laborable.',
  component: true,
  fields: {
    id: ref('fiscal_non_working_days', 'non-working day', { rest: '_id', example: ID_EXAMPLE, read: (row: OwnDayDocument) => row._id }),
    date: day({ example: '2025-03-14', description: 'YYYY-MM-DD.' }),
    description: text(200, { example: 'Servicio de internet de marzo' }),
    createdAt: instant({ example: '2025-03-14T10:32:05.120', read: (row: OwnDayDocument) => row.created_at }),
  },
});

const CALENDAR = '/accounting/fiscal-calendar';

export const UPCOMING_FISCAL_DEADLINES = declareOperation({
  name: 'upcomingFiscalDeadlines',
  description: `Pending deadlines due from today to \`days\` days ahead (1 to ${MAX_UPCOMING_DAYS}, default 30).`,
  scope: 'accounting:read',
  args: {
    days: arg.int(1, MAX_UPCOMING_DAYS, { rest: { description: `How many days ahead (1 to ${MAX_UPCOMING_DAYS}, default 30).` } }),
  },
  result: UPCOMING,
  rest: {
    method: 'get',
    path: `${CALENDAR}/upcoming/`,
    summary: `Pending deadlines due from today to \`days\` days ahead (1 to ${MAX_UPCOMING_DAYS}, default 30), in due order`,
    count: 'items',
  },
});

export const ACCOUNT_NON_WORKING_DAYS = declareOperation({
  name: 'accountNonWorkingDays',
  description: 'The account’s own non-working days in date order (optionally of one year).',
  scope: 'accounting:read',
  args: { year: arg.int(1900, 9999, { rest: { description: 'Days of this year.' } }) },
  result: NON_WORKING_DAY,
  list: true,
  rest: { method: 'get', path: `${CALENDAR}/non-working-days/`, summary: "The account's own non-working days (local holidays) in date order; optional year" },
});

export const FISCAL_CALENDAR_OPERATIONS = [UPCOMING_FISCAL_DEADLINES, ACCOUNT_NON_WORKING_DAYS];
