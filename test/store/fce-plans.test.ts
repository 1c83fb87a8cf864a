import { ObjectId } from 'mongodb';
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
