import { type ClientSession, ObjectId } from 'mongodb';
import { nextSequenceValue } from '../../store/counters';
import type { SupplierDocument } from '../../store/suppliers.store';
import type {
  GananciasCondition,
  WithholdingCertificateDocument,
  WithholdingDocument,
  WithholdingPendingDocument,
  WithholdingTax,
} from '../../store/withholdings.store';
import { postBuiltEntry } from '../accounting/posting/post-entry';
import { requirePrincipal, type RequestContext } from '../context';
import { ConflictError, notFound, ValidationError } from '../errors';
import { parseId } from '../../store/ids';
import { parseInput } from '../validation';
import { getWithholdingConfig, requireAgent, type WithholdingConfig } from './withholdings.config';
import { carryAndCap, type OpenPending, pendingAfter, type RegimeStep, type WithholdingLine } from './carry';
import { flatStep, gananciasStep, type GananciasStep } from './math';
import { type PaymentInput, paymentSchema } from './payment-input';
import { flatTerms } from './flat-regimes';
import { paymentEntryDescription, paymentEntryLines } from './payment-entry';
import { gananciasCondition, iibbJurisdiction, netBase, paymentPeriod, supplierCuit } from './payment-rules';
import { regimeOn } from './regimes';
import { actionOn } from '../activity/actions';
import { recordChanges } from '../activity/changes';

export type { WithholdingLine } from './carry';

export interface PaymentCalculation {
  supplier: SupplierDocument;
  condition: GananciasCondition;
  date: string;
  period: string;
  amountCents: number;
  vatCents: number;
  lines: WithholdingLine[];
  totalCents: number;
  netPaymentCents: number;
}

