import { ObjectId } from 'mongodb';
import { startTestGateway, type HttpResult, type TestGateway } from '../support/gateway';
import { draft, post, posted } from './support/accounting';

/**
 * Closing a year against concurrent closes and postings. Posting and closing both write the year's document
 * (fiscal_years), so whichever commits second conflicts and runs again: two closes give one close, and a posting
 * either lands before the close (and is closed with the year) or is refused with PERIOD_CLOSED — never after it.
 * Every case runs on one gateway, then with its racing requests spread round-robin over three gateways on one store
 * (as behind a load balancer): the outcomes are the same.
 */
type Row = Record<string, any>;

describe.each([
  ['one gateway', 1],
  ['three gateways over one store', 3],
])('%s', (_name, count) => {
  let gateways: TestGateway[] = [];
  /** The gateway of the suite's checks and set-up; `nth(i)` the one the i-th racing request goes to. */
  let gw: TestGateway;
  const nth = (i: number) => gateways[i % gateways.length];

  beforeAll(async () => {
    gw = await startTestGateway();
    gateways = [gw];
    while (gateways.length < count) gateways.push(await startTestGateway({}, undefined, { sameStoreAs: gw }));
    for (const each of gateways) each.clock.now = new Date('2026-03-02T12:00:00Z');
  });
  afterAll(async () => {
    // The first gateway owns the database: it stops last.
    for (const each of [...gateways].reverse()) await each.stop();
  });

  const sale = (date: string, amount: number) => ({
    date,
    description: 'Venta',
    lines: [
      { account_code: '1.1.1.01.001', debit: amount },
      { account_code: '4.1.1.01.001', credit: amount },
    ],
  });
  const close = (key: string, year: number, via = gw) => via.rest('POST', `/accounting/fiscal-close/close/${year}/`, { key });
  const statuses = (results: HttpResult[]) => results.map((res) => `${res.status} ${res.body.error?.code ?? ''}`.trim()).sort();

  async function seeded(): Promise<{ key: string; accountId: string }> {
    const account = await gw.account(['accounting:read', 'accounting:write']);
    expect((await gw.rest('POST', '/accounting/accounts/seed/', { key: account.key })).status).toBe(200);
    return account;
  }

  async function balancesAt(key: string, day: string): Promise<Record<string, number>> {
    const res = await gw.rest('GET', `/accounting/accounts/balances/?as_of=${day}`, { key });
    return Object.fromEntries(res.body.data.items.map((row: Row) => [row.code, row.balance]));
  }

  /** After a close: every result account is zero at year end and the result account holds the stored result. */
  async function expectClosedConsistently(key: string, accountId: string, year: number): Promise<number> {
    const doc = (await gw.store.collection('fiscal_years').findOne({ account_id: new ObjectId(accountId), year })) as Row;
    expect(doc.status).toBe('closed');
    const balances = await balancesAt(key, `${year}-12-31`);
    expect([balances['4'], balances['5']]).toEqual([0, 0]);
    expect(Math.round(balances['3.3.1.01.002'] * 100)).toBe(doc.result_cents);
    // One closing entry at most (none when the result accounts ended the year at zero).
    const closings = await gw.store.collection('journal_entries').countDocuments({ account_id: new ObjectId(accountId), reference_type: 'fiscal_close' });
    expect(closings).toBe(doc.closing_entry_id ? 1 : 0);
    return doc.result_cents / 100;
  }

  it('two closes at once: exactly one wins, the other → 409 FISCAL_YEAR_CLOSED; one closing entry', async () => {
    for (let round = 0; round < 3; round++) {
      const { key, accountId } = await seeded();
      await posted(gw, key, sale('2025-06-01', 100));
      const results = await Promise.all([close(key, 2025, nth(0)), close(key, 2025, nth(1))]);
      expect(statuses(results)).toEqual(['200', '409 FISCAL_YEAR_CLOSED']);
      expect(await expectClosedConsistently(key, accountId, 2025)).toBe(100);
    }
  });

  it('reversals into the year racing its close: each lands before the close (and is closed with it) or → 409 PERIOD_CLOSED', async () => {
    for (let round = 0; round < 3; round++) {
      const { key, accountId } = await seeded();
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push(await posted(gw, key, sale('2025-03-01', 10)));
      const [closed, ...reversals] = await Promise.all([
        close(key, 2025, nth(0)),
        ...ids.map((id, i) => nth(i + 1).rest('POST', `/accounting/journal/${id}/reverse/`, { key, body: { date: '2025-12-20' } })),
      ]);
      expect(closed.status).toBe(200);
      for (const res of reversals) expect(`${res.status} ${res.body.error?.code ?? ''}`.trim()).toMatch(/^(200|409 PERIOD_CLOSED)$/);
      const landed = reversals.filter((res) => res.status === 200).length;
      // Every counter-entry that landed is inside the close: the result is what the year kept.
      expect(await expectClosedConsistently(key, accountId, 2025)).toBe(10 * (6 - landed));
      expect(closed.body.data.result).toBe(10 * (6 - landed));
    }
  });

  it('a draft posted while the year closes: posted before the close (and closed with it), or the close is blocked by it', async () => {
    for (let round = 0; round < 3; round++) {
      const { key, accountId } = await seeded();
      await posted(gw, key, sale('2025-02-01', 50));
      const id = await draft(gw, key, sale('2025-11-11', 7));
      const [closed, postedNow] = await Promise.all([close(key, 2025, nth(0)), post(nth(1), key, id)]);
      expect(postedNow.status).toBe(200);
      if (closed.status === 200) expect(await expectClosedConsistently(key, accountId, 2025)).toBe(57);
      else expect(`${closed.status} ${closed.body.error.code}`).toBe('409 CLOSE_BLOCKED');
    }
  });

  it('a transaction that read the year open before a close commits cannot then write the year (write conflict, retried)', async () => {
    const { key, accountId } = await seeded();
    await posted(gw, key, sale('2025-06-01', 100));
    const years = gw.store.collection('fiscal_years');
    const filter = { account_id: new ObjectId(accountId), year: 2025 };
    const session = gw.store.client.startSession();
    try {
      session.startTransaction();
      expect(((await years.findOne(filter, { session })) as Row).status).toBe('open');
      expect((await close(key, 2025, nth(1))).status).toBe(200);
      // What a posting does last (enterOpenYear): the write meets the close's and the transaction must run again.
      const write = years.findOneAndUpdate(filter, { $set: { updated_at: new Date() } }, { session });
      await expect(write).rejects.toMatchObject({ errorLabels: expect.arrayContaining(['TransientTransactionError']) });
    } finally {
      await session.abortTransaction().catch(() => undefined);
      await session.endSession();
    }
  });
});
