import { ObjectId } from 'mongodb';
import { z } from 'zod';
import { isDuplicateKeyError } from '../../store/store';
import type { Jurisdiction, PerceptionDocument } from '../../store/withholdings.store';
import { requirePrincipal, type RequestContext } from '../context';
import { normalizeCuit } from '../cuit';
import { calendarDateSchema } from '../dates';
import { moneySchema, percentSchema } from '../money';
import { parseInput } from '../validation';
import { getWithholdingConfig, JURISDICTIONS, requireAgent } from './withholdings.config';
import { iibbPerception, ivaPerceptionLines, perceptionRate, perceptionRegimeCode, perceptionTotal, RG_2408_MINIMUM_CENTS } from './perception-math';
import { actionOn } from '../activity/actions';
import { recordChanges } from '../activity/changes';

const perceptionSchema = z
  .object({
    tax: z.enum(['iva', 'iibb']),
    jurisdiction: z.enum(JURISDICTIONS).nullish(),
    date: calendarDateSchema(),
    customerName: z.string().trim().min(1, 'must not be empty').max(200, 'at most 200 characters'),
    customerCuit: z.string().refine((value) => normalizeCuit(value) !== null, 'must be a valid CUIT'),
    voucherType: z.number().int('must be an integer').min(1, 'must be a voucher code').max(999, 'must be a voucher code'),
    salePoint: z.number().int('must be an integer').min(1, 'must be 1 to 99999').max(99999, 'must be 1 to 99999'),
    voucherNumber: z.number().int('must be an integer').min(1, 'must be 1 or more').max(99_999_999, 'at most 8 digits'),
    netByRate: z
      .array(
        z.object({ rate: z.union([z.literal(21), z.literal(10.5), z.literal(27), z.literal(5), z.literal(2.5), z.literal(0)]), base: moneySchema() }).strict(),
      )
      .max(6)
      .nullish(),
    netAmount: moneySchema().nullish(),
    rate: percentSchema().nullish(),
    dryRun: z.boolean().nullish(),
  })
  .strict();

/**
 * The perception of one sale: IVA (RG 2408) on the net per VAT rate at 3 % or 1,5 % (a rate given applies to every
 * line instead: the higher rates of non-compliant buyers), nothing under $60; IIBB at the customer's padrón rate (or
 * the designation's default) on the net, nothing under the designation's minimum. Stored once per voucher and regime
 * (a recalculation replaces it) unless dryRun.
 */
export async function calculatePerception(context: RequestContext, raw: unknown): Promise<PerceptionDocument & { stored: boolean }> {
  const input = parseInput(perceptionSchema, raw);
  const config = await getWithholdingConfig(context);
  const jurisdiction: Jurisdiction | null = input.tax === 'iibb' ? (input.jurisdiction ?? null) : null;
  const designation = requireAgent(config, input.tax, 'perception', jurisdiction);
  const { lines, minimumCents } =
    input.tax === 'iva'
      ? { lines: ivaPerceptionLines(input.netByRate ?? [], input.rate ?? null), minimumCents: RG_2408_MINIMUM_CENTS }
      : iibbPerception(input.netAmount, input.rate, designation, jurisdiction);
  const { computed, amount, belowMinimum } = perceptionTotal(lines, minimumCents);
  const now = context.now();
  const accountId = requirePrincipal(context).accountId;
  const regimeCode = perceptionRegimeCode(input.tax, jurisdiction);
  const doc: PerceptionDocument = {
    _id: new ObjectId(),
    account_id: accountId,
    tax: input.tax,
    regime_code: regimeCode,
    jurisdiction,
    date: input.date,
    period: input.date.slice(0, 7),
    customer_name: input.customerName,
    customer_cuit: normalizeCuit(input.customerCuit)!,
    voucher_type: input.voucherType,
    sale_point: input.salePoint,
    voucher_number: input.voucherNumber,
    base_cents: lines.reduce((sum, line) => sum + line.base_cents, 0),
    rate: perceptionRate(lines, input.rate),
    lines,
    computed_cents: computed,
    amount_cents: amount,
    below_minimum: belowMinimum,
    created_at: now,
    updated_at: now,
  };
  if (input.dryRun) return { ...doc, stored: false };
  // The upsert makes the stored document's _id.
  const { _id, created_at, ...fields } = doc;
  const upsert = () =>
    context.store
      .collection<PerceptionDocument>('perceptions')
      .findOneAndUpdate(
        { account_id: accountId, voucher_type: doc.voucher_type, sale_point: doc.sale_point, voucher_number: doc.voucher_number, regime_code: regimeCode },
        { $set: fields, $setOnInsert: { created_at } },
        { upsert: true, returnDocument: 'after', includeResultMetadata: true },
      );
  // Two first calculations of one voucher at once both insert: the loser's second try finds and replaces the winner's.
  const result = await upsert().catch((error) => (isDuplicateKeyError(error) ? upsert() : Promise.reject(error)));
  const stored = result.value as PerceptionDocument;
  // A second calculation of the same voucher replaces the stored perception.
  const action = result.lastErrorObject?.updatedExisting ? 'updated' : 'created';
  await recordChanges(context, [actionOn('perceptions', `perception ${regimeCode}`, action, stored, stored.customer_name)]);
  return { ...stored, stored: true };
}
