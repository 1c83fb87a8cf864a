import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = path.join(__dirname, '..');

export interface BuiltGateway {
  child: ChildProcess;
  url: string;
  /** The gateway's process and the engine's, which the gateway forks. */
  pids: { gateway: number; engine: number };
  stop(): Promise<void>;
}

/** Builds the gateway and the engine as `npm run build` does. */
export function build(): void {
  execFileSync('npm', ['run', '-s', 'build'], { cwd: ROOT, stdio: 'inherit' });
}

/**
 * The built gateway as `npm start` runs it (its Node arguments, production settings, request log on), on its own data
 * directory, with the engine in a process of its own; answers once it listens.
 */
export async function startBuiltGateway(dataDir: string, env: Record<string, string> = {}): Promise<BuiltGateway> {
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
      ...env,
    },
    // The request log goes where `npm start` sends it (a pipe, drained and dropped here).
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  for await (const line of createInterface({ input: child.stdout! })) {
    const entry = JSON.parse(line) as { msg?: string; url?: string };
    if (entry.msg === 'gateway listening' && entry.url) {
      child.stdout!.resume();
      const gateway = child.pid!;
      const engine = Number(fs.readFileSync(`/proc/${gateway}/task/${gateway}/children`, 'utf8').trim().split(/\s+/)[0]);
      return {
        child,
        url: entry.url,
        pids: { gateway, engine },
        async stop() {
          child.kill('SIGTERM');
          if (child.exitCode === null) await once(child, 'exit');
        },
      };
    }
  }
  throw new Error(`the gateway stopped before listening (exit ${child.exitCode})`);
}

/** A command of the built admin CLI against the same data directory (it joins the engine the gateway started). */
export function admin(dataDir: string, ...args: string[]): Record<string, string> {
  const output = execFileSync(process.execPath, ['dist/src/cli/admin.js', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  return JSON.parse(output) as Record<string, string>;
}

/** CPU seconds (user + system, all threads) a process has used so far (Linux). */
export function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Waits until `url` answers 2xx (at most 60 s), failing at once if `child` exits first. */
export async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within 60 s`);
}
