import { randomBytes } from 'node:crypto';
import type { ObjectId } from 'mongodb';
import type { Logger } from '../../logger';
import type { Store } from '../../store/store';
import type { RequestContext } from '../context';
import { seedDemoData } from '../demo/demo-data';
import { ConflictError } from '../errors';
import { accountCount, createAccount, createApiKey, createUser } from './auth.admin';
import { SCOPES } from './scopes';

const DEMO_CUIT = '30-71234567-1';
export const DEMO_EMAIL = 'demo@demo.invalid';

export interface FirstStart {
  production: boolean;
  /** Outside production: also a demo user and the demo data set (DEMO_DATA, default on). */
  demoData: boolean;
  /** A context acting for the demo account (the demo data is written through the domain functions). */
  contextFor(accountId: ObjectId, userId: ObjectId): RequestContext;
}

/**
 * On an empty store: outside production, a clearly labelled demo account with an all-scopes key, and (unless
 * DEMO_DATA is off) a demo user whose email and password are printed once and a small demo data set; in production,
 * only the commands that create a real account and key. Several gateways starting at once over one store race on
 * the account's unique CUIT: one creates the demo account and its data, the others find it taken and go on.
 */
export async function welcomeEmptyStore(store: Store, log: Logger, start: FirstStart): Promise<void> {
  if ((await accountCount(store)) > 0) return;
  const howTo =
    'npm run admin -- create-account --name "My business" --cuit 20-12345678-6, then ' +
    'npm run admin -- create-api-key --account <id> --scopes suppliers:read,suppliers:write';
  if (start.production) {
    log.warn(`the store has no accounts yet. Create one: ${howTo}`);
    return;
  }
  let accountId: ObjectId;
  try {
    accountId = await createAccount(store, { name: 'DEMO ACCOUNT (development only)', cuit: DEMO_CUIT });
  } catch (error) {
    if (error instanceof ConflictError) return log.info('another gateway is creating the demo account');
    throw error;
  }
  const { key } = await createApiKey(store, { accountId: accountId.toHexString(), scopes: [...SCOPES], name: 'demo key (all scopes)' });
  const shown = { demoAccountId: accountId.toHexString(), demoApiKey: key };
  if (!start.demoData) {
    log.warn(shown, `empty store: created a DEMO account with an all-scopes API key (shown only now). Send it as X-API-Key. For real accounts: ${howTo}`);
    return;
  }
  const password = randomBytes(12).toString('base64url');
  const userId = await createUser(store, { accountId: accountId.toHexString(), email: DEMO_EMAIL, password, role: 'owner' });
  const seeded = await seedDemoData(start.contextFor(accountId, userId), DEMO_CUIT.replace(/-/g, ''));
  log.warn(
    { ...shown, demoEmail: DEMO_EMAIL, demoPassword: password, demoData: seeded },
    'empty store: created a DEMO account with demo data, a demo user for the dashboard (/dashboard) and an all-scopes API key ' +
      `(shown only now; DEMO_DATA=false skips the user and the data). For real accounts: ${howTo}`,
  );
}
