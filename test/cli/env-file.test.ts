import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * `.env` (or the file ENV_FILE names) is read at start-up by Node's own parser: its variables fill what the
 * environment leaves unset, and a variable set in the environment keeps its value. Run in a process of its own, as
 * the gateway and the admin CLI run it.
 */
const ROOT = path.join(__dirname, '..', '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'env-file-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const SCRIPT = `
const { loadEnvFile, loadConfig } = require(${JSON.stringify(path.join(ROOT, 'src', 'config.ts'))});
try {
  const file = loadEnvFile();
  const config = loadConfig();
  console.log(JSON.stringify({ file, port: config.PORT, level: config.LOG_LEVEL, cors: config.CORS_ORIGINS }));
} catch (error) { console.log(JSON.stringify({ error: error.message })); }
`;

async function run(env: Record<string, string>): Promise<Record<string, unknown>> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--require', require.resolve('@swc-node/register'), '-e', SCRIPT], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
}

it('fills unset variables from .env; the environment wins over the file', async () => {
  fs.writeFileSync(path.join(dir, '.env'), '# local settings\nPORT=4321\nLOG_LEVEL=debug\nCORS_ORIGINS="https://panel.example.com"\n');
  expect(await run({})).toEqual({ file: path.join(dir, '.env'), port: 4321, level: 'debug', cors: ['https://panel.example.com'] });
  expect(await run({ PORT: '5000' })).toMatchObject({ port: 5000, level: 'debug' });
});

it('reads the file ENV_FILE names, and refuses one that does not exist', async () => {
  fs.writeFileSync(path.join(dir, 'staging.env'), 'PORT=4400\n');
  expect(await run({ ENV_FILE: 'staging.env' })).toMatchObject({ file: path.join(dir, 'staging.env'), port: 4400 });
  expect(await run({ ENV_FILE: 'missing.env' })).toEqual({ error: `ENV_FILE: ${path.join(dir, 'missing.env')} does not exist` });
});

it('without a file, the environment alone', async () => {
  fs.rmSync(path.join(dir, '.env'));
  expect(await run({ PORT: '4600' })).toMatchObject({ file: null, port: 4600, level: 'info' });
});
