import { ConfigError, loadConfig, type Config } from './config';
import { startGateway } from './gateway';
import { createLogger } from './logger';

/** `npm start`: the gateway with the configuration from the environment. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const log = createLogger(config.LOG_LEVEL);
  const gateway = await startGateway({ config, log });
  const shutdown = (signal: string) => {
    log.info({ signal }, 'shutting down');
    gateway.stop().then(
      () => process.exit(0),
      (error: Error) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: Error) => {
  process.stderr.write(`gateway failed to start: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
