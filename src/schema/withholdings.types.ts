import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';

const asEnum = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((value) => [value, value])) as Record<T, T>;

export const WithholdingTaxEnum = asEnum(['ganancias', 'iva', 'iibb'] as const);
registerEnumType(WithholdingTaxEnum, { name: 'WithholdingTax', description: 'ganancias (RG 830), iva (RG 2854 / RG 2408), iibb (provincial).' });
export const PerceptionTaxEnum = asEnum(['iva', 'iibb'] as const);
registerEnumType(PerceptionTaxEnum, {
  name: 'ChargedPerceptionTax',
  description: 'The tax of a perception the account charges on a sale: iva (RG 2408) or iibb (provincial).',
});
export const GananciasConditionEnum = asEnum(['inscripto', 'no_inscripto'] as const);
registerEnumType(GananciasConditionEnum, {
  name: 'GananciasCondition',
  description: 'The subject’s Ganancias registration: inscriptos deduct the MNSR and pay the lower rate; no inscriptos the flat higher rate on everything.',
});
export const JurisdictionEnum = asEnum(['ARBA', 'AGIP'] as const);
registerEnumType(JurisdictionEnum, { name: 'IibbJurisdiction', description: 'ARBA (Provincia de Buenos Aires) or AGIP (CABA).' });

@ObjectType({ description: 'A provincial (IIBB) agent designation.' })
export class IibbDesignation {
  @Field(() => JurisdictionEnum) jurisdiction!: string;
  @Field(() => Boolean) withholdingAgent!: boolean;
  @Field(() => Boolean) perceptionAgent!: boolean;
  @Field(() => Float, { nullable: true, description: 'Default withholding rate (percent) when a payment gives no padrón rate.' })
  withholdingRate!: number | null;
  @Field(() => Float, { nullable: true, description: 'Default perception rate (percent) when a sale gives no padrón rate.' })
  perceptionRate!: number | null;
  @Field(() => Float, { description: 'Below this amount nothing is withheld or perceived.' }) minimumAmount!: number;
}

@ObjectType({ description: 'The ledger accounts a payment with withholdings posts to (codes of the chart).' })
export class WithholdingAccounts {
  @Field(() => String, { description: 'Credited with the net paid (default 1.1.1.02.001, the bank).' }) payment!: string;
  @Field(() => String, { description: 'Debited with the amount paid (default: the posting accounts’ suppliers account).' }) suppliers!: string;
  @Field(() => String, { description: 'Retenciones de Ganancias a depositar (default 2.1.4.02.001).' }) ganancias!: string;
  @Field(() => String, { description: 'Retenciones de IVA a depositar (default 2.1.4.02.002).' }) iva!: string;
  @Field(() => String, { description: 'Retenciones de IIBB a depositar (default 2.1.4.02.003).' }) iibb!: string;
}

@ObjectType({ description: 'The account’s withholding and perception agent designations (defaults until saved).' })
export class WithholdingConfig {
  @Field(() => String, { description: 'Printed on certificates (default: the account’s name).' }) agentName!: string;
  @Field(() => String, { description: 'Default: the account’s CUIT.' }) agentCuit!: string;
  @Field(() => String, { nullable: true }) agentAddress!: string | null;
  @Field(() => Boolean, { description: 'Ganancias withholding agent (RG 830): on by default, as for practically every company.' }) gananciasAgent!: boolean;
  @Field(() => Boolean, { description: 'IVA withholding agent (RG 2854), designated by ARCA.' }) ivaWithholdingAgent!: boolean;
  @Field(() => Boolean, { description: 'IVA perception agent (RG 2408), designated by ARCA.' }) ivaPerceptionAgent!: boolean;
  @Field(() => [IibbDesignation]) iibb!: IibbDesignation[];
  @Field(() => WithholdingAccounts) accounts!: WithholdingAccounts;
}

