import { type RateLimiterMongo, RateLimiterRes } from 'rate-limiter-flexible';

/** The share of a limit one process takes from the store at a time. */
const LEASE_SHARE = 20;

export interface Taken {
  limited: boolean;
  /** Points left in the window as this process sees them: the store's count, plus what its lease still holds. */
  remaining: number;
  msBeforeNext: number;
}

interface Lease {
  /** When the store's window ends (the lease ends with it). */
  until: number;
  /** Points of the lease not used yet. */
  left: number;
  /** The store's remaining points when the lease was taken. */
  remaining: number;
}

/**
 * Points of a store counter taken by each process in blocks (a twentieth of the limit), so that a busy caller costs
 * the store one write per block of requests instead of one per request. The store counts every leased point, so
 * however many processes serve a caller, no more than the limit is ever let through in a window; a process that
 * stops, or leases points it does not use before the window ends, only lets fewer through (at most a block each).
 * A block that does not fit whole keeps the points that do and gives the rest back. With a limit under 40 a block is
 * one point: every request is one store write, counted exactly as it happens.
 */
export class LeasedPoints {
  private readonly leases = new Map<string, Lease>();
  private readonly pending = new Map<string, Promise<Taken | undefined>>();
  private readonly block: number;

  constructor(
    private readonly limiter: RateLimiterMongo,
    private readonly points: number,
  ) {
    this.block = Math.max(1, Math.floor(points / LEASE_SHARE));
  }

  async take(key: string): Promise<Taken> {
    for (;;) {
      const now = Date.now();
      const lease = this.leases.get(key);
      if (lease && lease.until > now && lease.left > 0) {
        lease.left--;
        return { limited: false, remaining: lease.remaining + lease.left, msBeforeNext: lease.until - now };
      }
      // Requests of one caller arriving together wait for one lease rather than each taking a block of its own.
      const pending = this.pending.get(key);
      if (pending) {
        const refused = await pending;
        if (refused) return refused;
        continue;
      }
      const leasing = this.renew(key);
      this.pending.set(key, leasing);
      try {
        const refused = await leasing;
        if (refused) return refused;
      } finally {
        this.pending.delete(key);
      }
    }
  }

  /** Takes the next block from the store: the refusal when none of it fits, else undefined (the lease is set). */
  private async renew(key: string): Promise<Taken | undefined> {
    this.leases.delete(key);
    let result: RateLimiterRes;
    try {
      result = await this.limiter.consume(key, this.block);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      // The points that fit before the limit are kept and the rest of the block is given back; when none fit, one
      // stays counted, as every refused request's point does.
      const over = Math.min(this.block, rejection.consumedPoints - this.points);
      const granted = this.block - over;
      if (this.block > 1) await this.limiter.reward(key, granted > 0 ? over : this.block - 1);
      if (granted <= 0) return { limited: true, remaining: 0, msBeforeNext: rejection.msBeforeNext };
      this.lease(key, granted, 0, rejection.msBeforeNext);
      return undefined;
    }
    this.lease(key, this.block, result.remainingPoints, result.msBeforeNext);
    return undefined;
  }

  private lease(key: string, points: number, remaining: number, msBeforeNext: number): void {
    this.leases.set(key, { until: Date.now() + msBeforeNext, left: points, remaining });
    // Leases of callers gone quiet are dropped as they are found expired; bounded, all of them when it grows past.
    if (this.leases.size > 100_000) this.leases.clear();
  }
}
