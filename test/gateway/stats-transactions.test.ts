import { ObjectId } from 'mongodb';
import { rebuildAllDailyTotals } from '../../src/domain/stats/daily-totals';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * POST /stats/transactions/ and transactionSeries: sums equal brute-force sums, bucketed on Argentine days, whether
 * read from the daily totals (no filter, or a status) or from the documents (a supplier, category or customer).
 * The documents are stored directly, skipping the writes that keep the daily totals: they are built as start-up
 * builds them (`stored`).
 */
let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.stop();
});

const HOUR = 3600_000;
/** A deterministic pseudo-random sequence (the same data on every run). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const argentineDay = (instant: Date) => new Date(instant.getTime() - 3 * HOUR).toISOString().slice(0, 10);
const mondayOf = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * 24 * HOUR).toISOString().slice(0, 10);
};

type Invoice = { issue_date: Date; total_amount_cents: number; exchange_rate: number; voucher_class: string; status: string; supplier_cuit: string };

function invoices(count: number, seed: number): Invoice[] {
  const next = random(seed);
  return Array.from({ length: count }, () => ({
    // Any instant of 2026 (not only day starts), so documents fall on both sides of Argentine midnights.
    issue_date: new Date(Date.UTC(2026, 0, 1) + Math.floor(next() * 365 * 24) * HOUR + 3 * HOUR),
    total_amount_cents: 1 + Math.floor(next() * 5_000_000),
    exchange_rate: next() < 0.2 ? 1050.5 : 1,
    voucher_class: next() < 0.15 ? 'credit_note' : 'invoice',
    status: ['pending', 'linked', 'ignored'][Math.floor(next() * 3)],
    supplier_cuit: next() < 0.5 ? '30712345671' : '20123456786',
  }));
}

const netCents = (doc: Invoice) => Math.round(doc.total_amount_cents * doc.exchange_rate) * (doc.voucher_class === 'credit_note' ? -1 : 1);

/** The expected buckets, computed document by document: key → [count, centavos]. */
function bruteForce(docs: Invoice[], keyOf: (day: string) => string, from: string, to: string): Map<string, [number, number]> {
  const sums = new Map<string, [number, number]>();
  for (const doc of docs) {
    const day = argentineDay(doc.issue_date);
    if (day < from || day > to) continue;
    const key = keyOf(day);
    const [count, cents] = sums.get(key) ?? [0, 0];
    sums.set(key, [count + 1, cents + netCents(doc)]);
  }
  return sums;
}

async function seeded(): Promise<{ key: string; docs: Invoice[] }> {
  const { accountId, key } = await gw.account(['stats:read']);
  const docs = invoices(1500, 7);
  await gw.store
    .collection('received_invoices')
    .insertMany(docs.map((doc, i) => ({ ...doc, account_id: new ObjectId(accountId), voucher_type: 1, sale_point: 1, voucher_number: i + 1, vat_items: [] })));
  // Another account's invoices must not count.
  const other = new ObjectId();
  await gw.store
    .collection('received_invoices')
    .insertMany(invoices(200, 11).map((doc, i) => ({ ...doc, account_id: other, voucher_type: 1, sale_point: 1, voucher_number: i + 1, vat_items: [] })));
  await rebuildAllDailyTotals(gw.store.db);
  return { key, docs };
}

const series = (key: string, body: unknown) => gw.rest('POST', '/stats/transactions/', { key, body });

