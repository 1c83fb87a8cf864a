import { loadConfig } from '../src/config';
import { randomBytes } from 'node:crypto';
/**
 * The accounting reports at scale: `npm run bench:reports [-- --lines N --per-entry K]`.
 * Writes N posted journal lines on one ledger account over one year (entries of K lines on the account and one
 * counter-line, with the daily totals the posting would have kept, written in bulk), then times the year's trial
 * balance and checks it against a brute-force sum over every line; also times a page of the account's ledger in
 * the middle of the year. Embedded engine in a temporary directory, removed at the end.
 */
import './production';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ObjectId } from 'mongodb';
import { createAccount } from '../src/domain/auth/auth.admin';
import { accountLedger } from '../src/domain/accounting/reports/ledgers';
import { encodeLineCursor, periodOf, decodeLineCursor } from '../src/domain/accounting/reports/params';
import { trialBalance } from '../src/domain/accounting/reports/trial-balance';
import { SecretBox } from '../src/domain/secrets';
import { createContext } from '../src/domain/context';
import { declaredIndexes } from '../src/domain/declarations';
import { createLogger } from '../src/logger';
import { ensureIndexes } from '../src/store/catalog';
import { connectStore } from '../src/store/connect';
import { Store } from '../src/store/store';
import { runBench } from './harness';
import { percentiles, timed } from './timing';
import { prng } from '../test/support/prng';

const { values } = parseArgs({ options: { lines: { type: 'string', default: '1000000' }, 'per-entry': { type: 'string', default: '100' } } });
const LINES = Number(values.lines);
const PER_ENTRY = Number(values['per-entry']);
const BATCH = Math.max(1, Math.floor(10_000 / PER_ENTRY));
const RUNS = 30;

const CASH = '1.1';
const SALES = '4.1';

const dayOf = (index: number) => new Date(Date.UTC(2026, 0, 1 + (index % 365))).toISOString().slice(0, 10);

