import { z } from 'zod';
import { requirePrincipal, type RequestContext } from '../context';
import type { ClientSession, ObjectId } from 'mongodb';

export const VAT_CONDITIONS = ['responsable_inscripto', 'exento', 'monotributo', 'no_alcanzado'] as const;
export const PRORATA_MODES = ['none', 'global'] as const;

/** How the account keeps its VAT books (`iva_config`, one per account). */
export interface IvaConfig {
  vatCondition: (typeof VAT_CONDITIONS)[number];
  prorata: (typeof PRORATA_MODES)[number];
  /** Share of purchase VAT computable under global pro-rata, 0 to 1 with 4 decimals (taxed sales / total sales). */
  prorataCoefficient: number;
  sources: { receivedInvoices: boolean; expenses: boolean; issuedVouchers: boolean };
  /** The period the panel opens on; null = the current month. */
  defaultPeriod: string | null;
}

export const DEFAULT_CONFIG: IvaConfig = {
  vatCondition: 'responsable_inscripto',
  prorata: 'none',
  prorataCoefficient: 1,
  sources: { receivedInvoices: true, expenses: true, issuedVouchers: true },
  defaultPeriod: null,
};

export interface IvaConfigDocument extends IvaConfig {
  _id: ObjectId;
  account_id: ObjectId;
  updated_at: Date;
}

export const configInput = () =>
  z
    .object({
      vatCondition: z.enum(VAT_CONDITIONS),
      prorata: z.enum(PRORATA_MODES),
      prorataCoefficient: z
        .number()
        .min(0)
        .max(1)
        .refine((value) => Number.isInteger(Math.round(value * 10_000 * 1e6) / 1e6), { message: 'at most 4 decimals' }),
      sources: z.object({ receivedInvoices: z.boolean(), expenses: z.boolean(), issuedVouchers: z.boolean() }).strict().partial(),
      defaultPeriod: z
        .string()
        .regex(/^(20\d{2}|2100)-(0[1-9]|1[0-2])$/, 'must be a month YYYY-MM')
        .nullable(),
    })
    .strict()
    .partial();

export type IvaConfigInput = z.input<ReturnType<typeof configInput>>;

export async function getConfig(context: Pick<RequestContext, 'store' | 'principal'>, session?: ClientSession): Promise<IvaConfig> {
  const accountId = requirePrincipal(context).accountId;
  const doc = await context.store.collection<IvaConfigDocument>('iva_config').findOne({ account_id: accountId }, { session });
  if (!doc) return DEFAULT_CONFIG;
  const { vatCondition, prorata, prorataCoefficient, sources, defaultPeriod } = doc;
  return { vatCondition, prorata, prorataCoefficient, sources, defaultPeriod };
}
