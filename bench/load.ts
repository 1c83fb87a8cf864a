/**
 * The gateway under load as its users meet it, measured from outside: `npm run bench:load [-- --connections 1,10,50
 * --duration 10 --rounds 2]`.
 *
 * Three processes besides this one: the embedded engine, the gateway as `npm start` runs it (the build, NODE_ENV=
 * production, the request log on at `info`, written to a file), and the hand-written baselines (bench/baselines.ts:
 * Express and the driver, the same key check, the same overlap of the key check with the reads, byte-identical
 * answers). This process only generates the load (autocannon) and reads the others' CPU time from /proc. Each case
 * runs at each connection count in alternating rounds (gateway then baseline, then the other way round), so that a
 * noisy neighbour slows both. Prints requests/s, latency p50/p99 and CPU per request of each side, and their ratio.
 */
import './production';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startEngine } from '@ar-admin/engine';
import autocannon from 'autocannon';
import { MongoClient } from 'mongodb';
import { Store } from '../src/store/store';
import { cpuSeconds, waitFor } from './built-gateway';
import { runBench } from './harness';
import { NOTES, SUPPLIER_FIELDS, seed } from './seed';
import { freePort } from '../test/support/free-port';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '1,10,50' },
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '2' },
    /** A directory to write the gateway's CPU profile to (node --cpu-prof), read with Chrome's DevTools. */
    profile: { type: 'string' },
    /** Only the cases whose label contains this. */
    only: { type: 'string' },
  },
});
const CONNECTIONS = values.connections.split(',').map(Number);
const DURATION = Number(values.duration);
const ROUNDS = Number(values.rounds);
const ROOT = path.join(__dirname, '..');

interface Target {
  url: string;
  method: 'GET' | 'POST';
  body?: string;
}

interface Case {
  label: string;
  gateway: Target;
  baseline: Target;
  /** The ratio the gateway should reach at 1 connection, and at 10 and more. */
  targets: [number, number];
  /** Whether the two answer the same bytes (checked before timing). */
  sameBytes: boolean;
}

interface Side {
  requests: number;
  seconds: number;
  p50: number[];
  p99: number[];
  cpuMs: number;
  engineCpuMs: number;
}

/** CPU time (user + system) a process has used, in ms. */
const cpuMs = (pid: number): number => cpuSeconds(pid) * 1000;

