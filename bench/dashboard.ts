/**
 * The dashboard's screens at scale, through the gateway as it is deployed: `npm run bench:dashboard [-- --lines
 * 10000,1000000] [--invoices 100000] [--runs N]`.
 * Builds and starts the gateway as `npm start` does (gateway and engine in processes of their own); this process is
 * the load generator. Makes an account and a key with the built admin CLI, loads the default chart and the fiscal
 * calendar, uploads the received invoices (G3 Recibidos exports of at most 100,000 rows, all of December 2025), then
 * grows the posted journal lines to each size (entries of 100 lines created 500 at a time and posted one by one, as
 * bench:scale does). At each size every screen's first query is sent as the dashboard sends it (by the hash of
 * dist/dashboard/operations.json, with the page's variables): one warm-up, then N runs, median and p95. Targets: the
 * home query under 150 ms at 1,000,000 lines, the other screens' first query under 100 ms.
 */
import './production';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { admin, build, startBuiltGateway } from './built-gateway';
import { runBench } from './harness';
import { writeRecibidosG3 } from './import-file';
import { CREDIT, growJournal, type Journal } from './journal-growth';
import { client } from './seed';
import { timed } from './timing';

const { values } = parseArgs({
  options: {
    lines: { type: 'string', default: '10000,1000000' },
    invoices: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '15' },
  },
});
const SIZES = values.lines.split(',').map(Number);
const INVOICES = Number(values.invoices);
const RUNS = Number(values.runs);
if (SIZES.some((size) => !Number.isInteger(size) || size < 1) || SIZES.some((size, i) => i > 0 && size <= SIZES[i - 1]))
  throw new Error(`--lines must be increasing positive integers, not ${values.lines}`);
if (!Number.isInteger(INVOICES) || INVOICES < 1) throw new Error(`--invoices must be a positive integer, not ${values.invoices}`);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs must be a positive integer, not ${values.runs}`);

const ROOT = path.join(__dirname, '..');
const ACCOUNT_CUIT = '30712345671';
const FILE_ROWS = 100_000;
const PER_ENTRY = 100;
const DAYS = 304;
const dayOf = (index: number) => new Date(Date.UTC(2026, 0, 1 + (index % DAYS))).toISOString().slice(0, 10);

/** Each screen's first query, with the variables the page sends for December 2025 (the invoices' month). */
const SCREENS: Array<{ screen: string; operation: string; variables: Record<string, unknown>; targetMs: number }> = [
  {
    screen: 'Inicio',
    operation: 'DashboardHome',
    variables: { period: '2025-12', previous: '2025-11', p2: '2025-10', p4: '2025-08', p6: '2025-06', p8: '2025-04', p10: '2025-02' },
    targetMs: 150,
  },
  {
    screen: 'Comprobantes',
    operation: 'DashboardInbox',
    variables: { filter: { from: '2025-12-01', to: '2025-12-31' }, entriesFrom: '2025-12-01', entriesTo: '2025-12-31' },
    targetMs: 100,
  },
  { screen: 'FCE', operation: 'DashboardFce', variables: {}, targetMs: 100 },
  { screen: 'Contabilidad', operation: 'DashboardTrialBalance', variables: { from: '2026-01-01', to: '2026-12-31', period: '2025-12' }, targetMs: 100 },
  { screen: 'Contabilidad: mayor', operation: 'DashboardAccountLines', variables: { code: CREDIT, from: '2026-01-01', to: '2026-12-31' }, targetMs: 100 },
  { screen: 'Vencimientos', operation: 'DashboardCalendar', variables: { year: 2026 }, targetMs: 100 },
];

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const quantile = (samples: number[], q: number) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(q * samples.length))];

runBench('dashboard', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-dashboard-bench-'));
  build();
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'dist', 'dashboard', 'operations.json'), 'utf8')) as Record<string, string>;
  const hashOf = (operation: string) => Object.keys(manifest).find((hash) => new RegExp(`^query ${operation}\\b`).test(manifest[hash]))!;
  const dataDir = path.join(dir, 'server');
  const gateway = await startBuiltGateway(dataDir);
  try {
    const account = admin(dataDir, 'create-account', '--name', 'Bench tablero SA', '--cuit', ACCOUNT_CUIT);
    const { key } = admin(
      dataDir,
      'create-api-key',
      '--account',
      account.id,
      '--scopes',
      'received_invoices:*,accounting:*,stats:read,suppliers:read,invoices:read',
    );
    const { send } = client(key);
    const post = async (url: string, body?: unknown) => JSON.parse((await send(gateway.url, 'POST', url, body ?? {})).text);
    await post('/api/v1/accounting/accounts/seed/');
    await post('/api/v1/accounting/fiscal-calendar/seed/', { year: 2026 });
    console.log('\nThe dashboard screens at scale through the gateway (built, as `npm start` runs it), embedded engine, client in another process');
    console.log(`${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);

    const started = process.hrtime.bigint();
    for (let invoices = 0; invoices < INVOICES; ) {
      const rows = Math.min(FILE_ROWS, INVOICES - invoices);
      const file = path.join(dir, `comprobantes_consulta_csv_recibidos_${invoices}.csv`);
      await writeRecibidosG3(file, rows, ACCOUNT_CUIT, invoices);
      const form = new FormData();
      form.append('file', await fs.openAsBlob(file), path.basename(file));
      const upload = await fetch(`${gateway.url}/api/v1/received_invoices/upload-csv/`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
      const body = (await upload.json()) as { data?: { rows_imported: number } };
      if (upload.status !== 200 || body.data?.rows_imported !== rows) throw new Error(`upload: ${upload.status} ${JSON.stringify(body).slice(0, 300)}`);
      fs.rmSync(file);
      invoices += rows;
    }
    console.log(`${INVOICES.toLocaleString('en')} received invoices uploaded in ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)} s`);

    const journal: Journal = { lines: 0, entries: 0 };
    for (const size of SIZES) {
      const growStart = process.hrtime.bigint();
      await growJournal(post, journal, size, { perEntry: PER_ENTRY, dayOf });
      console.log(
        `\n## ${INVOICES.toLocaleString('en')} received invoices, ${journal.lines.toLocaleString('en')} journal lines (${journal.entries.toLocaleString('en')} posted entries), grown in ${(Number(process.hrtime.bigint() - growStart) / 1e9).toFixed(1)} s; load average ${load()}\n`,
      );
      console.log('| Screen | operation | median ms | p95 ms | target |\n|---|---|---:|---:|---|');
      for (const { screen, operation, variables, targetMs } of SCREENS) {
        const body = { operationName: operation, variables, extensions: { persistedQuery: { version: 1, sha256Hash: hashOf(operation) } } };
        await send(gateway.url, 'POST', '/graphql', body);
        const samples: number[] = [];
        for (let run = 0; run < RUNS; run++) samples.push((await timed(() => send(gateway.url, 'POST', '/graphql', body))).ms);
        const median = quantile(samples, 0.5);
        console.log(
          `| ${screen} | ${operation} | ${median.toFixed(1)} | ${quantile(samples, 0.95).toFixed(1)} | < ${targetMs} ms ${median < targetMs ? 'met' : 'MISSED'} |`,
        );
      }
      console.log(`\nload average after the reads: ${load()}`);
    }
  } finally {
    await gateway.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
