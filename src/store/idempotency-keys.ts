import { ObjectId } from 'mongodb';
import type { SealedSecret } from './sealed';
import { isDuplicateKeyError, type Store } from './store';

/** An answer as kept for replay: its status, the headers that mean something to a client, the body sealed. */
export interface KeptAnswer {
  status: number;
  headers: Record<string, string>;
  body: SealedSecret;
}

/** The record of one idempotency key of an account. */
export interface IdempotencyRecord {
  _id: ObjectId;
  account_id: ObjectId;
  key: string;
  /** The request's fingerprint; null while an upload's body is still being read (it is known once it has been). */
  fingerprint: string | null;
  state: 'running' | 'done';
  /** Who holds a running key: only that request may complete or release it (a later one may have taken it over). */
  claim: ObjectId;
  /** A running key whose lease ends unrenewed belonged to a request whose process stopped: it may be taken over. */
  lease_until: Date;
  /** The TTL index removes the record then. */
  expires_at: Date;
  answer?: KeptAnswer;
}

export type Claim = { claimed: true; claim: ObjectId } | { claimed: false; record: IdempotencyRecord };

/** How long a key and its answer are kept, and how long a running request's lease lasts between renewals. */
export const KEPT_MS = 24 * 3600 * 1000;
export const LEASE_MS = 30 * 1000;

/** The idempotency keys of one account: claimed atomically (the unique index), completed or released by their claim. */
export class IdempotencyKeys {
  constructor(
    private readonly store: Store,
    private readonly accountId: ObjectId,
  ) {}

  private get collection() {
    return this.store.collection<IdempotencyRecord>('idempotency_keys');
  }

  /**
   * Claims `key` for a request, or answers the record that holds it. A record past its keeping, or running under a
   * lease nobody renewed, is taken over (its holder's process stopped): conditionally, so of two requests taking it
   * over one wins.
   */
  async claim(key: string, fingerprint: string | null, now: Date): Promise<Claim> {
    const claim = new ObjectId();
    const fresh = {
      fingerprint,
      state: 'running' as const,
      claim,
      lease_until: new Date(now.getTime() + LEASE_MS),
      expires_at: new Date(now.getTime() + KEPT_MS),
    };
    try {
      await this.collection.insertOne({ _id: new ObjectId(), account_id: this.accountId, key, ...fresh });
      return { claimed: true, claim };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    const record = await this.collection.findOne({ account_id: this.accountId, key });
    // Removed between the insert and the read (its keeping ended): the next attempt finds the key free.
    if (!record) return this.claim(key, fingerprint, now);
    const abandoned = record.expires_at <= now || (record.state === 'running' && record.lease_until <= now);
    if (!abandoned) return { claimed: false, record };
    const taken = await this.collection.findOneAndUpdate(
      { _id: record._id, claim: record.claim, state: record.state },
      { $set: fresh, $unset: { answer: '' } },
    );
    return taken ? { claimed: true, claim } : this.claim(key, fingerprint, now);
  }

  /** Keeps a running request's claim alive. */
  async renew(key: string, claim: ObjectId, now: Date): Promise<void> {
    await this.collection.updateOne(
      { account_id: this.accountId, key, claim, state: 'running' },
      { $set: { lease_until: new Date(now.getTime() + LEASE_MS) } },
    );
  }

  /** Keeps the answer: later requests with the key and the same fingerprint get it replayed. */
  async complete(key: string, claim: ObjectId, fingerprint: string, answer: KeptAnswer): Promise<void> {
    await this.collection.updateOne({ account_id: this.accountId, key, claim, state: 'running' }, { $set: { state: 'done', fingerprint, answer } });
  }

  /** Frees the key (the request was refused or failed): the next request with it runs. */
  async release(key: string, claim: ObjectId): Promise<void> {
    await this.collection.deleteOne({ account_id: this.accountId, key, claim, state: 'running' });
  }
}
