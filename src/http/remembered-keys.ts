import type { Principal } from '../domain/context';

/** How many keys are remembered; past it, the one confirmed longest ago is dropped. */
const CAPACITY = 10_000;

/**
 * The principals of API keys the store recently accepted, by key hash. An issued key never changes (it can only be
 * revoked), so what is remembered is what the store answers for as long as the key stands. It is never taken on
 * trust: the store is still asked on every request (see authenticate), and a key it refuses is forgotten.
 */
export class RememberedKeys {
  private readonly principals = new Map<string, Principal>();

  constructor(private readonly capacity = CAPACITY) {}

  get(hash: string): Principal | undefined {
    return this.principals.get(hash);
  }

  remember(hash: string, principal: Principal): void {
    // Re-inserted, so that the oldest entry is always the one confirmed longest ago.
    this.principals.delete(hash);
    this.principals.set(hash, principal);
    if (this.principals.size > this.capacity) this.principals.delete(this.principals.keys().next().value as string);
  }

  forget(hash: string): void {
    this.principals.delete(hash);
  }

  get size(): number {
    return this.principals.size;
  }
}
