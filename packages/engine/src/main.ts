import fs from 'node:fs';
import path from 'node:path';
import { engineUri } from './index';
import { updateLock } from './lock';
import { listen } from './server';
import { closeStore, openStore } from './storage/open';
import { DEFAULT_CHANGE_LOG_MB } from './storage/store';

/**
 * The engine as a process: `npm run db -- --port 27027 --dbpath ./.data`. Started by the gateway (with an IPC
 * channel, it reports its port and ends when its parent goes away) or by hand for mongosh, Compass and scripts.
 */

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] !== undefined ? process.argv[at + 1] : fallback;
}

async function main(): Promise<void> {
  // Relative to where the command was typed: `npm run db` at the repository root runs this in the package folder.
  const dbpath = path.resolve(process.env.INIT_CWD ?? process.cwd(), option('dbpath', process.env.DATA_DIR ?? './.data'));
  const host = option('host', '127.0.0.1');
  const port = Number(option('port', '27027'));
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid --port ${option('port', '')}`);
  fs.mkdirSync(dbpath, { recursive: true });

  const oplogMb = Number(option('oplogSizeMB', String(DEFAULT_CHANGE_LOG_MB)));
  if (!Number.isFinite(oplogMb) || oplogMb <= 0) throw new Error(`invalid --oplogSizeMB ${option('oplogSizeMB', '')}`);
  const store = await openStore(dbpath, (line) => process.stderr.write(`${line}\n`));
  store.changeLogMaxBytes = oplogMb * 1024 * 1024;
  let server: Awaited<ReturnType<typeof listen>>;
  try {
    // As mongod's enableTestCommands: test-only commands (the failCommand fail point) for the driver's own tests.
    server = await listen(store, host, port, { testCommands: process.argv.includes('--enableTestCommands') });
  } catch (error) {
    await closeStore(dbpath, store);
    throw error;
  }
  updateLock(dbpath, { pid: process.pid, host, port: server.port });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    await closeStore(dbpath, store);
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  if (process.send) {
    process.on('disconnect', stop);
    process.send({ type: 'ready', port: server.port });
  } else {
    process.stdout.write(`embedded engine listening on ${engineUri(host, server.port)} (data: ${dbpath})\n`);
  }
}

main().catch((error: Error) => {
  process.stderr.write(`embedded engine failed to start: ${error.message}\n`);
  process.exit(1);
});
