/**
 * The Mis Comprobantes import through the real HTTP route on the embedded engine: `npm run bench:import`.
 * Writes a 100,000-row G3 Recibidos export to a temporary file, builds the gateway and starts it as `npm start`
 * does (`node dist/src/main.js`, which starts the built engine in a process of its own), makes an account and a key
 * with the built admin CLI, uploads the file to
 * POST /api/v1/received_invoices/upload-csv/ (streamed from disk), then uploads it again (every row a duplicate).
 * Prints, per upload, rows/s, the CPU seconds of each process, and the peak RSS of each process during the upload
 * (VmHWM, reset before each upload through /proc/<pid>/clear_refs; the engine's includes the pages of its LMDB map
 * it touched, which are file-backed).
 */
import './production';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { runBench } from './harness';
import { writeRecibidosG3 } from './import-file';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const ACCOUNT_CUIT = '30712345671';
const ROOT = path.join(__dirname, '..');

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

/** CPU seconds (user + system, all threads) a process has used so far (Linux). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
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

/** The built gateway as `npm start` runs it, on its own data directory; answers once it listens. */
async function startBuiltGateway(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  // The Node arguments of `npm start` (its script is `node …`).
  const [, ...args] = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start as string).split(/\s+/);
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      RATE_LIMIT_PER_MINUTE: '1000000000',
      SECRETS_KEY: randomBytes(32).toString('base64'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  for await (const line of createInterface({ input: child.stdout! })) {
    const entry = JSON.parse(line) as { msg?: string; url?: string };
    if (entry.msg === 'gateway listening' && entry.url) {
      child.stdout!.resume();
      return { child, url: entry.url };
    }
  }
  throw new Error(`the gateway stopped before listening (exit ${child.exitCode})`);
}

/** A command of the built admin CLI against the same data directory (it joins the engine the gateway started). */
function admin(dataDir: string, ...args: string[]): Record<string, string> {
  const output = execFileSync(process.execPath, ['dist/src/cli/admin.js', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  return JSON.parse(output) as Record<string, string>;
}

runBench('import', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-import-bench-'));
  const file = path.join(dir, 'comprobantes_consulta_csv_recibidos_bench.csv');
  const bytes = await writeRecibidosG3(file, ROWS, ACCOUNT_CUIT);
  execFileSync('npm', ['run', '-s', 'build'], { cwd: ROOT, stdio: 'inherit' });
  const dataDir = path.join(dir, 'server');
  const { child: server, url } = await startBuiltGateway(dataDir);
  try {
    const account = admin(dataDir, 'create-account', '--name', 'Bench import SA', '--cuit', ACCOUNT_CUIT);
    const { key } = admin(dataDir, 'create-api-key', '--account', account.id, '--scopes', 'received_invoices:write,stats:read');
    const gatewayPid = server.pid!;
    // The engine is the gateway's child process.
    const enginePid = Number(fs.readFileSync(`/proc/${gatewayPid}/task/${gatewayPid}/children`, 'utf8').trim().split(/\s+/)[0]);
    const rest = (pid: number) => {
      const { anon, file } = rssParts(pid);
      return `${(anon + file).toFixed(0)} (${anon.toFixed(0)} + ${file.toFixed(0)})`;
    };
    console.log(
      `\nImport of a ${ROWS.toLocaleString('en')}-row G3 Recibidos export (${(bytes / 1024 / 1024).toFixed(1)} MB) through POST /api/v1/received_invoices/upload-csv/, embedded engine`,
    );
    console.log(
      `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; RSS at rest (anon + file): gateway ${rest(gatewayPid)} MB, engine ${rest(enginePid)} MB\n`,
    );
    console.log(
      `| Upload | rows/s | seconds | imported | duplicates | gateway CPU s | engine CPU s | gateway peak RSS (MB) (anon + file) | engine peak RSS (MB) (anon + file) |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|`,
    );
    const recounts: string[] = [];
    for (const label of ['first (all new)', 'again (all duplicates)']) {
      const reset = resetPeak(gatewayPid) && resetPeak(enginePid);
      const form = new FormData();
      form.append('file', await fs.openAsBlob(file), path.basename(file));
      const cpuBefore = [cpuSeconds(gatewayPid), cpuSeconds(enginePid)];
      const stopSampling = samplePeaks([gatewayPid, enginePid]);
      const started = process.hrtime.bigint();
      const response = await fetch(`${url}/api/v1/received_invoices/upload-csv/`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
      const body = (await response.json()) as { data?: Record<string, number> };
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const [gatewayParts, engineParts] = stopSampling();
      const [gatewayCpu, engineCpu] = [cpuSeconds(gatewayPid) - cpuBefore[0], cpuSeconds(enginePid) - cpuBefore[1]];
      if (response.status !== 200 || body.data?.rows_total !== ROWS)
        throw new Error(`upload answered ${response.status}: ${JSON.stringify(body).slice(0, 500)}`);
      const { rows_imported: imported, rows_duplicated: duplicates, rows_with_errors: refused } = body.data;
      if (refused) throw new Error(`${refused} rows refused: ${JSON.stringify(body).slice(0, 500)}`);
      const split = ({ anon, file }: { anon: number; file: number }) => `(${anon.toFixed(0)} + ${file.toFixed(0)})`;
      const lifetime = reset ? '' : ' (lifetime)';
      const peaks = `${peakRssMb(gatewayPid).toFixed(0)} ${split(gatewayParts)}${lifetime} | ${peakRssMb(enginePid).toFixed(0)} ${split(engineParts)}${lifetime}`;
      console.log(
        `| ${label} | ${Math.round(ROWS / seconds).toLocaleString('en')} | ${seconds.toFixed(2)} | ${imported} | ${duplicates} | ${gatewayCpu.toFixed(1)} | ${engineCpu.toFixed(1)} | ${peaks} |`,
      );
      // The days an import changed are recounted after it answers; a dashboard read waits for that recount.
      const cpuAfter = [cpuSeconds(gatewayPid), cpuSeconds(enginePid)];
      const recountStarted = process.hrtime.bigint();
      const dashboard = await fetch(`${url}/api/v1/stats/dashboard/?period=2025-12`, { headers: { 'x-api-key': key } });
      if (dashboard.status !== 200) throw new Error(`dashboard answered ${dashboard.status}`);
      recounts.push(
        `${label}: ${(Number(process.hrtime.bigint() - recountStarted) / 1e9).toFixed(2)} s, gateway CPU ${(cpuSeconds(gatewayPid) - cpuAfter[0]).toFixed(1)} s, engine CPU ${(cpuSeconds(enginePid) - cpuAfter[1]).toFixed(1)} s`,
      );
    }
    console.log(
      `\nThe statistics' daily totals recounted after each answer (until a dashboard read answers):\n${recounts.map((line) => `- ${line}`).join('\n')}`,
    );
  } finally {
    server.kill('SIGTERM');
    if (server.exitCode === null) await once(server, 'exit');
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
