import { ObjectId } from 'mongodb';
import type { FiscalDeadlineDocument } from '../../src/domain/accounting/fiscal-calendar/deadline-document';
import { asRead, deadlineFilter, upcomingWindow } from '../../src/domain/accounting/fiscal-calendar/deadline-filter';
import { cuitEndingOf } from '../../src/domain/accounting/fiscal-calendar/obligations';

/**
 * What a deadline list asks the store for: year and month as a range of due days, the derived statuses as the stored
 * status and a bound at today (2027-02-20 here), the narrowest bounds when several apply.
 */
const TODAY = '2027-02-20';

it.each([
  ['nothing', {}, {}],
  ['a year', { year: 2027 }, { due_date: { $gte: '2027-01-01', $lt: '2028-01-01' } }],
  ['a month of a year', { year: 2027, month: 3 }, { due_date: { $gte: '2027-03-01', $lt: '2027-04-01' } }],
  ['December of a year', { year: 2027, month: 12 }, { due_date: { $gte: '2027-12-01', $lt: '2028-01-01' } }],
  ['a month alone (the stored due month)', { month: 3 }, { month: 3 }],
  ['a tax', { tax: 'iva' as const }, { tax: 'iva' }],
  ['completed', { status: 'completed' as const }, { status: 'completed' }],
  ['pending: due today or later', { status: 'pending' as const }, { status: 'pending', due_date: { $gte: TODAY } }],
  ['overdue: pending and due before today', { status: 'overdue' as const }, { status: 'pending', due_date: { $lt: TODAY } }],
  ['pending in this year: from today', { year: 2027, status: 'pending' as const }, { status: 'pending', due_date: { $gte: TODAY, $lt: '2028-01-01' } }],
  [
    'pending in this month: from today',
    { year: 2027, month: 2, status: 'pending' as const },
    { status: 'pending', due_date: { $gte: TODAY, $lt: '2027-03-01' } },
  ],
  [
    'pending in a later month: the month',
    { year: 2027, month: 4, status: 'pending' as const },
    { status: 'pending', due_date: { $gte: '2027-04-01', $lt: '2027-05-01' } },
  ],
  [
    'overdue in this month: until today',
    { year: 2027, month: 2, status: 'overdue' as const },
    { status: 'pending', due_date: { $gte: '2027-02-01', $lt: TODAY } },
  ],
  [
    'overdue in an earlier month: the month',
    { year: 2027, month: 1, status: 'overdue' as const },
    { status: 'pending', due_date: { $gte: '2027-01-01', $lt: '2027-02-01' } },
  ],
  [
    'everything',
    { year: 2027, month: 2, status: 'overdue' as const, tax: 'suss' as const },
    { tax: 'suss', status: 'pending', due_date: { $gte: '2027-02-01', $lt: TODAY } },
  ],
])('%s', (_name, filter, expected) => {
  expect(deadlineFilter(filter, TODAY)).toStrictEqual(expected);
});

describe('a deadline as read', () => {
  const stored = (status: 'pending' | 'completed', due_date: string) => ({ _id: new ObjectId(), status, due_date }) as unknown as FiscalDeadlineDocument;

  it('is overdue when pending and due before today; pending on its day; completed stays completed', () => {
    expect(asRead(stored('pending', '2027-02-19'), TODAY).status).toBe('overdue');
    expect(asRead(stored('pending', TODAY), TODAY).status).toBe('pending');
    expect(asRead(stored('completed', '2027-02-19'), TODAY).status).toBe('completed');
    const doc = stored('pending', '2027-03-11');
    expect(asRead(doc, TODAY)).toEqual({ ...doc, status: 'pending' });
  });
});

describe('the upcoming deadlines', () => {
  it('are the pending ones due from today to the days asked, both ends included', () => {
    expect(upcomingWindow(TODAY, 10)).toStrictEqual({
      from: TODAY,
      to: '2027-03-02',
      filter: { status: 'pending', due_date: { $gte: TODAY, $lte: '2027-03-02' } },
    });
    expect(upcomingWindow(TODAY, 0).to).toBe(TODAY);
    // Across a leap day and a year's end, one calendar day per day.
    expect(upcomingWindow('2028-02-28', 1).to).toBe('2028-02-29');
    expect(upcomingWindow('2027-12-31', 366).to).toBe('2028-12-31');
  });
});

/** ARCA's calendar groups taxpayers by the last digit of the CUIT (the yearly calendar, "terminación de CUIT"). */
describe('the CUIT ending', () => {
  it('is the CUIT’s last digit, written with or without hyphens; none reads as 0', () => {
    expect(cuitEndingOf('30-71234567-9')).toBe(9);
    expect(cuitEndingOf('20111111112')).toBe(2);
    expect(cuitEndingOf('27-00000000-0 ')).toBe(0);
    expect(cuitEndingOf('')).toBe(0);
    expect(cuitEndingOf(undefined)).toBe(0);
  });
});