describe('purchases', () => {
  let key: string;
  let docs: Invoice[];
  beforeAll(async () => {
    ({ key, docs } = await seeded());
  });

  it.each([
    ['day', '2026-03-01', '2026-05-31', (day: string) => day],
    ['week', '2026-01-01', '2026-12-31', mondayOf],
    ['month', '2026-01-01', '2026-12-31', (day: string) => day.slice(0, 7)],
  ] as const)('by %s, every bucket equals the brute-force sum', async (interval, from, to, keyOf) => {
    const res = await series(key, { measure: 'purchases', interval, from, to });
    expect(res.status).toBe(200);
    const expected = bruteForce(docs, keyOf, from, to);
    const got = new Map<string, [number, number]>();
    for (const bucket of res.body.data.buckets) {
      const [count, cents] = got.get(keyOf(bucket.start)) ?? [0, 0];
      got.set(keyOf(bucket.start), [count + bucket.count, cents + Math.round(bucket.total * 100)]);
    }
    for (const [bucketKey, sums] of expected) expect([bucketKey, got.get(bucketKey)]).toEqual([bucketKey, sums]);
    const all = [...expected.values()];
    expect(res.body.data.count).toBe(all.reduce((sum, [count]) => sum + count, 0));
    expect(Math.round(res.body.data.total * 100)).toBe(all.reduce((sum, [, cents]) => sum + cents, 0));
  });

  it('answers every bucket of the range in order, clipped to it, empty ones with zeros; weeks start on Monday', async () => {
    const res = await series(key, { measure: 'purchases', interval: 'week', from: '2026-03-01', to: '2026-03-17', supplier_tax_id: 'nobody' });
    expect(res.body.data).toEqual({
      measure: 'purchases',
      interval: 'week',
      from: '2026-03-01',
      to: '2026-03-17',
      count: 0,
      total: 0,
      buckets: [
        { start: '2026-03-01', end: '2026-03-01', count: 0, total: 0 },
        { start: '2026-03-02', end: '2026-03-08', count: 0, total: 0 },
        { start: '2026-03-09', end: '2026-03-15', count: 0, total: 0 },
        { start: '2026-03-16', end: '2026-03-17', count: 0, total: 0 },
      ],
    });
  });

  it('filters by status (daily totals) alike with and without a supplier (documents)', async () => {
    for (const status of ['pending', 'linked', 'ignored']) {
      const body = { measure: 'purchases', interval: 'month', from: '2026-01-01', to: '2026-12-31', status };
      const byStatus = await series(key, body);
      const chosen = docs.filter((doc) => doc.status === status);
      expect(byStatus.body.data.count).toBe(chosen.length);
      expect(Math.round(byStatus.body.data.total * 100)).toBe(chosen.reduce((sum, doc) => sum + netCents(doc), 0));
      const perSupplier = await Promise.all(['30712345671', '20123456786'].map((cuit) => series(key, { ...body, supplier_tax_id: cuit })));
      expect(perSupplier.reduce((sum, res) => sum + res.body.data.count, 0)).toBe(chosen.length);
    }
  });

  it('filters by supplier and status', async () => {
    const res = await series(key, {
      measure: 'purchases',
      interval: 'month',
      from: '2026-01-01',
      to: '2026-12-31',
      supplier_tax_id: '30712345671',
      status: 'linked',
    });
    const chosen = docs.filter((doc) => doc.supplier_cuit === '30712345671' && doc.status === 'linked');
    expect(res.body.data.count).toBe(chosen.length);
    expect(Math.round(res.body.data.total * 100)).toBe(chosen.reduce((sum, doc) => sum + netCents(doc), 0));
  });

  it('GraphQL transactionSeries answers the same', async () => {
    const body = { measure: 'purchases', interval: 'month', from: '2026-01-01', to: '2026-06-30' };
    const rest = await series(key, body);
    const gql = await gw.gql(
      'query ($input: TransactionSeriesInput!) { transactionSeries(input: $input) { measure interval from to count total buckets { start end count total } } }',
      { input: body },
      { key },
    );
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.transactionSeries).toEqual(rest.body.data);
  });
});

describe('bucket boundaries at Argentine midnight', () => {
  it('23:59:59 in Argentina (02:59:59 UTC) is the day before; 00:00 (03:00 UTC) the day itself', async () => {
    const { accountId, key } = await gw.account(['stats:read']);
    const at = (iso: string, n: number) => ({
      account_id: new ObjectId(accountId),
      issue_date: new Date(iso),
      total_amount_cents: 100 * n,
      exchange_rate: 1,
      voucher_class: 'invoice',
      status: 'pending',
      supplier_cuit: '30712345671',
      voucher_type: 1,
      sale_point: 1,
      voucher_number: n,
      vat_items: [],
    });
    await gw.store
      .collection('received_invoices')
      .insertMany([at('2026-03-01T02:59:59.999Z', 1), at('2026-03-01T03:00:00.000Z', 2), at('2026-03-02T02:59:59.999Z', 4), at('2026-03-02T03:00:00.000Z', 8)]);
    await rebuildAllDailyTotals(gw.store.db);
    const byMonth = await series(key, { measure: 'purchases', interval: 'month', from: '2026-02-01', to: '2026-03-31' });
    expect(byMonth.body.data.buckets.map((bucket: { total: number }) => bucket.total)).toEqual([1, 14]);
    const byDay = await series(key, { measure: 'purchases', interval: 'day', from: '2026-02-28', to: '2026-03-02' });
    expect(byDay.body.data.buckets.map((bucket: { start: string; total: number }) => [bucket.start, bucket.total])).toEqual([
      ['2026-02-28', 1],
      ['2026-03-01', 6],
      ['2026-03-02', 8],
    ]);
    // Sunday 1 March closes the week of Monday 23 February; Monday 2 March opens the next.
    const byWeek = await series(key, { measure: 'purchases', interval: 'week', from: '2026-02-23', to: '2026-03-08' });
    expect(byWeek.body.data.buckets.map((bucket: { start: string; total: number }) => [bucket.start, bucket.total])).toEqual([
      ['2026-02-23', 7],
      ['2026-03-02', 8],
    ]);
    // `to` includes its whole day, `from` starts at its midnight.
    const oneDay = await series(key, { measure: 'purchases', interval: 'day', from: '2026-03-01', to: '2026-03-01' });
    expect(oneDay.body.data).toMatchObject({ count: 2, total: 6 });
  });
});

