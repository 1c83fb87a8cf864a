import { type IndexDescription, ObjectId } from 'mongodb';
import { createContext, type RequestContext } from '../../../src/domain/context';
import { SecretBox } from '../../../src/domain/secrets';
import { createLogger } from '../../../src/logger';
import { COLLECTIONS } from '../../../src/store/catalog';
import type { Store } from '../../../src/store/store';

/**
 * A request of one account over a suite's own store, as the HTTP layer builds it (src/http/request-context.ts): a
 * web-panel user by default, or an API key of the account when `userId` is null.
 */
export function contextOn(store: Store, accountId: ObjectId, options: { userId?: ObjectId | null; now?: () => Date } = {}): RequestContext {
  return createContext({
    requestId: 'iva-domain',
    log: createLogger('silent'),
    store,
    principal: { accountId, userId: options.userId === undefined ? new ObjectId() : options.userId, scopes: new Set(), via: 'session' },
    now: options.now ?? (() => new Date('2026-01-15T12:00:00Z')),
    secrets: new SecretBox(Buffer.alloc(32, 7)),
    platform: {},
  });
}

/** The error a promise rejects with (fails the test when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<Error & { code?: string; details?: Array<{ path: string; message: string }> }> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a refusal');
}

/** The VAT books' own indexes as the catalogue declares them (the unique ones the code relies on among them). */
export async function ivaIndexes(store: Store): Promise<void> {
  for (const name of ['iva_config', 'iva_periods', 'iva_book_entries', 'iva_book_totals', 'iva_summaries'] as const)
    await store.db.collection(name).createIndexes(COLLECTIONS[name] as IndexDescription[]);
}
