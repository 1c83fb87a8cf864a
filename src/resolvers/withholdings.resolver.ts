import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Authorized, Ctx, FieldResolver, ID, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Parent } from './parent';
import type { RequestContext } from '../domain/context';
import { certificateHtml } from '../domain/withholdings/certificate-content';
import { certificatePdf } from '../domain/withholdings/certificate-pdf';
import { getCertificate, issueCertificate } from '../domain/withholdings/withholdings.certificates';
import { getWithholdingConfig, putWithholdingConfig, type WithholdingConfig as Config } from '../domain/withholdings/withholdings.config';
import { declaration } from '../domain/withholdings/withholdings.declaration';
import { listRecords } from '../domain/withholdings/lists';
import { applyWithholdings, calculateWithholdings, type WithholdingLine as Line } from '../domain/withholdings/payments';
import { calculatePerception } from '../domain/withholdings/perceptions';
import { createRegime, listRegimes, type Regime } from '../domain/withholdings/regimes';
import { fromCents } from '../domain/money';
import type { PerceptionDocument, WithholdingCertificateDocument, WithholdingDocument } from '../domain/stored';
import { JournalEntry } from '../schema/accounting.types';
import {
  Perception,
  PerceptionInput,
  PerceptionPage,
  Withholding,
  WithholdingApplication,
  WithholdingCalculation,
  WithholdingCertificate,
  WithholdingCertificatePage,
  WithholdingConfig,
  WithholdingConfigInput,
  WithholdingDeclaration,
  WithholdingPage,
  WithholdingPaymentInput,
  WithholdingRegime,
  WithholdingRegimeInput,
  type WithholdingLine,
} from '../schema/withholdings.types';
import { toJournalEntry } from './accounting.resolver';
import { fieldSelection } from './selection';
import { suppliers } from '../domain/suppliers/suppliers.service';
import { journalEntries } from '../domain/accounting/journal';
import { SUPPLIER } from '../domain/suppliers/suppliers.declaration';
import { type DeclaredRecord, typesOf } from '../schema/declared.types';
import { outputOf } from '../domain/declare/mapping';

const Supplier = typesOf(SUPPLIER).Record;
type Supplier = DeclaredRecord;

const READ = 'accounting:read';
const WRITE = 'accounting:write';

/** Input objects as plain data (type-graphql builds class instances), undefined fields dropped. */
const plain = (input: object): Record<string, unknown> => JSON.parse(JSON.stringify(input));

const toConfig = (config: Config): WithholdingConfig => ({
  ...config,
  iibb: config.iibb.map((row) => ({
    jurisdiction: row.jurisdiction,
    withholdingAgent: row.withholding_agent,
    perceptionAgent: row.perception_agent,
    withholdingRate: row.withholding_rate,
    perceptionRate: row.perception_rate,
    minimumAmount: fromCents(row.minimum_cents),
  })),
  accounts: { ...config.accounts },
});

const toRegime = (regime: Regime): WithholdingRegime => ({
  code: regime.code,
  tax: regime.tax,
  sicoreCode: regime.sicoreCode,
  description: regime.description,
  norm: regime.norm,
  validFrom: regime.validFrom,
  rateRegistered: regime.rateRegistered,
  rateUnregistered: regime.rateUnregistered,
  usesScale: regime.usesScale,
  nonTaxableMonthly: fromCents(regime.nonTaxableCents),
  minimumWithholding: fromCents(regime.minimumCents),
  minimumUnregistered: regime.minimumUnregisteredCents === null ? null : fromCents(regime.minimumUnregisteredCents),
  seeded: regime.seeded,
});

const toLine = (line: Line): WithholdingLine => ({
  tax: line.tax,
  regimeCode: line.regimeCode,
  regimeDescription: line.regimeDescription,
  sicoreCode: line.sicoreCode,
  jurisdiction: line.jurisdiction,
  base: fromCents(line.baseCents),
  accumulatedBase: fromCents(line.accumulatedBaseCents),
  nonTaxable: fromCents(line.nonTaxableCents),
  taxable: fromCents(line.taxableCents),
  rate: line.rate,
  scaleApplied: line.scaleApplied,
  exclusionPercent: line.exclusionPercent,
  computedTotal: fromCents(line.computedTotalCents),
  previouslyWithheld: fromCents(line.previouslyWithheldCents),
  carriedIn: fromCents(line.carriedInCents),
  amount: fromCents(line.amountCents),
  pending: fromCents(line.pendingCents),
  belowMinimum: line.belowMinimum,
});

