import { z } from 'zod';
import type { WithholdingRegimeDocument } from '../../store/withholdings.store';
import { calendarDateSchema } from '../dates';
import { moneySchema, percentSchema } from '../money';
import type { Regime } from './table';

export const TAXES = ['ganancias', 'iva', 'iibb'] as const;

export const regimeInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{1,20}$/, 'letters, digits and hyphens, at most 20'),
    tax: z.enum(TAXES),
    sicoreCode: z
      .string()
      .regex(/^\d{1,3}$/, 'up to 3 digits')
      .nullish(),
    description: z.string().trim().min(1, 'must not be empty').max(200, 'at most 200 characters'),
    norm: z.string().trim().max(100, 'at most 100 characters').nullish(),
    validFrom: calendarDateSchema(),
    rateRegistered: percentSchema().nullish(),
    rateUnregistered: percentSchema().nullish(),
    usesScale: z.boolean().nullish(),
    nonTaxableMonthly: moneySchema().nullish(),
    minimumWithholding: moneySchema().nullish(),
    minimumUnregistered: moneySchema().nullish(),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.tax !== 'iibb' && !input.usesScale && (input.rateRegistered === null || input.rateRegistered === undefined))
      ctx.addIssue({ code: 'custom', path: ['rateRegistered'], message: 'required unless the scale applies (or for IIBB, whose rate is the padrón’s)' });
    if (input.tax === 'ganancias' && (input.rateUnregistered === null || input.rateUnregistered === undefined))
      ctx.addIssue({ code: 'custom', path: ['rateUnregistered'], message: 'required for a Ganancias regime' });
  });

export type RegimeInput = z.infer<typeof regimeInputSchema>;

/**
 * A version of a regime as the account stores it, its code in capitals (a payment names it in any case). A scale concept has no flat rate for inscriptos (RG 830 Anexo VIII:
 * the scale is its rate); a no inscripto rate not given is the inscripto one (IVA RG 2854 and IIBB make no
 * difference); the SICORE régimen code is 3 digits (RG 2233 design); amounts not given are none.
 */
export function regimeVersion(input: RegimeInput): Omit<WithholdingRegimeDocument, '_id' | 'account_id' | 'created_at' | 'updated_at'> {
  return {
    code: input.code.toUpperCase(),
    tax: input.tax,
    sicore_code: input.sicoreCode ? input.sicoreCode.padStart(3, '0') : null,
    description: input.description,
    norm: input.norm ?? '',
    valid_from: input.validFrom,
    rate_registered: input.usesScale ? null : (input.rateRegistered ?? null),
    rate_unregistered: input.rateUnregistered ?? input.rateRegistered ?? null,
    uses_scale: Boolean(input.usesScale),
    non_taxable_cents: input.nonTaxableMonthly ?? 0,
    minimum_cents: input.minimumWithholding ?? 0,
    minimum_unregistered_cents: input.minimumUnregistered ?? null,
  };
}

/** Regimes as lists show them: by tax, then code (numeric codes in number order: 94 before 116), then date. */
export const regimeOrder = (a: Regime, b: Regime): number =>
  a.tax.localeCompare(b.tax) || a.code.localeCompare(b.code, 'en', { numeric: true }) || a.validFrom.localeCompare(b.validFrom);
