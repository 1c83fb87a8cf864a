import { ObjectId } from 'mongodb';
import { statusFilter } from '../../src/domain/fce/issued';
import { planStore } from '../support/plans';

/** The FCE list by status and the event log are served by indexes, newest first without an in-memory sort. */
const { winningStages, winningIndexes } = planStore('fce-plans');

const account = new ObjectId();

it('the issued FCE list of one status uses the status index and needs no sort', async () => {
  const filter = { account_id: account, fce_status: 'accepted' };
  const plan = await winningStages('issued_vouchers', filter, { issue_date: -1, _id: -1 });
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
  expect(plan).not.toContain('SORT');
  // Bounded on the status, not a walk of every issued voucher in date order.
  expect(await winningIndexes('issued_vouchers', filter, { issue_date: -1, _id: -1 })).toEqual(['account_fce_status_issued']);
});

it('the issued FCE list of every status uses the status index', async () => {
  const plan = await winningStages(
    'issued_vouchers',
    { account_id: account, fce_status: { $in: ['pending', 'accepted', 'rejected', 'anulled', 'transferred_sircreb'] } },
    { issue_date: -1, _id: -1 },
  );
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
});

it('an FCE voucher’s events come newest first from an index', async () => {
  const plan = await winningStages('fce_events', { account_id: account, fce_invoice_id: new ObjectId() }, { seq: -1 });
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
  expect(plan).not.toContain('SORT');
});

it('the events of a page of FCE vouchers (one read for every voucher asking) come from the same index', async () => {
  const plan = await winningStages('fce_events', { account_id: account, fce_invoice_id: { $in: [new ObjectId(), new ObjectId()] } });
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
  expect(await winningIndexes('fce_events', { account_id: account, fce_invoice_id: { $in: [new ObjectId(), new ObjectId()] } })).toEqual([
    'account_invoice_seq',
  ]);
});

describe('the issued FCE list of pending or accepted vouchers, split by the acceptance term at read', () => {
  // 2026-11-18: the 21-day rows (Res. SPyMEEyEC 219/2025) and the law's 15 days from 2026-11-01 leave the passed
  // issue days in two spans, so both filters are disjunctions of issue-date ranges.
  const now = new Date('2026-11-18T15:00:00Z');

  it.each(['pending', 'accepted'] as const)('%s uses the status index', async (status) => {
    const filter = { account_id: account, ...statusFilter(status, now) };
    const plan = await winningStages('issued_vouchers', filter, { issue_date: -1, _id: -1 });
    expect(plan).toContain('IXSCAN');
    expect(plan).not.toContain('COLLSCAN');
    expect(new Set(await winningIndexes('issued_vouchers', filter, { issue_date: -1, _id: -1 }))).toEqual(new Set(['account_fce_status_issued']));
  });
});
