import type { Logger } from '../../logger';
import type { Store } from '../../store/store';
import { accountCount, createAccount, createApiKey } from './auth.admin';
import { SCOPES } from './scopes';

const DEMO_CUIT = '30-71234567-1';

/**
 * On an empty store: outside production, a clearly labelled demo account with an all-scopes key (printed once);
 * in production, only the commands that create a real account and key.
 */
export async function welcomeEmptyStore(store: Store, log: Logger, production: boolean): Promise<void> {
  if ((await accountCount(store)) > 0) return;
  const howTo =
    'npm run admin -- create-account --name "My business" --cuit 20-12345678-6, then ' +
    'npm run admin -- create-api-key --account <id> --scopes suppliers:read,suppliers:write';
  if (production) {
    log.warn(`the store has no accounts yet. Create one: ${howTo}`);
    return;
  }
  const accountId = await createAccount(store, { name: 'DEMO ACCOUNT (development only)', cuit: DEMO_CUIT });
  const { key } = await createApiKey(store, { accountId: accountId.toHexString(), scopes: [...SCOPES], name: 'demo key (all scopes)' });
  log.warn(
    { demoAccountId: accountId.toHexString(), demoApiKey: key },
    `empty store: created a DEMO account with an all-scopes API key (shown only now). Send it as X-API-Key. For real accounts: ${howTo}`,
  );
}
