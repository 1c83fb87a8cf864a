import { ObjectId } from 'mongodb';
import { refusedWhenClosed } from '../../../src/domain/mis-comprobantes/closed-periods';
import type { RowResult } from '../../../src/domain/mis-comprobantes/import-loop';

/**
 * A voucher dated in a closed VAT period is a row error (docs/fiscal-rules.md, "Mis Comprobantes imports": closed
 * periods): the period is the voucher's Argentine day's month (UTC−3), so a voucher of 1 November 00:00 in Buenos
 * Aires (31 October 03:00 UTC) belongs to November.
 */

const row = (instant: string): RowResult<{ _id: ObjectId; issue_date: Date }> => ({
  voucher: { _id: new ObjectId(), issue_date: new Date(instant) },
  warnings: [],
  review: null,
});

test('a voucher of a closed period is refused with PERIOD_CLOSED naming the period', () => {
  expect(refusedWhenClosed(row('2025-10-15T03:00:00.000Z'), new Set(['2025-10']))).toEqual({
    problems: [{ code: 'PERIOD_CLOSED', message: 'issue date: the VAT period 2025-10 is closed (PERIOD_CLOSED); reopen it to import this voucher' }],
  });
});

test('the period is the Argentine day’s month', () => {
  // 1 November 2025, 00:00 in Argentina.
  const november = row('2025-11-01T03:00:00.000Z');
  expect(refusedWhenClosed(november, new Set(['2025-10']))).toBe(november);
  expect(refusedWhenClosed(november, new Set(['2025-11']))).toMatchObject({ problems: [{ code: 'PERIOD_CLOSED' }] });
  // 31 October 2025, 23:59 in Argentina (1 November UTC).
  expect(refusedWhenClosed(row('2025-11-01T02:59:00.000Z'), new Set(['2025-10']))).toMatchObject({ problems: [{ code: 'PERIOD_CLOSED' }] });
});

test('an open period, no closed period, or a row already refused: the result as it was', () => {
  const open = row('2025-12-01T03:00:00.000Z');
  expect(refusedWhenClosed(open, new Set(['2025-10', '2025-11']))).toBe(open);
  expect(refusedWhenClosed(open, new Set())).toBe(open);
  const refused = { problems: [{ code: 'BAD_DATE', message: 'issue date: x' }] };
  expect(refusedWhenClosed(refused, new Set(['1970-01']))).toBe(refused);
});