export const toWithholding = (doc: WithholdingDocument): Withholding =>
  Object.assign(new Withholding(), {
    ...toLine({
      tax: doc.tax,
      regimeCode: doc.regime_code,
      regimeDescription: doc.regime_description,
      sicoreCode: doc.sicore_code,
      jurisdiction: doc.jurisdiction,
      baseCents: doc.base_cents,
      accumulatedBaseCents: doc.accumulated_base_cents,
      nonTaxableCents: doc.non_taxable_cents,
      taxableCents: doc.taxable_cents,
      rate: doc.rate,
      scaleApplied: doc.scale_applied,
      exclusionPercent: doc.exclusion_percent,
      computedTotalCents: doc.computed_total_cents,
      previouslyWithheldCents: doc.previously_withheld_cents,
      assessedCents: doc.assessed_cents ?? doc.amount_cents,
      carriedInCents: doc.carried_in_cents ?? 0,
      amountCents: doc.amount_cents,
      pendingCents: doc.pending_cents ?? 0,
      belowMinimum: doc.below_minimum,
    }),
    id: doc._id.toHexString(),
    paymentId: doc.payment_id,
    supplierId: doc.supplier_id.toHexString(),
    supplierName: doc.supplier_name,
    supplierCuit: doc.supplier_cuit,
    condition: doc.condition,
    date: doc.date,
    period: doc.period,
    invoices: doc.invoices,
    amountPaid: fromCents(doc.amount_paid_cents),
    vatAmount: fromCents(doc.vat_cents),
    journalEntryId: doc.journal_entry_id.toHexString(),
    certificateId: doc.certificate_id?.toHexString() ?? null,
    certificateNumber: doc.certificate_number,
    createdAt: doc.created_at,
  });

export const toCertificate = (doc: WithholdingCertificateDocument): WithholdingCertificate =>
  Object.assign(new WithholdingCertificate(), {
    id: doc._id.toHexString(),
    number: doc.number,
    tax: doc.tax,
    withholdingId: doc.withholding_id.toHexString(),
    supplierId: doc.supplier_id.toHexString(),
    date: doc.date,
    period: doc.period,
    agentName: doc.agent.name,
    agentCuit: doc.agent.cuit,
    agentAddress: doc.agent.address,
    subjectName: doc.subject.name,
    subjectCuit: doc.subject.cuit,
    subjectAddress: doc.subject.address,
    condition: doc.subject.condition,
    regimeCode: doc.regime_code,
    regimeDescription: doc.regime_description,
    paymentId: doc.payment_id,
    invoices: doc.invoices,
    amountPaid: fromCents(doc.amount_paid_cents),
    base: fromCents(doc.base_cents),
    accumulatedBase: fromCents(doc.accumulated_base_cents),
    nonTaxable: fromCents(doc.non_taxable_cents),
    taxable: fromCents(doc.taxable_cents),
    rate: doc.rate,
    scaleApplied: doc.scale_applied,
    exclusionPercent: doc.exclusion_percent,
    amount: fromCents(doc.amount_cents),
    createdAt: doc.created_at,
    doc,
  });

const toPerception = (doc: PerceptionDocument & { stored: boolean }): Perception => ({
  id: doc.stored ? doc._id.toHexString() : null,
  stored: doc.stored,
  tax: doc.tax,
  regimeCode: doc.regime_code,
  jurisdiction: doc.jurisdiction,
  date: doc.date,
  period: doc.period,
  customerName: doc.customer_name,
  customerCuit: doc.customer_cuit,
  voucherType: doc.voucher_type,
  salePoint: doc.sale_point,
  voucherNumber: doc.voucher_number,
  base: fromCents(doc.base_cents),
  rate: doc.rate,
  lines: doc.lines.map((line) => ({ vatRate: line.vat_rate, base: fromCents(line.base_cents), rate: line.rate, amount: fromCents(line.amount_cents) })),
  computed: fromCents(doc.computed_cents),
  amount: fromCents(doc.amount_cents),
  belowMinimum: doc.below_minimum,
});

const TAXES = ['ganancias', 'iva', 'iibb'] as const;

/** Withholdings (retenciones) on payments and perceptions (percepciones) on sales, their certificates and returns. */
@Resolver(() => Withholding)
export class WithholdingResolver {
  @Authorized(READ)
  @Query(() => WithholdingConfig, { description: 'The agent designations and the accounts payments post to (defaults until saved).' })
  async withholdingConfig(@Ctx() context: RequestContext): Promise<WithholdingConfig> {
    return toConfig(await getWithholdingConfig(context));
  }

  @Authorized(WRITE)
  @Mutation(() => WithholdingConfig, { description: 'Changes the given settings.' })
  async updateWithholdingConfig(
    @Ctx() context: RequestContext,
    @Arg('input', () => WithholdingConfigInput) input: WithholdingConfigInput,
  ): Promise<WithholdingConfig> {
    return toConfig(await putWithholdingConfig(context, plain(input)));
  }

