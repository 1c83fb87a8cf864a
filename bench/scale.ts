/**
 * Reads at scale, through the gateway as it is deployed: `npm run bench:scale [-- --sizes 10000,100000,1000000]
 * [--runs N] [--lines-per-entry K] [--give-up-ms M]`.
 * Builds and starts the gateway as `npm start` does (gateway and engine in processes of their own, request log on),
 * makes an account and a key with the built admin CLI, loads the default chart, then grows the account step by step
 * to each size: that many received invoices (G3 Recibidos exports of at most 100,000 rows, 15.5 MB, uploaded one after
 * the other to POST /api/v1/received_invoices/upload-csv/, which takes 20 MB a file; all dated December 2025, so the
 * month's VAT book holds them all) and that many posted journal lines (entries of K lines created 500 at a time, at
 * most 1 MB a body, through POST /api/v1/accounting/journal/bulk/create/, then posted one by one through
 * POST /api/v1/accounting/journal/{id}/post/, the only way an entry gets posted). At each size every read below is
 * timed from this process (one warm-up, then N runs: median and p95; a read of a second or more, once), with the index keys and documents
 * the engine examined for it (its serverStatus counters, over the warm-up: work that the machine's load does not move): the list routes of received invoices and
 * journal entries (first page, a page 90 % deep, a count, each filter their route table declares alone, every pair of
 * them, each with every sort), the month's VAT book (pages first, middle and last, its totals), the VAT position and
 * declaration, the accounting reports and the statistics dashboard. Prints a table per size and the growth from the
 * first size to the last for each read, marking those above 2×. A read slower than M ms (1,500) at one size is not
 * timed at the next ones: it has grown past 2× already, and a million-row scan per read would take the run hours.
 */
