import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { SealedSecret } from '../store/sealed';

export type { SealedSecret };

/**
 * Encrypts secrets the service must keep but never show (private keys of tax-authority certificates) with the key
 * from configuration. Authenticated encryption: a stored secret altered or sealed with another key does not open.
 */
export class SecretBox {
  readonly keyId: string;

  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('a secrets key is 32 bytes');
    this.keyId = createHash('sha256').update(key).digest('hex').slice(0, 8);
  }

  /**
   * An HMAC-SHA256 of `text` (base64url) under a key derived from this one for `purpose` (HKDF), so a signature made
   * for one use never verifies for another and the encryption key itself never signs.
   */
  sign(purpose: string, text: string): string {
    const key = Buffer.from(hkdfSync('sha256', this.key, Buffer.alloc(0), purpose, 32));
    return createHmac('sha256', key).update(text).digest('base64url');
  }

  seal(plain: string): SealedSecret {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return { alg: 'aes-256-gcm', key_id: this.keyId, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
  }

  open(sealed: SealedSecret): string {
    if (sealed.key_id !== this.keyId) throw new Error(`secret sealed with key ${sealed.key_id}, configured key is ${this.keyId}`);
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(sealed.iv, 'base64'));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
  }
}
