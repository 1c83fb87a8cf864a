import type { AccountDocument } from '../../store/accounts';
import { requirePrincipal, type RequestContext } from '../context';
import { ValidationError } from '../errors';
import { actionOn } from '../activity/actions';
import { recordChanges } from '../activity/changes';

/** The setting's name, as the contract answers it. */
export const THRESHOLD_KEY = 'fce_mipyme_min_threshold_ars';
/** Amounts are money: at most what the service stores elsewhere (below 10^12). */
const MAX_THRESHOLD = 1e12;

/** The account's own FCE minimum, else the platform's (configuration FCE_MIN_THRESHOLD_ARS). */
export async function effectiveThreshold(context: RequestContext): Promise<number> {
  const account = await context.store
    .collection<AccountDocument>('accounts')
    .findOne({ _id: requirePrincipal(context).accountId }, { projection: { [`settings.${THRESHOLD_KEY}`]: 1 } });
  const own = (account?.settings as Record<string, unknown> | undefined)?.[THRESHOLD_KEY];
  return typeof own === 'number' && own > 0 ? own : context.platform.fceMinThresholdArs;
}

export async function setThreshold(context: RequestContext, value: unknown): Promise<number> {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value >= MAX_THRESHOLD)
    throw new ValidationError('value must be a number greater than 0', [
      { path: 'value', message: `must be a number greater than 0 and below ${MAX_THRESHOLD}` },
    ]);
  // Cents, as every amount of the service.
  const rounded = Math.round(value * 100) / 100;
  if (rounded <= 0) throw new ValidationError('value must be a number greater than 0', [{ path: 'value', message: 'must be at least 0.01' }]);
  await context.store
    .collection<AccountDocument>('accounts')
    .updateOne({ _id: requirePrincipal(context).accountId }, { $set: { [`settings.${THRESHOLD_KEY}`]: rounded } });
  await recordChanges(context, [actionOn('accounts', 'FCE MiPyME threshold', 'updated', { _id: requirePrincipal(context).accountId }, `$ ${rounded}`)]);
  return rounded;
}