runBench('reports', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-reports-'));
  const connection = await connectStore({ dataDir: dir });
  try {
    const store = new Store(connection.client, connection.client.db('bench_reports'));
    await ensureIndexes(store.db, declaredIndexes());
    const accountId = await createAccount(store, { name: 'Bench Reports SA', cuit: '30-71234567-1' });
    const now = new Date('2027-01-15T12:00:00Z');
    const stamp = { account_id: accountId, created_at: now, updated_at: now };
    await store.collection('ledger_accounts').insertMany([
      { ...stamp, code: '1', name: 'ACTIVO', account_type: 'asset', level: 1, is_detail: false, is_active: true, path: ['1'] },
      { ...stamp, code: CASH, name: 'Caja', account_type: 'asset', parent_code: '1', level: 2, is_detail: true, is_active: true, path: ['1', CASH] },
      { ...stamp, code: '4', name: 'INGRESOS', account_type: 'revenue', level: 1, is_detail: false, is_active: true, path: ['4'] },
      { ...stamp, code: SALES, name: 'Ventas', account_type: 'revenue', parent_code: '4', level: 2, is_detail: true, is_active: true, path: ['4', SALES] },
    ]);

    // The book: entries spread over the year's days, numbered in date order as posting would number them.
    const entries = Math.ceil(LINES / PER_ENTRY);
    const next = prng(42);
    const daily = new Map<string, { debit: number; credit: number }>();
    const add = (code: string, day: string, debit: number, credit: number) => {
      const sum = daily.get(`${code} ${day}`) ?? { debit: 0, credit: 0 };
      sum.debit += debit;
      sum.credit += credit;
      daily.set(`${code} ${day}`, sum);
    };
    const perDay = Math.ceil(entries / 365);
    let written = 0;
    const generation = await timed(async () => {
      for (let first = 0; first < entries; first += BATCH) {
        const batch = [];
        for (let index = first; index < Math.min(entries, first + BATCH); index++) {
          const day = dayOf(Math.floor(index / perDay));
          const count = Math.min(PER_ENTRY, LINES - index * PER_ENTRY);
          const lines = Array.from({ length: count }, () => ({ account_code: CASH, account_name: 'Caja', debit_cents: 1 + Math.floor(next() * 1_000_000) }));
          const total = lines.reduce((sum, line) => sum + line.debit_cents, 0);
          add(CASH, day, total, 0);
          add(SALES, day, 0, total);
          batch.push({
            ...stamp,
            _id: new ObjectId(),
            date: day,
            description: `Ventas del día ${day}`,
            lines: [...lines, { account_code: SALES, account_name: 'Ventas', credit_cents: total }],
            status: 'posted',
            number: index + 1,
            fiscal_year: 2026,
            total_debit_cents: total,
            total_credit_cents: total,
            posted_at: now,
          });
          written += count;
        }
        await store.collection('journal_entries').insertMany(batch, { ordered: false });
      }
      await store.collection('ledger_daily_totals').insertMany(
        [...daily].map(([key, sum]) => {
          const [code, day] = key.split(' ');
          return { ...stamp, account_code: code, day, ancestors: code === CASH ? ['1', CASH] : ['4', SALES], debit_cents: sum.debit, credit_cents: sum.credit };
        }),
      );
    });
    console.log(
      `wrote ${written.toLocaleString('en')} lines on ${CASH} in ${entries.toLocaleString('en')} entries and ${daily.size} daily totals in ${(generation.ms / 1000).toFixed(1)} s`,
    );

    const context = createContext({
      requestId: 'bench',
      log: createLogger('silent'),
      store,
      principal: { accountId, userId: null, scopes: new Set(['accounting:read']), via: 'api_key' },
      secrets: new SecretBox(randomBytes(32)),
      platform: { fceMinThresholdArs: loadConfig({}).FCE_MIN_THRESHOLD_ARS },
      now: () => now,
    });
    const period = periodOf(context, { from: '2026-01-01', to: '2026-12-31' });
    const samples: number[] = [];
    let report = (await timed(() => trialBalance(context, period))).result;
    for (let run = 0; run < RUNS; run++) {
      const { result, ms } = await timed(() => trialBalance(context, period));
      samples.push(ms);
      report = result;
    }
    console.log(`trial balance of 2026 (${RUNS} runs): ${percentiles(samples)}`);

    // Brute force: every line of every posted entry, added up here.
    const brute = await timed(async () => {
      const sums = new Map<string, { debit: number; credit: number }>();
      let lines = 0;
      for await (const entry of store
        .collection('journal_entries')
        .find({ account_id: accountId, status: { $in: ['posted', 'reversed'] } }, { projection: { lines: 1 } })) {
        for (const line of entry.lines as Array<{ account_code: string; debit_cents?: number; credit_cents?: number }>) {
          const sum = sums.get(line.account_code) ?? { debit: 0, credit: 0 };
          sum.debit += line.debit_cents ?? 0;
          sum.credit += line.credit_cents ?? 0;
          sums.set(line.account_code, sum);
          lines++;
        }
      }
      return { sums, lines };
    });
    const rowOf = (code: string) => report.rows.find((row) => row.account.code === code)!;
    const agree = [CASH, SALES].every(
      (code) => rowOf(code).debit === brute.result.sums.get(code)!.debit && rowOf(code).credit === brute.result.sums.get(code)!.credit,
    );
    console.log(
      `brute force over ${brute.result.lines.toLocaleString('en')} lines: ${(brute.ms / 1000).toFixed(1)} s; trial balance ${agree ? 'equals' : 'DIFFERS FROM'} it (cash debits ${rowOf(CASH).debit} centavos)`,
    );
    if (!agree) throw new Error('the trial balance differs from the sum of the lines');

    // A ledger page in the middle of the entries (of the year, with a day's entries each day): its running balance
    // comes from the totals and that day's entries. With few entries, not every day has one.
    const entryCount = await store.collection('journal_entries').countDocuments({ account_id: accountId });
    const middleEntry = await store
      .collection('journal_entries')
      .findOne({ account_id: accountId }, { sort: { date: 1, number: 1 }, skip: Math.floor(entryCount / 2), projection: { date: 1 } });
    if (!middleEntry) throw new Error('no journal entries were written');
    const middle = middleEntry.date as string;
    const firstOfDay = (await store.collection('journal_entries').findOne({ account_id: accountId, date: middle }, { sort: { number: 1 } }))!;
    const cursor = decodeLineCursor(encodeLineCursor({ code: CASH, date: middle, number: firstOfDay.number + 1, line: 10 }));
    const pages: number[] = [];
    for (let run = 0; run < RUNS; run++) pages.push((await timed(() => accountLedger(context, CASH, period, cursor, 50))).ms);
    console.log(`account ledger page of 50 lines from ${middle} (${RUNS} runs): ${percentiles(pages)}`);
  } finally {
    await connection.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
