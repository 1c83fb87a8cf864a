import { ObjectId } from 'mongodb';
import { planStore } from '../support/plans';

/**
 * The billing-system queries are served by the (account, name) index without an in-memory sort: the list in name
 * order, one system by name (every route and the active system's lookup), and the access ticket by its key.
 */
const { winningStages } = planStore('billing-system-plans');

const account = new ObjectId();

it('the list of an account’s systems in name order comes from an index, without sorting in memory', async () => {
  const plan = await winningStages('billing_systems', { account_id: account }, { name: 1 });
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
  expect(plan).not.toContain('SORT');
});

it('one system by name is found by an index', async () => {
  const plan = await winningStages('billing_systems', { account_id: account, name: 'afip_wsfe' });
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
});

it('a stored access ticket is found by its key', async () => {
  const plan = await winningStages('afip_tickets', { _id: 'testing:AB:CD:wsfe' });
  // IDHACK (MongoDB 7 and the embedded engine) or EXPRESS_IXSCAN (MongoDB 8's express path on _id).
  expect(plan.length === 1 && ['IDHACK', 'EXPRESS_IXSCAN'].includes(plan[0])).toBe(true);
});