describe('expenses and sales', () => {
  it('sums expenses by their day with the category, status and supplier filters', async () => {
    const { accountId, key } = await gw.account(['stats:read']);
    const supplier = new ObjectId();
    const expense = (date: string, cents: number, category: string, status: string, supplierId?: ObjectId) => ({
      account_id: new ObjectId(accountId),
      date,
      amount_cents: cents,
      category,
      status,
      ...(supplierId ? { supplier_id: supplierId } : {}),
    });
    await gw.store
      .collection('expenses')
      .insertMany([
        expense('2026-01-31', 1000, 'Servicios', 'paid', supplier),
        expense('2026-02-01', 2000, 'Servicios', 'pending'),
        expense('2026-02-28', 4000, 'Alquiler', 'paid', supplier),
        expense('2026-03-01', 8000, 'Servicios', 'paid'),
      ]);
    await rebuildAllDailyTotals(gw.store.db);
    const totals = async (body: Record<string, unknown>) =>
      (await series(key, { measure: 'expenses', interval: 'month', from: '2026-01-01', to: '2026-03-31', ...body })).body.data.buckets.map(
        (bucket: { total: number }) => bucket.total,
      );
    expect(await totals({})).toEqual([10, 60, 80]);
    expect(await totals({ category: 'Servicios' })).toEqual([10, 20, 80]);
    expect(await totals({ status: 'paid', supplier_id: supplier.toHexString() })).toEqual([10, 40, 0]);
  });

  it('sums sales net of credit notes, in pesos at each voucher’s rate', async () => {
    const { accountId, key } = await gw.account(['stats:read']);
    const voucher = (n: number, cents: number, voucherClass: string, rate = 1) => ({
      account_id: new ObjectId(accountId),
      issue_date: new Date('2026-04-10T03:00:00Z'),
      voucher_type: voucherClass === 'credit_note' ? 3 : 1,
      voucher_class: voucherClass,
      sale_point: 1,
      voucher_number: n,
      total_amount_cents: cents,
      exchange_rate: rate,
      receiver_doc: '20123456786',
    });
    await gw.store
      .collection('issued_vouchers')
      .insertMany([voucher(1, 100_000, 'invoice'), voucher(2, 10_000, 'credit_note'), voucher(3, 100, 'invoice', 1000)]);
    await rebuildAllDailyTotals(gw.store.db);
    for (const filter of [{}, { customer_tax_id: '20123456786' }]) {
      const res = await series(key, { measure: 'sales', interval: 'month', from: '2026-04-01', to: '2026-04-30', ...filter });
      expect(res.body.data).toMatchObject({ count: 3, total: 1900 });
    }
  });
});

describe('validation', () => {
  let key: string;
  beforeAll(async () => {
    ({ key } = await gw.account(['stats:read']));
  });

  it('an unknown measure → 400 UNKNOWN_MEASURE (REST and GraphQL)', async () => {
    const res = await series(key, { measure: 'ganancias', from: '2026-01-01', to: '2026-01-31' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'UNKNOWN_MEASURE', details: [{ path: 'measure', message: 'one of purchases, expenses, sales' }] });
    const gql = await gw.gql('{ transactionSeries(input: { measure: "ganancias", from: "2026-01-01", to: "2026-01-31" }) { total } }', {}, { key });
    expect(gql.body.errors[0].extensions.code).toBe('UNKNOWN_MEASURE');
  });

  it.each([
    ['no body', undefined, ''],
    ['no range', { measure: 'purchases' }, 'from'],
    ['an unknown field', { measure: 'purchases', from: '2026-01-01', to: '2026-01-31', currency: 'USD' }, 'currency'],
    ['an unknown interval', { measure: 'purchases', interval: 'quarter', from: '2026-01-01', to: '2026-01-31' }, 'interval'],
    ['an impossible day', { measure: 'purchases', from: '2026-02-30', to: '2026-03-31' }, 'from'],
    ['to before from', { measure: 'purchases', from: '2026-03-01', to: '2026-02-01' }, 'to'],
    ['367 days by day', { measure: 'purchases', interval: 'day', from: '2025-01-01', to: '2026-01-02' }, 'to'],
    ['a filter of another measure', { measure: 'sales', from: '2026-01-01', to: '2026-01-31', category: 'Servicios' }, 'category'],
    ['a status of another measure', { measure: 'purchases', from: '2026-01-01', to: '2026-01-31', status: 'paid' }, 'status'],
    ['a malformed supplier id', { measure: 'expenses', from: '2026-01-01', to: '2026-01-31', supplier_id: { $ne: null } }, 'supplier_id'],
    ['a number as measure', { measure: 5, from: '2026-01-01', to: '2026-01-31' }, 'measure'],
  ])('%s → 400 BAD_USER_INPUT', async (_name, body, path) => {
    const res = await series(key, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('BAD_USER_INPUT');
    if (path) expect(res.body.error.details.map((detail: { path: string }) => detail.path)).toContain(path);
  });

  it('needs only stats:read, although it is a POST', async () => {
    const res = await series(key, { measure: 'expenses', from: '2026-01-01', to: '2026-01-31' });
    expect(res.status).toBe(200);
  });
});
