import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Config, ConfigError } from './config';
import { SecretBox } from './domain/secrets';
import type { Logger } from './logger';

const KEY_FILE = 'secrets.key';

/**
 * The key that encrypts stored secrets: `SECRETS_KEY` (32 bytes, base64 or hex). Outside production, without it, a
 * key is made once in the data directory (`secrets.key`, readable by the owner only) so `npm start` works at once;
 * production refuses to start without the variable, since losing that file would lose every stored secret.
 */
export function loadSecretBox(config: Config, log: Logger): SecretBox {
  if (config.SECRETS_KEY) return new SecretBox(decodeKey(config.SECRETS_KEY));
  if (config.production) throw new ConfigError('invalid configuration:\n  SECRETS_KEY: required in production (32 bytes, base64 or hex)');
  const file = path.resolve(config.DATA_DIR, KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    log.warn({ file }, 'SECRETS_KEY is not set: made a secrets key in the data directory (set SECRETS_KEY in production)');
  }
  return new SecretBox(decodeKey(fs.readFileSync(file, 'utf8').trim()));
}

export function decodeKey(text: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new ConfigError('invalid configuration:\n  SECRETS_KEY: must be 32 bytes, base64 or hex');
  return key;
}
