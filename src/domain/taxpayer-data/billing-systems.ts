import { createPrivateKey } from 'node:crypto';
import type { Collection } from 'mongodb';
import { z } from 'zod';
import type { AccountDocument } from '../../store/accounts.store';
import type { BillingSystemDocument } from '../../store/billing-systems.store';
import { isDuplicateKeyError } from '../../store/store';
import { sealCertificate, type StoredCertificate } from '../certificates';
import { requirePrincipal, type RequestContext } from '../context';
import { normalizeCuit } from '../cuit';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { AFIP_ENVIRONMENTS } from '../taxpayers/taxpayers.declaration';
import { primaryOf } from '../taxpayers/taxpayers.service';
import { parseInput } from '../validation';
import { BILLING_SYSTEM_NAMES, type BillingSystemName, isBillingSystemName } from './catalogue';
import type { ActivityAction } from '../../store/activity.store';
import { actionOn } from '../activity/actions';
import { recordChanges } from '../activity/changes';

const MAX_POINTS_OF_SALE = 100;

const cuitSchema = z
  .string()
  .max(20)
  .refine((value) => normalizeCuit(value) !== null, 'not a valid CUIT (11 digits, módulo 11 check digit)')
  .transform((value) => normalizeCuit(value) as string);

const pointsOfSaleSchema = z
  .array(z.number().int().min(1, 'a point of sale is 1 to 99999').max(99_999, 'a point of sale is 1 to 99999'))
  .max(MAX_POINTS_OF_SALE, `at most ${MAX_POINTS_OF_SALE} points of sale`)
  .refine((list) => new Set(list).size === list.length, 'a point of sale is listed twice');

const pem = z.string().max(20_000);

const fields = {
  environment: z.enum(AFIP_ENVIRONMENTS).optional(),
  representedCuit: cuitSchema.optional(),
  pointsOfSale: pointsOfSaleSchema.optional(),
  certificate: pem.optional(),
  privateKey: pem.optional(),
};

const pairRule = (input: { certificate?: string; privateKey?: string }) => (input.certificate === undefined) === (input.privateKey === undefined);
const pairIssue = { message: 'certificate and privateKey go together: give both or neither', path: ['privateKey'] };

export const billingSystemInputSchema = z.object(fields).strict().refine(pairRule, pairIssue);
export type BillingSystemInput = z.infer<typeof billingSystemInputSchema>;

/** A billing system as read: its document and whether it is the account's active one. */
export interface BillingSystemView {
  system: BillingSystemDocument;
  isActive: boolean;
}

type AccountSettings = { active_billing_system?: string; afip_environment?: string };

const collection = (context: RequestContext): Collection<BillingSystemDocument> => context.store.collection<BillingSystemDocument>('billing_systems');
const accountId = (context: RequestContext) => requirePrincipal(context).accountId;

export function knownName(name: string): BillingSystemName {
  if (!isBillingSystemName(name)) throw new NotFoundError(`unknown billing system ${name}; known: ${BILLING_SYSTEM_NAMES.join(', ')}`);
  return name;
}

export async function accountDocument(context: RequestContext): Promise<AccountDocument> {
  const account = await context.store.collection<AccountDocument>('accounts').findOne({ _id: accountId(context) });
  if (!account) throw new NotFoundError('account not found');
  return account;
}

export const activeSystemOf = (account: AccountDocument): string | null => (account.settings as AccountSettings | undefined)?.active_billing_system ?? null;

/** The web services need an RSA key (the CMS signature ARCA verifies); the generic certificate check allows EC too. */
function sealedForAfip(context: RequestContext, input: BillingSystemInput): StoredCertificate | undefined {
  if (input.certificate === undefined || input.privateKey === undefined) return undefined;
  const sealed = sealCertificate(context.secrets, { certificate: input.certificate, privateKey: input.privateKey }, 'certificate');
  if (createPrivateKey(input.privateKey).asymmetricKeyType !== 'rsa')
    throw new ValidationError('invalid certificate: privateKey: ARCA web services take RSA keys', [{ path: 'privateKey', message: 'must be an RSA key' }]);
  return sealed;
}

export async function listBillingSystems(context: RequestContext): Promise<BillingSystemView[]> {
  const [account, systems] = await Promise.all([
    accountDocument(context),
    collection(context)
      .find({ account_id: accountId(context) }, { sort: { name: 1 }, limit: BILLING_SYSTEM_NAMES.length })
      .toArray(),
  ]);
  const active = activeSystemOf(account);
  return systems.map((system) => ({ system, isActive: system.name === active }));
}

export async function findBillingSystem(context: RequestContext, name: string): Promise<BillingSystemDocument> {
  const system = await collection(context).findOne({ account_id: accountId(context), name: knownName(name) });
  if (!system) throw new NotFoundError(`billing system ${name} is not configured`);
  return system;
}

export async function getBillingSystem(context: RequestContext, name: string): Promise<BillingSystemView> {
  const [system, account] = await Promise.all([findBillingSystem(context, name), accountDocument(context)]);
  return { system, isActive: activeSystemOf(account) === system.name };
}

/**
 * Configures a system (409 if it is already). Environment and represented CUIT default to the primary taxpayer's;
 * the account's first system becomes its active one.
 */
