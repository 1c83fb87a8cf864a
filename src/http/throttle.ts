import type { Request, Response } from 'express';
import { RateLimiterMongo, RateLimiterRes } from 'rate-limiter-flexible';
import { tokenHash } from '../domain/auth/auth.secrets';
import { RateLimitedError } from '../domain/errors';
import type { Logger } from '../logger';
import type { CollectionName } from '../store/catalog';
import type { Store } from '../store/store';

export interface ThrottleOptions {
  /** Login attempts checked per email within `loginWindowSeconds` (then every login of it is refused until it ends). */
  loginFailuresPerAccount: number;
  /** Wrong passwords allowed per client address within the window, whatever the email. */
  loginFailuresPerIp: number;
  loginWindowSeconds: number;
  /** Unknown or revoked API keys answered 401 per client address within the login window; past it, 429. */
  unknownKeysPerIp: number;
  /** Requests per minute per API key or session (per client address when unauthenticated); 0 turns it off. */
  requestsPerMinute: number;
}

/**
 * A counter in the store (its collection in src/store/catalog.ts), so that every gateway process over the same
 * database counts together: each point is one atomic `findOneAndUpdate` ($inc, upserting the window's document).
 */
export function counter(store: Store, collection: CollectionName, points: number, duration: number): RateLimiterMongo {
  return new RateLimiterMongo({
    storeClient: store.client,
    dbName: store.db.databaseName,
    tableName: collection,
    // The collection says what is counted.
    keyPrefix: '',
    points,
    duration,
    // ensureIndexes creates them at start-up; the library would create its own copies under other names, unawaited.
    disableIndexesCreation: true,
  });
}

export const secondsUntil = (result: Pick<RateLimiterRes, 'msBeforeNext'>) => Math.max(1, Math.ceil(result.msBeforeNext / 1000));

export function tooMany(res: Response, result: Pick<RateLimiterRes, 'msBeforeNext'>, message: string): RateLimitedError {
  res.setHeader('Retry-After', String(secondsUntil(result)));
  return new RateLimitedError(message);
}

/** A point taken from `limiter`; `limited` when it went past the limit (the point still counts). */
export async function take(limiter: RateLimiterMongo, key: string): Promise<{ result: RateLimiterRes; limited: boolean }> {
  try {
    return { result: await limiter.consume(key), limited: false };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return { result: rejection, limited: true };
    throw rejection;
  }
}

/** A login attempt the throttle let through: its password may be checked once, and its outcome reported. */
export interface LoginAttempt {
  failed(log: Logger): void;
  succeeded(): Promise<void>;
}

/**
 * Slows password guessing. An attempt takes its points before its password is checked: one of its client address
 * (past the limit: refused), then one of its email (past the limit: refused, and the address's point given back, as
 * no password was checked). So however many attempts arrive at once, on however many gateways, at most
 * `loginFailuresPerAccount` passwords of one email are checked per window. A refused attempt answers 429
 * RATE_LIMITED with Retry-After, even with the right password, until the window ends; the lock-out is logged by the
 * attempt that took the last point and failed. A successful login clears its email's count and gives its address's
 * point back (the address counts wrong passwords).
 */
export class LoginThrottle {
  private readonly byAccount: RateLimiterMongo;
  private readonly byIp: RateLimiterMongo;

  constructor(
    store: Store,
    private readonly options: ThrottleOptions,
  ) {
    this.byAccount = counter(store, 'throttle_login_accounts', options.loginFailuresPerAccount, options.loginWindowSeconds);
    this.byIp = counter(store, 'throttle_login_addresses', options.loginFailuresPerIp, options.loginWindowSeconds);
  }

  async admit(req: Request, res: Response, email: string): Promise<LoginAttempt> {
    const ip = req.ip ?? '';
    // Keyed by the email's hash: whatever a client sends as an email, the stored key has one size.
    const account = tokenHash(email);
    const byIp = await take(this.byIp, ip);
    if (byIp.limited) throw tooMany(res, byIp.result, 'too many failed logins from this address: try again later');
    const byAccount = await take(this.byAccount, account);
    if (byAccount.limited) {
      await this.byIp.reward(ip, 1);
      throw tooMany(res, byAccount.result, 'too many failed logins for this account: try again later');
    }
    return {
      failed: (log) => {
        if (byAccount.result.consumedPoints === this.options.loginFailuresPerAccount) {
          log.warn({ email, ip, seconds: secondsUntil(byAccount.result) }, 'login locked out for an account after repeated wrong passwords');
        }
        if (byIp.result.consumedPoints === this.options.loginFailuresPerIp) {
          log.warn({ ip, seconds: secondsUntil(byIp.result) }, 'login locked out for a client address after repeated wrong passwords');
        }
      },
      succeeded: async () => {
        await Promise.all([this.byAccount.delete(account), this.byIp.reward(ip, 1)]);
      },
    };
  }
}

/**
 * Bounds the API keys one client address may try: each unknown or revoked key it sends takes a point, and past
 * `unknownKeysPerIp` within the login window such keys answer 429 RATE_LIMITED with Retry-After instead of 401.
 * Keys the store accepts take nothing, so checking them costs no command.
 */
export const UNKNOWN_KEYS_MESSAGE = 'too many unknown API keys from this address: try again later';

export class UnknownKeyThrottle {
  private readonly byIp: RateLimiterMongo;

  constructor(store: Store, options: ThrottleOptions) {
    this.byIp = counter(store, 'throttle_unknown_keys', options.unknownKeysPerIp, options.loginWindowSeconds);
  }

  /** Counts an unknown key from the request's address; throws RateLimitedError when the address is past the bound. */
  async count(req: Request, res: Response): Promise<void> {
    const wait = await this.countAddress(req.ip ?? '');
    if (wait === null) return;
    res.setHeader('Retry-After', String(wait));
    throw new RateLimitedError(UNKNOWN_KEYS_MESSAGE);
  }

  /** Counts an unknown key from an address (a WebSocket's); the seconds to wait when it is past the bound, else null. */
  async countAddress(address: string): Promise<number | null> {
    const { result, limited } = await take(this.byIp, address);
    return limited ? secondsUntil(result) : null;
  }
}
