import type { NextFunction, Request, Response } from 'express';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimitedError } from '../domain/errors';
import type { Logger } from '../logger';
import { contextOf } from './request-context';

export interface ThrottleOptions {
  /** Wrong passwords allowed per email within `loginWindowSeconds` (then every login of it is refused until it ends). */
  loginFailuresPerAccount: number;
  /** Wrong passwords allowed per client address within the window, whatever the email. */
  loginFailuresPerIp: number;
  loginWindowSeconds: number;
  /** Requests per minute per API key or session (per client address when unauthenticated); 0 turns it off. */
  requestsPerMinute: number;
}

const secondsUntil = (result: RateLimiterRes) => Math.max(1, Math.ceil(result.msBeforeNext / 1000));

function tooMany(res: Response, result: RateLimiterRes, message: string): RateLimitedError {
  res.setHeader('Retry-After', String(secondsUntil(result)));
  return new RateLimitedError(message);
}

/**
 * Slows password guessing: wrong passwords are counted per email and per client address; past either limit, login
 * answers 429 RATE_LIMITED with Retry-After (even for the right password) until the window ends, and the lock-out
 * is logged once. A successful login clears its email's count. Counters live in this process.
 */
export class LoginThrottle {
  private readonly byAccount: RateLimiterMemory;
  private readonly byIp: RateLimiterMemory;

  constructor(private readonly options: ThrottleOptions) {
    this.byAccount = new RateLimiterMemory({ keyPrefix: 'login-account', points: options.loginFailuresPerAccount, duration: options.loginWindowSeconds });
    this.byIp = new RateLimiterMemory({ keyPrefix: 'login-ip', points: options.loginFailuresPerIp, duration: options.loginWindowSeconds });
  }

  /** Refuses the attempt when its email or address is locked out. */
  async check(req: Request, res: Response, email: string): Promise<void> {
    const [account, ip] = await Promise.all([this.byAccount.get(email), this.byIp.get(req.ip ?? '')]);
    if (account && account.consumedPoints >= this.options.loginFailuresPerAccount)
      throw tooMany(res, account, 'too many failed logins for this account: try again later');
    if (ip && ip.consumedPoints >= this.options.loginFailuresPerIp) throw tooMany(res, ip, 'too many failed logins from this address: try again later');
  }

  async failed(req: Request, email: string, log: Logger): Promise<void> {
    const [account, ip] = await Promise.all([this.byAccount.penalty(email), this.byIp.penalty(req.ip ?? '')]);
    if (account.consumedPoints === this.options.loginFailuresPerAccount) {
      log.warn({ email, ip: req.ip, seconds: secondsUntil(account) }, 'login locked out for an account after repeated wrong passwords');
    }
    if (ip.consumedPoints === this.options.loginFailuresPerIp) {
      log.warn({ ip: req.ip, seconds: secondsUntil(ip) }, 'login locked out for a client address after repeated wrong passwords');
    }
  }

  async succeeded(email: string): Promise<void> {
    await this.byAccount.delete(email);
  }
}

/**
 * Per-caller request rate limit with the IETF `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` headers
 * on every answer, and 429 RATE_LIMITED with Retry-After past the limit. Runs after authentication.
 */
export function requestRateLimit(requestsPerMinute: number) {
  const limiter = new RateLimiterMemory({ keyPrefix: 'requests', points: requestsPerMinute, duration: 60 });
  return async (req: Request, res: Response, next: NextFunction) => {
    const principal = contextOf(res).principal;
    // Keys are counted by their id (the secret itself is never kept), sessions by their user.
    const caller = principal ? (principal.apiKey ? `key:${principal.apiKey.id.toHexString()}` : `user:${principal.userId?.toHexString()}`) : `ip:${req.ip}`;
    let result: RateLimiterRes;
    let limited = false;
    try {
      result = await limiter.consume(caller);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) return next(rejection);
      result = rejection;
      limited = true;
    }
    res.setHeader('RateLimit-Limit', String(requestsPerMinute));
    res.setHeader('RateLimit-Remaining', String(Math.max(0, result.remainingPoints)));
    res.setHeader('RateLimit-Reset', String(secondsUntil(result)));
    next(limited ? tooMany(res, result, `more than ${requestsPerMinute} requests in a minute: slow down`) : undefined);
  };
}
