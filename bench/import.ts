/**
 * The Mis Comprobantes import through the real HTTP route on the embedded engine:
 * `npm run bench:import [-- --rows N] [--new-only] [--cpu-prof DIR]` (or `BENCH_IMPORT_ROWS`; 100,000 rows unless given).
 * Writes a G3 Recibidos export of that many rows to temporary files of at most 100,000 rows each (15.5 MB: the route
 * takes 20 MB a file, so a million rows is a series of ten uploads, as an accountant would send them), builds the gateway and starts it as `npm start`
 * does (`node dist/src/main.js`, which starts the built engine in a process of its own), makes an account and a key
 * with the built admin CLI, uploads the files one after the other to
 * POST /api/v1/received_invoices/upload-csv/ (streamed from disk), then uploads them again (every row a duplicate).
 * Prints, per pass (and for its last file when there are several), rows/s, the CPU seconds of each process (also per
 * 100,000 rows, which moves less than rows/s on a shared machine), and the peak RSS of each process during the upload
 * (VmHWM, reset before each upload through /proc/<pid>/clear_refs; the engine's includes the pages of its LMDB map
 * it touched, which are file-backed).
 */
import './production';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { admin, build, cpuSeconds, startBuiltGateway } from './built-gateway';
import { runBench } from './harness';
import { writeRecibidosG3 } from './import-file';

/** The value of a `--name value` option. */
function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const ROWS = Number(option('rows') ?? process.env.BENCH_IMPORT_ROWS ?? 100_000);
/** With `--cpu-prof DIR`, the gateway and the engine write V8 CPU profiles there when they stop. */
const PROFILE_DIR = option('cpu-prof');
/** With `--new-only`, the files are not uploaded again (the duplicates' pass is left out). */
const NEW_ONLY = process.argv.includes('--new-only');
/** Rows per uploaded file: 15.5 MB, under the route's 20 MB. */
const FILE_ROWS = 100_000;
const ACCOUNT_CUIT = '30712345671';

/** Peak resident set size of a process in MB since its last reset (Linux). */
function peakRssMb(pid: number): number {
  return Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

/** Resident anonymous memory (heap, buffers) and file-backed pages (code, a memory map) of a process, in MB. */
function rssParts(pid: number): { anon: number; file: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)![1]);
  return { anon: kb('RssAnon') / 1024, file: kb('RssFile') / 1024 };
}

/**
 * The highest anonymous and file-backed residency of each process, sampled every 25 ms until stopped: the kernel
 * keeps one peak of their sum only, and the engine's file-backed part is the pages of its LMDB map it touched.
 */
function samplePeaks(pids: number[]): () => Array<{ anon: number; file: number }> {
  const peaks = pids.map(() => ({ anon: 0, file: 0 }));
  const sample = () =>
    pids.forEach((pid, i) => {
      const { anon, file } = rssParts(pid);
      peaks[i] = { anon: Math.max(peaks[i].anon, anon), file: Math.max(peaks[i].file, file) };
    });
  sample();
  const timer = setInterval(sample, 25);
  return () => {
    clearInterval(timer);
    sample();
    return peaks;
  };
}

/** Resets the peak (writing 5 to clear_refs); where the kernel refuses, the figure is the process's lifetime peak. */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

