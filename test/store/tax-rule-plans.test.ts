import { ObjectId } from 'mongodb';
import { planStore } from '../support/plans';

/**
 * The tax-rule queries beyond the declared list's filters are served by indexes without an in-memory sort: the
 * contract's default list (active rules in display order), a country's active rules, and the default of a country
 * and category that a new default unmarks. Asked of the server with explain.
 */
const { winningStages } = planStore('tax-rule-plans');

const account = new ObjectId();

it.each([
  ['the default list: active rules in display order', { account_id: account, is_active: true }, { display_order: 1, _id: 1 }],
  [
    "a country's active rules by category and display order",
    { account_id: account, country: 'AR', is_active: true },
    { category: 1, display_order: 1, _id: 1 },
  ],
])('%s come from an index, without sorting in memory', async (_name, filter, sort) => {
  const plan = await winningStages('tax_rules', filter, sort);
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
  expect(plan).not.toContain('SORT');
});

it('the default of a country and category is found by an index', async () => {
  const plan = await winningStages('tax_rules', { account_id: account, country: 'AR', category: 'iva', is_default: true });
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
});
