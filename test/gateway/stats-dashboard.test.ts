import { ObjectId } from 'mongodb';
import { rebuildAllDailyTotals } from '../../src/domain/stats/daily-totals';
import { startTestGateway, type TestGateway } from '../support/gateway';

/** The dashboard (contract §4.15): each figure equals the hand-computed one of a small account, beside the month before. */
let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.stop();
});

const QUERY = `query ($period: String) { statsDashboard(period: $period) {
  current { period purchases { count total } expenses { count total byStatus { status count total } }
    pendingReceivedInvoices { count total } fce { status count total } vat { debit credit position } }
  previous { period purchases { count total } vat { debit credit position } }
  stock { productsValue suppliesValue total } } }`;

// Day starts in Argentine time (03:00 UTC).
const day = (text: string) => new Date(`${text}T03:00:00.000Z`);

async function seed(accountId: ObjectId): Promise<void> {
  const db = gw.store;
  await db.collection('received_invoices').insertMany([
    {
      account_id: accountId,
      voucher_number: 1,
      issue_date: day('2026-10-05'),
      total_amount_cents: 121_000,
      exchange_rate: 1,
      status: 'pending',
      vat_items: [{ amount_cents: 21_000 }],
    },
    { account_id: accountId, issue_date: day('2026-10-31'), total_amount_cents: 10_000, exchange_rate: 1000, currency: 'USD', status: 'linked', vat_items: [] },
    {
      account_id: accountId,
      voucher_number: 2,
      issue_date: day('2026-09-30'),
      total_amount_cents: 50_000,
      exchange_rate: 1,
      status: 'pending',
      vat_items: [{ amount_cents: 5_000 }],
    },
  ]);
  await db.collection('expenses').insertMany([
    {
      account_id: accountId,
      date: '2026-10-01',
      amount_cents: 12_100,
      status: 'paid',
      journal_entry_id: new ObjectId(),
      iva_items: [{ importe_cents: 2_100 }],
    },
    { account_id: accountId, date: '2026-10-20', amount_cents: 5_000, status: 'pending', iva_items: [{ importe_cents: 900 }] },
  ]);
  await db.collection('issued_vouchers').insertMany([
    {
      account_id: accountId,
      voucher_number: 3,
      issue_date: day('2026-10-10'),
      voucher_type: 1,
      voucher_class: 'invoice',
      total_amount_cents: 242_000,
      iva_cents: 42_000,
      exchange_rate: 1,
    },
    {
      account_id: accountId,
      voucher_number: 4,
      issue_date: day('2026-10-11'),
      voucher_type: 3,
      voucher_class: 'credit_note',
      total_amount_cents: 12_100,
      iva_cents: 2_100,
      exchange_rate: 1,
    },
    {
      account_id: accountId,
      voucher_number: 5,
      issue_date: day('2026-10-12'),
      voucher_type: 201,
      voucher_class: 'invoice',
      total_amount_cents: 100_000,
      iva_cents: 0,
      exchange_rate: 1,
    },
    {
      account_id: accountId,
      voucher_number: 6,
      issue_date: day('2026-10-13'),
      voucher_type: 201,
      voucher_class: 'invoice',
      total_amount_cents: 50_000,
      iva_cents: 0,
      exchange_rate: 1,
      fce_status: 'accepted',
    },
  ]);
  await db.collection('products').insertOne({ account_id: accountId, price_cents: 1_500, stock_milli: 2_500 });
  await db.collection('supplies').insertOne({ account_id: accountId, default_amount_cents: 1_000, stock_milli: 3_000 });
}

describe('statsDashboard', () => {
  it('computes the month and the month before from the stored documents of the account only', async () => {
    const mine = await gw.account(['stats:read']);
    const other = await gw.account(['stats:read']);
    await seed(new ObjectId(mine.accountId));
    await seed(new ObjectId(other.accountId));
    // Stored directly, the documents skip the writes that keep the daily totals: built here as start-up builds them.
    await rebuildAllDailyTotals(gw.store.db);
    // Within the acceptance term of every FCE of the month (21 días corridos for those issued from 2025-11-01).
    gw.clock.now = new Date('2026-10-20T12:00:00Z');
    const res = await gw.gql(QUERY, { period: '2026-10' }, { key: mine.key });
    expect(res.body.errors).toBeUndefined();
    const { current, previous, stock } = res.body.data.statsDashboard;
    expect(current.period).toBe('2026-10');
    expect(current.purchases).toEqual({ count: 2, total: 1210 + 100_000 });
    expect(current.expenses).toEqual({
      count: 2,
      total: 171,
      byStatus: [
        { status: 'paid', count: 1, total: 121 },
        { status: 'pending', count: 1, total: 50 },
      ],
    });
    expect(current.pendingReceivedInvoices).toEqual({ count: 1, total: 1210 });
    expect(current.fce).toEqual([
      { status: 'accepted', count: 1, total: 500 },
      { status: 'pending', count: 1, total: 1000 },
    ]);
    // Débito 420 − 21 (credit note); crédito 210 (invoice) + 21 (posted expense only).
    expect(current.vat).toEqual({ debit: 399, credit: 231, position: 168 });
    expect(previous).toEqual({ period: '2026-09', purchases: { count: 1, total: 500 }, vat: { debit: 0, credit: 50, position: -50 } });
    expect(stock).toEqual({ productsValue: 37.5, suppliesValue: 30, total: 67.5 });
  });

  it('counts an FCE still pending after its acceptance term as accepted, from the term’s last instant on', async () => {
    const { key, accountId } = await gw.account(['stats:read']);
    await seed(new ObjectId(accountId));
    await rebuildAllDailyTotals(gw.store.db);
    // Voucher 5, issued 2026-10-12 under Resolución SPyMEEyEC 219/2025 (21 días corridos): the buyer may still accept
    // or reject on 2026-11-02; from 2026-11-03 00:00 in Argentina (03:00 UTC) it stands accepted (Ley 27.440 art. 6).
    gw.clock.now = new Date('2026-11-03T02:59:59.999Z');
    const during = await gw.gql(QUERY, { period: '2026-10' }, { key });
    expect(during.body.data.statsDashboard.current.fce).toEqual([
      { status: 'accepted', count: 1, total: 500 },
      { status: 'pending', count: 1, total: 1000 },
    ]);
    gw.clock.now = new Date('2026-11-03T03:00:00.000Z');
    const after = await gw.gql(QUERY, { period: '2026-10' }, { key });
    expect(after.body.data.statsDashboard.current.fce).toEqual([{ status: 'accepted', count: 2, total: 1500 }]);
    // Nothing was written to say so: the voucher is stored as imported, without a status.
    const stored = await gw.store.collection('issued_vouchers').findOne({ account_id: new ObjectId(accountId), voucher_number: 5 });
    expect(stored).toMatchObject({ voucher_type: 201 });
    expect(stored).not.toHaveProperty('fce_status');
  });

  it('rejects a malformed period', async () => {
    const { key } = await gw.account(['stats:read']);
    const res = await gw.gql(QUERY, { period: '2026-13' }, { key });
    expect(res.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});
