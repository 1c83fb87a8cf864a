import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';

/**
 * `npm start` builds the TypeScript (the engine package's and the gateway's) and runs the result with plain Node: no
 * compiler in the running processes. The built gateway starts its built engine, answers both surfaces, and stops
 * cleanly on SIGTERM.
 */
const ROOT = path.join(__dirname, '..', '..');

/** The Node arguments of `npm start` (its script is `node …`). */
function startArguments(): string[] {
  const [command, ...args] = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start as string).split(/\s+/);
  expect(command).toBe('node');
  return args;
}
let dir: string;
let gateway: ChildProcess | undefined;
const lines: Array<Record<string, unknown>> = [];

/** `npm start`'s build step (package.json's `prestart`): its output. */
const prestart = async () => {
  const command = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.prestart as string;
  const [program, ...args] = command.split(/\s+/);
  return (await promisify(execFile)(program, args, { cwd: ROOT, timeout: 240_000 })).stdout;
};

beforeAll(async () => {
  await prestart();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'built-gateway-'));
}, 300_000);
afterAll(() => {
  if (gateway?.exitCode === null) gateway.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

it('the built gateway runs on the built engine, answers REST and GraphQL, and stops on SIGTERM', async () => {
  gateway = spawn(process.execPath, startArguments(), {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', DATA_DIR: dir, LOG_LEVEL: 'info', NODE_ENV: 'development', DEMO_DATA: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let url: string | undefined;
  for await (const line of createInterface({ input: gateway.stdout! })) {
    const entry = JSON.parse(line) as Record<string, unknown>;
    lines.push(entry);
    if (entry.msg === 'gateway listening') {
      url = entry.url as string;
      break;
    }
  }
  gateway.stdout!.resume();
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const key = lines.find((entry) => typeof entry.demoApiKey === 'string')?.demoApiKey as string;
  expect(key).toMatch(/^sk_/);

  // The engine the built gateway started is the built one: neither process loads a TypeScript compiler.
  const enginePid = fs.readFileSync(`/proc/${gateway.pid}/task/${gateway.pid}/children`, 'utf8').trim().split(/\s+/)[0];
  const commandLine = (pid: string | number) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  expect(commandLine(enginePid)).toContain(path.join('packages', 'engine', 'dist', 'src', 'main.js'));
  for (const pid of [gateway.pid!, enginePid]) expect(fs.readFileSync(`/proc/${pid}/maps`, 'utf8')).not.toMatch(/@swc|typescript\/lib/);

  expect((await fetch(`${url}/readyz`)).status).toBe(200);
  const created = await fetch(`${url}/api/v1/suppliers/`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Papelera Sur SA', tax_id: '30712345671' }),
  });
  expect(created.status).toBe(201);
  const graphql = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ suppliers(first: 5) { totalCount edges { node { name } } } }' }),
  });
  expect(await graphql.json()).toEqual({ data: { suppliers: { totalCount: 1, edges: [{ node: { name: 'Papelera Sur SA' } }] } } });
  // The build step built the dashboard too, and the built gateway serves it with its manifest of operations.
  const page = await fetch(`${url}/dashboard/`);
  expect(page.status).toBe(200);
  expect(await page.text()).toMatch(/<script type="module" crossorigin src="\/dashboard\/assets\/index-[\w-]+\.js">/);

  gateway.kill('SIGTERM');
  const [code] = await once(gateway, 'exit');
  expect(code).toBe(0);
});

it('a start whose sources did not change builds nothing (a restart starts Node at once)', async () => {
  const outputs = [
    'dist/.tsbuildinfo',
    'dist/src/main.js',
    'packages/engine/dist/.tsbuildinfo',
    'packages/engine/dist/src/main.js',
    'dist/dashboard/index.html',
    'dist/dashboard/operations.json',
  ];
  const before = outputs.map((file) => fs.statSync(path.join(ROOT, file)).mtimeMs);
  expect(await prestart()).toBe('gateway build up to date\ndashboard build up to date\n');
  expect(outputs.map((file) => fs.statSync(path.join(ROOT, file)).mtimeMs)).toEqual(before);
});
