import type { AccountDocument } from '../../store/accounts.store';
import { requirePrincipal, type RequestContext } from '../context';
import { actionOn } from '../activity/actions';
import { recordChanges } from '../activity/changes';
import { minimumOn } from './minimum';
import { thresholdSetting } from './threshold-setting';

/** The setting's name, as the contract answers it. */
export const THRESHOLD_KEY = 'fce_mipyme_min_threshold_ars';

export interface EffectiveThreshold {
  value: number;
  /** Where the value comes from: the account's setting, the platform's override, or the published table's row. */
  source: string;
  /** The table row's first day, when the value is the table's. */
  effectiveFrom: string | null;
  /** The table row is not verified for the whole span (see minimum.ts). */
  review: boolean;
}

/**
 * The minimum applied to a voucher dated `day`: the account's own setting (fce_mipyme_min_threshold_ars), else the
 * platform's override (configuration FCE_MIN_THRESHOLD_ARS, unset by default), else the published minimum in force
 * on that day.
 */
export function thresholdOf(own: unknown, platformOverride: number | undefined, day: string): EffectiveThreshold {
  if (typeof own === 'number' && own > 0) return { value: own, source: `account setting ${THRESHOLD_KEY}`, effectiveFrom: null, review: false };
  const override = platformOverride ?? 0;
  if (override > 0) return { value: override, source: 'platform configuration FCE_MIN_THRESHOLD_ARS', effectiveFrom: null, review: false };
  const row = minimumOn(day);
  return { value: row.value, source: row.source, effectiveFrom: row.from, review: row.review };
}

/** The minimum in force for the calling account on `day` (YYYY-MM-DD, Argentine calendar). */
export async function effectiveThreshold(context: RequestContext, day: string): Promise<EffectiveThreshold> {
  const account = await context.store
    .collection<AccountDocument>('accounts')
    .findOne({ _id: requirePrincipal(context).accountId }, { projection: { [`settings.${THRESHOLD_KEY}`]: 1 } });
  return thresholdOf((account?.settings as Record<string, unknown> | undefined)?.[THRESHOLD_KEY], context.platform.fceMinThresholdArs, day);
}

export async function setThreshold(context: RequestContext, value: unknown): Promise<number> {
  const rounded = thresholdSetting(value);
  await context.store
    .collection<AccountDocument>('accounts')
    .updateOne({ _id: requirePrincipal(context).accountId }, { $set: { [`settings.${THRESHOLD_KEY}`]: rounded } });
  await recordChanges(context, [actionOn('accounts', 'FCE MiPyME threshold', 'updated', { _id: requirePrincipal(context).accountId }, `$ ${rounded}`)]);
  return rounded;
}