  @Authorized(READ)
  @Query(() => [WithholdingRegime], { description: 'The regimes: the seeded RG 830 / RG 2854 / IIBB table and the account’s own versions.' })
  async withholdingRegimes(
    @Ctx() context: RequestContext,
    @Arg('tax', () => String, { nullable: true, description: 'ganancias, iva or iibb.' }) tax?: string,
    @Arg('on', () => String, { nullable: true, description: 'YYYY-MM-DD: only the version of each regime in force that day.' }) on?: string,
  ): Promise<WithholdingRegime[]> {
    return (await listRegimes(context, { tax, on })).map(toRegime);
  }

  @Authorized(WRITE)
  @Mutation(() => WithholdingRegime, { description: 'Adds a regime or a dated version of one (409 REGIME_EXISTS for a code and date already there).' })
  async createWithholdingRegime(
    @Ctx() context: RequestContext,
    @Arg('input', () => WithholdingRegimeInput) input: WithholdingRegimeInput,
  ): Promise<WithholdingRegime> {
    return toRegime(await createRegime(context, plain(input)));
  }

  @Authorized(WRITE)
  @Mutation(() => WithholdingCalculation, {
    description: 'What a payment would withhold now per regime; records nothing (a write like every payment step, as the REST POST is).',
  })
  async calculateWithholding(
    @Ctx() context: RequestContext,
    @Arg('input', () => WithholdingPaymentInput) input: WithholdingPaymentInput,
  ): Promise<WithholdingCalculation> {
    const result = await calculateWithholdings(context, plain(input));
    return {
      supplierId: result.supplier._id.toHexString(),
      condition: result.condition,
      date: result.date,
      period: result.period,
      amount: fromCents(result.amountCents),
      vatAmount: fromCents(result.vatCents),
      total: fromCents(result.totalCents),
      netPayment: fromCents(result.netPaymentCents),
      lines: result.lines.map(toLine),
    };
  }

  @Authorized(WRITE)
  @Mutation(() => WithholdingApplication, {
    description:
      'Applies a payment’s withholdings in one transaction: records them, posts the payment entry and issues the numbered certificates (409 PAYMENT_ALREADY_APPLIED for a payment applied before).',
  })
  async applyWithholding(
    @Ctx() context: RequestContext,
    @Arg('input', () => WithholdingPaymentInput) input: WithholdingPaymentInput,
  ): Promise<WithholdingApplication> {
    const applied = await applyWithholdings(context, plain(input));
    return {
      paymentId: applied.paymentId,
      journalEntryId: applied.journalEntryId.toHexString(),
      total: fromCents(applied.calculation.totalCents),
      netPayment: fromCents(applied.calculation.netPaymentCents),
      withholdings: applied.withholdings.map(toWithholding),
    };
  }

  @Authorized(READ)
  @Query(() => WithholdingPage, { description: 'Recorded withholdings newest first, by month, supplier or tax.' })
  async withholdings(
    @Ctx() context: RequestContext,
    @Arg('period', () => String, { nullable: true, description: 'YYYY-MM.' }) period?: string,
    @Arg('supplierId', () => ID, { nullable: true }) supplierId?: string,
    @Arg('tax', () => String, { nullable: true }) tax?: string,
    @Arg('page', () => Int, { nullable: true }) page?: number,
    @Arg('limit', () => Int, { nullable: true, description: '1 to 100 (default 50).' }) limit?: number,
  ): Promise<WithholdingPage> {
    const result = await listRecords<WithholdingDocument>(context, 'withholdings', { period, supplierId, tax, page, limit }, { supplier: true, taxes: TAXES });
    return { items: result.items.map(toWithholding), total: result.total };
  }

  @Authorized(READ)
  @Query(() => PerceptionPage, { description: 'Perceptions charged on sales, newest first, by month or tax.' })
  async perceptions(
    @Ctx() context: RequestContext,
    @Arg('period', () => String, { nullable: true }) period?: string,
    @Arg('tax', () => String, { nullable: true, description: 'iva or iibb.' }) tax?: string,
    @Arg('page', () => Int, { nullable: true }) page?: number,
    @Arg('limit', () => Int, { nullable: true }) limit?: number,
  ): Promise<PerceptionPage> {
    const result = await listRecords<PerceptionDocument>(context, 'perceptions', { period, tax, page, limit }, { supplier: false, taxes: ['iva', 'iibb'] });
    return { items: result.items.map((doc) => toPerception({ ...doc, stored: true })), total: result.total };
  }

  @Authorized(WRITE)
  @Mutation(() => Perception, {
    description: 'Calculates the perception of a sale and stores it (once per voucher and regime) unless dryRun (409 NOT_AN_AGENT).',
  })
  async calculatePerception(@Ctx() context: RequestContext, @Arg('input', () => PerceptionInput) input: PerceptionInput): Promise<Perception> {
    return toPerception(await calculatePerception(context, plain(input)));
  }

