import type { ObjectId } from 'mongodb';
import type { Logger } from '../logger';
import { Loaders } from '../store/loaders';
import type { Store } from '../store/store';
import type { Scope } from './auth/scopes';
import { UnauthenticatedError } from './errors';
import type { SecretBox } from './secrets';
import type { AfipServices } from './taxpayer-data/afip-port';

/** Who is calling: an API key or a web-panel session, always acting for one account. */
export interface Principal {
  accountId: ObjectId;
  userId: ObjectId | null;
  scopes: ReadonlySet<Scope>;
  /** `signed_link`: a download opened by a link the account signed (src/domain/auth/signed-links.ts). */
  via: 'api_key' | 'session' | 'signed_link';
  /** The API key's id and name, when called with one (records say who wrote them). */
  apiKey?: { id: ObjectId; name: string };
}

/** Everything a resolver or service needs for one request; shared by GraphQL and REST. */
export interface RequestContext {
  requestId: string;
  log: Logger;
  store: Store;
  principal: Principal | null;
  /**
   * Settles once the store has confirmed the principal's credentials, and rejects with the reason when it no longer
   * accepts them. Already settled, except while an API key the store accepted before is checked again beside the
   * request's reads: until then `store` holds back every write, and no answer leaves.
   */
  verified: Promise<void>;
  /** The clock, injectable so tests can move time. */
  now: () => Date;
  /** Encrypts the secrets the service keeps (certificate private keys). */
  secrets: SecretBox;
  /** The ARCA/AFIP web services (WSAA, WSFEv1); absent where a context never reaches them. */
  afip?: AfipServices;
  /** Platform-wide values from the configuration. */
  platform: PlatformSettings;
  loaders(): Loaders;
}

export interface PlatformSettings {
  /**
   * FCE MiPyME minimum amount in ARS that overrides the published table (src/domain/fce/minimum.ts) for accounts that
   * hold none of their own; unset, the table's row in force on the voucher's date applies.
   */
  fceMinThresholdArs?: number;
  /** Every write of a record needs `If-Match` (REST) or `ifMatch` (GraphQL); without it, 428 PRECONDITION_REQUIRED. */
  requireIfMatch?: boolean;
}

const VERIFIED = Promise.resolve();

export function createContext(init: Omit<RequestContext, 'loaders' | 'verified'> & { verified?: Promise<void> }): RequestContext {
  let loaders: Loaders | undefined;
  return {
    ...init,
    verified: init.verified ?? VERIFIED,
    store: init.verified ? init.store.writesAfter(init.verified) : init.store,
    loaders() {
      loaders ??= new Loaders(init.store, requirePrincipal(this).accountId);
      return loaders;
    },
  };
}

/** Why the store refused the caller's credentials after the request started (see `verified`), or undefined. */
export function refusalOf(context: Pick<RequestContext, 'verified'> | undefined): Promise<unknown> {
  return (context?.verified ?? VERIFIED).then(
    () => undefined,
    (error: unknown) => error,
  );
}

export function requirePrincipal(context: Pick<RequestContext, 'principal'>): Principal {
  if (!context.principal) throw new UnauthenticatedError();
  return context.principal;
}
