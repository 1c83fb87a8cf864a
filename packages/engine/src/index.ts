import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { liveHolder } from './lock';

/** A running embedded engine, hosted in its own process so its work never blocks the caller's event loop. */
export interface EngineHandle {
  /** Connection string for the official driver. */
  uri: string;
  port: number;
  /** Process id of the engine (tests use it to simulate a crash with SIGKILL). */
  pid: number;
  /** Flushes the journal, releases the data directory and ends the engine process. */
  stop(): Promise<void>;
}

export interface EngineOptions {
  dbpath: string;
  /** 0 (the default) picks any free port. */
  port?: number;
  host?: string;
  /** The change log's size bound in MB (mongod's `--oplogSizeMB`); 128 unless given. */
  oplogSizeMB?: number;
  /** Test-only commands, as mongod's `enableTestCommands` (the failCommand fail point); off unless given. */
  testCommands?: boolean;
}

const STARTUP_TIMEOUT_MS = 60_000;

/** Entry point of the engine process: the compiled file when running from dist, else the TypeScript source. */
function entry(): { file: string; execArgv: string[] } {
  const compiled = __filename.endsWith('.js');
  const file = path.join(__dirname, compiled ? 'main.js' : 'main.ts');
  return { file, execArgv: compiled ? [] : ['--require', require.resolve('@swc-node/register')] };
}

export function engineUri(host: string, port: number): string {
  return `mongodb://${host}:${port}/?directConnection=true`;
}

export async function startEngine(options: EngineOptions): Promise<EngineHandle> {
  const host = options.host ?? '127.0.0.1';
  const { file, execArgv } = entry();
  const args = ['--dbpath', path.resolve(options.dbpath), '--port', String(options.port ?? 0), '--host', host];
  if (options.oplogSizeMB !== undefined) args.push('--oplogSizeMB', String(options.oplogSizeMB));
  if (options.testCommands) args.push('--enableTestCommands');
  const child = fork(file, args, { execArgv, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr += chunk;
    if (stderr.length > 8192) stderr = stderr.slice(-8192);
  });

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`embedded engine did not start within ${STARTUP_TIMEOUT_MS} ms: ${stderr.trim()}`));
    }, STARTUP_TIMEOUT_MS);
    child.on('message', (message: { type?: string; port?: number }) => {
      if (message?.type === 'ready' && typeof message.port === 'number') {
        clearTimeout(timer);
        resolve(message.port);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`embedded engine exited during start-up (${signal ?? code}): ${stderr.trim()}`));
    });
  });
  // After start-up the engine's stderr is only diagnostics; keep draining it so the pipe never fills.
  child.stderr?.removeAllListeners('data');
  child.stderr?.on('data', (chunk: string) => process.stderr.write(chunk));

  return { uri: engineUri(host, port), port, pid: child.pid!, stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The connection string of an engine already serving `dbpath` (started by another process), if any. */
export function servingEngine(dbpath: string): string | undefined {
  const holder = liveHolder(path.resolve(dbpath));
  return holder?.port ? engineUri(holder.host ?? '127.0.0.1', holder.port) : undefined;
}
