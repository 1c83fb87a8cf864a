/**
 * The fiscal close against the size of a year: `npm run bench:fiscal`. For a year of N posted entries (three lines
 * each, on the default chart's revenue, expense and cash accounts, spread over the year's days), prints ms per
 * calculate, per years list and for the close itself, with the MongoDB commands each sent. The figures come from the
 * per-account, per-day totals, so calculate should grow with accounts × days moved, not with entries.
 */
import './production';
import { runBench, withSeededGateway } from './harness';

const REVENUE = ['4.1.1.01.001', '4.1.1.01.003', '4.2.1.01.001'];
const EXPENSE = ['5.1.1.01.001', '5.2.1.01.002', '5.3.1.01.003', '5.3.1.01.004'];

runBench('fiscal', () =>
  withSeededGateway('fiscal', async ({ gateway, send }) => {
    const commands = new Map<string, number>();
    gateway.store.events.on('request', ({ requestId, commands: count }: { requestId: string; commands: number }) => commands.set(requestId, count));
    const call = async (method: string, url: string, body?: unknown) => {
      const { text, requestId } = await send(gateway.url, method, url, body);
      return { data: JSON.parse(text).data, requestId };
    };
    await call('POST', '/api/v1/accounting/accounts/seed/');
    const rows: string[] = [];
    let posted = 0;
    for (const [year, entries] of [
      [2021, 100],
      [2022, 1000],
      [2023, 3000],
    ] as const) {
      for (let i = 0; i < entries; i++) {
        const day = new Date(Date.UTC(year, 0, 1 + (i % 365))).toISOString().slice(0, 10);
        const amount = 100 + (i % 97);
        const body = {
          date: day,
          description: `Asiento ${i}`,
          lines: [
            { account_code: '1.1.1.01.001', debit: amount * 2 },
            { account_code: REVENUE[i % REVENUE.length], credit: amount * 2 },
            { account_code: EXPENSE[i % EXPENSE.length], debit: amount },
            { account_code: '1.1.1.01.001', credit: amount },
          ],
        };
        const created = await call('POST', '/api/v1/accounting/journal/', body);
        await call('POST', `/api/v1/accounting/journal/${created.data._id}/post/`);
        posted++;
      }
      const time = async (runs: number, run: () => Promise<{ requestId: string }>) => {
        await run();
        const started = process.hrtime.bigint();
        let last = { requestId: '' };
        for (let i = 0; i < runs; i++) last = await run();
        const ms = Number(process.hrtime.bigint() - started) / 1e6 / runs;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return `${ms.toFixed(2)} ms, ${commands.get(last.requestId) ?? 0} commands`;
      };
      const calculate = await time(50, () => call('GET', `/api/v1/accounting/fiscal-close/calculate/${year}/`));
      const years = await time(50, () => call('GET', '/api/v1/accounting/fiscal-close/years/'));
      const started = process.hrtime.bigint();
      const closed = await call('POST', `/api/v1/accounting/fiscal-close/close/${year}/`);
      const closeMs = Number(process.hrtime.bigint() - started) / 1e6;
      await new Promise((resolve) => setTimeout(resolve, 20));
      const close = `${closeMs.toFixed(1)} ms, ${commands.get(closed.requestId) ?? 0} commands`;
      rows.push(`| ${year} | ${entries} | ${posted} | ${calculate} | ${years} | ${close} |`);
    }
    console.log('| year | entries in the year | entries in the ledger | calculate | years list | close (one run) |');
    console.log('|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  }),
);
