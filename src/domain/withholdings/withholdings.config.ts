import type { ClientSession } from 'mongodb';
import { z } from 'zod';
import type { AccountDocument } from '../../store/accounts.store';
import type { IibbDesignation, Jurisdiction, WithholdingConfigDocument, WithholdingTax } from '../../store/withholdings.store';
import { postingAccounts } from '../accounting/posting/posting.settings';
import { requirePrincipal, type RequestContext } from '../context';
import { normalizeCuit } from '../cuit';
import { ConflictError, ValidationError } from '../errors';
import { moneySchema, percentSchema } from '../money';
import { parseInput } from '../validation';
import { actionOn } from '../activity/actions';
import { recordChanges } from '../activity/changes';

export const JURISDICTIONS = ['ARBA', 'AGIP'] as const;

/** The settings as the rest of the module reads them (defaults filled in). */
export interface WithholdingConfig {
  agentName: string;
  agentCuit: string;
  agentAddress: string | null;
  gananciasAgent: boolean;
  ivaWithholdingAgent: boolean;
  ivaPerceptionAgent: boolean;
  iibb: IibbDesignation[];
  accounts: { payment: string; suppliers: string; ganancias: string; iva: string; iibb: string };
}

/** The default chart's "a depositar" accounts (2.1.4.02) and bank current account. */
const DEFAULT_ACCOUNTS = { payment: '1.1.1.02.001', ganancias: '2.1.4.02.001', iva: '2.1.4.02.002', iibb: '2.1.4.02.003' };

/**
 * The account's designations: practically every company withholds Ganancias (RG 830) on its payments, so that one is
 * on until turned off; IVA (RG 2854 / RG 2408) and IIBB designations are made by the tax agencies and start off.
 */
export async function getWithholdingConfig(context: RequestContext, session?: ClientSession): Promise<WithholdingConfig> {
  const accountId = requirePrincipal(context).accountId;
  const [doc, account, posting] = await Promise.all([
    context.store.collection<WithholdingConfigDocument>('withholding_config').findOne({ account_id: accountId }, { session }),
    context.store.collection<AccountDocument>('accounts').findOne({ _id: accountId }, { session, projection: { name: 1, cuit: 1 } }),
    postingAccounts(context, session),
  ]);
  return {
    agentName: doc?.agent_name ?? account?.name ?? '',
    agentCuit: doc?.agent_cuit ?? account?.cuit ?? '',
    agentAddress: doc?.agent_address ?? null,
    gananciasAgent: doc?.ganancias_agent ?? true,
    ivaWithholdingAgent: doc?.iva_withholding_agent ?? false,
    ivaPerceptionAgent: doc?.iva_perception_agent ?? false,
    iibb: doc?.iibb ?? [],
    accounts: { ...DEFAULT_ACCOUNTS, suppliers: posting.suppliersPayable, ...doc?.accounts },
  };
}

const code = () => z.string().trim().min(1, 'must not be empty').max(20, 'must be at most 20 characters');

const configInputSchema = z
  .object({
    agentName: z.string().trim().min(1, 'must not be empty').max(200, 'at most 200 characters').nullish(),
    agentCuit: z
      .string()
      .refine((value) => normalizeCuit(value) !== null, 'must be a valid CUIT')
      .nullish(),
    agentAddress: z.string().trim().max(300, 'at most 300 characters').nullish(),
    gananciasAgent: z.boolean().nullish(),
    ivaWithholdingAgent: z.boolean().nullish(),
    ivaPerceptionAgent: z.boolean().nullish(),
    iibb: z
      .array(
        z
          .object({
            jurisdiction: z.enum(JURISDICTIONS),
            withholdingAgent: z.boolean(),
            perceptionAgent: z.boolean(),
            withholdingRate: percentSchema().nullish(),
            perceptionRate: percentSchema().nullish(),
            minimumAmount: moneySchema().nullish(),
          })
          .strict(),
      )
      .max(JURISDICTIONS.length)
      .refine((rows) => new Set(rows.map((row) => row.jurisdiction)).size === rows.length, 'one designation per jurisdiction')
      .nullish(),
    accounts: z
      .object({
        payment: code().nullish(),
        suppliers: code().nullish(),
        ganancias: code().nullish(),
        iva: code().nullish(),
        iibb: code().nullish(),
      })
      .strict()
      .nullish(),
  })
  .strict();

/** Changes the given settings (a list given replaces the whole list; null puts a field back to its default). */
export async function putWithholdingConfig(context: RequestContext, raw: unknown): Promise<WithholdingConfig> {
  const input = parseInput(configInputSchema, raw);
  const set: Record<string, unknown> = {};
  const unset: Record<string, ''> = {};
  const put = (field: string, value: unknown) => {
    if (value === undefined) return;
    if (value === null) unset[field] = '';
    else set[field] = value;
  };
  put('agent_name', input.agentName);
  put('agent_cuit', input.agentCuit === undefined || input.agentCuit === null ? input.agentCuit : normalizeCuit(input.agentCuit));
  put('agent_address', input.agentAddress);
  put('ganancias_agent', input.gananciasAgent);
  put('iva_withholding_agent', input.ivaWithholdingAgent);
  put('iva_perception_agent', input.ivaPerceptionAgent);
  put(
    'iibb',
    input.iibb?.map((row) => ({
      jurisdiction: row.jurisdiction,
      withholding_agent: row.withholdingAgent,
      perception_agent: row.perceptionAgent,
      withholding_rate: row.withholdingRate ?? null,
      perception_rate: row.perceptionRate ?? null,
      minimum_cents: row.minimumAmount ?? 0,
    })) ?? input.iibb,
  );
  for (const [name, value] of Object.entries(input.accounts ?? {})) put(`accounts.${name}`, value);
  const now = context.now();
  const update: Record<string, unknown> = { $set: { ...set, updated_at: now }, $setOnInsert: { created_at: now } };
  if (Object.keys(unset).length) update.$unset = unset;
  await context.store
    .collection<WithholdingConfigDocument>('withholding_config')
    .updateOne({ account_id: requirePrincipal(context).accountId }, update, { upsert: true });
  await recordChanges(context, [actionOn('withholding_config', 'withholding agent settings', 'updated', { _id: requirePrincipal(context).accountId })]);
  return getWithholdingConfig(context);
}

/** 409 NOT_AN_AGENT unless the account is designated for `tax` (`what` withholding or perception). */
export function requireAgent(
  config: WithholdingConfig,
  tax: WithholdingTax,
  what: 'withholding' | 'perception',
  jurisdiction: Jurisdiction | null,
): IibbDesignation | null {
  const refuse = (name: string) =>
    new ConflictError(
      `the account is not designated as ${name} agent: set it in the withholding settings first`,
      [{ path: 'tax', message: `not ${name} agent` }],
      'NOT_AN_AGENT',
    );
  if (tax === 'ganancias') {
    if (!config.gananciasAgent) throw refuse('a Ganancias withholding');
    return null;
  }
  if (tax === 'iva') {
    if (what === 'withholding' ? !config.ivaWithholdingAgent : !config.ivaPerceptionAgent) throw refuse(`an IVA ${what}`);
    return null;
  }
  if (!jurisdiction) throw new ValidationError('jurisdiction is required for IIBB', [{ path: 'jurisdiction', message: 'required for IIBB (ARBA or AGIP)' }]);
  const designation = config.iibb.find((row) => row.jurisdiction === jurisdiction);
  if (!designation || !(what === 'withholding' ? designation.withholding_agent : designation.perception_agent)) throw refuse(`an IIBB ${jurisdiction} ${what}`);
  return designation;
}
