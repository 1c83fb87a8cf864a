import type { ObjectId } from 'mongodb';
import { requirePrincipal, type RequestContext } from '../context';
import { ValidationError } from '../errors';
import { moneySchema } from '../money';
import { getBook } from './books';
import { readTotals } from './totals';
import { assertPeriodOpen } from './periods';
import { previousPeriod } from './period';
import { positionFigures, positionOf } from './position-math';

/**
 * The month's VAT position (Ley de IVA arts. 11–12, 24): débito fiscal − crédito fiscal = saldo técnico, the
 * previous saldo técnico a favor absorbed first, then retenciones, percepciones and the previous saldo de libre
 * disponibilidad as payments on account. A calculated month is stored so the next one carries its balances.
 */
export interface IvaPosition {
  period: string;
  debitCents: number;
  creditCents: number;
  debitByRate: Array<{ rate: number; baseCents: number; vatCents: number }>;
  creditByRate: Array<{ rate: number; baseCents: number; vatCents: number }>;
  perceptionsCents: number;
  withholdingsCents: number;
  technicalBalanceCents: number;
  previousTechnicalFavorCents: number;
  appliedTechnicalFavorCents: number;
  determinedTaxCents: number;
  newTechnicalFavorCents: number;
  previousFreeBalanceCents: number;
  paymentsOnAccountCents: number;
  /** > 0 to pay; < 0 a new saldo de libre disponibilidad (its magnitude). */
  balanceCents: number;
  toPayCents: number;
  newFreeBalanceCents: number;
  calculatedAt: Date | null;
}

interface SummaryDocument extends IvaPosition {
  _id: ObjectId;
  account_id: ObjectId;
}

const summaries = (context: RequestContext) => context.store.collection<SummaryDocument>('iva_summaries');

/** The VAT perceptions of the month's purchases, as their book's totals count them (a credit note's take them back). */
async function perceptions(context: RequestContext, period: string): Promise<number> {
  return (await readTotals(context, period, 'purchases')).vatPerceptionCents;
}

export async function position(context: RequestContext, period: string, withholdingsCents?: number): Promise<IvaPosition> {
  const accountId = requirePrincipal(context).accountId;
  const [sales, purchases, previous, stored] = await Promise.all([
    getBook(context, period, 'sales'),
    getBook(context, period, 'purchases'),
    summaries(context).findOne({ account_id: accountId, period: previousPeriod(period) }),
    summaries(context).findOne({ account_id: accountId, period }),
  ]);
  const figures = positionFigures({
    salesVatCents: sales.vatCents,
    purchasesCreditCents: purchases.computableCreditCents,
    perceptionsCents: await perceptions(context, period),
    withholdingsGivenCents: withholdingsCents,
    withholdingsStoredCents: stored?.withholdingsCents,
    previous,
  });
  return {
    period,
    ...figures,
    debitByRate: sales.rates,
    creditByRate: purchases.rates,
    ...positionOf(figures),
    calculatedAt: stored?.calculatedAt ?? null,
  };
}

/** Calculates the month with the withholdings suffered (default: the ones last given) and stores it. */
export async function calculate(context: RequestContext, period: string, withholdings: unknown): Promise<IvaPosition> {
  let withholdingsCents: number | undefined;
  if (withholdings !== undefined && withholdings !== null) {
    const parsed = moneySchema({ max: 1e12 }).safeParse(withholdings);
    if (!parsed.success)
      throw new ValidationError('withholdings must be an amount of at least 0', [{ path: 'withholdings', message: parsed.error.issues[0].message }]);
    withholdingsCents = parsed.data;
  }
  await assertPeriodOpen(context, period);
  const result = { ...(await position(context, period, withholdingsCents)), calculatedAt: context.now() };
  await summaries(context).updateOne({ account_id: requirePrincipal(context).accountId, period }, { $set: result }, { upsert: true });
  return result;
}
