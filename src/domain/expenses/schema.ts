import { ObjectId } from 'mongodb';
import { z } from 'zod';
import { calendarDateSchema } from '../dates';
import { moneySchema } from '../money';

/**
 * Expense validation (seed section 2.5). Field names are the GraphQL input's; REST maps its snake_case (and the
 * AFIP-style `Id`/`BaseImp`/`Importe` of iva_items) onto them. Money arrives here as numbers and leaves as centavos.
 */

export const EXPENSE_STATUSES = ['pending', 'approved', 'paid', 'refunded', 'cancelled'] as const;
/** Statuses a new expense may be recorded in (an expense already approved or paid can be entered as such). */
export const INITIAL_EXPENSE_STATUSES = ['pending', 'approved', 'paid'] as const;
export const TAX_RATES = [0, 2.5, 5, 10.5, 21, 27] as const;
export const RECURRING_PERIODS = ['weekly', 'monthly', 'yearly'] as const;
export const PAYMENT_METHODS = ['cash', 'bank_transfer', 'debit_card', 'credit_card', 'check', 'other'] as const;

/** AFIP VAT aliquot ids (WSFEv1 FEParamGetTiposIva) → their rate in tenths of a percent (exact integers). */
export const IVA_RATE_TENTHS: Readonly<Record<number, number>> = { 3: 0, 4: 105, 5: 210, 6: 270, 8: 50, 9: 25 };
export const IVA_IDS = Object.keys(IVA_RATE_TENTHS).map(Number);
/** One line per aliquot: at most one per id. */
export const MAX_IVA_ITEMS = IVA_IDS.length;

/**
 * Whether the tax of a line is its base times the aliquot's rate within one centavo, computed exactly:
 * |base × rate − importe| ≤ 0.01 ⇔ |base¢ × tenths − importe¢ × 1000| ≤ 1000.
 */
export function importeConsistent(id: number, baseCents: number, importeCents: number): boolean {
  const tenths = IVA_RATE_TENTHS[id];
  if (tenths === undefined) return false;
  // A base or tax that failed its own rule is reported there, not as an inconsistency.
  if (!Number.isSafeInteger(baseCents) || !Number.isSafeInteger(importeCents)) return true;
  const difference = BigInt(baseCents) * BigInt(tenths) - BigInt(importeCents) * 1000n;
  return (difference < 0n ? -difference : difference) <= 1000n;
}

const text = (min: number, max: number) => {
  const base = z.string({ message: 'must be text' }).trim().max(max, `must be at most ${max} characters`);
  return min > 0 ? base.min(min, min === 1 ? 'must not be empty' : `must be at least ${min} characters`) : base;
};

const ivaItemSchema = z
  .object({
    id: z.number({ message: 'must be a number' }).refine((id) => IVA_IDS.includes(id), { message: `must be an AFIP VAT aliquot id: ${IVA_IDS.join(', ')}` }),
    baseImp: moneySchema({ min: 0 }),
    importe: moneySchema({ min: 0 }),
  })
  .strict()
  .superRefine((item, ctx) => {
    if (IVA_IDS.includes(item.id) && !importeConsistent(item.id, item.baseImp, item.importe)) {
      const rate = IVA_RATE_TENTHS[item.id] / 10;
      ctx.addIssue({ code: 'custom', path: ['importe'], message: `must be base_imp × ${rate}% within 0.01` });
    }
  });

/** Checked in two steps so an oversized list is one error, not one per line. */
const ivaItemsSchema = z
  .array(z.unknown(), { message: 'must be a list' })
  .max(MAX_IVA_ITEMS, `at most ${MAX_IVA_ITEMS} lines (one per aliquot)`)
  .pipe(z.array(ivaItemSchema))
  .superRefine((items, ctx) => {
    const seen = new Set<number>();
    items.forEach((item, index) => {
      if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'another line already has this aliquot id' });
      seen.add(item.id);
    });
  });

const idSchema = z
  .string({ message: 'must be an id' })
  .refine((id) => ObjectId.isValid(id) && /^[0-9a-f]{24}$/i.test(id), { message: 'is not a valid id' });

