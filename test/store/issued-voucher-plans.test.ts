import { ObjectId } from 'mongodb';
import { planStore } from '../support/plans';

/**
 * The hand-written issued-voucher queries (outside the declared list, whose filters and orders list-plans covers) are
 * served by indexes: a voucher by the Emitidos export's natural key (the unique index that stores a re-import once)
 * and the import history newest first without an in-memory sort. Asked of the server with explain.
 */
const { winningStages } = planStore('issued-voucher-plans');

const account = new ObjectId();

it('a voucher by its natural key uses the unique index', async () => {
  const plan = await winningStages('issued_vouchers', { account_id: account, voucher_type: 6, sale_point: 7, voucher_number: 47220 });
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
});

it('the import history lists newest first from an index, without sorting in memory', async () => {
  const plan = await winningStages('issued_voucher_imports', { account_id: account }, { started_at: -1, _id: -1 });
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
  expect(plan).not.toContain('SORT');
});