import './production';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { servingEngine } from '@ar-admin/engine';
import { MongoClient } from 'mongodb';
import { ROUTES } from '../src/rest-compat/routes';
import type { RestRoute } from '../src/rest-compat/route';
import { admin, build, cpuSeconds, startBuiltGateway } from './built-gateway';
import { runBench } from './harness';
import { writeRecibidosG3 } from './import-file';
import { CREDIT, DEBITS, growJournal, type Journal } from './journal-growth';
import { client } from './seed';
import { timed } from './timing';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000,1000000' },
    runs: { type: 'string', default: '7' },
    'lines-per-entry': { type: 'string', default: '100' },
    'give-up-ms': { type: 'string', default: '1500' },
  },
});
const SIZES = values.sizes.split(',').map(Number);
const RUNS = Number(values.runs);
const PER_ENTRY = Number(values['lines-per-entry']);
/** A read slower than this at one size is not timed at the next ones (it has grown past the target already). */
const GIVE_UP_MS = Number(values['give-up-ms']);
if (SIZES.some((size) => !Number.isInteger(size) || size < 1) || SIZES.some((size, i) => i > 0 && size <= SIZES[i - 1]))
  throw new Error(`--sizes must be increasing positive integers, not ${values.sizes}`);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs must be a positive integer, not ${values.runs}`);
if (!(GIVE_UP_MS > 0)) throw new Error(`--give-up-ms must be a positive number, not ${values['give-up-ms']}`);
if (!Number.isInteger(PER_ENTRY) || PER_ENTRY < 2 || PER_ENTRY > 1000) throw new Error(`--lines-per-entry must be 2 to 1000, not ${values['lines-per-entry']}`);

const ACCOUNT_CUIT = '30712345671';
/** Rows per uploaded file: 15.5 MB, under the route's 20 MB. */
const FILE_ROWS = 100_000;
const LIST_SIZE = 20;
/** A read slower than this is timed once (see below). */
const SLOW_MS = 1_000;
const BOOK_PAGE = 50;
/**
 * Journal entries are dated in 2026 from January 1st, the same days at every size (as many as the first size has
 * entries, at most to October): the reports read daily totals, which grow with the days, not with the lines.
 */
const DAYS = Math.max(1, Math.min(304, Math.floor(SIZES[0] / PER_ENTRY)));
const dayOf = (index: number) => new Date(Date.UTC(2026, 0, 1 + (index % DAYS))).toISOString().slice(0, 10);
/** Debit lines on expenses and the VAT credit, each entry's total credited to the suppliers' account (one in ten paid cash). */

interface Read {
  group: string;
  label: string;
  url: string;
}

interface Timing {
  median: number;
  p95: number;
  /** Index keys and documents the engine examined for one request (its serverStatus counters): load does not move it. */
  examined: number;
}

type Json = { data?: Record<string, unknown> & { items?: Array<Record<string, unknown>>; total?: number } };

const route = (path: string): RestRoute => {
  const found = ROUTES.find((candidate) => candidate.method === 'get' && candidate.path === path);
  if (!found) throw new Error(`no GET ${path} in the route table`);
  return found;
};

/** The filters a list route declares (its parameters other than paging and sorting). */
function filtersOf(listRoute: RestRoute): string[] {
  return (listRoute.parameters ?? []).map((parameter) => parameter.name).filter((name) => !['page', 'limit', 'sort_by', 'sort_order'].includes(name));
}

function sortsOf(listRoute: RestRoute): string[] {
  const parameter = (name: string) => listRoute.parameters?.find((candidate) => candidate.name === name)?.schema.enum as string[] | undefined;
  return (parameter('sort_by') ?? []).flatMap((field) => (parameter('sort_order') ?? ['asc']).map((order) => `sort_by=${field}&sort_order=${order}`));
}

/**
 * A list route's reads: first page, a page 90 % deep, a count (limit=1), each filter alone, every pair, each filter
 * with each sort. `sample` gives each filter a value found in the data; a filter it has no value for stops the bench,
 * so a filter added to the route is measured or noticed.
 */
function listReads(group: string, listRoute: RestRoute, sample: Record<string, string>, total: number): Read[] {
  const base = `/api/v1${listRoute.path}`;
  const filters = filtersOf(listRoute);
  const missing = filters.filter((name) => sample[name] === undefined);
  if (missing.length) throw new Error(`no sample value for ${listRoute.path} filters ${missing.join(', ')}`);
  const query = (names: string[]) => names.map((name) => `${name}=${encodeURIComponent(sample[name])}`).join('&');
  const reads: Read[] = [
    { group, label: 'first page', url: `${base}?limit=${LIST_SIZE}` },
    { group, label: 'page 90 % deep', url: `${base}?limit=${LIST_SIZE}&page=${Math.max(1, Math.floor((total * 0.9) / LIST_SIZE))}` },
    { group, label: 'count (limit=1)', url: `${base}?limit=1` },
  ];
  for (const sort of sortsOf(listRoute)) reads.push({ group, label: sort, url: `${base}?limit=${LIST_SIZE}&${sort}` });
  filters.forEach((name, i) => {
    reads.push({ group, label: name, url: `${base}?limit=${LIST_SIZE}&${query([name])}` });
    for (const other of filters.slice(i + 1)) reads.push({ group, label: `${name} + ${other}`, url: `${base}?limit=${LIST_SIZE}&${query([name, other])}` });
    for (const sort of sortsOf(listRoute)) reads.push({ group, label: `${name}, ${sort}`, url: `${base}?limit=${LIST_SIZE}&${query([name])}&${sort}` });
  });
  return reads;
}

function timingOf(samples: number[], examined: number): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p95: at(0.95), examined };
}

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

runBench('scale', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-scale-bench-'));
  build();
  const dataDir = path.join(dir, 'server');
  const gateway = await startBuiltGateway(dataDir);
  // The engine the gateway started, joined to read its counters of keys and documents examined.
  const engine = await MongoClient.connect(servingEngine(dataDir)!);
  const examined = async () => {
    const { queryExecutor } = (await engine.db('admin').command({ serverStatus: 1 })).metrics as { queryExecutor: { scanned: number; scannedObjects: number } };
    return queryExecutor.scanned + queryExecutor.scannedObjects;
  };
  try {
    const account = admin(dataDir, 'create-account', '--name', 'Bench scale SA', '--cuit', ACCOUNT_CUIT);
    const { key } = admin(
      dataDir,
      'create-api-key',
      '--account',
      account.id,
      '--scopes',
      'received_invoices:read,received_invoices:write,accounting:read,accounting:write,stats:read',
    );
    const { send } = client(key);
    const get = async (url: string) => JSON.parse((await send(gateway.url, 'GET', url)).text) as Json;
    const post = async (url: string, body?: unknown) => JSON.parse((await send(gateway.url, 'POST', url, body ?? {})).text) as Json;
    await post('/api/v1/accounting/accounts/seed/');
    console.log(`\nReads at scale through the gateway (built, as \`npm start\` runs it), embedded engine, client in another process`);
    console.log(`${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);

    let invoices = 0;
    const journal: Journal = { lines: 0, entries: 0 };
    const results = new Map<string, Map<number, Timing>>();
    const order: Read[] = [];
    for (const size of SIZES) {
      // Received invoices, through the upload route, in files of at most FILE_ROWS rows.
      const grow = { invoices: 0, lines: 0, invoiceSeconds: 0, lineSeconds: 0 };
      const cpu = { gateway: cpuSeconds(gateway.pids.gateway), engine: cpuSeconds(gateway.pids.engine) };
      while (invoices < size) {
        const rows = Math.min(FILE_ROWS, size - invoices);
        const file = path.join(dir, `comprobantes_consulta_csv_recibidos_${invoices}.csv`);
        await writeRecibidosG3(file, rows, ACCOUNT_CUIT, invoices);
        const form = new FormData();
        form.append('file', await fs.openAsBlob(file), path.basename(file));
        const upload = await timed(() =>
          fetch(`${gateway.url}/api/v1/received_invoices/upload-csv/`, { method: 'POST', headers: { 'x-api-key': key }, body: form }),
        );
        const body = (await upload.result.json()) as { data?: { rows_imported: number } };
        if (upload.result.status !== 200 || body.data?.rows_imported !== rows)
          throw new Error(`upload: ${upload.result.status} ${JSON.stringify(body).slice(0, 300)}`);
        fs.rmSync(file);
        invoices += rows;
        grow.invoices += rows;
        grow.invoiceSeconds += upload.ms / 1000;
      }
      // Journal lines: drafts in bulk, then each posted.
      const lineStart = process.hrtime.bigint();
      const linesBefore = journal.lines;
      await growJournal(post, journal, size, { perEntry: PER_ENTRY, dayOf });
      grow.lines += journal.lines - linesBefore;
      grow.lineSeconds = Number(process.hrtime.bigint() - lineStart) / 1e9;
      const spent = {
        gateway: cpuSeconds(gateway.pids.gateway) - cpu.gateway,
        engine: cpuSeconds(gateway.pids.engine) - cpu.engine,
      };
      console.log(
        `\n## ${size.toLocaleString('en')} received invoices and ${journal.lines.toLocaleString('en')} journal lines (${journal.entries.toLocaleString('en')} posted entries)`,
      );
      console.log(
        `grown by ${grow.invoices.toLocaleString('en')} invoices in ${grow.invoiceSeconds.toFixed(1)} s and ${grow.lines.toLocaleString('en')} lines in ${grow.lineSeconds.toFixed(1)} s (CPU s: gateway ${spent.gateway.toFixed(1)}, engine ${spent.engine.toFixed(1)}); load average ${load()}`,
      );

      // The reads, their filter values taken from the data.
      const invoiceList = route('/received_invoices/list/');
      const journalList = route('/accounting/journal/list/');
      const invoice = (await get('/api/v1/received_invoices/list/?limit=1&sort_by=issue_date&sort_order=desc')).data!.items![0];
      const entry = (await get('/api/v1/accounting/journal/list/?limit=1')).data!.items![0];
      const invoiceSample: Record<string, string> = {
        supplier_cuit: String(invoice.supplier_cuit),
        voucher_type: '1',
        currency: String(invoice.currency),
        needs_review: 'false',
        status: 'pending',
        from: '2025-12-10',
        to: '2025-12-12',
        search: 'PROVEEDOR 7',
        created_from: '2026-01-01',
        created_to: '2030-12-31',
      };
      const entrySample: Record<string, string> = {
        account_code: DEBITS[0],
        reference_type: 'bench',
        reference_id: String(entry.reference_id),
        status: 'posted',
        number: '7',
        fiscal_year: '2026',
        date_from: '2026-03-01',
        date_to: '2026-03-07',
        search: 'del día 2026-03-0',
        created_from: '2026-01-01',
        created_to: '2030-12-31',
      };
      const book = (await get('/api/v1/iva/books/2025-12/purchases/')).data!;
      const bookPages = Math.max(1, Math.ceil(Number(book.count) / BOOK_PAGE));
      const reads: Read[] = [
        ...listReads('received invoices', invoiceList, invoiceSample, invoices),
        ...listReads('journal entries', journalList, entrySample, journal.entries),
        { group: 'VAT book', label: 'page 1', url: `/api/v1/iva/books/2025-12-purchases/entries/?limit=${BOOK_PAGE}` },
        { group: 'VAT book', label: 'middle page', url: `/api/v1/iva/books/2025-12-purchases/entries/?limit=${BOOK_PAGE}&page=${Math.ceil(bookPages / 2)}` },
        { group: 'VAT book', label: 'last page', url: `/api/v1/iva/books/2025-12-purchases/entries/?limit=${BOOK_PAGE}&page=${bookPages}` },
        { group: 'VAT book', label: 'the book and its totals', url: '/api/v1/iva/books/2025-12/purchases/' },
        { group: 'VAT', label: 'position of the month', url: '/api/v1/iva/summary/2025-12/' },
        { group: 'VAT', label: 'declaration of the month', url: '/api/v1/iva/declaration/2025-12/' },
        { group: 'reports', label: 'trial balance (the year)', url: '/api/v1/accounting/reports/trial-balance/?from=2026-01-01&to=2026-12-31' },
        { group: 'reports', label: 'income statement (the year)', url: '/api/v1/accounting/reports/income-statement/?from=2026-01-01&to=2026-12-31' },
        { group: 'reports', label: 'balance sheet', url: '/api/v1/accounting/reports/balance-sheet/?to=2026-12-31' },
        { group: 'reports', label: 'cash flow (the year)', url: '/api/v1/accounting/reports/cash-flow/?from=2026-01-01&to=2026-12-31' },
        { group: 'reports', label: 'account balances', url: '/api/v1/accounting/accounts/balances/?as_of=2026-12-31' },
        { group: 'reports', label: 'general ledger, first page', url: '/api/v1/accounting/reports/general-ledger/?from=2026-01-01&to=2026-12-31' },
        {
          group: 'reports',
          label: 'account ledger, first page',
          url: `/api/v1/accounting/reports/account-ledger/${CREDIT}/?from=2026-01-01&to=2026-12-31`,
        },
        { group: 'reports', label: 'daily journal of a day', url: '/api/v1/accounting/reports/daily-journal/2026-03-02/' },
        { group: 'statistics', label: 'dashboard of the month', url: '/api/v1/stats/dashboard/?period=2025-12' },
        { group: 'statistics', label: 'activity, first page', url: '/api/v1/stats/activity/' },
      ];
      console.log(`\n| Read | median ms | p95 ms | keys + documents examined |\n|---|---:|---:|---:|`);
      for (const read of reads) {
        const id = `${read.group}: ${read.label}`;
        if (!results.has(id)) {
          results.set(id, new Map());
          order.push(read);
        }
        const before = [...results.get(id)!.values()].at(-1);
        if (before && before.median > GIVE_UP_MS) {
          console.log(`| ${id} | not timed (${before.median.toFixed(0)} ms at the size before) | | |`);
          continue;
        }
        const counted = await examined();
        const warm = await timed(() => send(gateway.url, 'GET', read.url));
        const work = (await examined()) - counted;
        // A read of a second or more (a scan) is its warm-up alone, which warms nothing it would not read again: the
        // step would otherwise take hours.
        const samples: number[] = warm.ms >= SLOW_MS ? [warm.ms] : [];
        while (samples.length < RUNS && warm.ms < SLOW_MS) samples.push((await timed(() => send(gateway.url, 'GET', read.url))).ms);
        const timing = timingOf(samples, work);
        results.get(id)!.set(size, timing);
        console.log(`| ${id} | ${timing.median.toFixed(1)} | ${samples.length > 1 ? timing.p95.toFixed(1) : '(once)'} | ${work.toLocaleString('en')} |`);
      }
      console.log(`\nload average after the reads: ${load()}`);
    }

    if (SIZES.length > 1) {
      const first = SIZES[0];
      const last = SIZES[SIZES.length - 1];
      const flagged: string[] = [];
      console.log(`\n## Growth ${first.toLocaleString('en')} → ${last.toLocaleString('en')} (median of the last size / median of the first; > 2× marked)\n`);
      console.log(
        `| Read | ${SIZES.map((size) => `${size.toLocaleString('en')} (ms)`).join(' | ')} | growth | ${SIZES.map((size) => `examined at ${size.toLocaleString('en')}`).join(' | ')} | examined growth |\n|---|${SIZES.map(() => '---:|').join('')}---:|${SIZES.map(() => '---:|').join('')}---:|`,
      );
      for (const read of order) {
        const id = `${read.group}: ${read.label}`;
        const timings = results.get(id)!;
        // A read given up on is compared at the last size it was timed at (its growth to the last size is larger).
        const reached = SIZES.filter((size) => timings.has(size)).at(-1)!;
        const growth = timings.get(reached)!.median / timings.get(first)!.median;
        const work = timings.get(reached)!.examined / Math.max(1, timings.get(first)!.examined);
        const mark = growth > 2 || reached !== last ? ' **> 2×**' : '';
        const upTo = reached === last ? '' : ` (to ${reached.toLocaleString('en')}, then not timed)`;
        if (mark) flagged.push(`${id} ${growth.toFixed(1)}×${upTo}, examined ${work.toFixed(1)}×`);
        console.log(
          `| ${id} | ${SIZES.map((size) => timings.get(size)?.median.toFixed(1) ?? '—').join(' | ')} | ${growth.toFixed(2)}×${upTo}${mark} | ${SIZES.map((size) => timings.get(size)?.examined.toLocaleString('en') ?? '—').join(' | ')} | ${work.toFixed(1)}× |`,
        );
      }
      console.log(
        `\n${flagged.length} of ${order.length} reads grew more than 2×${flagged.length ? `:\n${flagged.map((line) => `- ${line}`).join('\n')}` : ''}`,
      );
    }
  } finally {
    await engine.close();
    await gateway.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
