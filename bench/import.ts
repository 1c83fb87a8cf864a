/**
 * The Mis Comprobantes import through the real HTTP route on the embedded engine: `npm run bench:import`.
 * Writes a 100,000-row G3 Recibidos export to a temporary file, starts the engine (its own process) and the gateway on
 * a temporary directory, uploads the file to POST /api/v1/received_invoices/upload-csv/ (streamed from disk), then
 * uploads it again (every row a duplicate), and prints rows/s and the peak RSS of the gateway process and of the
 * engine process during each upload (VmHWM, reset before each upload through /proc/<pid>/clear_refs).
 */
import './production';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEngine } from '@ar-admin/engine';
import { loadConfig } from '../src/config';
import { createAccount, createApiKey } from '../src/domain/auth/admin';
import { startGateway } from '../src/gateway';
import { createLogger } from '../src/logger';
import { connectStore } from '../src/store/connect';
import { runBench } from './harness';
import { writeRecibidosG3 } from './import-file';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const ACCOUNT_CUIT = '30712345671';

/** Peak resident set size of a process in MB since its last reset (Linux). */
function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
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
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-import-bench-'));
  const file = path.join(dir, 'comprobantes_consulta_csv_recibidos_bench.csv');
  const bytes = await writeRecibidosG3(file, ROWS, ACCOUNT_CUIT);
  const engine = await startEngine({ dbpath: path.join(dir, 'data') });
  const connection = await connectStore({ mongodbUri: engine.uri, dataDir: dir });
  const config = loadConfig({ PORT: '0', DATA_DIR: dir, LOG_LEVEL: 'silent', NODE_ENV: 'production', RATE_LIMIT_PER_MINUTE: '1000000000' });
  const gateway = await startGateway({ config, log: createLogger('silent'), connection });
  try {
    const accountId = (await createAccount(gateway.store, { name: 'Bench import SA', cuit: ACCOUNT_CUIT })).toHexString();
    const { key } = await createApiKey(gateway.store, { accountId, scopes: ['received_invoices:write'] });
    console.log(
      `\nImport of a ${ROWS.toLocaleString('en')}-row G3 Recibidos export (${(bytes / 1024 / 1024).toFixed(1)} MB) through POST /api/v1/received_invoices/upload-csv/, embedded engine`,
    );
    console.log(`${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}\n`);
    console.log('| Upload | rows/s | seconds | imported | duplicates | gateway peak RSS (MB) | engine peak RSS (MB) |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const label of ['first (all new)', 'again (all duplicates)']) {
      global.gc?.();
      const reset = resetPeak(process.pid) && resetPeak(engine.pid);
      const form = new FormData();
      form.append('file', await fs.openAsBlob(file), path.basename(file));
      const started = process.hrtime.bigint();
      const response = await fetch(`${gateway.url}/api/v1/received_invoices/upload-csv/`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
      const body = (await response.json()) as { data?: Record<string, number> };
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (response.status !== 200 || body.data?.rows_total !== ROWS) throw new Error(`upload answered ${response.status}: ${JSON.stringify(body).slice(0, 500)}`);
      const { rows_imported: imported, rows_duplicated: duplicates, rows_with_errors: refused } = body.data;
      if (refused) throw new Error(`${refused} rows refused: ${JSON.stringify(body).slice(0, 500)}`);
      console.log(
        `| ${label} | ${Math.round(ROWS / seconds).toLocaleString('en')} | ${seconds.toFixed(2)} | ${imported} | ${duplicates} | ${peakRssMb(process.pid).toFixed(0)} | ${peakRssMb(engine.pid).toFixed(0)}${reset ? '' : ' (lifetime)'} |`,
      );
    }
  } finally {
    await gateway.stop();
    await connection.close();
    await engine.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
