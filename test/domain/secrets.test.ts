import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../src/config';
import { SecretBox } from '../../src/domain/secrets';
import { createLogger } from '../../src/logger';
import { decodeKey, loadSecretBox } from '../../src/secrets-key';

/** Stored secrets: sealed with the configured key, refused when altered or sealed with another; where the key comes from. */
describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('opens what it sealed; the same text seals differently each time and never in the clear', () => {
    const one = box.seal('-----BEGIN PRIVATE KEY-----secreto');
    const two = box.seal('-----BEGIN PRIVATE KEY-----secreto');
    expect(box.open(one)).toBe('-----BEGIN PRIVATE KEY-----secreto');
    expect(one.data).not.toBe(two.data);
    expect(JSON.stringify(one)).not.toContain('secreto');
  });

  it('refuses a secret altered at rest or sealed with another key', () => {
    const sealed = box.seal('secreto');
    const data = Buffer.from(sealed.data, 'base64');
    data[0] ^= 1;
    expect(() => box.open({ ...sealed, data: data.toString('base64') })).toThrow();
    const other = new SecretBox(randomBytes(32));
    expect(() => other.open(sealed)).toThrow(/sealed with key/);
    expect(() => other.open({ ...sealed, key_id: other.keyId })).toThrow();
  });

  it('takes only 32-byte keys', () => {
    expect(() => new SecretBox(randomBytes(31))).toThrow();
    expect(() => new SecretBox(randomBytes(33))).toThrow();
  });
});

describe('the secrets key', () => {
  const log = createLogger('silent');
  const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-key-'));

  it('reads SECRETS_KEY as 64 hex digits or base64 of 32 bytes; anything else is a configuration error', () => {
    const key = randomBytes(32);
    expect(decodeKey(key.toString('hex'))).toEqual(key);
    expect(decodeKey(key.toString('base64'))).toEqual(key);
    expect(() => decodeKey(randomBytes(16).toString('base64'))).toThrow(ConfigError);
    expect(() => decodeKey(randomBytes(16).toString('hex'))).toThrow(ConfigError);
  });

  it('production without SECRETS_KEY refuses to start', () => {
    expect(() => loadSecretBox(loadConfig({ NODE_ENV: 'production', DATA_DIR: dir() }), log)).toThrow(/SECRETS_KEY/);
  });

  it('elsewhere a key is made once in the data directory, owner-only, and reused', () => {
    const dataDir = dir();
    const first = loadSecretBox(loadConfig({ DATA_DIR: dataDir }), log);
    const file = path.join(dataDir, 'secrets.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const again = loadSecretBox(loadConfig({ DATA_DIR: dataDir }), log);
    expect(again.open(first.seal('x'))).toBe('x');
  });

  it('SECRETS_KEY wins over the file', () => {
    const key = randomBytes(32);
    const box = loadSecretBox(loadConfig({ DATA_DIR: dir(), SECRETS_KEY: key.toString('base64') }), log);
    expect(new SecretBox(key).open(box.seal('y'))).toBe('y');
  });
});
