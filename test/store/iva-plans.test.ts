import { ObjectId } from 'mongodb';
import { instantOf } from '../../src/domain/dates';
import { planStore } from '../support/plans';

/**
 * The VAT books' queries are served by indexes (asked of the server with explain): a book's lines in date order
 * without an in-memory sort, a generated line found by its source, the month's state and position, and the source
 * documents of a month.
 */
const { winningStages } = planStore('iva-plans');

const account = new ObjectId();
const from = instantOf('2025-12-01T00:00:00')!;
const to = instantOf('2026-01-01T00:00:00')!;

it("a book's lines read the book index in date order, without sorting in memory", async () => {
  const plan = await winningStages('iva_book_entries', { account_id: account, period: '2025-12', book_type: 'purchases' }, { date: 1, _id: 1 });
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
  expect(plan).not.toContain('SORT');
});

it.each([
  ['a generated line by its source', 'iva_book_entries', { account_id: account, origin: 'received_invoice', source_id: new ObjectId() }],
  ['the months an account has lines in (verify-books)', 'iva_book_entries', { account_id: account }],
  ['the lines that left the book', 'iva_book_entries', { account_id: account, period: '2025-12', book_type: 'sales', origin: { $ne: 'manual' } }],
  ['the totals of a book', 'iva_book_totals', { account_id: account, period: '2025-12', book_type: 'purchases' }],
  [
    'a stored line of each of some sources',
    'iva_book_entries',
    { account_id: account, origin: { $in: ['received_invoice'] }, source_id: { $in: [new ObjectId(), new ObjectId()] } },
  ],
  [
    "a re-upload's duplicates by their unique key (their lines checked)",
    'received_invoices',
    {
      account_id: account,
      supplier_cuit: { $in: ['30715551248'] },
      voucher_type: { $in: [1, 6] },
      sale_point: { $in: [3] },
      voucher_number: { $in: [101, 102] },
    },
  ],
  [
    "a re-upload's issued duplicates by their unique key",
    'issued_vouchers',
    { account_id: account, voucher_type: { $in: [1] }, sale_point: { $in: [3, 4] }, voucher_number: { $in: [101, 102] } },
  ],
  ['the state of a month', 'iva_periods', { account_id: account, period: '2025-12' }],
  ['the closed months', 'iva_periods', { account_id: account, status: 'closed' }],
  ['the position of the previous month', 'iva_summaries', { account_id: account, period: '2025-11' }],
  ['the settings', 'iva_config', { account_id: account }],
  ['received invoices of a month', 'received_invoices', { account_id: account, issue_date: { $gte: from, $lt: to }, status: { $ne: 'ignored' } }],
  ['issued vouchers of a month', 'issued_vouchers', { account_id: account, issue_date: { $gte: from, $lt: to } }],
  ['posted expenses of a month', 'expenses', { account_id: account, date: { $gte: '2025-12-01', $lt: '2026-01-01' } }],
])('%s uses an index', async (_name, collection, filter) => {
  const plan = await winningStages(collection as never, filter);
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
});
