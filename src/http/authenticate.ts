import { parse as parseCookie } from 'cookie';
import type { Request } from 'express';
import { checkCsrf, principalForApiKey, principalForSession } from '../domain/auth/authenticate';
import type { Principal } from '../domain/context';
import type { Store } from '../store/store';

export const SESSION_COOKIE = 'sid';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A cookie's value; one that does not decode is kept as sent (it then matches no session: 401, never a crash). */
export function readCookie(req: Request, name: string): string | undefined {
  return parseCookie(req.headers.cookie ?? '')[name];
}

/**
 * The caller behind a request: `X-API-Key`, else the session cookie (whose state-changing requests must carry
 * `X-CSRF-Token`). No credentials → null (resolvers then answer UNAUTHENTICATED); bad credentials throw.
 */
export async function authenticate(req: Request, store: Store, now: Date): Promise<Principal | null> {
  const key = req.get('x-api-key');
  // An empty header counts as none (GraphiQL sends one until a key is pasted), so introspection still works.
  if (key) return principalForApiKey(store, key, now);
  const token = readCookie(req, SESSION_COOKIE);
  if (!token) return null;
  const { principal, csrfHash } = await principalForSession(store, token, now);
  if (!SAFE_METHODS.has(req.method)) checkCsrf(csrfHash, req.get('x-csrf-token'));
  return principal;
}
