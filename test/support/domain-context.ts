import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { createContext, type Principal, type RequestContext } from '../../src/domain/context';
import { SecretBox } from '../../src/domain/secrets';
import type { AfipServices } from '../../src/domain/taxpayer-data/afip-port';
import { createLogger } from '../../src/logger';
import type { Store } from '../../src/store/store';

/** One box for a suite: what a context seals, another context of the suite opens. */
export const SUITE_SECRETS = new SecretBox(randomBytes(32));

export interface DomainCaller {
  accountId?: ObjectId;
  userId?: ObjectId | null;
  apiKey?: Principal['apiKey'];
  now?: () => Date;
  afip?: AfipServices;
  fceMinThresholdArs?: number;
}

/**
 * A request's context over a suite's own store, built as the HTTP layer builds one (src/http/request-context.ts):
 * a principal acting for one account with every scope, a clock the test sets, and the ARCA client when given.
 */
export function domainContext(store: Store, caller: DomainCaller = {}): RequestContext {
  return createContext({
    requestId: 'domain-suite',
    log: createLogger('silent'),
    store,
    principal: {
      accountId: caller.accountId ?? new ObjectId(),
      userId: caller.userId ?? null,
      scopes: new Set(),
      via: caller.apiKey ? 'api_key' : 'session',
      apiKey: caller.apiKey,
    },
    now: caller.now ?? (() => new Date()),
    secrets: SUITE_SECRETS,
    afip: caller.afip,
    platform: { fceMinThresholdArs: caller.fceMinThresholdArs },
  });
}
