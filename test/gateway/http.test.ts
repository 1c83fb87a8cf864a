import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { ConfigError, loadConfig } from '../../src/config';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { freePort } from '../support/free-port';

/**
 * The HTTP layer: probes, request ids, body limits, error envelopes, configuration at start-up, structured logs and
 * a graceful shutdown of the real server process (`src/main.ts`).
 */

const ROOT = path.join(__dirname, '..', '..');

describe('in process', () => {
  let gw: TestGateway;
  let key: string;
  beforeAll(async () => {
    gw = await startTestGateway();
    ({ key } = await gw.account(['suppliers:read', 'suppliers:write']));
  });
  afterAll(async () => {
    await gw?.stop();
  });

  const get = (pathAndQuery: string, headers: Record<string, string> = {}) => fetch(`${gw.url}${pathAndQuery}`, { headers });
  /** A raw JSON body POSTed to /graphql. */
  const postGraphql = async (raw: string) => {
    const response = await fetch(`${gw.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: raw });
    return { status: response.status, body: await response.json() };
  };

  describe('the root', () => {
    it('a browser visiting / is sent to GraphiQL', async () => {
      const response = await fetch(`${gw.url}/`, { headers: { accept: 'text/html,application/xhtml+xml' }, redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/graphiql');
    });

    it('a program asking / gets where everything is', async () => {
      const response = await get('/', { accept: 'application/json' });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        name: 'ar-admin-gateway',
        version: expect.any(String),
        graphql: '/graphql',
        graphiql: '/graphiql',
        dashboard: '/dashboard',
        rest: '/api/v1',
        openapi: '/api/v1/openapi.json',
        health: '/healthz',
      });
    });
  });

  describe('probes', () => {
    it('GET /healthz: 200 while the process is up, without credentials', async () => {
      const response = await get('/healthz');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
    });

    it('keeps idle connections 65 s, longer than a load balancer or a client does, and says so (Keep-Alive)', async () => {
      const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
        const agent = new http.Agent({ keepAlive: true });
        http
          .get(`${gw.url}/healthz`, { agent }, (res) => {
            res.resume();
            res.on('end', () => {
              agent.destroy();
              resolve(res.headers);
            });
          })
          .on('error', reject);
      });
      expect(headers['keep-alive']).toBe('timeout=65');
    });

    it('GET /readyz: 200 when the store answers', async () => {
      const response = await get('/readyz');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ready' });
    });

    it('GET /readyz: 503 when the store does not answer', async () => {
      const spy = jest.spyOn(gw.store.db, 'command').mockRejectedValue(new Error('connection refused'));
      try {
        const response = await get('/readyz');
        expect(response.status).toBe(503);
        expect((await response.json()).status).not.toBe('ready');
      } finally {
        spy.mockRestore();
      }
      expect((await get('/readyz')).status).toBe(200);
    });
  });

  describe('X-Request-Id', () => {
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

    it('every answer carries one, a new one per request', async () => {
      const answers = [
        await get('/healthz'),
        await get('/api/v1/openapi.json'),
        await gw.rest('GET', '/suppliers/list/', { key }),
        await gw.gql('{ __typename }', {}, { key }),
        await gw.rest('GET', '/no/such/route/', { key }),
        await gw.rest('GET', '/suppliers/list/'),
      ];
      const ids = answers.map((answer) => answer.headers.get('x-request-id'));
      for (const id of ids) expect(id).toMatch(UUID);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('a sane incoming id is kept', async () => {
      for (const id of ['abc-123', 'trace.0001_x', 'a'.repeat(100)]) {
        expect((await get('/healthz', { 'x-request-id': id })).headers.get('x-request-id')).toBe(id);
      }
      const result = await gw.gql('{ __typename }', {}, { key, headers: { 'x-request-id': 'from-the-client-1' } });
      expect(result.headers.get('x-request-id')).toBe('from-the-client-1');
    });

    it('an insane incoming id is replaced by a fresh one', async () => {
      for (const id of ['has space', 'a'.repeat(101), '<script>alert(1)</script>', 'x";y', 'ñandú']) {
        const returned = (await get('/healthz', { 'x-request-id': id })).headers.get('x-request-id');
        expect(returned).toMatch(UUID);
      }
    });
  });

  describe('bodies', () => {
    const big = JSON.stringify({ name: 'Grande SA', notes: 'x'.repeat(1_100_000) });

    it('a REST body over 1 MB: 413 in the error envelope', async () => {
      const result = await gw.rest('POST', '/suppliers/', { key, raw: big });
      expect(result.status).toBe(413);
      expect(result.body).toEqual({ success: false, error: { code: 'PAYLOAD_TOO_LARGE', message: expect.any(String), details: [] } });
      expect(result.headers.get('x-request-id')).toBeTruthy();
    });

    it('a GraphQL body over 1 MB: 413 with a GraphQL error', async () => {
      const result = await postGraphql(
        JSON.stringify({ query: `mutation { createSupplier(input: {name: "Grande SA", notes: "${'x'.repeat(1_100_000)}"}) { id } }` }),
      );
      expect(result.status).toBe(413);
      expect(result.body.errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
      const list = await gw.gql('{ suppliers(filter: {search: "Grande"}) { totalCount } }', {}, { key });
      expect(list.body.data.suppliers.totalCount).toBe(0);
    });

    it('a body just under 1 MB is accepted', async () => {
      const inputs = Array.from({ length: 400 }, (_, i) => ({ name: `Casi Grande ${i}`, notes: 'n'.repeat(1_900) }));
      const raw = JSON.stringify({ items: inputs.map(({ name, notes }) => ({ name, notes })) });
      expect(raw.length).toBeGreaterThan(700_000);
      expect(raw.length).toBeLessThan(1_000_000);
      const result = await gw.rest('POST', '/suppliers/bulk/create/', { key, raw });
      expect(result.status).toBe(201);
      expect(result.body.data.created).toBe(400);
    });

    it('malformed JSON to REST: 400 BAD_USER_INPUT in the envelope', async () => {
      const result = await gw.rest('POST', '/suppliers/', { key, raw: '{"name": "Roto SA",' });
      expect(result.status).toBe(400);
      expect(result.body).toEqual({ success: false, error: { code: 'BAD_USER_INPUT', message: expect.any(String), details: expect.any(Array) } });
    });

    it('malformed JSON to /graphql: 400 with a GraphQL error', async () => {
      const result = await postGraphql('{"query": "{ __typename }"');
      expect(result.status).toBe(400);
      expect(result.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(JSON.stringify(result.body)).not.toMatch(/SyntaxError|at JSON\.parse|node_modules/);
    });
  });

  describe('unknown REST routes', () => {
    it.each([
      ['GET', '/no/such/route/'],
      ['GET', '/suppliers'],
      ['PATCH', '/suppliers/65f000000000000000000000/'],
      ['DELETE', '/suppliers/list/'],
      ['POST', '/suppliers/bulk/explode/'],
    ])('%s %s: 404 NOT_FOUND in the error envelope', async (method, route) => {
      const result = await gw.rest(method, route, { key, ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }) });
      expect(result.status).toBe(404);
      expect(result.headers.get('content-type')).toMatch(/^application\/json/);
      expect(result.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.any(String), details: [] } });
    });
  });
});

describe('configuration', () => {
  it('defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 4000, HOST: '127.0.0.1', LOG_LEVEL: 'info', production: false });
    expect(config.MONGODB_URI).toBeUndefined();
  });

  it('reads good values', () => {
    const config = loadConfig({ PORT: '8080', LOG_LEVEL: 'debug', MONGODB_URI: 'mongodb://db.internal:27017/gw', NODE_ENV: 'production' });
    expect(config).toMatchObject({ PORT: 8080, LOG_LEVEL: 'debug', MONGODB_URI: 'mongodb://db.internal:27017/gw', production: true });
    expect(loadConfig({ MONGODB_URI: 'mongodb+srv://cluster.example.net/gw' }).MONGODB_URI).toBe('mongodb+srv://cluster.example.net/gw');
    expect(loadConfig({ PORT: '0' }).PORT).toBe(0);
  });

  it('empty variables count as unset', () => {
    expect(loadConfig({ PORT: '', LOG_LEVEL: '' })).toMatchObject({ PORT: 4000, LOG_LEVEL: 'info' });
  });

  const configError = (env: Record<string, string>): Error => {
    try {
      loadConfig(env);
    } catch (error) {
      return error as Error;
    }
    throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
  };

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['LOG_LEVEL', 'loud'],
    ['LOG_LEVEL', 'INFO!'],
    ['MONGODB_URI', 'http://db.internal:27017'],
    ['MONGODB_URI', 'db.internal:27017'],
  ])('%s=%s is refused with a message naming the variable', (name, value) => {
    const error = configError({ [name]: value });
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(/^invalid configuration/);
    expect(error.message).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it('several bad variables are all named at once', () => {
    const error = configError({ PORT: 'abc', LOG_LEVEL: 'loud', MONGODB_URI: 'http://x' });
    for (const name of ['PORT', 'LOG_LEVEL', 'MONGODB_URI']) expect(error.message).toContain(name);
  });

  function run(
    command: string,
    args: string[],
    env: Record<string, string>,
  ): Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }> {
    return new Promise((resolve, reject) => {
      const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
      delete childEnv.NODE_ENV;
      const child = spawn(command, args, { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const timer = setTimeout(() => child.kill('SIGKILL'), 50_000);
      child.once('error', reject);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        resolve({ code, signal, stdout, stderr });
      });
    });
  }

  it('`npm start` with PORT=abc exits with code 2 and says what is wrong with PORT', async () => {
    const result = await run('npm', ['start'], { PORT: 'abc', DATA_DIR: path.join(os.tmpdir(), 'never-used') });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/invalid configuration/);
    expect(result.stderr).toMatch(/PORT/);
    expect(result.stdout).not.toMatch(/gateway listening/);
  });

  it.each([
    ['LOG_LEVEL', 'loud'],
    ['MONGODB_URI', 'http://db.internal:27017'],
  ])('the server with %s=%s exits with code 2 naming the variable', async (name, value) => {
    const result = await run(process.execPath, ['--conditions=ar-admin-source', '--require', '@swc-node/register', 'src/main.ts'], {
      [name]: value,
      PORT: '0',
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(name);
    expect(result.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
  });
  it('the server on a port in use exits with code 2 saying so, without a stack trace', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const result = await run(process.execPath, ['--conditions=ar-admin-source', '--require', '@swc-node/register', 'src/main.ts'], {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'busy-port-')),
      });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`port ${port} is in use on 127.0.0.1`);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.stdout).not.toMatch(/gateway listening/);
    } finally {
      blocker.close();
    }
  });
});

/** The real server process, on its own data directory, with its stdout as parsed JSON log lines. */
class ServerProcess {
  readonly child: ChildProcess;
  readonly lines: Array<Record<string, any>> = [];
  readonly rawStdout: string[] = [];
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private buffer = '';
  private waiters: Array<{ test: (line: Record<string, any>) => boolean; resolve: (line: Record<string, any>) => void }> = [];

  constructor(
    readonly port: number,
    readonly dataDir: string,
  ) {
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' };
    // As `npm start` runs it: not under jest's NODE_ENV=test (Apollo Server installs its own SIGTERM/SIGINT handlers
    // only outside NODE_ENV=test, and they must not cut the drain short), on its own (embedded) store.
    delete env.NODE_ENV;
    delete env.MONGODB_URI;
    this.child = spawn(process.execPath, ['--conditions=ar-admin-source', '--require', '@swc-node/register', 'src/main.ts'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout!.setEncoding('utf8');
    this.child.stdout!.on('data', (chunk: string) => {
      this.buffer += chunk;
      for (let newline = this.buffer.indexOf('\n'); newline >= 0; newline = this.buffer.indexOf('\n')) {
        const text = this.buffer.slice(0, newline);
        this.buffer = this.buffer.slice(newline + 1);
        this.rawStdout.push(text);
        let line: Record<string, any>;
        try {
          line = JSON.parse(text);
        } catch {
          line = { unparsed: text };
        }
        this.lines.push(line);
        this.waiters = this.waiters.filter((waiter) => {
          if (!waiter.test(line)) return true;
          waiter.resolve(line);
          return false;
        });
      }
    });
    this.child.stderr!.on('data', (chunk) => (this.stderr += chunk));
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  /** The first log line (already written or to come) that passes `test`; rejects if the process ends first. */
  line(test: (line: Record<string, any>) => boolean): Promise<Record<string, any>> {
    const seen = this.lines.find(test);
    if (seen) return Promise.resolve(seen);
    return Promise.race([
      new Promise<Record<string, any>>((resolve) => this.waiters.push({ test, resolve })),
      this.exited.then(({ code, signal }) => {
        throw new Error(`server exited (${signal ?? code}) before the expected log line; stderr: ${this.stderr}`);
      }),
    ]);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Ends the process if a test left it running. */
  async kill(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGKILL');
      await this.exited;
    }
  }
}

async function startServer(): Promise<{ server: ServerProcess; apiKey: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-main-'));
  const server = new ServerProcess(await freePort(), dataDir);
  const demo = await server.line((line) => typeof line.demoApiKey === 'string');
  await server.line((line) => line.msg === 'gateway listening');
  return { server, apiKey: demo.demoApiKey as string };
}

interface PlainResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A POST whose headers the server has already taken (it answered `100 Continue`) and whose body is sent only when
 * `send()` is called: a request that is certainly in flight.
 */
function pendingPost(
  url: string,
  headers: Record<string, string>,
  body: string,
): { accepted: Promise<void>; response: Promise<PlainResponse>; send: () => void } {
  const request = http.request(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), expect: '100-continue' },
  });
  const accepted = new Promise<void>((resolve, reject) => {
    request.once('continue', () => resolve());
    request.once('error', reject);
  });
  const response = new Promise<PlainResponse>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.once('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      res.once('error', reject);
    });
  });
  // Either may end unobserved when the other fails first.
  accepted.catch(() => undefined);
  response.catch(() => undefined);
  request.flushHeaders();
  return { accepted, response, send: () => request.end(body) };
}

describe('the real server process', () => {
  describe('SIGTERM while a bulk create is in flight', () => {
    let server: ServerProcess;
    let outcome: { status?: number; body?: any; error?: string };
    let exit: { code: number | null; signal: NodeJS.Signals | null };
    let refusedWhileDraining: string | undefined;
    let shutdownLogged = false;
    let loggedRequest: Record<string, any> | undefined;
    let probe: Response;

    beforeAll(async () => {
      const started = await startServer();
      server = started.server;
      probe = await fetch(`${server.url}/readyz`, { headers: { 'x-request-id': 'probe-before-drain' } });
      const items = Array.from({ length: 500 }, (_, i) => ({ name: `Drenaje ${String(i).padStart(3, '0')} SA`, tags: ['drain'], notes: 'n'.repeat(200) }));
      const inFlight = pendingPost(
        `${server.url}/api/v1/suppliers/bulk/create/`,
        { 'x-api-key': started.apiKey, 'x-request-id': 'drain-bulk-create' },
        JSON.stringify({ items }),
      );
      await inFlight.accepted;
      server.child.kill('SIGTERM');
      // The server says it is draining (a broken shutdown may die before saying so: the tests below then tell).
      shutdownLogged = await server
        .line((line) => line.msg === 'shutting down' && line.signal === 'SIGTERM')
        .then(
          () => true,
          () => false,
        );
      // Draining: a new request on a new connection is not answered.
      refusedWhileDraining = await new Promise<string>((resolve) => {
        const request = http.get(`${server.url}/healthz`, { agent: false }, (response) => {
          response.resume();
          resolve(`answered ${response.statusCode}`);
        });
        request.once('error', (error: Error & { code?: string }) => resolve(`refused (${error.code ?? error.message})`));
      });
      inFlight.send();
      outcome = await inFlight.response.then(
        (response) => ({ status: response.status, body: JSON.parse(response.body) }),
        (error: Error) => ({ error: error.message }),
      );
      exit = await server.exited;
      loggedRequest = server.lines.find((line) => line.reqId === 'drain-bulk-create' && line.msg === 'request');
    }, 60_000);
    afterAll(async () => {
      await server?.kill();
      if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    });

    it('the server was up and ready before the signal', () => {
      expect(probe.status).toBe(200);
      expect(probe.headers.get('x-request-id')).toBe('probe-before-drain');
    });

    it('the signal starts a logged shutdown', () => {
      expect(shutdownLogged).toBe(true);
    });

    it('new requests are not answered once draining has begun', () => {
      expect(refusedWhileDraining).toMatch(/^refused/);
    });

    it('the in-flight request completes: all 500 suppliers created, and logged under its request id', () => {
      expect(outcome).toMatchObject({ status: 201 });
      expect(outcome.body.data.created).toBe(500);
      expect(loggedRequest).toMatchObject({ method: 'POST', url: '/api/v1/suppliers/bulk/create/', status: 201, mongoCommands: expect.any(Number) });
    });

    it('the process exits with code 0 after closing the store', () => {
      expect(exit).toEqual({ code: 0, signal: null });
      expect(server.lines.some((line) => line.msg === 'gateway stopped')).toBe(true);
    });

    it('logs are structured JSON lines; a request is logged with its request id, status and command count', () => {
      expect(server.lines.length).toBeGreaterThan(2);
      expect(server.lines.filter((line) => 'unparsed' in line)).toEqual([]);
      for (const line of server.lines) expect(line).toMatchObject({ level: expect.any(Number), time: expect.any(String), msg: expect.any(String) });
      const probeLine = server.lines.find((line) => line.reqId === 'probe-before-drain');
      expect(probeLine).toMatchObject({
        msg: 'request',
        method: 'GET',
        url: '/readyz',
        status: 200,
        mongoCommands: expect.any(Number),
        ms: expect.any(Number),
      });
    });
  });

  it('SIGINT on an idle server: exit code 0 and the store closed', async () => {
    const { server } = await startServer();
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      server.child.kill('SIGINT');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(server.lines.some((line) => line.msg === 'shutting down' && line.signal === 'SIGINT')).toBe(true);
      expect(server.lines.some((line) => line.msg === 'gateway stopped')).toBe(true);
    } finally {
      await server.kill();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  });

  it('SIGTERM with an open subscription socket: the socket is closed (1001) and the process exits with code 0', async () => {
    const { server, apiKey } = await startServer();
    try {
      const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
      const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
      const acknowledged = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))));
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      socket.send(JSON.stringify({ type: 'connection_init', payload: { 'x-api-key': apiKey } }));
      expect(JSON.parse(await acknowledged)).toEqual({ type: 'connection_ack' });
      server.child.kill('SIGTERM');
      expect(await closed).toBe(1001);
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(server.lines.some((line) => line.msg === 'subscription connection closed' && line.code === 1001)).toBe(true);
    } finally {
      await server.kill();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  });
});
