import { randomBytes } from 'node:crypto';
/**
 * The process bench:import measures: the embedded engine (its own child process) and the gateway on a temporary
 * directory, with one account and a key able to import. Reports `{ url, key, enginePid }` to its parent over IPC and
 * stops everything when the parent disconnects.
 */
import './production';
import fs from 'node:fs';
import { startEngine } from '@ar-admin/engine';
import { loadConfig } from '../src/config';
import { createAccount, createApiKey } from '../src/domain/auth/admin';
import { startGateway } from '../src/gateway';
import { createLogger } from '../src/logger';
import { connectStore } from '../src/store/connect';

async function main(): Promise<void> {
  const [dir, cuit] = process.argv.slice(2);
  const engine = await startEngine({ dbpath: `${dir}/data` });
  const connection = await connectStore({ mongodbUri: engine.uri, dataDir: dir });
  const config = loadConfig({
    PORT: '0',
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    SECRETS_KEY: randomBytes(32).toString('base64'),
  });
  const gateway = await startGateway({ config, log: createLogger('silent'), connection });
  const accountId = (await createAccount(gateway.store, { name: 'Bench import SA', cuit })).toHexString();
  const { key } = await createApiKey(gateway.store, { accountId, scopes: ['received_invoices:write', 'stats:read'] });
  process.once('disconnect', async () => {
    await gateway.stop();
    await connection.close();
    await engine.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
  process.send!({ url: gateway.url, key, enginePid: engine.pid });
}

main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});