  @Authorized(READ)
  @Query(() => WithholdingCertificatePage, { description: 'Certificates newest first, by month, supplier or tax.' })
  async withholdingCertificates(
    @Ctx() context: RequestContext,
    @Arg('period', () => String, { nullable: true }) period?: string,
    @Arg('supplierId', () => ID, { nullable: true }) supplierId?: string,
    @Arg('tax', () => String, { nullable: true }) tax?: string,
    @Arg('page', () => Int, { nullable: true }) page?: number,
    @Arg('limit', () => Int, { nullable: true }) limit?: number,
  ): Promise<WithholdingCertificatePage> {
    const result = await listRecords<WithholdingCertificateDocument>(
      context,
      'withholding_certificates',
      { period, supplierId, tax, page, limit },
      { supplier: true, taxes: TAXES },
    );
    return { items: result.items.map(toCertificate), total: result.total };
  }

  @Authorized(READ)
  @Query(() => WithholdingCertificate, { description: 'One certificate, with its printable HTML and PDF.' })
  async withholdingCertificate(@Ctx() context: RequestContext, @Arg('id', () => ID) id: string): Promise<WithholdingCertificate> {
    return toCertificate(await getCertificate(context, id));
  }

  @Authorized(WRITE)
  @Mutation(() => WithholdingCertificate, {
    description: 'Issues the certificate of a withholding applied without one (409 CERTIFICATE_EXISTS, NOTHING_WITHHELD).',
  })
  async issueWithholdingCertificate(@Ctx() context: RequestContext, @Arg('withholdingId', () => ID) withholdingId: string): Promise<WithholdingCertificate> {
    return toCertificate(await issueCertificate(context, withholdingId));
  }

  @Authorized(READ)
  @Query(() => WithholdingDeclaration, { description: 'A month’s totals per regime and its SICORE records.' })
  async withholdingDeclaration(@Ctx() context: RequestContext, @Arg('period', () => String) period: string): Promise<WithholdingDeclaration> {
    const result = await declaration(context, period);
    return {
      period: result.period,
      withholdingsTotal: fromCents(result.withholdingsCents),
      perceptionsTotal: fromCents(result.perceptionsCents),
      regimes: result.regimes.map((total) => ({ ...total, base: fromCents(total.baseCents), amount: fromCents(total.amountCents) })),
      sicoreFileName: result.sicore.fileName,
      sicoreLines: result.sicore.lines,
      sicoreContent: result.sicore.content,
    };
  }

  @Authorized('suppliers:read')
  @FieldResolver(() => Supplier, { nullable: true, description: 'The supplier paid (needs suppliers:read; batched per request).' })
  async supplier(@Parent() withholding: Withholding, @Ctx() context: RequestContext, @Info() info: GraphQLResolveInfo): Promise<Supplier | null> {
    const doc = await suppliers.load(context, withholding.supplierId, fieldSelection(info));
    return doc ? (outputOf(SUPPLIER, doc) as Supplier) : null;
  }

  @FieldResolver(() => JournalEntry, { nullable: true, description: 'The posted payment entry (batched per request).' })
  async journalEntry(@Parent() withholding: Withholding, @Ctx() context: RequestContext, @Info() info: GraphQLResolveInfo): Promise<JournalEntry | null> {
    const entry = await journalEntries.load(context, withholding.journalEntryId, fieldSelection(info));
    return entry ? toJournalEntry(entry) : null;
  }

  @FieldResolver(() => WithholdingCertificate, { nullable: true, description: 'Its certificate, when something was withheld (batched per request).' })
  async certificate(@Parent() withholding: Withholding, @Ctx() context: RequestContext): Promise<WithholdingCertificate | null> {
    if (!withholding.certificateId) return null;
    const doc = await context.loaders().byId<WithholdingCertificateDocument>('withholding_certificates').load(withholding.certificateId);
    return doc ? toCertificate(doc) : null;
  }
}

const docOf = (certificate: WithholdingCertificate) => (certificate as unknown as { doc: WithholdingCertificateDocument }).doc;

@Resolver(() => WithholdingCertificate)
export class WithholdingCertificatePrintResolver {
  @FieldResolver(() => String, { description: 'The printable certificate as a self-contained HTML page.' })
  html(@Parent() certificate: WithholdingCertificate): string {
    return certificateHtml(docOf(certificate));
  }

  @FieldResolver(() => String, { description: 'The printable certificate as an A4 PDF, base64.' })
  async pdfBase64(@Parent() certificate: WithholdingCertificate): Promise<string> {
    return (await certificatePdf(docOf(certificate))).toString('base64');
  }
}
