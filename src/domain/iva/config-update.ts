import { actionOn } from '../activity/actions';
import { recordChanges } from '../activity/changes';
import { requirePrincipal, type RequestContext } from '../context';
import { ValidationError } from '../errors';
import { coefficientBp } from './coefficient';
import { configInput, getConfig, type IvaConfig, type IvaConfigDocument } from './iva.config';
import { rebuildOpenMonths } from './kept';

/** Changes the given fields; the rest keep their value. */
export async function putConfig(context: RequestContext, input: unknown): Promise<IvaConfig> {
  const parsed = configInput().safeParse(input);
  if (!parsed.success)
    throw new ValidationError(
      'invalid VAT book settings',
      parsed.error.issues.map((issue) => ({ path: issue.path.join('.') || 'input', message: issue.message })),
    );
  const current = await getConfig(context);
  const next: IvaConfig = {
    ...current,
    ...Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined)),
    sources: { ...current.sources, ...(parsed.data.sources ?? {}) },
  } as IvaConfig;
  if (next.prorata === 'none') next.prorataCoefficient = 1;
  await context.store
    .collection<IvaConfigDocument>('iva_config')
    .updateOne({ account_id: requirePrincipal(context).accountId }, { $set: { ...next, updated_at: context.now() } }, { upsert: true });
  await recordChanges(context, [actionOn('iva_config', 'VAT settings', 'updated', { _id: requirePrincipal(context).accountId })]);
  // The coefficient and the sources shape every generated line: the open months are rebuilt now, never on a read.
  if (coefficientBp(next) !== coefficientBp(current) || JSON.stringify(next.sources) !== JSON.stringify(current.sources))
    await rebuildOpenMonths(context, next);
  return next;
}
