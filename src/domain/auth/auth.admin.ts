import { ObjectId, type Collection, type Document, type OptionalUnlessRequiredId } from 'mongodb';
import type { AccountDocument, ApiKeyDocument, UserDocument } from '../../store/accounts.store';
import { parseId } from '../../store/ids';
import { isDuplicateKeyError, type Store } from '../../store/store';
import { normalizeCuit } from '../cuit';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { hashPassword, newToken, tokenHash } from './auth.secrets';
import { ROLES, type Role, type Scope } from './scopes';

/** Administrative operations (the admin CLI, first start): they act on the store directly, not for a request. */

function requireId(text: string, what: string): ObjectId {
  const id = parseId(text);
  if (!id) throw new NotFoundError(`${what} ${text} not found`);
  return id;
}

/** Inserts a document whose unique index may refuse it; a duplicate becomes a CONFLICT with `message`. */
async function insertUnique<T extends Document>(collection: Collection<T>, doc: OptionalUnlessRequiredId<T>, message: string): Promise<void> {
  try {
    await collection.insertOne(doc);
  } catch (error) {
    if (isDuplicateKeyError(error)) throw new ConflictError(message);
    throw error;
  }
}

async function requireAccount(store: Store, accountId: string): Promise<ObjectId> {
  const id = requireId(accountId, 'account');
  if (!(await store.collection<AccountDocument>('accounts').findOne({ _id: id }))) throw new NotFoundError(`account ${accountId} not found`);
  return id;
}

export async function createAccount(store: Store, input: { name: string; cuit: string }, now = new Date()): Promise<ObjectId> {
  const name = input.name?.trim();
  if (!name || name.length < 2 || name.length > 200)
    throw new ValidationError('name must be 2 to 200 characters', [{ path: 'name', message: 'must be 2 to 200 characters' }]);
  const cuit = normalizeCuit(input.cuit ?? '');
  if (!cuit) throw new ValidationError(`${input.cuit} is not a valid CUIT`, [{ path: 'cuit', message: 'not a valid CUIT (11 digits, módulo 11 check digit)' }]);
  const doc: AccountDocument = { _id: new ObjectId(), name, cuit, settings: { widgets: {} }, created_at: now, updated_at: now };
  await insertUnique(store.collection<AccountDocument>('accounts'), doc, `an account with CUIT ${cuit} already exists`);
  return doc._id;
}

export async function createUser(
  store: Store,
  input: { accountId: string; email: string; password: string; role?: Role },
  now = new Date(),
): Promise<ObjectId> {
  const accountId = await requireAccount(store, input.accountId);
  const email = input.email?.trim().toLowerCase();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new ValidationError(`${input.email} is not a valid email`, [{ path: 'email', message: 'not a valid email' }]);
  if (!input.password || input.password.length < 8)
    throw new ValidationError('password must have at least 8 characters', [{ path: 'password', message: 'at least 8 characters' }]);
  const role = input.role ?? 'owner';
  if (!(role in ROLES)) throw new ValidationError(`unknown role ${role}`, [{ path: 'role', message: `one of ${Object.keys(ROLES).join(', ')}` }]);
  const doc: UserDocument = {
    _id: new ObjectId(),
    account_id: accountId,
    email,
    password_hash: await hashPassword(input.password),
    role,
    created_at: now,
    updated_at: now,
  };
  await insertUnique(store.collection<UserDocument>('users'), doc, `a user with email ${email} already exists`);
  return doc._id;
}

/** A new API key: the key itself is returned once and only its hash is kept. */
export async function createApiKey(
  store: Store,
  input: { accountId: string; scopes: Scope[]; userId?: string; name?: string },
  now = new Date(),
): Promise<{ id: ObjectId; key: string }> {
  const accountId = await requireAccount(store, input.accountId);
  let userId: ObjectId | null = null;
  if (input.userId) {
    userId = requireId(input.userId, 'user');
    if (!(await store.collection<UserDocument>('users').findOne({ _id: userId, account_id: accountId }))) {
      throw new NotFoundError(`user ${input.userId} not found in account ${input.accountId}`);
    }
  }
  if (input.scopes.length === 0) throw new ValidationError('an API key needs at least one scope', [{ path: 'scopes', message: 'at least one scope' }]);
  const key = newToken('sk');
  const doc: ApiKeyDocument = {
    _id: new ObjectId(),
    account_id: accountId,
    user_id: userId,
    name: input.name?.trim() || 'API key',
    scopes: input.scopes,
    key_hash: tokenHash(key),
    created_at: now,
    last_used_at: null,
    revoked_at: null,
  };
  await store.collection<ApiKeyDocument>('api_keys').insertOne(doc);
  return { id: doc._id, key };
}

export async function revokeApiKey(store: Store, id: string, now = new Date()): Promise<void> {
  const result = await store
    .collection<ApiKeyDocument>('api_keys')
    .updateOne({ _id: requireId(id, 'API key'), revoked_at: null }, { $set: { revoked_at: now } });
  if (result.matchedCount === 0) throw new NotFoundError(`API key ${id} not found or already revoked`);
}

export async function setWidget(store: Store, accountId: string, widget: string, active: boolean, now = new Date()): Promise<void> {
  if (!/^[a-z][a-z0-9_]{0,49}$/.test(widget))
    throw new ValidationError(`invalid widget name ${widget}`, [{ path: 'widget', message: 'lowercase letters, digits and _' }]);
  const id = await requireAccount(store, accountId);
  await store.collection<AccountDocument>('accounts').updateOne({ _id: id }, { $set: { [`settings.widgets.${widget}`]: active, updated_at: now } });
}

/** Whether stock may go below zero in this account (refused with 409 INSUFFICIENT_STOCK otherwise). */
export async function setAllowNegativeStock(store: Store, accountId: string, allow: boolean, now = new Date()): Promise<void> {
  const id = await requireAccount(store, accountId);
  await store.collection<AccountDocument>('accounts').updateOne({ _id: id }, { $set: { 'settings.allow_negative_stock': allow, updated_at: now } });
}

export async function accountCount(store: Store): Promise<number> {
  return store.collection('accounts').countDocuments({}, { limit: 1 });
}
