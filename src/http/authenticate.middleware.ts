import { parse as parseCookie } from 'cookie';
import type { Request } from 'express';
import { checkCsrf, principalForKeyHash, principalForSession } from '../domain/auth/authenticate';
import { tokenHash } from '../domain/auth/auth.secrets';
import type { Principal } from '../domain/context';
import { UnauthenticatedError } from '../domain/errors';
import type { Store } from '../store/store';
import type { RememberedKeys } from './remembered-keys';

export const SESSION_COOKIE = 'sid';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A cookie's value; one that does not decode is kept as sent (it then matches no session: 401, never a crash). */
export function readCookie(req: Request, name: string): string | undefined {
  return readCookieHeader(req.headers.cookie, name);
}

/** readCookie for a raw Cookie header (a WebSocket handshake is no Express request). */
export function readCookieHeader(header: string | undefined, name: string): string | undefined {
  return parseCookie(header ?? '')[name];
}

/** Who a request acts for, and the outcome of checking it against the store. */
export interface Authentication {
  principal: Principal | null;
  /**
   * While the store's check of the credentials is still running: settles once it confirms them, rejects with the
   * reason when it no longer accepts them. Absent when the check is done.
   */
  verified?: Promise<void>;
}

/**
 * The caller behind a request: `X-API-Key`, else the session cookie (whose state-changing requests must carry
 * `X-CSRF-Token`). No credentials → null (resolvers then answer UNAUTHENTICATED); bad credentials throw.
 */
export async function authenticate(req: Request, store: Store, now: Date, keys: RememberedKeys, unknownKey?: UnknownKeyCount): Promise<Authentication> {
  const key = req.get('x-api-key');
  // An empty header counts as none (GraphiQL sends one until a key is pasted), so introspection still works.
  if (key) return authenticateKey(store, key, now, keys, unknownKey);
  const token = readCookie(req, SESSION_COOKIE);
  if (!token) return { principal: null };
  const { principal, csrfHash } = await principalForSession(store, token, now);
  if (!SAFE_METHODS.has(req.method)) checkCsrf(csrfHash, req.get('x-csrf-token'));
  return { principal };
}

/** Counts a key the store refused; throws instead of the 401 when its sender has sent too many (see throttle.ts). */
export type UnknownKeyCount = () => Promise<void>;

/**
 * An API key's caller. The store is asked on every request. A key it accepted before does not wait for the answer:
 * the request starts with the principal remembered for it, its reads going out beside the key's lookup instead of
 * after it, and `verified` carries the lookup's outcome, which every write and every answer waits for.
 */
async function authenticateKey(store: Store, key: string, now: Date, keys: RememberedKeys, unknownKey?: UnknownKeyCount): Promise<Authentication> {
  const hash = tokenHash(key);
  const lookup = principalForKeyHash(store, hash, now);
  const remembered = keys.get(hash);
  if (!remembered) {
    const principal = await lookup.catch(async (error: unknown) => {
      // Only keys never accepted here are counted: a guess is one of them.
      if (unknownKey && error instanceof UnauthenticatedError) await unknownKey();
      throw error;
    });
    keys.remember(hash, principal);
    return { principal };
  }
  const verified = lookup.then(
    (principal) => {
      if (samePrincipal(principal, remembered)) return keys.remember(hash, principal);
      // Keys are never edited once issued; should one be changed in the database, nothing run with its old rights leaves.
      keys.forget(hash);
      throw new UnauthenticatedError('the API key changed while the request ran: send it again');
    },
    (error: unknown) => {
      keys.forget(hash);
      throw error;
    },
  );
  // Answers await it; a request that ends otherwise (its client gone) must not leave it unhandled.
  verified.catch(() => undefined);
  return { principal: remembered, verified };
}

function samePrincipal(a: Principal, b: Principal): boolean {
  return (
    a.accountId.equals(b.accountId) &&
    String(a.userId) === String(b.userId) &&
    String(a.apiKey?.id) === String(b.apiKey?.id) &&
    a.scopes.size === b.scopes.size &&
    [...a.scopes].every((scope) => b.scopes.has(scope))
  );
}