const fields = {
  amount: moneySchema({ min: 0, exclusiveMin: true, max: 1e12 }),
  description: text(1, 500),
  taxRate: z
    .number({ message: 'must be a number' })
    .refine((rate) => (TAX_RATES as readonly number[]).includes(rate), { message: `must be one of ${TAX_RATES.join(', ')}` }),
  category: text(1, 100),
  date: calendarDateSchema(),
  ivaItems: ivaItemsSchema,
  /** Existence in the account is checked by the service. */
  supplierId: idSchema,
  recurring: z.boolean({ message: 'must be true or false' }),
  recurringPeriod: z.enum(RECURRING_PERIODS, { message: `must be one of ${RECURRING_PERIODS.join(', ')}` }),
  paymentMethod: z.enum(PAYMENT_METHODS, { message: `must be one of ${PAYMENT_METHODS.join(', ')}` }),
  receiptNumber: text(0, 50),
  notes: text(0, 2000),
  status: z.enum(EXPENSE_STATUSES, { message: `must be one of ${EXPENSE_STATUSES.join(', ')}` }),
};

/** `recurring_period` goes with `recurring: true` and only with it. */
function checkRecurring(input: { recurring?: boolean | null; recurringPeriod?: string | null }, ctx: z.RefinementCtx): void {
  if (input.recurring === true && !input.recurringPeriod) {
    ctx.addIssue({ code: 'custom', path: ['recurringPeriod'], message: 'is required when recurring is true' });
  }
  if (input.recurring !== true && input.recurringPeriod) {
    ctx.addIssue({ code: 'custom', path: ['recurringPeriod'], message: 'is only allowed when recurring is true' });
  }
}

export const createExpenseSchema = z
  .object({
    amount: fields.amount,
    description: fields.description,
    taxRate: fields.taxRate.nullish(),
    category: fields.category,
    date: fields.date,
    ivaItems: fields.ivaItems.nullish(),
    supplierId: fields.supplierId.nullish(),
    recurring: fields.recurring.nullish(),
    recurringPeriod: fields.recurringPeriod.nullish(),
    paymentMethod: fields.paymentMethod.nullish(),
    receiptNumber: fields.receiptNumber.nullish(),
    notes: fields.notes.nullish(),
    status: z.enum(INITIAL_EXPENSE_STATUSES, { message: `a new expense is ${INITIAL_EXPENSE_STATUSES.join(', ')}` }).nullish(),
  })
  .strict()
  .superRefine(checkRecurring);

/**
 * A partial update. `recurringPeriod` against `recurring` is checked by the service on the merged record (a
 * partial update may give only one of them).
 */
export const updateExpenseSchema = z
  .object({
    amount: fields.amount.optional(),
    description: fields.description.optional(),
    taxRate: fields.taxRate.optional(),
    category: fields.category.optional(),
    date: fields.date.optional(),
    ivaItems: fields.ivaItems.nullish(),
    supplierId: fields.supplierId.nullish(),
    recurring: fields.recurring.optional(),
    recurringPeriod: fields.recurringPeriod.nullish(),
    paymentMethod: fields.paymentMethod.nullish(),
    receiptNumber: fields.receiptNumber.nullish(),
    notes: fields.notes.nullish(),
    status: fields.status.optional(),
  })
  .strict();

export type CreateExpenseData = z.infer<typeof createExpenseSchema>;
export type UpdateExpenseData = z.infer<typeof updateExpenseSchema>;

export const expenseFilterSchema = z
  .object({
    status: fields.status.nullish(),
    category: text(0, 100).nullish(),
    supplierId: fields.supplierId.transform((id) => new ObjectId(id)).nullish(),
    dateFrom: fields.date.nullish(),
    dateTo: fields.date.nullish(),
    recurring: z.boolean().nullish(),
    search: text(0, 200).nullish(),
  })
  .strict()
  .refine((filter) => !(filter.dateFrom && filter.dateTo && filter.dateFrom > filter.dateTo), {
    message: 'dateFrom must not be after dateTo',
    path: ['dateFrom'],
  });

export type ExpenseFilterData = z.infer<typeof expenseFilterSchema>;