async function fire(target: Target, key: string, connections: number): Promise<{ requests: number; seconds: number; p50: number; p99: number }> {
  const result = await autocannon({
    url: target.url,
    method: target.method,
    body: target.body,
    headers: { 'x-api-key': key, ...(target.body ? { 'content-type': 'application/json' } : {}) },
    connections,
    duration: DURATION,
  });
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(`${target.method} ${target.url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return { requests: result.requests.total, seconds: result.duration, p50: result.latency.p50, p99: result.latency.p99 };
}

const emptySide = (): Side => ({ requests: 0, seconds: 0, p50: [], p99: [], cpuMs: 0, engineCpuMs: 0 });
const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];

runBench('load', async () => {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build-if-stale.mjs')], { cwd: ROOT, stdio: 'inherit' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-load-'));
  const engine = await startEngine({ dbpath: path.join(dir, 'data') });
  const children: ChildProcess[] = [];
  try {
    const port = await freePort();
    const logFile = fs.openSync(path.join(dir, 'gateway.log'), 'a');
    const profiling = values.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values.profile)}`] : [];
    const gateway = spawn(process.execPath, [...profiling, '--max-old-space-size=768', '--enable-source-maps', 'dist/src/main.js'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        MONGODB_URI: engine.uri,
        SECRETS_KEY: randomBytes(32).toString('base64'),
        // The per-key rate limiter stays in the pipeline (its cost is measured) with a budget the bench never spends.
        RATE_LIMIT_PER_MINUTE: '1000000000',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', logFile, logFile],
    });
    children.push(gateway);
    const gatewayUrl = `http://127.0.0.1:${port}`;
    await waitFor(`${gatewayUrl}/healthz`, gateway);

    const client = await MongoClient.connect(engine.uri);
    const store = Store.on(client);
    const { key } = await seed(store, gatewayUrl);
    const baselines = spawn(process.execPath, ['--require', '@swc-node/register', 'bench/baseline-server.ts', engine.uri, store.db.databaseName], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(baselines);
    const baselineUrl = await new Promise<string>((resolve, reject) => {
      baselines.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
      baselines.once('exit', (code) => reject(new Error(`the baselines exited with ${code}`)));
    });
    await client.close();

    const graphql = (query: string): Target => ({ url: `${gatewayUrl}/graphql`, method: 'POST', body: JSON.stringify({ query }) });
    const cases: Case[] = [
      {
        label: 'REST GET /suppliers/list/?limit=20',
        gateway: { url: `${gatewayUrl}/api/v1/suppliers/list/?limit=20`, method: 'GET' },
        baseline: { url: `${baselineUrl}/suppliers`, method: 'GET' },
        targets: [0.9, 0.8],
        sameBytes: true,
      },
      {
        label: 'GraphQL suppliers(first: 20)',
        gateway: graphql(`{ suppliers(first: 20) { totalCount nodes { ${SUPPLIER_FIELDS} } } }`),
        baseline: { url: `${baselineUrl}/suppliers`, method: 'GET' },
        targets: [0.9, 0.8],
        sameBytes: false,
      },
      {
        label: 'GraphQL 100 delivery notes × customer × products',
        gateway: graphql(NOTES(100)),
        baseline: { url: `${baselineUrl}/delivery-notes-batched?first=100`, method: 'GET' },
        targets: [0.9, 0.9],
        sameBytes: true,
      },
    ];

    const answer = async (target: Target) => {
      const response = await fetch(target.url, {
        method: target.method,
        body: target.body,
        headers: { 'x-api-key': key, ...(target.body ? { 'content-type': 'application/json' } : {}) },
      });
      return (await response.text()).trimEnd();
    };
    for (const each of cases.filter((c) => c.sameBytes)) {
      const [ours, theirs] = [await answer(each.gateway), await answer(each.baseline)];
      if (ours !== theirs) throw new Error(`${each.label}: the baseline answers differently:\n${ours.slice(0, 300)}\n${theirs.slice(0, 300)}`);
    }

    const load = os.loadavg();
    const rows: string[] = [];
    for (const each of cases.filter((c) => !values.only || c.label.includes(values.only))) {
      for (const connections of CONNECTIONS) {
        const sides = { gateway: emptySide(), baseline: emptySide() };
        const pids = { gateway: gateway.pid!, baseline: baselines.pid! };
        // Warm-up of each side, untimed.
        await fire(each.gateway, key, connections);
        await fire(each.baseline, key, connections);
        for (let round = 0; round < ROUNDS; round++) {
          const order = round % 2 === 0 ? (['gateway', 'baseline'] as const) : (['baseline', 'gateway'] as const);
          for (const side of order) {
            const [cpu, engineCpu] = [cpuMs(pids[side]), cpuMs(engine.pid)];
            const run = await fire(each[side], key, connections);
            const s = sides[side];
            s.cpuMs += cpuMs(pids[side]) - cpu;
            s.engineCpuMs += cpuMs(engine.pid) - engineCpu;
            s.requests += run.requests;
            s.seconds += run.seconds;
            s.p50.push(run.p50);
            s.p99.push(run.p99);
          }
        }
        const rate = (s: Side) => s.requests / s.seconds;
        const ratio = rate(sides.gateway) / rate(sides.baseline);
        const target = connections === 1 ? each.targets[0] : each.targets[1];
        const g = sides.gateway;
        const b = sides.baseline;
        rows.push(
          `| ${each.label} | ${connections} | ${rate(g).toFixed(0)} | ${rate(b).toFixed(0)} | ${ratio.toFixed(2)} (≥ ${target}: ${ratio >= target ? 'yes' : 'no'}) | ${median(g.p50)} / ${median(g.p99)} | ${median(b.p50)} / ${median(b.p99)} | ${(median(g.p99) / Math.max(median(b.p99), 1)).toFixed(2)} | ${(g.cpuMs / g.requests).toFixed(2)} + ${(g.engineCpuMs / g.requests).toFixed(2)} | ${(b.cpuMs / b.requests).toFixed(2)} + ${(b.engineCpuMs / b.requests).toFixed(2)} |`,
        );
      }
    }
    const cpus = os.cpus();
    console.log(
      `\nnode ${process.version} · ${cpus[0]?.model ?? 'unknown CPU'} · ${cpus.length} cores · load average ${load.map((l) => l.toFixed(2)).join(' ')} at the start, ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} at the end · ${ROUNDS} rounds of ${DURATION} s per side · ${new Date().toISOString().slice(0, 10)}\n`,
    );
    console.log(
      '| request | connections | gateway req/s | baseline req/s | ratio | gateway p50 / p99 (ms) | baseline p50 / p99 (ms) | p99 ratio | gateway CPU ms/request (+ engine) | baseline CPU ms/request (+ engine) |',
    );
    console.log('|---|---:|---:|---:|---|---:|---:|---:|---:|---:|');
    for (const row of rows) console.log(row);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined)));
    await engine.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