@InputType()
export class IibbDesignationInput {
  @Field(() => JurisdictionEnum) jurisdiction!: string;
  @Field(() => Boolean) withholdingAgent!: boolean;
  @Field(() => Boolean) perceptionAgent!: boolean;
  @Field(() => Float, { nullable: true }) withholdingRate?: number | null;
  @Field(() => Float, { nullable: true }) perceptionRate?: number | null;
  @Field(() => Float, { nullable: true }) minimumAmount?: number | null;
}

@InputType()
export class WithholdingAccountsInput {
  @Field(() => String, { nullable: true }) payment?: string | null;
  @Field(() => String, { nullable: true }) suppliers?: string | null;
  @Field(() => String, { nullable: true }) ganancias?: string | null;
  @Field(() => String, { nullable: true }) iva?: string | null;
  @Field(() => String, { nullable: true }) iibb?: string | null;
}

@InputType({ description: 'The settings to change; the rest keep their value (null: back to the default; a list replaces the list).' })
export class WithholdingConfigInput {
  @Field(() => String, { nullable: true }) agentName?: string | null;
  @Field(() => String, { nullable: true }) agentCuit?: string | null;
  @Field(() => String, { nullable: true }) agentAddress?: string | null;
  @Field(() => Boolean, { nullable: true }) gananciasAgent?: boolean | null;
  @Field(() => Boolean, { nullable: true }) ivaWithholdingAgent?: boolean | null;
  @Field(() => Boolean, { nullable: true }) ivaPerceptionAgent?: boolean | null;
  @Field(() => [IibbDesignationInput], { nullable: true }) iibb?: IibbDesignationInput[] | null;
  @Field(() => WithholdingAccountsInput, { nullable: true }) accounts?: WithholdingAccountsInput | null;
}

@ObjectType({ description: 'A dated version of a withholding regime (concept).' })
export class WithholdingRegime {
  @Field(() => String, { description: 'The concept: SICORE régimen for Ganancias (94, 116-I…), IVA-50/80/100, IIBB-ARBA/AGIP.' }) code!: string;
  @Field(() => WithholdingTaxEnum) tax!: string;
  @Field(() => String, { nullable: true, description: 'The 3-digit SICORE régimen code (Ganancias).' }) sicoreCode!: string | null;
  @Field(() => String) description!: string;
  @Field(() => String) norm!: string;
  @Field(() => String, { description: 'YYYY-MM-DD from which this version applies (until a later one).' }) validFrom!: string;
  @Field(() => Float, { nullable: true, description: 'Percent for inscriptos (IVA: percent of the VAT); null where the scale applies or the padrón gives it.' })
  rateRegistered!: number | null;
  @Field(() => Float, { nullable: true, description: 'Percent for no inscriptos, on the whole base.' }) rateUnregistered!: number | null;
  @Field(() => Boolean, { description: 'Inscriptos go through the Anexo VIII scale.' }) usesScale!: boolean;
  @Field(() => Float, { description: 'Monthly non-taxable amount (MNSR), inscriptos only.' }) nonTaxableMonthly!: number;
  @Field(() => Float, { description: 'Below this, nothing is withheld ($240 Ganancias; IVA: $400 or less).' }) minimumWithholding!: number;
  @Field(() => Float, { nullable: true, description: 'The minimum for no inscriptos where it differs ($1.020 for urban rentals).' })
  minimumUnregistered!: number | null;
  @Field(() => Boolean, { description: 'From the service’s RG 830 / RG 2854 table (not added by the account).' }) seeded!: boolean;
}

@InputType({ description: 'A new regime or a new dated version of one (amounts in pesos, rates in percent).' })
export class WithholdingRegimeInput {
  @Field(() => String) code!: string;
  @Field(() => WithholdingTaxEnum) tax!: string;
  @Field(() => String, { nullable: true }) sicoreCode?: string | null;
  @Field(() => String) description!: string;
  @Field(() => String, { nullable: true }) norm?: string | null;
  @Field(() => String, { description: 'YYYY-MM-DD.' }) validFrom!: string;
  @Field(() => Float, { nullable: true }) rateRegistered?: number | null;
  @Field(() => Float, { nullable: true }) rateUnregistered?: number | null;
  @Field(() => Boolean, { nullable: true }) usesScale?: boolean | null;
  @Field(() => Float, { nullable: true }) nonTaxableMonthly?: number | null;
  @Field(() => Float, { nullable: true }) minimumWithholding?: number | null;
  @Field(() => Float, { nullable: true }) minimumUnregistered?: number | null;
}

