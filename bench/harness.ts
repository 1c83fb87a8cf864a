import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { startGateway, type RunningGateway } from '../src/gateway';
import { createLogger } from '../src/logger';
import { connectStore } from '../src/store/connect';
import { startBaselines, type Baselines } from './baselines';
import { client, seed } from './seed';

export interface Bench extends ReturnType<typeof client> {
  gateway: RunningGateway;
  baselines: Baselines;
}

/**
 * The gateway on an embedded engine in a temporary directory, the baselines beside it on the same engine, and the
 * seeded bench account; everything is stopped and removed afterwards.
 */
export async function withSeededGateway(name: string, run: (bench: Bench) => Promise<void>): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `gateway-${name}-`));
  // The per-key rate limiter stays in the pipeline (its cost is measured) with a budget the bench never spends.
  const config = loadConfig({
    PORT: '0',
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    SECRETS_KEY: randomBytes(32).toString('base64'),
  });
  const connection = await connectStore({ dataDir: dir });
  const gateway = await startGateway({ config, log: createLogger('silent'), connection });
  const baselines = await startBaselines(connection.uri, gateway.store.db.databaseName);
  try {
    const { key } = await seed(gateway.store, gateway.url);
    await run({ gateway, baselines, ...client(key) });
  } finally {
    await baselines.stop();
    await gateway.stop();
    await connection.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs a bench's main; a failure is printed and sets a failing exit code. */
export function runBench(name: string, main: () => Promise<void>): void {
  main().catch((error: Error) => {
    console.error(`bench:${name} failed: ${error.stack ?? error.message}`);
    process.exitCode = 1;
  });
}
