/**
 * Applying withholdings: `npm run bench:withholdings`. On the default chart and 20 of the seeded suppliers, applies a
 * month of Ganancias payments (régimen 94) one after another, then the same number eight at a time (all to one
 * supplier and regime, the worst case: they take turns on one counter), and reads the month's returns and a page of
 * withholdings with their supplier, entry and certificate. Prints ms per request and the MongoDB commands each sent.
 */
import './production';
import { runBench, withSeededGateway } from './harness';

const PAYMENTS = 200;
const BASE = '/api/v1/accounting/retenciones-percepciones';

runBench('withholdings', () =>
  withSeededGateway('withholdings', async ({ gateway, send }) => {
    const commands = new Map<string, number>();
    gateway.store.events.on('request', ({ requestId, commands: count }: { requestId: string; commands: number }) => commands.set(requestId, count));
    const call = async (method: string, url: string, body?: unknown) => {
      const { text, requestId } = await send(gateway.url, method, url, body);
      return { data: JSON.parse(text).data, requestId };
    };
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
    await call('POST', '/api/v1/accounting/accounts/seed/');
    const listed = await call('POST', '/graphql', { query: '{ suppliers(first: 20) { nodes { id } } }' });
    const ids = (listed.data.suppliers.nodes as Array<{ id: string }>).map((node) => node.id);
    const payment = (i: number, supplier: string, prefix: string) => ({
      supplier_id: supplier,
      payment_id: `${prefix}-${i}`,
      date: `2026-03-${String(1 + (i % 28)).padStart(2, '0')}`,
      amount: 30000 + (i % 13) * 1000,
      regime_codes: ['94'],
      condition: 'inscripto',
    });

    const rows: string[] = [];
    let started = process.hrtime.bigint();
    let last = '';
    for (let i = 0; i < PAYMENTS; i++) last = (await call('POST', `${BASE}/retenciones/apply/`, payment(i, ids[i % ids.length], 'SEQ'))).requestId;
    let ms = Number(process.hrtime.bigint() - started) / 1e6;
    await settle();
    rows.push(`| apply, one at a time (20 suppliers) | ${PAYMENTS} | ${(ms / PAYMENTS).toFixed(1)} ms | ${commands.get(last)} |`);

    started = process.hrtime.bigint();
    const pending: Array<Promise<unknown>> = [];
    for (let i = 0; i < PAYMENTS; i++) {
      pending.push(call('POST', `${BASE}/retenciones/apply/`, { ...payment(i, ids[0], 'PAR'), date: '2026-04-10' }));
      if (pending.length === 8) await Promise.all(pending.splice(0));
    }
    await Promise.all(pending);
    ms = Number(process.hrtime.bigint() - started) / 1e6;
    rows.push(`| apply, 8 at a time to one supplier and regime | ${PAYMENTS} | ${(ms / PAYMENTS).toFixed(1)} ms (wall ÷ payments) | — |`);

    const time = async (runs: number, run: () => Promise<{ requestId: string }>) => {
      await run();
      const begun = process.hrtime.bigint();
      let requestId = '';
      for (let i = 0; i < runs; i++) ({ requestId } = await run());
      const each = Number(process.hrtime.bigint() - begun) / 1e6 / runs;
      await settle();
      return `${each.toFixed(1)} ms | ${commands.get(requestId)}`;
    };
    rows.push(`| DDJJ of the month (SICORE records) | 20 | ${await time(20, () => call('GET', `${BASE}/ddjj/2026-03/`))} |`);
    const graph = '{ withholdings(limit: 100) { items { id supplier { name } journalEntry { number lines { debit credit } } certificate { number } } } }';
    rows.push(
      `| page of 100 withholdings + supplier, entry, certificate (GraphQL) | 20 | ${await time(20, () => call('POST', '/graphql', { query: graph }))} |`,
    );
    console.log('| operation | requests | per request | commands |');
    console.log('|---|---|---|---|');
    for (const row of rows) console.log(row);
  }),
);
