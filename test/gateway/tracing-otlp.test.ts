import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ConfigError, loadConfig } from '../../src/config';

/**
 * Tracing as an operator turns it on: a gateway process started (`src/main.ts`, as `npm run dev` does) with nothing but
 * the standard OTEL_* variables exports its spans with the real OTLP/HTTP exporter to a local receiver speaking
 * OTLP/HTTP JSON. Without them the process loads none of the SDK.
 */

const ROOT = path.join(__dirname, '..', '..');
const NODE_ARGS = ['--conditions=ar-admin-source', '--require', require.resolve('@swc-node/register')];
/** The compiler's settings (decorators) for processes that run in a directory of their own. */
const COMPILING = { PATH: process.env.PATH ?? '', SWC_NODE_PROJECT: path.join(ROOT, 'tsconfig.json') };

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number };
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: OtlpAttribute[];
}
interface Received {
  path: string;
  contentType: string | undefined;
  service: string | undefined;
  spans: OtlpSpan[];
}

const attribute = (attributes: OtlpAttribute[], key: string) => {
  const value = attributes.find((entry) => entry.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

describe('when the standard variables ask for it: OTLP/HTTP JSON to the configured endpoint', () => {
  const received: Received[] = [];
  let receiver: http.Server;
  let gateway: ChildProcess;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'otlp-'));
  let url = '';
  let key = '';

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString());
        for (const resourceSpans of body.resourceSpans ?? [])
          received.push({
            path: req.url ?? '',
            contentType: req.headers['content-type'],
            service: attribute(resourceSpans.resource?.attributes ?? [], 'service.name') as string | undefined,
            spans: (resourceSpans.scopeSpans ?? []).flatMap((scope: { spans: OtlpSpan[] }) => scope.spans),
          });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    gateway = spawn(process.execPath, [...NODE_ARGS, path.join(ROOT, 'src', 'main.ts')], {
      cwd: dir,
      env: {
        ...COMPILING,
        PORT: '0',
        DATA_DIR: path.join(dir, 'data'),
        OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
        OTEL_SERVICE_NAME: 'gateway-under-test',
        OTEL_BSP_SCHEDULE_DELAY: '50',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // Its log tells where it listens and (an empty store outside production) the demo account's key.
    await new Promise<void>((resolve, reject) => {
      let out = '';
      gateway.once('exit', (code) => reject(new Error(`the gateway exited (${code}) before listening:\n${out}`)));
      gateway.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        for (const line of out.split('\n')) {
          if (!line.startsWith('{')) continue;
          const entry = JSON.parse(line);
          if (entry.demoApiKey) key = entry.demoApiKey;
          if (entry.msg === 'gateway listening') url = entry.url;
        }
        if (url && key) resolve();
      });
    });
  }, 120_000);
  afterAll(async () => {
    if (gateway && gateway.exitCode === null) {
      const exited = new Promise((resolve) => gateway.once('exit', resolve));
      gateway.kill('SIGTERM');
      await exited;
    }
    await new Promise((resolve) => receiver?.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a REST request arrives as a trace: its server span, the Query field under it, the MongoDB commands under that', async () => {
    const res = await fetch(`${url}/api/v1/suppliers/list/?limit=5`, { headers: { 'x-api-key': key } });
    expect(res.status).toBe(200);
    let spans: OtlpSpan[] = [];
    for (let attempt = 0; attempt < 1000 && !spans.some((span) => span.name === 'GET /api/v1/suppliers/list/'); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      spans = received.flatMap((batch) => batch.spans);
    }
    const server = spans.find((span) => span.name === 'GET /api/v1/suppliers/list/') as OtlpSpan;
    expect(server).toBeDefined();
    expect(received.every((batch) => batch.path === '/v1/traces' && batch.contentType === 'application/json')).toBe(true);
    expect(new Set(received.map((batch) => batch.service))).toEqual(new Set(['gateway-under-test']));
    expect(server.kind).toBe(2); // SPAN_KIND_SERVER
    expect(attribute(server.attributes, 'http.response.status_code')).toBe(200);
    expect(attribute(server.attributes, 'http.route')).toBe('/api/v1/suppliers/list/');
    const trace = spans.filter((span) => span.traceId === server.traceId);
    const field = trace.find((span) => span.name === 'Query.suppliers') as OtlpSpan;
    expect(field.parentSpanId).toBe(server.spanId);
    const commands = trace.filter((span) => attribute(span.attributes, 'db.system') === 'mongodb');
    expect(commands.length).toBeGreaterThan(0);
    expect(commands.some((span) => span.parentSpanId === field.spanId && attribute(span.attributes, 'db.mongodb.collection') === 'suppliers')).toBe(true);
    expect(commands.every((span) => span.kind === 3)).toBe(true); // SPAN_KIND_CLIENT
  });
});

test('without the variables, a running gateway has loaded no OpenTelemetry SDK, exporter or semantic conventions', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'no-otel-'));
  const script = `
const { startGateway } = require(${JSON.stringify(path.join(ROOT, 'src', 'gateway.ts'))});
const { loadConfig } = require(${JSON.stringify(path.join(ROOT, 'src', 'config.ts'))});
const { createLogger } = require(${JSON.stringify(path.join(ROOT, 'src', 'logger.ts'))});
(async () => {
  const gateway = await startGateway({ config: loadConfig({ PORT: '0', DATA_DIR: ${JSON.stringify(path.join(dir, 'data'))} }), log: createLogger('silent') });
  const answered = (await fetch(gateway.url + '/healthz')).status;
  // Only the API may be there, a no-op without an SDK (prom-client requires it for its exemplars).
  const loaded = Object.keys(require.cache).filter((file) => file.includes('@opentelemetry/') && !file.includes('@opentelemetry/api/'));
  await gateway.stop();
  console.log(JSON.stringify({ answered, loaded }));
})();
`;
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [...NODE_ARGS, '-e', script], { cwd: dir, env: COMPILING });
    expect(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}')).toEqual({ answered: 200, loaded: [] });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);

describe('which variables turn tracing on', () => {
  test.each<[Record<string, string>, string[] | undefined]>([
    [{}, undefined],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, ['otlp']],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }, ['otlp']],
    [{ OTEL_TRACES_EXPORTER: 'console' }, ['console']],
    [{ OTEL_TRACES_EXPORTER: 'otlp, console' }, ['otlp', 'console']],
    [{ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, undefined],
    [{ OTEL_SDK_DISABLED: 'true', OTEL_TRACES_EXPORTER: 'otlp' }, undefined],
    [{ OTEL_SDK_DISABLED: 'false', OTEL_TRACES_EXPORTER: 'otlp' }, ['otlp']],
    [{ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, ['otlp']],
  ])('%j → %j', (env, exporters) => {
    expect(loadConfig(env).traces).toEqual(exporters);
  });

  test('an unknown exporter or a protocol other than http/json stops the start with a message naming the variable', () => {
    expect(() => loadConfig({ OTEL_TRACES_EXPORTER: 'zipkin' })).toThrow(new ConfigError('OTEL_TRACES_EXPORTER: zipkin is not one of otlp, console, none'));
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4317', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'grpc' })).toThrow(
      /^OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: grpc is not supported/,
    );
  });
});
