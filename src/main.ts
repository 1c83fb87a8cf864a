import { ConfigError, loadConfig, loadEnvFile, type Config } from './config';
import { startGateway } from './gateway';
import type { SecretBox } from './domain/secrets';
import { bufferedStdout, createLogger, type Logger } from './logger';
import { loadSecretBox } from './secrets-key';

/** `npm start`: the gateway with the configuration from the environment. */
async function main(): Promise<void> {
  let config: Config;
  let log: Logger;
  let secrets: SecretBox;
  try {
    loadEnvFile();
    config = loadConfig();
    log = createLogger(config.LOG_LEVEL, bufferedStdout());
    secrets = loadSecretBox(config, log);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  try {
    gateway = await startGateway({ config, log, secrets });
  } catch (error) {
    // A port in use is the operator's to fix, like a bad variable: a message and exit code 2, no stack.
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
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
