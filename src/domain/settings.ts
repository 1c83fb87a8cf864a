import type { ClientSession } from 'mongodb';
import type { AccountDocument } from '../store/accounts.store';
import { requirePrincipal, type RequestContext } from './context';

/** The calling account's settings that change how the domain behaves. */
export async function accountSettings(context: RequestContext, session?: ClientSession): Promise<{ allowNegativeStock: boolean }> {
  const account = await context.store
    .collection<AccountDocument>('accounts')
    .findOne({ _id: requirePrincipal(context).accountId }, { session, projection: { settings: 1 } });
  return { allowNegativeStock: account?.settings?.allow_negative_stock === true };
}