/** The fiscal address, else the postal one (one line, or its parts joined). */
export function supplierAddress(supplier: SupplierDocument): string | null {
  if (supplier.fiscal_info?.domicilio_comercial) return supplier.fiscal_info.domicilio_comercial;
  const address = supplier.address;
  if (typeof address === 'string') return address || null;
  const parts = [address?.street, address?.city, address?.state, address?.postal_code].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

/** What the supplier's earlier payments left pending, per regime (read in the apply's transaction when given). */
async function openPending(context: RequestContext, supplier: SupplierDocument, session?: ClientSession): Promise<OpenPending[]> {
  const rows = await context.store
    .collection<WithholdingPendingDocument>('withholding_pending')
    .find({ account_id: requirePrincipal(context).accountId, supplier_id: supplier._id, pending_cents: { $gt: 0 } }, { session })
    .toArray();
  return rows.map((row) => ({
    regimeCode: row.regime_code,
    tax: row.tax,
    regimeDescription: row.regime_description,
    sicoreCode: row.sicore_code,
    jurisdiction: row.jurisdiction,
    pendingCents: row.pending_cents,
  }));
}

/**
 * The withholdings of a payment, one per regime: Ganancias accumulates the supplier's month under the regime (bases
 * and withholdings of the payments already applied); IVA takes its percent of the payment's VAT; IIBB the padrón rate
 * of its net. Reads inside `session` when given (the apply's transaction).
 */
async function calculateIn(context: RequestContext, input: PaymentInput, config: WithholdingConfig, session?: ClientSession): Promise<PaymentCalculation> {
  const accountId = requirePrincipal(context).accountId;
  const supplier = await context.store
    .collection<SupplierDocument>('suppliers')
    .findOne({ _id: parseId(input.supplierId)!, account_id: accountId }, { session });
  if (!supplier) throw notFound('supplier', input.supplierId);
  const condition = gananciasCondition(input.condition, supplierCuit(supplier));
  const period = paymentPeriod(input.date);
  const vatCents = input.vatAmount ?? 0;
  const netCents = netBase(input.amount, input.vatAmount, input.otherTaxes);
  const exclusionPercent = input.exclusionPercent ?? 0;
  const steps: RegimeStep[] = [];
  for (const [index, rawCode] of input.regimeCodes.entries()) {
    const regime = await regimeOn(context, rawCode.toUpperCase(), input.date, `regimeCodes.${index}`, session);
    const jurisdiction = iibbJurisdiction(regime.tax, regime.code);
    const designation = requireAgent(config, regime.tax, 'withholding', jurisdiction);
    let step: GananciasStep;
    let baseCents: number;
    if (regime.tax === 'ganancias') {
      baseCents = netCents;
      const [previous] = await context.store
        .collection<WithholdingDocument>('withholdings')
        .aggregate<{ base: number; withheld: number }>(
          [
            { $match: { account_id: accountId, supplier_id: supplier._id, regime_code: regime.code, period } },
            // What earlier payments determined, withheld or left pending (records from before the cap withheld it all).
            { $group: { _id: null, base: { $sum: '$base_cents' }, withheld: { $sum: { $ifNull: ['$assessed_cents', '$amount_cents'] } } } },
          ],
          { session },
        )
        .toArray();
      step = gananciasStep(regime, condition, {
        baseCents,
        previousBaseCents: previous?.base ?? 0,
        previouslyWithheldCents: previous?.withheld ?? 0,
        exclusionPercent,
      });
    } else {
      const terms = flatTerms(regime, { netCents, vatCents, iibbRate: input.iibbRate }, designation);
      baseCents = terms.baseCents;
      if (terms.rate === null)
        throw new ValidationError(`iibbRate is required: no default ${jurisdiction} rate is set`, [
          { path: 'iibbRate', message: 'required (the padrón rate)' },
        ]);
      step = flatStep(baseCents, terms.rate, terms.minimumCents, exclusionPercent);
    }
    steps.push({
      ...step,
      tax: regime.tax,
      regimeCode: regime.code,
      regimeDescription: regime.description,
      sicoreCode: regime.sicoreCode,
      jurisdiction,
      baseCents,
      exclusionPercent,
    });
  }
  const lines = carryAndCap(steps, await openPending(context, supplier, session), input.amount);
  const totalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  return { supplier, condition, date: input.date, period, amountCents: input.amount, vatCents, lines, totalCents, netPaymentCents: input.amount - totalCents };
}

/** What the supplier owes after the payment (pendingAfter), kept per supplier and regime in the apply's transaction. */
async function keepPending(
  context: RequestContext,
  supplierId: ObjectId,
  paymentId: string,
  lines: readonly WithholdingLine[],
  session: ClientSession,
): Promise<void> {
  const pending = context.store.collection<WithholdingPendingDocument>('withholding_pending');
  const now = context.now();
  for (const row of pendingAfter(lines))
    await pending.updateOne(
      { account_id: requirePrincipal(context).accountId, supplier_id: supplierId, regime_code: row.regimeCode },
      {
        $set: {
          tax: row.tax,
          regime_description: row.regimeDescription,
          sicore_code: row.sicoreCode,
          jurisdiction: row.jurisdiction,
          pending_cents: row.pendingCents,
          payment_id: paymentId,
          updated_at: now,
        },
        $setOnInsert: { _id: new ObjectId(), created_at: now },
      },
      { upsert: true, session },
    );
}

/** What a payment would withhold now, changing nothing. */
export async function calculateWithholdings(context: RequestContext, raw: unknown): Promise<PaymentCalculation> {
  const input = parseInput(paymentSchema, raw);
  return calculateIn(context, input, await getWithholdingConfig(context));
}

export interface AppliedPayment {
  paymentId: string;
  calculation: PaymentCalculation;
  journalEntryId: ObjectId;
  withholdings: WithholdingDocument[];
}

const alreadyApplied = (paymentId: string) =>
  new ConflictError(
    `payment ${paymentId} already has its withholdings applied`,
    [{ path: 'paymentId', message: 'already applied' }],
    'PAYMENT_ALREADY_APPLIED',
  );

/** The next certificate number of a tax: one counter per account and tax, inside the caller's transaction (no gaps). */
export const nextCertificateNumber = (context: RequestContext, tax: WithholdingTax, session: ClientSession) =>
  nextSequenceValue(context.store, requirePrincipal(context).accountId, `withholding_certificate:${tax}`, context.now(), session);

/** A certificate of a stored withholding, numbered in the caller's transaction. */
export async function certificateFor(
  context: RequestContext,
  withholding: WithholdingDocument,
  config: WithholdingConfig,
  session: ClientSession,
): Promise<WithholdingCertificateDocument> {
  const now = context.now();
  const certificate: WithholdingCertificateDocument = {
    _id: new ObjectId(),
    account_id: withholding.account_id,
    number: await nextCertificateNumber(context, withholding.tax, session),
    tax: withholding.tax,
    withholding_id: withholding._id,
    supplier_id: withholding.supplier_id,
    date: withholding.date,
    period: withholding.period,
    agent: { name: config.agentName, cuit: config.agentCuit, address: config.agentAddress },
    subject: { name: withholding.supplier_name, cuit: withholding.supplier_cuit, address: withholding.supplier_address, condition: withholding.condition },
    regime_code: withholding.regime_code,
    regime_description: withholding.regime_description,
    payment_id: withholding.payment_id,
    invoices: withholding.invoices,
    amount_paid_cents: withholding.amount_paid_cents,
    base_cents: withholding.base_cents,
    accumulated_base_cents: withholding.accumulated_base_cents,
    non_taxable_cents: withholding.non_taxable_cents,
    taxable_cents: withholding.taxable_cents,
    rate: withholding.rate,
    scale_applied: withholding.scale_applied,
    exclusion_percent: withholding.exclusion_percent,
    amount_cents: withholding.amount_cents,
    created_at: now,
    updated_at: now,
  };
  await context.store.collection<WithholdingCertificateDocument>('withholding_certificates').insertOne(certificate, { session });
  await context.store
    .collection<WithholdingDocument>('withholdings')
    .updateOne({ _id: withholding._id }, { $set: { certificate_id: certificate._id, certificate_number: certificate.number, updated_at: now } }, { session });
  withholding.certificate_id = certificate._id;
  withholding.certificate_number = certificate.number;
  return certificate;
}

/**
 * Applies a payment's withholdings in one transaction: records each regime's withholding (also the ones that come to
 * zero, whose base keeps accumulating), posts the payment — Dr Proveedores the amount paid, Cr the bank the net, Cr
 * each tax's "a depositar" account — and issues a numbered certificate for every amount withheld. A payment is
 * applied once (409 PAYMENT_ALREADY_APPLIED). Payments to one supplier under one regime in one month take turns: each
 * writes the same counter, so two concurrent ones cannot both miss each other's base.
 */
export async function applyWithholdings(context: RequestContext, raw: unknown): Promise<AppliedPayment> {
  const input = parseInput(paymentSchema, raw);
  if (!input.paymentId) throw new ValidationError('paymentId is required', [{ path: 'paymentId', message: 'required (the payment order number)' }]);
  const paymentId = input.paymentId;
  const accountId = requirePrincipal(context).accountId;
  const withholdings = context.store.collection<WithholdingDocument>('withholdings');
  return context.store.transaction(
    async (session) => {
      if (await withholdings.findOne({ account_id: accountId, payment_id: paymentId }, { session, projection: { _id: 1 } })) throw alreadyApplied(paymentId);
      const period = paymentPeriod(input.date);
      for (const code of input.regimeCodes)
        await nextSequenceValue(
          context.store,
          accountId,
          `withholding_month:${input.supplierId.toLowerCase()}:${code.toUpperCase()}:${period}`,
          context.now(),
          session,
        );
      const config = await getWithholdingConfig(context, session);
      const calculation = await calculateIn(context, input, config, session);
      const entryId = new ObjectId();
      const who = calculation.supplier.name;
      await postBuiltEntry(
        context,
        {
          _id: entryId,
          date: input.date,
          description: paymentEntryDescription(paymentId, who, calculation.totalCents),
          lines: paymentEntryLines({
            paymentId,
            supplierName: who,
            amountCents: calculation.amountCents,
            netPaymentCents: calculation.netPaymentCents,
            lines: calculation.lines,
            accounts: { ...config.accounts, payment: input.paymentAccountCode ?? config.accounts.payment },
          }),
          reference_type: 'withholding_payment',
          reference_id: paymentId,
        },
        session,
      );
      const now = context.now();
      const supplier = calculation.supplier;
      const docs: WithholdingDocument[] = calculation.lines.map((line) => ({
        _id: new ObjectId(),
        account_id: accountId,
        payment_id: paymentId,
        supplier_id: supplier._id,
        supplier_name: supplier.name,
        supplier_cuit: supplierCuit(supplier),
        supplier_address: supplierAddress(supplier),
        condition: calculation.condition,
        tax: line.tax,
        regime_code: line.regimeCode,
        regime_description: line.regimeDescription,
        sicore_code: line.sicoreCode,
        jurisdiction: line.jurisdiction,
        date: input.date,
        period,
        invoices: input.invoices ?? [],
        amount_paid_cents: calculation.amountCents,
        vat_cents: calculation.vatCents,
        base_cents: line.baseCents,
        accumulated_base_cents: line.accumulatedBaseCents,
        non_taxable_cents: line.nonTaxableCents,
        taxable_cents: line.taxableCents,
        rate: line.rate,
        scale_applied: line.scaleApplied,
        exclusion_percent: line.exclusionPercent,
        computed_total_cents: line.computedTotalCents,
        previously_withheld_cents: line.previouslyWithheldCents,
        assessed_cents: line.assessedCents,
        carried_in_cents: line.carriedInCents,
        amount_cents: line.amountCents,
        pending_cents: line.pendingCents,
        below_minimum: line.belowMinimum,
        journal_entry_id: entryId,
        certificate_id: null,
        certificate_number: null,
        created_at: now,
        updated_at: now,
      }));
      await withholdings.insertMany(docs, { session });
      await keepPending(context, supplier._id, paymentId, calculation.lines, session);
      if (input.issueCertificates ?? true) for (const doc of docs) if (doc.amount_cents > 0) await certificateFor(context, doc, config, session);
      // Zero withholdings are recorded too: they hold the month's accumulated base.
      await recordChanges(
        context,
        docs.map((doc) => actionOn('withholdings', `withholding ${doc.regime_code}`, 'created', doc, `payment ${paymentId} to «${who}»`)),
        session,
      );
      return { paymentId, calculation, journalEntryId: entryId, withholdings: docs };
    },
    { queue: `withholdings:${accountId.toHexString()}` },
  );
}
