import { ObjectId } from 'mongodb';
import { planStore } from '../support/plans';

/**
 * The statistics dashboard reads one month of each source through an index: its aggregations start with these
 * filters (the account and the month's window, or the whole account for the stock value). Asked of the server with
 * explain.
 */
const { winningStages } = planStore('stats-plans');

const account = new ObjectId();
const month = { $gte: new Date('2026-03-01T03:00:00Z'), $lt: new Date('2026-04-01T03:00:00Z') };

it.each([
  ["a month's received invoices", 'received_invoices', { account_id: account, issue_date: month }],
  ["a month's pending received invoices", 'received_invoices', { account_id: account, issue_date: month, status: 'pending' }],
  ["a month's expenses", 'expenses', { account_id: account, date: { $gte: '2026-03-01', $lt: '2026-04-01' } }],
  ["a month's issued vouchers", 'issued_vouchers', { account_id: account, issue_date: month }],
  ["a month's issued FCE vouchers", 'issued_vouchers', { account_id: account, issue_date: month, voucher_type: { $in: [201, 206, 211] } }],
  ["the account's products", 'products', { account_id: account }],
  ["the account's supplies", 'supplies', { account_id: account }],
])('%s are read through an index', async (_name, collection, filter) => {
  const plan = await winningStages(collection, filter);
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
});
