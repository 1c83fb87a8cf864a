import { ObjectId } from 'mongodb';
import { planStore } from '../support/plans';

/**
 * The hand-written received-invoice queries (outside the declared list) are served by indexes: the import history
 * (newest first, without an in-memory sort), the suppliers an import looks up by CUIT, and a voucher by the export's
 * natural key (the unique index that makes a re-import store nothing twice). Asked of the server with explain.
 */
const { winningStages } = planStore('received-invoice-plans');

const account = new ObjectId();

it.each([
  ['suppliers of an import, by CUIT', 'suppliers', { account_id: account, tax_id: { $in: ['30715551248', '30708884444'] } }],
  ['the vouchers whose VAT rates are to be reviewed (the "needs review" filter)', 'received_invoices', { account_id: account, needs_review: true }],
  ['the vouchers with nothing to review', 'received_invoices', { account_id: account, needs_review: false }],
  [
    'a voucher by its natural key',
    'received_invoices',
    { account_id: account, supplier_cuit: '30715551248', voucher_type: 1, sale_point: 3, voucher_number: 110266 },
  ],
])('%s uses an index', async (_name, collection, filter) => {
  const plan = await winningStages(collection, filter);
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
});

it('the import history lists newest first from an index, without sorting in memory', async () => {
  const plan = await winningStages('received_invoice_imports', { account_id: account }, { started_at: -1, _id: -1 });
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
  expect(plan).not.toContain('SORT');
});
