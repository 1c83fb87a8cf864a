import type { NextFunction, Request, Response } from 'express';
import type { Store } from '../store/store';
import { contextOf } from './request-context';
import { counter, secondsUntil, take, tooMany } from './throttle';

/**
 * Per-caller request rate limit with the IETF `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` headers
 * on every answer, and 429 RATE_LIMITED with Retry-After past the limit. Runs after authentication.
 */
export function requestRateLimit(store: Store, requestsPerMinute: number) {
  const limiter = counter(store, 'throttle_requests', requestsPerMinute, 60);
  return async (req: Request, res: Response, next: NextFunction) => {
    const principal = contextOf(res).principal;
    // Keys are counted by their id (the secret itself is never kept), sessions by their user.
    const caller = principal ? (principal.apiKey ? `key:${principal.apiKey.id.toHexString()}` : `user:${principal.userId?.toHexString()}`) : `ip:${req.ip}`;
    let taken: Awaited<ReturnType<typeof take>>;
    try {
      taken = await take(limiter, caller);
    } catch (error) {
      return next(error);
    }
    const { result, limited } = taken;
    res.setHeader('RateLimit-Limit', String(requestsPerMinute));
    res.setHeader('RateLimit-Remaining', String(Math.max(0, result.remainingPoints)));
    res.setHeader('RateLimit-Reset', String(secondsUntil(result)));
    next(limited ? tooMany(res, result, `more than ${requestsPerMinute} requests in a minute: slow down`) : undefined);
  };
}
