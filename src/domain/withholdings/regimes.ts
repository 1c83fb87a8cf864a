import { type ClientSession, ObjectId } from 'mongodb';
import { isDuplicateKeyError } from '../../store/store';
import type { WithholdingRegimeDocument } from '../../store/withholdings.store';
import { requirePrincipal, type RequestContext } from '../context';
import { calendarDateSchema } from '../dates';
import { ConflictError, ValidationError } from '../errors';
import { parseInput } from '../validation';
import { actionOn } from '../activity/actions';
import { recordChanges } from '../activity/changes';
import { regimeInputSchema, regimeOrder, regimeVersion, TAXES } from './regime-input';
import { inForceOn, type Regime, SCALE, seededRegimes } from './table';

export type { Regime } from './table';

const fromDocument = (doc: WithholdingRegimeDocument): Regime => ({
  code: doc.code,
  tax: doc.tax,
  sicoreCode: doc.sicore_code,
  description: doc.description,
  norm: doc.norm,
  validFrom: doc.valid_from,
  rateRegistered: doc.rate_registered,
  rateUnregistered: doc.rate_unregistered,
  usesScale: doc.uses_scale,
  // A version the account stores goes through the general Anexo VIII scale.
  scale: doc.uses_scale ? SCALE : null,
  nonTaxableCents: doc.non_taxable_cents,
  minimumCents: doc.minimum_cents,
  minimumUnregisteredCents: doc.minimum_unregistered_cents,
  seeded: false,
});

/** Every regime version: the seeded table and the account's own, by code then date. */
export async function listRegimes(
  context: RequestContext,
  filter: { tax?: string | null; on?: string | null } = {},
  session?: ClientSession,
): Promise<Regime[]> {
  if (filter.tax && !(TAXES as readonly string[]).includes(filter.tax))
    throw new ValidationError('tax must be ganancias, iva or iibb', [{ path: 'tax', message: 'one of ganancias, iva, iibb' }]);
  if (filter.on && !calendarDateSchema().safeParse(filter.on).success)
    throw new ValidationError('on must be a date YYYY-MM-DD', [{ path: 'on', message: 'must be a date YYYY-MM-DD' }]);
  const own = await context.store
    .collection<WithholdingRegimeDocument>('withholding_regimes')
    .find({ account_id: requirePrincipal(context).accountId }, { session, sort: { code: 1, valid_from: 1 } })
    .toArray();
  let all = [...seededRegimes(), ...own.map(fromDocument)].filter((regime) => !filter.tax || regime.tax === filter.tax);
  if (filter.on) all = inForceOn(all, filter.on);
  return all.sort(regimeOrder);
}

/** The version of `code` in force on `date`, or a 400 naming `path`. */
export async function regimeOn(context: RequestContext, code: string, date: string, path: string, session?: ClientSession): Promise<Regime> {
  const regime = (await listRegimes(context, { on: date }, session)).find((candidate) => candidate.code === code);
  if (!regime) throw new ValidationError(`no regime ${code} in force on ${date}`, [{ path, message: `no regime ${code} in force on ${date}` }]);
  return regime;
}

/**
 * Adds a dated version of a regime (a new concept, or new amounts of an existing one from `validFrom` on): the
 * version in force on a payment's date is the one its calculation uses. A code and date already there is 409.
 */
export async function createRegime(context: RequestContext, raw: unknown): Promise<Regime> {
  const input = parseInput(regimeInputSchema, raw);
  const version = regimeVersion(input);
  const code = version.code;
  const exists = () =>
    new ConflictError(`regime ${code} already has a version from ${input.validFrom}`, [{ path: 'validFrom', message: 'taken' }], 'REGIME_EXISTS');
  if (seededRegimes().some((regime) => regime.code === code && regime.validFrom === input.validFrom)) throw exists();
  const now = context.now();
  const doc: WithholdingRegimeDocument = {
    _id: new ObjectId(),
    account_id: requirePrincipal(context).accountId,
    ...version,
    created_at: now,
    updated_at: now,
  };
  try {
    await context.store.collection<WithholdingRegimeDocument>('withholding_regimes').insertOne(doc);
  } catch (error) {
    if (isDuplicateKeyError(error)) throw exists();
    throw error;
  }
  await recordChanges(context, [actionOn('withholding_regimes', `withholding regime ${doc.code}`, 'created', doc, `valid from ${doc.valid_from}`)]);
  return fromDocument(doc);
}
