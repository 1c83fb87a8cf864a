import type { NextFunction, Request, Response } from 'express';
import type { Store } from '../store/store';
import { LeasedPoints } from './leased-points';
import { contextOf } from './request-context';
import { counter, secondsUntil, tooMany } from './throttle';

/**
 * Per-caller request rate limit with the IETF `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` headers
 * on every answer, and 429 RATE_LIMITED with Retry-After past the limit. Runs after authentication.
 */
export function requestRateLimit(store: Store, requestsPerMinute: number) {
  const limiter = new LeasedPoints(counter(store, 'throttle_requests', requestsPerMinute, 60), requestsPerMinute);
  return async (req: Request, res: Response, next: NextFunction) => {
    const principal = contextOf(res).principal;
    // Keys are counted by their id (the secret itself is never kept), sessions by their user.
    const caller = principal ? (principal.apiKey ? `key:${principal.apiKey.id.toHexString()}` : `user:${principal.userId?.toHexString()}`) : `ip:${req.ip}`;
    let taken: Awaited<ReturnType<LeasedPoints['take']>>;
    try {
      taken = await limiter.take(caller);
    } catch (error) {
      return next(error);
    }
    res.setHeader('RateLimit-Limit', String(requestsPerMinute));
    res.setHeader('RateLimit-Remaining', String(Math.max(0, taken.remaining)));
    res.setHeader('RateLimit-Reset', String(secondsUntil(taken)));
    next(taken.limited ? tooMany(res, taken, `more than ${requestsPerMinute} requests in a minute: slow down`) : undefined);
  };
}
