import { ObjectId } from 'mongodb';
import { planStore } from '../support/plans';

/**
 * The batched reads of the purchase graph are served by indexes: a page of suppliers' received invoices ($in on their
 * CUITs), their expenses ($in on their ids), with or without a status filter. Asked of the server with explain.
 */
const { winningStages } = planStore('purchase-graph-plans');

const account = new ObjectId();

it.each([
  ['received invoices of a page of suppliers', 'received_invoices', { account_id: account, supplier_cuit: { $in: ['30715551248', '30708884444'] } }],
  ['…of one status', 'received_invoices', { status: 'pending', account_id: account, supplier_cuit: { $in: ['30715551248', '30708884444'] } }],
  ['expenses of a page of suppliers', 'expenses', { account_id: account, supplier_id: { $in: [new ObjectId(), new ObjectId()] } }],
  ['…of one status', 'expenses', { status: 'approved', account_id: account, supplier_id: { $in: [new ObjectId(), new ObjectId()] } }],
])('%s uses an index', async (_name, collection, filter) => {
  const plan = await winningStages(collection, filter);
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
});
