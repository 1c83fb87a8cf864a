import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { SCOPES } from '../../src/domain/auth/scopes';
import { createContext, type RequestContext, requirePrincipal } from '../../src/domain/context';
import { declaredIndexes } from '../../src/domain/declarations';
import { SecretBox } from '../../src/domain/secrets';
import { createLogger } from '../../src/logger';
import { ensureIndexes } from '../../src/store/catalog';
import type { Store } from '../../src/store/store';
import type { SupplierFields } from '../../src/store/suppliers.store';
import { suiteDatabase } from '../support/database';

/**
 * The withholding module's store code run directly, without a server: a database of the suite's own with the
 * application's indexes, and accounts opened on it as the gateway would (an account document, a principal acting for it).
 */
export function withholdingDatabase(name: string): () => Store {
  return suiteDatabase(name, (store) => ensureIndexes(store.db, declaredIndexes()));
}

export const AGENT = { name: 'Agente Retenedor SA', cuit: '30708884444' };
export const NOW = new Date('2026-03-15T12:00:00Z');

let accounts = 0;

/**
 * A new account (its own id, so tests of one suite do not see each other's records) and a context acting for it. The
 * account is named AGENT.name; its CUIT is its own (accounts' CUITs are unique): accountCuit reads it.
 */
export async function accountContext(store: Store): Promise<RequestContext> {
  const accountId = new ObjectId();
  const cuit = `20${String(process.pid % 1000).padStart(3, '0')}${String(++accounts).padStart(6, '0')}`;
  await store
    .collection('accounts')
    .insertOne({ _id: accountId, name: AGENT.name, cuit, settings: { widgets: {} }, created_at: NOW, updated_at: NOW } as never);
  return createContext({
    requestId: 'withholding-store',
    log: createLogger('silent'),
    store,
    principal: { accountId, userId: null, scopes: new Set(SCOPES), via: 'api_key' },
    now: () => NOW,
    secrets: new SecretBox(randomBytes(32)),
    platform: {},
  });
}

/** A supplier of the context's account, stored as the suppliers module stores one. */
export async function supplierOf(context: RequestContext, fields: Partial<SupplierFields> = {}): Promise<ObjectId> {
  const _id = new ObjectId();
  await context.store.collection('suppliers').insertOne({
    _id,
    account_id: accountOf(context),
    name: 'Servicios Ñandú SRL',
    status: 'active',
    tags: [],
    product_ids: [],
    created_at: NOW,
    updated_at: NOW,
    ...fields,
  } as never);
  return _id;
}

/** The account a context acts for. */
export const accountOf = (context: RequestContext): ObjectId => requirePrincipal(context).accountId;

/**
 * Setup shared by a few tests, run by the first of them that asks (not in a hook: each test that needs it calls it, so
 * any one of them passes or fails the same run alone or with the others).
 */
export function once<T>(setup: () => Promise<T>): () => Promise<T> {
  let done: Promise<T> | undefined;
  return () => {
    done ??= setup();
    return done;
  };
}

/** The CUIT the context's account was opened with. */
export async function accountCuit(context: RequestContext): Promise<string> {
  const account = await context.store.collection<{ _id: ObjectId; cuit: string }>('accounts').findOne({ _id: accountOf(context) });
  return account?.cuit ?? '';
}
