/**
 * What metrics and tracing cost a request, measured from outside: `npm run bench:observability [-- --connections 10
 * --duration 5 --rounds 4]`.
 *
 * Three built gateways (`dist/src/main.js`, as `npm start` runs them, request log on) over one embedded engine: one
 * with neither, one with metrics (METRICS_TOKEN, scraped once a round as Prometheus would), one with metrics and
 * tracing (every request sampled, OTLP/HTTP to a receiver in this process that reads and drops the spans). The same
 * REST list runs against each in rotating order, round after round, so that a noisy neighbour slows all three alike;
 * each one's CPU time is read from /proc. Prints requests/s and gateway CPU per request of each, and the difference.
 */
import './production';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startEngine } from '@ar-admin/engine';
import autocannon from 'autocannon';
import { MongoClient } from 'mongodb';
import { Store } from '../src/store/store';
import { cpuSeconds, waitFor } from './built-gateway';
import { runBench } from './harness';
import { seed } from './seed';
import { freePort } from '../test/support/free-port';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '10' },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '4' },
  },
});
const CONNECTIONS = Number(values.connections);
const DURATION = Number(values.duration);
const ROUNDS = Number(values.rounds);
const ROOT = path.join(__dirname, '..');
const TOKEN = randomBytes(24).toString('hex');
const PATH = '/api/v1/suppliers/list/?limit=20';

/** CPU time (user + system) a process has used, in ms. */
const cpuMs = (pid: number): number => cpuSeconds(pid) * 1000;

runBench('observability', async () => {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build-if-stale.mjs')], { cwd: ROOT, stdio: 'inherit' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-observability-'));
  const engine = await startEngine({ dbpath: path.join(dir, 'data') });
  let spansReceived = 0;
  const receiver = http.createServer((req, res) => {
    let bytes = 0;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    req.on('end', () => {
      if (bytes) spansReceived++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const children: ChildProcess[] = [];
  try {
    const secretsKey = randomBytes(32).toString('base64');
    const start = async (label: string, extra: Record<string, string>) => {
      const port = await freePort();
      const logFile = fs.openSync(path.join(dir, `${label}.log`), 'a');
      const child = spawn(process.execPath, ['--max-old-space-size=768', '--enable-source-maps', 'dist/src/main.js'], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          MONGODB_URI: engine.uri,
          SECRETS_KEY: secretsKey,
          RATE_LIMIT_PER_MINUTE: '1000000000',
          LOG_LEVEL: 'info',
          ENV_FILE: '/dev/null',
          ...extra,
        },
        stdio: ['ignore', logFile, logFile],
      });
      children.push(child);
      const url = `http://127.0.0.1:${port}`;
      await waitFor(`${url}/healthz`, child);
      return { label, url, pid: child.pid as number, requests: 0, seconds: 0, cpuMs: 0 };
    };
    const sides = [
      await start('neither', {}),
      await start('metrics', { METRICS_TOKEN: TOKEN }),
      await start('metrics and tracing', {
        METRICS_TOKEN: TOKEN,
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
      }),
    ];
    const client = await MongoClient.connect(engine.uri);
    const { key } = await seed(Store.on(client), sides[0].url);
    await client.close();

    const fire = async (url: string) => {
      const result = await autocannon({ url: `${url}${PATH}`, headers: { 'x-api-key': key }, connections: CONNECTIONS, duration: DURATION });
      if (result.non2xx || result.errors || result.timeouts)
        throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
      return result;
    };
    for (const side of sides) await fire(side.url); // warm-up, untimed
    const load = os.loadavg();
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < sides.length; i++) {
        const side = sides[(round + i) % sides.length];
        const before = cpuMs(side.pid);
        const run = await fire(side.url);
        side.cpuMs += cpuMs(side.pid) - before;
        side.requests += run.requests.total;
        side.seconds += run.duration;
        if (side.label !== 'neither') {
          const scrape = await fetch(`${side.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
          if (!scrape.ok) throw new Error(`${side.label}: /metrics answered ${scrape.status}`);
          await scrape.text();
        }
      }
    }
    const base = sides[0].cpuMs / sides[0].requests;
    const cpus = os.cpus();
    console.log(
      `\nnode ${process.version} · ${cpus[0]?.model ?? 'unknown CPU'} · ${cpus.length} cores · load average ${load.map((l) => l.toFixed(2)).join(' ')} at the start, ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(
          ' ',
        )} at the end · REST GET ${PATH} · ${CONNECTIONS} connections · ${ROUNDS} rounds of ${DURATION} s per gateway · ${spansReceived} OTLP exports received\n`,
    );
    console.log('| gateway | req/s | CPU ms/request | vs neither |');
    console.log('|---|---:|---:|---:|');
    for (const side of sides) {
      const perRequest = side.cpuMs / side.requests;
      console.log(
        `| ${side.label} | ${(side.requests / side.seconds).toFixed(0)} | ${perRequest.toFixed(3)} | ${side === sides[0] ? '—' : `${perRequest - base >= 0 ? '+' : ''}${(perRequest - base).toFixed(3)} ms (${(((perRequest - base) / base) * 100).toFixed(1)} %)`} |`,
      );
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined)));
    receiver.close();
    await engine.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
