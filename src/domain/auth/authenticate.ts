import { ObjectId } from 'mongodb';
import type { ApiKeyDocument, SessionDocument, UserDocument } from '../../store/accounts.store';
import type { Store } from '../../store/store';
import type { Principal } from '../context';
import { ForbiddenError, UnauthenticatedError } from '../errors';
import { newToken, tokenHash, UNMATCHABLE_PASSWORD_HASH, verifyPassword } from './auth.secrets';
import { isScope, ROLES, type Role } from './scopes';

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** last_used_at is written at most this often per key, so authentication does not cost a write per request. */
const LAST_USED_RESOLUTION_MS = 60_000;

export function principalForApiKey(store: Store, key: string, now: Date): Promise<Principal> {
  return principalForKeyHash(store, tokenHash(key), now);
}

/** principalForApiKey for a key already hashed (tokenHash). */
export async function principalForKeyHash(store: Store, keyHash: string, now: Date): Promise<Principal> {
  const doc = await store.collection<ApiKeyDocument>('api_keys').findOne({ key_hash: keyHash });
  if (!doc || doc.revoked_at) throw new UnauthenticatedError('unknown or revoked API key');
  if (!doc.last_used_at || now.getTime() - doc.last_used_at.getTime() > LAST_USED_RESOLUTION_MS) {
    await store.collection<ApiKeyDocument>('api_keys').updateOne({ _id: doc._id }, { $set: { last_used_at: now } });
  }
  return {
    accountId: doc.account_id,
    userId: doc.user_id,
    scopes: new Set(doc.scopes.filter(isScope)),
    via: 'api_key',
    apiKey: { id: doc._id, name: doc.name },
  };
}

export interface SessionPrincipal {
  principal: Principal;
  csrfHash: string;
}

export async function principalForSession(store: Store, token: string, now: Date): Promise<SessionPrincipal> {
  const session = await store.collection<SessionDocument>('sessions').findOne({ token_hash: tokenHash(token) });
  if (!session || session.expires_at <= now) throw new UnauthenticatedError('session expired or unknown: log in again');
  const user = await store.collection<UserDocument>('users').findOne({ _id: session.user_id });
  if (!user) throw new UnauthenticatedError('session user no longer exists');
  return {
    principal: { accountId: session.account_id, userId: user._id, scopes: new Set(user.role in ROLES ? ROLES[user.role as Role] : []), via: 'session' },
    csrfHash: session.csrf_hash,
  };
}

export function checkCsrf(csrfHash: string, header: string | undefined): void {
  if (!header || tokenHash(header) !== csrfHash) {
    throw new ForbiddenError('a state-changing request with a session cookie needs the X-CSRF-Token header from login', [], 'CSRF_TOKEN_INVALID');
  }
}

export interface LoginResult {
  sessionToken: string;
  csrfToken: string;
  expiresAt: Date;
  user: { id: string; email: string; role: string; account_id: string };
}

export async function login(store: Store, email: unknown, password: unknown, now: Date): Promise<LoginResult> {
  if (typeof email !== 'string' || typeof password !== 'string') throw new UnauthenticatedError('wrong email or password');
  const user = await store.collection<UserDocument>('users').findOne({ email: email.trim().toLowerCase() });
  // An unknown email costs one check too: the time of the answer must not tell which emails have an account.
  const matches = await verifyPassword(password, user?.password_hash ?? UNMATCHABLE_PASSWORD_HASH);
  if (!user || !matches) throw new UnauthenticatedError('wrong email or password');
  // Expired sessions of this user are dropped here, so the collection does not grow without bound.
  await store.collection<SessionDocument>('sessions').deleteMany({ user_id: user._id, expires_at: { $lte: now } });
  const sessionToken = newToken('ses');
  const csrfToken = newToken('csrf');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await store.collection<SessionDocument>('sessions').insertOne({
    _id: new ObjectId(),
    account_id: user.account_id,
    user_id: user._id,
    token_hash: tokenHash(sessionToken),
    csrf_hash: tokenHash(csrfToken),
    created_at: now,
    expires_at: expiresAt,
  });
  return {
    sessionToken,
    csrfToken,
    expiresAt,
    user: { id: user._id.toHexString(), email: user.email, role: user.role, account_id: user.account_id.toHexString() },
  };
}

/**
 * Ends a session. Like any state-changing request made with the cookie it needs the session's X-CSRF-Token, so
 * another site cannot sign the user out; a session that is already gone needs nothing.
 */
export async function logout(store: Store, token: string, csrfHeader: string | undefined): Promise<void> {
  const session = await store.collection<SessionDocument>('sessions').findOne({ token_hash: tokenHash(token) });
  if (!session) return;
  checkCsrf(session.csrf_hash, csrfHeader);
  await store.collection<SessionDocument>('sessions').deleteOne({ _id: session._id });
}

/** A user as stored (what resolvers map to their GraphQL shape). */
export type UserRecord = UserDocument;