runBench('import', async () => {
  if (!Number.isInteger(ROWS) || ROWS < 1) throw new Error(`--rows must be a positive integer, not ${ROWS}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-import-bench-'));
  const files: Array<{ file: string; rows: number }> = [];
  let bytes = 0;
  for (let from = 0; from < ROWS; from += FILE_ROWS) {
    const rows = Math.min(FILE_ROWS, ROWS - from);
    const file = path.join(dir, `comprobantes_consulta_csv_recibidos_bench_${files.length + 1}.csv`);
    bytes += await writeRecibidosG3(file, rows, ACCOUNT_CUIT, from);
    files.push({ file, rows });
  }
  build();
  const dataDir = path.join(dir, 'server');
  const server = await startBuiltGateway(
    dataDir,
    // Inherited by the engine's process, which the gateway forks (NODE_OPTIONS refuses --cpu-prof itself).
    PROFILE_DIR ? { NODE_OPTIONS: `--require ${path.join(__dirname, 'cpu-profile-preload.js')}`, CPU_PROFILE_DIR: path.resolve(PROFILE_DIR) } : {},
  );
  const { url } = server;
  try {
    const account = admin(dataDir, 'create-account', '--name', 'Bench import SA', '--cuit', ACCOUNT_CUIT);
    const { key } = admin(dataDir, 'create-api-key', '--account', account.id, '--scopes', 'received_invoices:write,stats:read');
    const { gateway: gatewayPid, engine: enginePid } = server.pids;
    const rest = (pid: number) => {
      const { anon, file } = rssParts(pid);
      return `${(anon + file).toFixed(0)} (${anon.toFixed(0)} + ${file.toFixed(0)})`;
    };
    const series = files.length > 1 ? ` in ${files.length} files of at most ${FILE_ROWS.toLocaleString('en')} rows` : '';
    console.log(
      `\nImport of a ${ROWS.toLocaleString('en')}-row G3 Recibidos export (${(bytes / 1024 / 1024).toFixed(1)} MB${series}) through POST /api/v1/received_invoices/upload-csv/, embedded engine`,
    );
    console.log(
      `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}; RSS at rest (anon + file): gateway ${rest(gatewayPid)} MB, engine ${rest(enginePid)} MB\n`,
    );
    console.log(
      `| Upload | rows/s | seconds | imported | duplicates | gateway CPU s | engine CPU s | CPU s per 100k rows (gateway / engine) | gateway peak RSS (MB) (anon + file) | engine peak RSS (MB) (anon + file) |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
    );
    const upload = async (file: string, rows: number) => {
      const form = new FormData();
      form.append('file', await fs.openAsBlob(file), path.basename(file));
      const response = await fetch(`${url}/api/v1/received_invoices/upload-csv/`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
      const body = (await response.json()) as { data?: Record<string, number> };
      if (response.status !== 200 || body.data?.rows_total !== rows)
        throw new Error(`upload answered ${response.status}: ${JSON.stringify(body).slice(0, 500)}`);
      if (body.data.rows_with_errors) throw new Error(`${body.data.rows_with_errors} rows refused: ${JSON.stringify(body).slice(0, 500)}`);
      return { imported: body.data.rows_imported, duplicates: body.data.rows_duplicated };
    };
    const row = (label: string, rows: number, seconds: number, counts: { imported: number; duplicates: number }, cpu: number[], peaks: string) => {
      const per100k = cpu.map((seconds) => ((seconds * 100_000) / rows).toFixed(1)).join(' / ');
      console.log(
        `| ${label} | ${Math.round(rows / seconds).toLocaleString('en')} | ${seconds.toFixed(2)} | ${counts.imported} | ${counts.duplicates} | ${cpu[0].toFixed(1)} | ${cpu[1].toFixed(1)} | ${per100k} | ${peaks} |`,
      );
    };
    const recounts: string[] = [];
    for (const label of NEW_ONLY ? ['first (all new)'] : ['first (all new)', 'again (all duplicates)']) {
      const reset = resetPeak(gatewayPid) && resetPeak(enginePid);
      const cpuBefore = [cpuSeconds(gatewayPid), cpuSeconds(enginePid)];
      const stopSampling = samplePeaks([gatewayPid, enginePid]);
      const started = process.hrtime.bigint();
      const counts = { imported: 0, duplicates: 0 };
      let last: { seconds: number; counts: typeof counts; cpu: number[] } | undefined;
      for (const { file, rows } of files) {
        const fileCpu = [cpuSeconds(gatewayPid), cpuSeconds(enginePid)];
        const fileStarted = process.hrtime.bigint();
        const fileCounts = await upload(file, rows);
        last = {
          seconds: Number(process.hrtime.bigint() - fileStarted) / 1e9,
          counts: fileCounts,
          cpu: [cpuSeconds(gatewayPid) - fileCpu[0], cpuSeconds(enginePid) - fileCpu[1]],
        };
        counts.imported += fileCounts.imported;
        counts.duplicates += fileCounts.duplicates;
        if (files.length > 1)
          console.error(
            `${label}, file ${files.indexOf(files.find((each) => each.file === file)!) + 1}: ${Math.round(rows / last.seconds).toLocaleString('en')} rows/s, CPU s gateway ${last.cpu[0].toFixed(1)}, engine ${last.cpu[1].toFixed(1)}, load ${os.loadavg()[0].toFixed(1)}`,
          );
      }
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const [gatewayParts, engineParts] = stopSampling();
      const cpu = [cpuSeconds(gatewayPid) - cpuBefore[0], cpuSeconds(enginePid) - cpuBefore[1]];
      const split = ({ anon, file }: { anon: number; file: number }) => `(${anon.toFixed(0)} + ${file.toFixed(0)})`;
      const lifetime = reset ? '' : ' (lifetime)';
      const peaks = `${peakRssMb(gatewayPid).toFixed(0)} ${split(gatewayParts)}${lifetime} | ${peakRssMb(enginePid).toFixed(0)} ${split(engineParts)}${lifetime}`;
      row(label, ROWS, seconds, counts, cpu, peaks);
      if (files.length > 1 && last) row(`${label}, its last file`, files[files.length - 1].rows, last.seconds, last.counts, last.cpu, '| ');
      // The days an import changed are recounted after it answers; until then a dashboard read sums them from the
      // vouchers themselves (it writes nothing): this is the first read's cost, the recount running beside it.
      const cpuAfter = [cpuSeconds(gatewayPid), cpuSeconds(enginePid)];
      const recountStarted = process.hrtime.bigint();
      const dashboard = await fetch(`${url}/api/v1/stats/dashboard/?period=2025-12`, { headers: { 'x-api-key': key } });
      if (dashboard.status !== 200) throw new Error(`dashboard answered ${dashboard.status}`);
      recounts.push(
        `${label}: ${(Number(process.hrtime.bigint() - recountStarted) / 1e9).toFixed(2)} s, gateway CPU ${(cpuSeconds(gatewayPid) - cpuAfter[0]).toFixed(1)} s, engine CPU ${(cpuSeconds(enginePid) - cpuAfter[1]).toFixed(1)} s`,
      );
    }
    console.log(
      `\nThe first dashboard read after each pass (the days the pass changed summed from its vouchers):\n${recounts.map((line) => `- ${line}`).join('\n')}`,
    );
    console.log(
      `load average at the end ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (PROFILE_DIR) console.log(`CPU profiles in ${path.resolve(PROFILE_DIR)} (the gateway's and the engine's; open them in Chrome DevTools)`);
});