@InputType({ description: 'A payment to a supplier and the regimes it falls under.' })
export class WithholdingPaymentInput {
  @Field(() => ID) supplierId!: string;
  @Field(() => String, { nullable: true, description: 'The payment order number (required to apply; a payment is applied once).' }) paymentId?: string | null;
  @Field(() => String, { description: 'Payment date YYYY-MM-DD: its month is the accumulation month.' }) date!: string;
  @Field(() => Float, { description: 'Amount paid (what the payment cancels of the supplier’s invoices, VAT included).' }) amount!: number;
  @Field(() => Float, { nullable: true, description: 'VAT included in the amount (the Ganancias base excludes it; the IVA regimes take a share of it).' })
  vatAmount?: number | null;
  @Field(() => Float, { nullable: true, description: 'Other taxes included in the amount (excluded from the base).' }) otherTaxes?: number | null;
  @Field(() => [String], { description: 'One to five regime codes (e.g. ["94", "IVA-80"]).' }) regimeCodes!: string[];
  @Field(() => GananciasConditionEnum, { nullable: true, description: 'Default: inscripto when the supplier has a valid CUIT.' }) condition?: string | null;
  @Field(() => Float, { nullable: true, description: 'Percent of a certificado de exclusión (reduces the withholding).' }) exclusionPercent?: number | null;
  @Field(() => Float, { nullable: true, description: 'The supplier’s IIBB padrón rate (percent); default the designation’s.' }) iibbRate?: number | null;
  @Field(() => [String], { nullable: true, description: 'The invoices the payment cancels, as printed on the certificate.' }) invoices?: string[] | null;
  @Field(() => String, { nullable: true, description: 'Account credited with the net paid (default: the settings’ payment account).' })
  paymentAccountCode?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Issue the certificates now (default true).' }) issueCertificates?: boolean | null;
}

@ObjectType({ description: 'One regime’s withholding of a payment, and how it was reached.' })
export class WithholdingLine {
  @Field(() => WithholdingTaxEnum) tax!: string;
  @Field(() => String) regimeCode!: string;
  @Field(() => String) regimeDescription!: string;
  @Field(() => String, { nullable: true }) sicoreCode!: string | null;
  @Field(() => JurisdictionEnum, { nullable: true }) jurisdiction!: string | null;
  @Field(() => Float, { description: 'This payment’s base (Ganancias/IIBB: net of VAT and other taxes; IVA: the VAT).' }) base!: number;
  @Field(() => Float, { description: 'Ganancias: the month’s bases of the supplier under the regime, this one included.' }) accumulatedBase!: number;
  @Field(() => Float, { description: 'MNSR deducted (inscriptos).' }) nonTaxable!: number;
  @Field(() => Float, { description: 'Sujeto a retención.' }) taxable!: number;
  @Field(() => Float, { nullable: true, description: 'Percent applied; null when the scale was.' }) rate!: number | null;
  @Field(() => Boolean) scaleApplied!: boolean;
  @Field(() => Float) exclusionPercent!: number;
  @Field(() => Float, { description: 'What the month owes under the regime so far (after the exclusion).' }) computedTotal!: number;
  @Field(() => Float, { description: 'Already determined this month under the regime (withheld, or left pending by a payment too small).' })
  previouslyWithheld!: number;
  @Field(() => Float, { description: 'Left pending by earlier payments to the supplier under the regime, owed with this one.' }) carriedIn!: number;
  @Field(() => Float, { description: 'Withheld now: never more than the payment still has after the withholdings before it.' }) amount!: number;
  @Field(() => Float, { description: 'What did not fit in this payment: withheld on the supplier’s next payment.' }) pending!: number;
  @Field(() => Boolean, { description: 'Something was due but under the minimum: nothing withheld now (the base carries).' }) belowMinimum!: boolean;
}

