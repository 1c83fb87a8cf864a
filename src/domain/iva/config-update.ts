import { actionOn } from '../activity/actions';
import { recordChanges } from '../activity/changes';
import { requirePrincipal, type RequestContext } from '../context';
import { ValidationError } from '../errors';
import { coefficientBp } from './coefficient';
import { configInput, DEFAULT_CONFIG, getConfig, type IvaConfig, type IvaConfigDocument } from './iva.config';
import { rebuildOpenMonths } from './kept';

/** Changes the given fields; the rest keep their value. */
export async function putConfig(context: RequestContext, input: unknown): Promise<IvaConfig> {
  const parsed = configInput().safeParse(input);
  if (!parsed.success)
    throw new ValidationError(
      'invalid VAT book settings',
      parsed.error.issues.map((issue) => ({ path: issue.path.join('.') || 'input', message: issue.message })),
    );
  const accountId = requirePrincipal(context).accountId;
  const configs = context.store.collection<IvaConfigDocument>('iva_config');
  // The settings exist before they change (concurrent first writes meet on the unique account index, which the
  // store resolves for an upsert); then the change is read and written in one transaction, so a concurrent change of
  // other fields makes this one read again instead of writing over it.
  await configs.updateOne({ account_id: accountId }, { $setOnInsert: { ...DEFAULT_CONFIG, updated_at: context.now() } }, { upsert: true });
  const { current, next } = await context.store.transaction(async (session) => {
    const current = await getConfig(context, session);
    const next: IvaConfig = {
      ...current,
      ...Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined)),
      sources: { ...current.sources, ...(parsed.data.sources ?? {}) },
    } as IvaConfig;
    if (next.prorata === 'none') next.prorataCoefficient = 1;
    await configs.updateOne({ account_id: accountId }, { $set: { ...next, updated_at: context.now() } }, { session });
    return { current, next };
  });
  await recordChanges(context, [actionOn('iva_config', 'VAT settings', 'updated', { _id: requirePrincipal(context).accountId })]);
  // The coefficient and the sources shape every generated line: the open months are rebuilt now, never on a read.
  if (coefficientBp(next) !== coefficientBp(current) || JSON.stringify(next.sources) !== JSON.stringify(current.sources))
    await rebuildOpenMonths(context, next);
  return next;
}
