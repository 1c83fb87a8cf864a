import type { TestGateway } from '../../support/gateway';
import { posted } from './accounting';

type Row = Record<string, any>;

/** Accounts of the default chart the small book uses. */
export const CODES = {
  cash: '1.1.1.01.001',
  bank: '1.1.1.02.001',
  customers: '1.1.3.01.001',
  vehicles: '1.2.2.01.001',
  suppliers: '2.1.1.01.001',
  loans: '2.1.2.01.001',
  vatOut: '2.1.4.01.001',
  capital: '3.1.1.01.001',
  sales: '4.1.1.01.001',
  rent: '5.3.1.01.003',
} as const;

const lines = (...pairs: Array<[string, 'd' | 'c', number]>) =>
  pairs.map(([account_code, side, amount]) => ({ account_code, [side === 'd' ? 'debit' : 'credit']: amount }));

/**
 * The small book of the report tests, on the default chart (figures worked out by hand in the test file):
 * a contribution before the period, sales in cash and on credit, rent, a vehicle bought partly on credit, a bank
 * loan, a collection, a transfer between cash accounts, a mistaken rent payment and its reversal; plus a draft and
 * an entry after the period, which must not count.
 */
export async function smallBook(gw: TestGateway, key: string): Promise<Record<string, string>> {
  const seeded = await gw.rest('POST', '/accounting/accounts/seed/', { key });
  if (seeded.status !== 200) throw new Error(`seeding: ${seeded.status}`);
  const { cash, bank, customers, vehicles, suppliers, loans, vatOut, capital, sales, rent } = CODES;
  const book: Array<[string, string, Row[]]> = [
    ['2025-12-20', 'Aporte de capital', lines([bank, 'd', 100000], [capital, 'c', 100000])],
    ['2026-01-05', 'Venta de contado', lines([cash, 'd', 12100], [sales, 'c', 10000], [vatOut, 'c', 2100])],
    ['2026-01-10', 'Venta a crédito', lines([customers, 'd', 6050], [sales, 'c', 5000], [vatOut, 'c', 1050])],
    ['2026-01-15', 'Alquiler de enero', lines([rent, 'd', 3000], [bank, 'c', 3000])],
    ['2026-02-01', 'Compra de rodado', lines([vehicles, 'd', 50000], [bank, 'c', 20000], [suppliers, 'c', 30000])],
    ['2026-02-10', 'Préstamo bancario', lines([bank, 'd', 40000], [loans, 'c', 40000])],
    ['2026-02-15', 'Cobranza', lines([cash, 'd', 6050], [customers, 'c', 6050])],
    ['2026-02-20', 'Depósito de efectivo', lines([bank, 'd', 10000], [cash, 'c', 10000])],
    ['2026-03-01', 'Alquiler pagado por error', lines([rent, 'd', 500], [cash, 'c', 500])],
    ['2026-04-10', 'Venta de abril', lines([cash, 'd', 1], [sales, 'c', 1])],
  ];
  const ids: Record<string, string> = {};
  for (const [date, description, entryLines] of book) ids[description] = await posted(gw, key, { date, description, lines: entryLines });
  const reversal = await gw.rest('POST', `/accounting/journal/${ids['Alquiler pagado por error']}/reverse/`, { key, body: { date: '2026-03-02' } });
  if (reversal.status !== 200) throw new Error(`reversing: ${reversal.status}`);
  ids.reversal = reversal.body.data._id;
  const draft = await gw.rest('POST', '/accounting/journal/', {
    key,
    body: { date: '2026-02-25', description: 'Borrador', lines: lines([cash, 'd', 999], [sales, 'c', 999]) },
  });
  ids.draft = draft.body.data._id;
  return ids;
}
