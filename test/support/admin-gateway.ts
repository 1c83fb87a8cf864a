import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runAdmin } from '../../src/cli/admin';
import { loadConfig } from '../../src/config';
import { startGateway, type RunningGateway } from '../../src/gateway';
import { createLogger } from '../../src/logger';
import { connectStore, type StoreConnection } from '../../src/store/connect';

/**
 * A gateway over a store connection the suite holds, so that an admin command run in the same process reads the
 * data the gateway wrote (a command's own `open` would start a second engine on the same directory).
 */
export interface AdminGateway {
  dir: string;
  connection: StoreConnection;
  gateway: RunningGateway;
  /** Runs `npm run admin -- …args` on the suite's connection: its exit code and what it printed. */
  admin(args: string[]): Promise<{ code: number; stdout: string }>;
  stop(): Promise<void>;
}

export async function startAdminGateway(prefix: string): Promise<AdminGateway> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const connection = await connectStore({ mongodbUri: process.env.MONGODB_URI, dataDir: dir });
  const config = loadConfig({
    PORT: '0',
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    MONGODB_URI: process.env.MONGODB_URI,
    SECRETS_KEY: randomBytes(32).toString('base64'),
  });
  const gateway = await startGateway({ config, log: createLogger('silent'), connection });
  return {
    dir,
    connection,
    gateway,
    async admin(args) {
      let stdout = '';
      const code = await runAdmin(args, {
        out: (text) => (stdout += text),
        err: () => undefined,
        open: async () => ({ client: connection.client, close: async () => undefined }),
      });
      return { code, stdout };
    },
    async stop() {
      await gateway.stop();
      await connection.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
