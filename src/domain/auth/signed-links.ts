import { timingSafeEqual } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { requirePrincipal, type Principal, type RequestContext } from '../context';
import { ForbiddenError, UnauthenticatedError, ValidationError } from '../errors';
import type { SecretBox } from '../secrets';
import type { Scope } from './scopes';

/**
 * Signed download links: a URL a browser opens with a plain `<a href>`, no header, for a few minutes. The signature
 * (HMAC-SHA256 under a key derived from the secrets key, see SecretBox.sign) covers the whole URL up to it: path,
 * query, account, scope and expiry, so changing any of them voids it. It opens one download route of one account
 * with one scope, which the signer held; nothing is stored, so every gateway over the store honours it alike.
 */

export const LINK_SECONDS = 300;
const PURPOSE = 'signed download link v1';
/** The signed tail of a link: account, scope and expiry, then the signature, in this order and last. */
const TAIL = /[?&]x-account=([0-9a-f]{24})&x-scope=([a-z_]+:(?:read|write))&x-expires=(\d{1,12})&x-signature=([\w-]{43})$/;
/** The downloads a link may open (the REST routes answering a file), and the scope each needs. */
const DOWNLOADS: Array<[RegExp, Scope]> = [
  [/^\/api\/v1\/(?:accounting|iva)\/[\w./-]*\/export\/$/, 'accounting:read'],
  [/^\/api\/v1\/accounting\/retenciones-percepciones\/certificates\/[\w-]+\/(?:pdf|html)\/$/, 'accounting:read'],
  [/^\/api\/v1\/iva\/export\/[\w-]+\/[\w-]+\/$/, 'accounting:read'],
  [/^\/api\/v1\/delivery_notes\/[\w-]+\/pdf\/$/, 'delivery_notes:read'],
];

export interface SignedLink {
  url: string;
  expiresAt: Date;
}

/** A link to the download at `target` (path and query, below the host) for the caller, valid for LINK_SECONDS. */
export function signLink(context: RequestContext, target: string): SignedLink {
  const principal = requirePrincipal(context);
  const [path, query] = splitTarget(target);
  const scope = DOWNLOADS.find(([pattern]) => pattern.test(path))?.[1];
  if (!scope)
    throw new ValidationError('path is not a download route: an …/export/ or …/pdf/ route below /api/v1', [{ path: 'path', message: 'not a download route' }]);
  if (/(?:^|&)x-(?:account|scope|expires|signature)=/.test(query))
    throw new ValidationError('the query already holds a signature’s parameters', [{ path: 'path', message: 'holds x-signature parameters' }]);
  if (!principal.scopes.has(scope)) throw new ForbiddenError(`this download needs the scope ${scope}`);
  const expires = Math.floor(context.now().getTime() / 1000) + LINK_SECONDS;
  const unsigned = `${path}?${query ? `${query}&` : ''}x-account=${principal.accountId.toHexString()}&x-scope=${scope}&x-expires=${expires}`;
  return { url: `${unsigned}&x-signature=${context.secrets.sign(PURPOSE, unsigned)}`, expiresAt: new Date(expires * 1000) };
}

/** The path and the query of a target (the path's own pattern, in DOWNLOADS, says where it starts). */
function splitTarget(target: string): [string, string] {
  if (target.length > 2000 || /[\s#]/.test(target))
    throw new ValidationError('path must be a URL path (and query) below the host', [{ path: 'path', message: 'not a URL path' }]);
  const [path, ...query] = target.split('?');
  return [path, query.join('?')];
}

/** Whether a request URL carries a link's signature (then it is judged as one, never as anonymous). */
export function carriesSignature(url: string): boolean {
  return /[?&]x-signature=/.test(url);
}

/**
 * The caller a signed URL (as the request sent it: path and query) stands for, and the URL without its signed
 * tail for the route to read. A signature that does not match is LINK_INVALID (403); a matching one past its time
 * LINK_EXPIRED (401).
 */
export function principalOfLink(secrets: SecretBox, url: string, now: Date): { principal: Principal; url: string } {
  const tail = TAIL.exec(url);
  if (!tail) throw new ForbiddenError('the download link is malformed', [], 'LINK_INVALID');
  const [, account, scope, expires, signature] = tail;
  const unsigned = url.slice(0, url.length - '&x-signature='.length - signature.length);
  // Both are 43 characters (the pattern holds the sent one to it): compared in a time independent of where they differ.
  if (!timingSafeEqual(Buffer.from(secrets.sign(PURPOSE, unsigned)), Buffer.from(signature)))
    throw new ForbiddenError('the download link was altered or is for another address', [], 'LINK_INVALID');
  if (Number(expires) * 1000 <= now.getTime()) throw new UnauthenticatedError('the download link has expired: ask for a new one', [], 'LINK_EXPIRED');
  return {
    principal: { accountId: new ObjectId(account), userId: null, scopes: new Set([scope as Scope]), via: 'signed_link' },
    url: url.slice(0, tail.index),
  };
}
