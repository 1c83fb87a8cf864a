import { defaultChart } from '../../src/domain/accounting/default-chart';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { createChart, draft, post } from './support/accounting';
import { prng } from '../support/prng';

/** Reports over books no one worked out by hand: money adds up exactly, and the statements' equations hold. */
let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.stop();
});

type Row = Record<string, any>;
const report = async (key: string, path: string) => {
  const res = await gw.rest('GET', `/accounting/reports/${path}`, { key });
  expect({ status: res.status, error: res.body.error }).toEqual({ status: 200, error: undefined });
  return res.body.data;
};

it('10,000 lines of 0.01 posted concurrently add up to the cent', async () => {
  const { key } = await gw.account(['accounting:read', 'accounting:write']);
  await createChart(gw, key);
  const lines = [
    ...Array.from({ length: 250 }, () => ({ account_code: '1.1.01', debit: 0.01 })),
    ...Array.from({ length: 250 }, () => ({ account_code: '4.1', credit: 0.01 })),
  ];
  const drafts: string[] = [];
  for (let i = 0; i < 20; i++) drafts.push(await draft(gw, key, { date: '2026-06-30', description: `Centavos ${i}`, lines }));
  const results = await Promise.all(drafts.map((id) => post(gw, key, id)));
  expect(results.map((res) => res.status)).toEqual(drafts.map(() => 200));
  expect(results.map((res) => res.body.data.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  const trial = await report(key, 'trial-balance/?from=2026-01-01&to=2026-12-31');
  expect(trial.items.filter((row: Row) => row.is_detail).map((row: Row) => [row.code, row.debit, row.credit, row.balance])).toEqual([
    ['1.1.01', 50, 0, 50],
    ['4.1', 0, 50, 50],
  ]);
  expect(trial.totals).toMatchObject({ debit: 50, credit: 50, closing_debit: 50, closing_credit: 50 });
  const day = await report(key, 'daily-journal/2026-06-30/?limit=100');
  expect({ debit: day.total_debit, credit: day.total_credit, entries: day.entries.length }).toEqual({ debit: 50, credit: 50, entries: 20 });
  const ledger = await report(key, 'account-ledger/1.1.01/?from=2026-01-01&to=2026-12-31&limit=100');
  expect(ledger.account).toMatchObject({ total_debit: 50, closing_balance: 50 });
  expect(ledger.account.lines.at(-1).balance).toBe(1);
});

describe.each([1, 2, 3])('a generated book (seed %i)', (seed) => {
  it('balances: trial balance totals, assets = liabilities + equity + result, cash flow, and each account against the lines', async () => {
    const next = prng(seed);
    const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
    const { key } = await gw.account(['accounting:read', 'accounting:write']);
    expect((await gw.rest('POST', '/accounting/accounts/seed/', { key })).status).toBe(200);
    const detail = defaultChart()
      .filter((account) => account.is_detail)
      .map((account) => account.code);
    const cash = detail.filter((code) => code.startsWith('1.1.1.'));
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      // A cash line in half of the entries, so the cash flow has something to split.
      const debits = Array.from({ length: 1 + Math.floor(next() * 2) }, () => ({
        account_code: next() < 0.5 ? pick(cash) : pick(detail),
        debit: (1 + Math.floor(next() * 1e6)) / 100,
      }));
      const total = Math.round(debits.reduce((sum, line) => sum + line.debit * 100, 0));
      const first = Math.max(1, Math.floor(total * next()));
      const credits = [
        { account_code: pick(detail), credit: first / 100 },
        ...(total - first > 0 ? [{ account_code: next() < 0.5 ? pick(cash) : pick(detail), credit: (total - first) / 100 }] : []),
      ];
      const month = String(1 + Math.floor(next() * 12)).padStart(2, '0');
      const date = `${next() < 0.3 ? 2025 : 2026}-${month}-1${Math.floor(next() * 9)}`;
      const id = await draft(gw, key, { date, description: `Asiento ${i}`, lines: [...debits, ...credits] });
      if (next() < 0.1) continue;
      expect((await post(gw, key, id)).status).toBe(200);
      ids.push(id);
    }
    for (const id of ids.slice(0, 3))
      expect((await gw.rest('POST', `/accounting/journal/${id}/reverse/`, { key, body: { date: '2026-12-31' } })).status).toBe(200);
    // Reversals net their originals out: what the lines say, account by account, is then the brute-force figure.
    const stored = await gw.store
      .collection('journal_entries')
      .find({ status: { $in: ['posted', 'reversed'] }, description: { $exists: true } })
      .toArray();
    const fromLines = new Map<string, number>();
    for (const entry of stored.filter((e) => ids.includes(e._id.toHexString()) || ids.includes(String(e.reverses_id ?? ''))))
      for (const line of entry.lines)
        fromLines.set(line.account_code, (fromLines.get(line.account_code) ?? 0) + (line.debit_cents ?? 0) - (line.credit_cents ?? 0));

    for (const to of ['2025-06-30', '2025-12-31', '2026-07-31', '2026-12-31']) {
      const sheet = await report(key, `balance-sheet/?to=${to}&level=2`);
      expect({ to, difference: sheet.difference, balanced: sheet.balanced }).toEqual({ to, difference: 0, balanced: true });
      const cents = (n: number) => Math.round(n * 100);
      expect(cents(sheet.assets.total)).toBe(cents(sheet.liabilities.total) + cents(sheet.equity.total) + cents(sheet.unclosed_result));
      const trial = await report(key, `trial-balance/?from=${to.slice(0, 4)}-01-01&to=${to}`);
      expect({ to, balanced: trial.balanced }).toEqual({ to, balanced: true });
      const flow = await report(key, `cash-flow/?from=${to.slice(0, 4)}-01-01&to=${to}`);
      expect({ to, balanced: flow.balanced }).toEqual({ to, balanced: true });
    }
    const trial = await report(key, 'trial-balance/?from=2025-01-01&to=2026-12-31');
    const signedOf = (row: Row) => Math.round((row.closing_debit - row.closing_credit) * 100);
    const reported = new Map<string, number>(trial.items.filter((row: Row) => row.is_detail).map((row: Row) => [row.code, signedOf(row)]));
    for (const [code, signed] of fromLines) expect({ code, signed: reported.get(code) ?? 0 }).toEqual({ code, signed });
    expect(fromLines.size).toBeGreaterThan(0);
  });
});