@ObjectType({ description: 'What a payment withholds, per regime, and what the supplier receives.' })
export class WithholdingCalculation {
  @Field(() => ID) supplierId!: string;
  @Field(() => GananciasConditionEnum) condition!: string;
  @Field(() => String) date!: string;
  @Field(() => String) period!: string;
  @Field(() => Float) amount!: number;
  @Field(() => Float) vatAmount!: number;
  @Field(() => Float, { description: 'All withholdings of the payment.' }) total!: number;
  @Field(() => Float, { description: 'Amount − total: what is paid out.' }) netPayment!: number;
  @Field(() => [WithholdingLine]) lines!: WithholdingLine[];
}

@ObjectType({ description: 'A recorded withholding of a payment under one regime.' })
export class Withholding extends WithholdingLine {
  @Field(() => ID) id!: string;
  @Field(() => String) paymentId!: string;
  @Field(() => ID) supplierId!: string;
  @Field(() => String) supplierName!: string;
  @Field(() => String, { nullable: true }) supplierCuit!: string | null;
  @Field(() => GananciasConditionEnum) condition!: string;
  @Field(() => String) date!: string;
  @Field(() => String) period!: string;
  @Field(() => [String]) invoices!: string[];
  @Field(() => Float) amountPaid!: number;
  @Field(() => Float) vatAmount!: number;
  @Field(() => ID) journalEntryId!: string;
  @Field(() => ID, { nullable: true }) certificateId!: string | null;
  @Field(() => Int, { nullable: true }) certificateNumber!: number | null;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType({ description: 'An applied payment: its withholdings, the posted entry and what was paid out.' })
export class WithholdingApplication {
  @Field(() => String) paymentId!: string;
  @Field(() => ID) journalEntryId!: string;
  @Field(() => Float) total!: number;
  @Field(() => Float) netPayment!: number;
  @Field(() => [Withholding]) withholdings!: Withholding[];
}

@ObjectType()
export class WithholdingPage {
  @Field(() => [Withholding]) items!: Withholding[];
  @Field(() => Int) total!: number;
}

@ObjectType({ description: 'A withholding certificate: numbered per tax without gaps, with what the subject needs to compute it.' })
export class WithholdingCertificate {
  @Field(() => ID) id!: string;
  @Field(() => Int) number!: number;
  @Field(() => WithholdingTaxEnum) tax!: string;
  @Field(() => ID) withholdingId!: string;
  @Field(() => ID) supplierId!: string;
  @Field(() => String) date!: string;
  @Field(() => String) period!: string;
  @Field(() => String) agentName!: string;
  @Field(() => String) agentCuit!: string;
  @Field(() => String, { nullable: true }) agentAddress!: string | null;
  @Field(() => String) subjectName!: string;
  @Field(() => String, { nullable: true }) subjectCuit!: string | null;
  @Field(() => String, { nullable: true }) subjectAddress!: string | null;
  @Field(() => GananciasConditionEnum) condition!: string;
  @Field(() => String) regimeCode!: string;
  @Field(() => String) regimeDescription!: string;
  @Field(() => String) paymentId!: string;
  @Field(() => [String]) invoices!: string[];
  @Field(() => Float) amountPaid!: number;
  @Field(() => Float) base!: number;
  @Field(() => Float) accumulatedBase!: number;
  @Field(() => Float) nonTaxable!: number;
  @Field(() => Float) taxable!: number;
  @Field(() => Float, { nullable: true }) rate!: number | null;
  @Field(() => Boolean) scaleApplied!: boolean;
  @Field(() => Float) exclusionPercent!: number;
  @Field(() => Float) amount!: number;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType()
export class WithholdingCertificatePage {
  @Field(() => [WithholdingCertificate]) items!: WithholdingCertificate[];
  @Field(() => Int) total!: number;
}

@InputType()
export class PerceptionNetInput {
  @Field(() => Float, { description: 'VAT rate of the net: 21 or 10.5 (others need rate).' }) rate!: number;
  @Field(() => Float) base!: number;
}

@InputType({ description: 'A sale to perceive on: the voucher, the customer and its net.' })
export class PerceptionInput {
  @Field(() => PerceptionTaxEnum) tax!: string;
  @Field(() => JurisdictionEnum, { nullable: true, description: 'Required for IIBB.' }) jurisdiction?: string | null;
  @Field(() => String, { description: 'Voucher date YYYY-MM-DD.' }) date!: string;
  @Field(() => String) customerName!: string;
  @Field(() => String) customerCuit!: string;
  @Field(() => Int) voucherType!: number;
  @Field(() => Int) salePoint!: number;
  @Field(() => Int) voucherNumber!: number;
  @Field(() => [PerceptionNetInput], { nullable: true, description: 'IVA: the net per VAT rate.' }) netByRate?: PerceptionNetInput[] | null;
  @Field(() => Float, { nullable: true, description: 'IIBB: the net of the sale.' }) netAmount?: number | null;
  @Field(() => Float, { nullable: true, description: 'Percent overriding the general rate (IVA) or the padrón rate (IIBB).' }) rate?: number | null;
  @Field(() => Boolean, { nullable: true, description: 'Only calculate (default false: the perception is stored, replacing the voucher’s previous one).' })
  dryRun?: boolean | null;
}

@ObjectType()
export class PerceptionLine {
  @Field(() => Float, { nullable: true }) vatRate!: number | null;
  @Field(() => Float) base!: number;
  @Field(() => Float) rate!: number;
  @Field(() => Float) amount!: number;
}

@ObjectType({ description: 'A perception charged on a sale.' })
export class Perception {
  @Field(() => ID, { nullable: true, description: 'Null for a dry run.' }) id!: string | null;
  @Field(() => Boolean) stored!: boolean;
  @Field(() => PerceptionTaxEnum) tax!: string;
  @Field(() => String) regimeCode!: string;
  @Field(() => JurisdictionEnum, { nullable: true }) jurisdiction!: string | null;
  @Field(() => String) date!: string;
  @Field(() => String) period!: string;
  @Field(() => String) customerName!: string;
  @Field(() => String) customerCuit!: string;
  @Field(() => Int) voucherType!: number;
  @Field(() => Int) salePoint!: number;
  @Field(() => Int) voucherNumber!: number;
  @Field(() => Float) base!: number;
  @Field(() => Float, { nullable: true }) rate!: number | null;
  @Field(() => [PerceptionLine]) lines!: PerceptionLine[];
  @Field(() => Float, { description: 'Before the minimum rule.' }) computed!: number;
  @Field(() => Float) amount!: number;
  @Field(() => Boolean) belowMinimum!: boolean;
}

@ObjectType()
export class PerceptionPage {
  @Field(() => [Perception]) items!: Perception[];
  @Field(() => Int) total!: number;
}

@ObjectType({ description: 'A regime’s total in a month.' })
export class WithholdingRegimeTotal {
  @Field(() => String, { description: 'withholding or perception.' }) kind!: string;
  @Field(() => String) tax!: string;
  @Field(() => String) regimeCode!: string;
  @Field(() => String, { nullable: true }) sicoreCode!: string | null;
  @Field(() => String) description!: string;
  @Field(() => Int) count!: number;
  @Field(() => Float) base!: number;
  @Field(() => Float) amount!: number;
}

@ObjectType({ description: 'A month’s withholding and perception returns: totals per regime and the SICORE records.' })
export class WithholdingDeclaration {
  @Field(() => String) period!: string;
  @Field(() => Float) withholdingsTotal!: number;
  @Field(() => Float) perceptionsTotal!: number;
  @Field(() => [WithholdingRegimeTotal]) regimes!: WithholdingRegimeTotal[];
  @Field(() => String) sicoreFileName!: string;
  @Field(() => [String], { description: 'Fixed-width SICORE records (Ganancias, impuesto 217), one per withholding.' }) sicoreLines!: string[];
  @Field(() => String, { description: 'The records joined with CRLF, as the file.' }) sicoreContent!: string;
}
