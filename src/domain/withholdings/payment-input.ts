import { z } from 'zod';
import { parseId } from '../../store/ids';
import { calendarDateSchema } from '../dates';
import { moneySchema, percentSchema } from '../money';
import { taxesFitInPayment } from './payment-rules';

/** SICORE's 14-character amounts hold 11 whole digits: a larger payment could not be declared. */
export const MAX_PAYMENT = 1e11;

export const paymentSchema = z
  .object({
    supplierId: z.string().refine((id) => parseId(id) !== null, 'must be a supplier id'),
    paymentId: z.string().trim().min(1, 'must not be empty').max(30, 'at most 30 characters').nullish(),
    date: calendarDateSchema(),
    amount: moneySchema({ min: 0, exclusiveMin: true, max: MAX_PAYMENT }),
    vatAmount: moneySchema({ max: MAX_PAYMENT }).nullish(),
    otherTaxes: moneySchema({ max: MAX_PAYMENT }).nullish(),
    regimeCodes: z
      .array(z.string().trim().min(1, 'must not be empty').max(20, 'at most 20 characters'))
      .min(1, 'at least one regime')
      .max(5, 'at most 5 regimes')
      .refine((codes) => new Set(codes.map((code) => code.toUpperCase())).size === codes.length, 'each regime once'),
    condition: z.enum(['inscripto', 'no_inscripto']).nullish(),
    exclusionPercent: percentSchema().nullish(),
    iibbRate: percentSchema().nullish(),
    invoices: z.array(z.string().trim().min(1, 'must not be empty').max(40, 'at most 40 characters')).max(50, 'at most 50 invoices').nullish(),
    paymentAccountCode: z.string().trim().min(1, 'must not be empty').max(20, 'at most 20 characters').nullish(),
    issueCertificates: z.boolean().nullish(),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (!taxesFitInPayment(input.amount, input.vatAmount, input.otherTaxes))
      ctx.addIssue({ code: 'custom', path: ['vatAmount'], message: 'VAT and other taxes cannot exceed the amount paid' });
  });
export type PaymentInput = z.infer<typeof paymentSchema>;