export async function createBillingSystem(context: RequestContext, name: string, raw: unknown): Promise<BillingSystemView> {
  const systemName = knownName(name);
  const input = parseInput(billingSystemInputSchema, raw);
  const account = await accountDocument(context);
  const primary = primaryOf(account);
  const now = context.now();
  const document: Omit<BillingSystemDocument, '_id'> = {
    account_id: accountId(context),
    name: systemName,
    environment: input.environment ?? primary.afipEnvironment,
    represented_cuit: input.representedCuit ?? primary.taxId,
    points_of_sale: input.pointsOfSale ?? [],
    certificate: sealedForAfip(context, input) ?? null,
    created_at: now,
    updated_at: now,
  };
  try {
    const { insertedId } = await collection(context).insertOne(document as BillingSystemDocument);
    const accounts = context.store.collection<AccountDocument>('accounts');
    // Only while there is none: a concurrent create of another system cannot take the place of one already active.
    const made = await accounts.updateOne(
      { _id: account._id, 'settings.active_billing_system': { $exists: false } },
      { $set: { 'settings.active_billing_system': systemName } },
    );
    const system = { ...document, _id: insertedId } as BillingSystemDocument;
    await recordChanges(context, [systemChange(system, 'created')]);
    return { system, isActive: made.modifiedCount === 1 || activeSystemOf(account) === systemName };
  } catch (error) {
    if (isDuplicateKeyError(error)) throw new ConflictError(`billing system ${systemName} is already configured: update it with PUT`, [], 'ALREADY_EXISTS');
    throw error;
  }
}

/** A billing system's change for the activity feed: its name only (never its certificate or key). */
function systemChange(system: BillingSystemDocument, action: ActivityAction, outcome?: string) {
  const shown = { _id: system._id, name: system.name };
  return actionOn('billing_systems', 'billing system', action, shown, outcome);
}

/** Changes the given fields; a new certificate replaces the old one (both parts together). */
export async function updateBillingSystem(context: RequestContext, name: string, raw: unknown): Promise<BillingSystemView> {
  const systemName = knownName(name);
  const input = parseInput(billingSystemInputSchema, raw);
  const set: Partial<BillingSystemDocument> = { updated_at: context.now() };
  if (input.environment !== undefined) set.environment = input.environment;
  if (input.representedCuit !== undefined) set.represented_cuit = input.representedCuit;
  if (input.pointsOfSale !== undefined) set.points_of_sale = input.pointsOfSale;
  const certificate = sealedForAfip(context, input);
  if (certificate) set.certificate = certificate;
  const system = await collection(context).findOneAndUpdate({ account_id: accountId(context), name: systemName }, { $set: set }, { returnDocument: 'after' });
  if (!system) throw new NotFoundError(`billing system ${name} is not configured`);
  await recordChanges(context, [systemChange(system, 'updated')]);
  const account = await accountDocument(context);
  return { system, isActive: activeSystemOf(account) === systemName };
}

/** Removes a system; when it was the active one the account is left without an active system. */
export async function deleteBillingSystem(context: RequestContext, name: string): Promise<string> {
  const systemName = knownName(name);
  const deleted = await collection(context).findOneAndDelete({ account_id: accountId(context), name: systemName });
  if (!deleted) throw new NotFoundError(`billing system ${name} is not configured`);
  await recordChanges(context, [systemChange(deleted, 'deleted')]);
  await context.store
    .collection<AccountDocument>('accounts')
    .updateOne({ _id: accountId(context), 'settings.active_billing_system': systemName }, { $unset: { 'settings.active_billing_system': '' } });
  return systemName;
}

/** Makes a configured system the active one; an unknown or unconfigured name is refused (400 UNKNOWN_BILLING_SYSTEM). */
export async function setActiveBillingSystem(context: RequestContext, name: string): Promise<BillingSystemView> {
  const refuse = (message: string) => new ValidationError(`billing system ${name} ${message}`, [{ path: 'billingSystem', message }], 'UNKNOWN_BILLING_SYSTEM');
  if (!isBillingSystemName(name)) throw refuse(`is unknown; known: ${BILLING_SYSTEM_NAMES.join(', ')}`);
  const system = await collection(context).findOne({ account_id: accountId(context), name });
  if (!system) throw refuse('is not configured: create it first');
  // The systems whose is_active changes are written too, so the entity tag a client holds of either goes stale.
  const made = await context.store.transaction(async (session) => {
    const before = await context.store
      .collection<AccountDocument>('accounts')
      .findOneAndUpdate({ _id: accountId(context) }, { $set: { 'settings.active_billing_system': system.name } }, { returnDocument: 'before', session });
    const previous = before ? activeSystemOf(before) : null;
    if (previous === system.name) return system;
    await collection(context).updateMany(
      { account_id: accountId(context), name: { $in: previous ? [previous, system.name] : [system.name] } },
      { $set: { updated_at: context.now() } },
      { session },
    );
    return collection(context).findOne({ _id: system._id }, { session });
  });
  if (!made) throw refuse('is not configured: create it first');
  await recordChanges(context, [systemChange(made, 'updated', 'made the active billing system')]);
  return { system: made, isActive: true };
}
