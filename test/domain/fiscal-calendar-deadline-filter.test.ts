import { ObjectId } from 'mongodb';
import { asRead, deadlineFilter, type FiscalDeadlineDocument } from '../../src/domain/accounting/fiscal-calendar/deadlines';

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
