import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { ETAG_DESCRIPTION, REVISION_DESCRIPTION } from './common';

@ObjectType({ description: 'The fiscal address (domicilio fiscal) registered with ARCA.' })
export class FiscalAddress {
  @Field(() => String, { nullable: true })
  street!: string | null;

  @Field(() => String, { nullable: true })
  city!: string | null;

  @Field(() => String, { nullable: true })
  province!: string | null;

  @Field(() => String, { nullable: true })
  postalCode!: string | null;
}

@ObjectType({ description: 'An economic activity registered with ARCA (nomenclador code).' })
export class TaxActivity {
  @Field(() => String, { description: 'Activity code (1 to 6 digits, e.g. 620100).' })
  code!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => Boolean, { description: 'The main activity (at most one).' })
  main!: boolean;
}

@ObjectType({ description: 'The account’s primary taxpayer: its CUIT, legal name, VAT condition and fiscal data.' })
export class TaxpayerData {
  @Field(() => String, { description: 'CUIT, 11 digits: the account’s, never changed here.' })
  taxId!: string;

  @Field(() => String, { description: 'Razón social; defaults to the account’s name.' })
  legalName!: string;

  @Field(() => String, { description: 'responsable_inscripto, monotributo, exento or no_alcanzado.' })
  vatCondition!: string;

  @Field(() => Int, { description: 'ARCA’s condición-IVA id of vatCondition: 1, 6, 4 or 15.' })
  vatConditionCode!: number;

  @Field(() => String, { description: 'ARCA environment the account works in: testing (homologación) or production.' })
  afipEnvironment!: string;

  @Field(() => FiscalAddress, { nullable: true })
  fiscalAddress!: FiscalAddress | null;

  @Field(() => [TaxActivity])
  activities!: TaxActivity[];

  @Field(() => String, { nullable: true, description: 'Ingresos brutos registration number.' })
  grossIncomeNumber!: string | null;

  @Field(() => String, { nullable: true, description: 'Start of activities (YYYY-MM-DD).' })
  activityStartDate!: string | null;

  @Field(() => String, { nullable: true, description: 'The billing system vouchers are issued with (null: none configured).' })
  activeBillingSystem!: string | null;

  @Field(() => [Int], { description: 'The active billing system’s points of sale.' })
  pointsOfSale!: number[];
}

@ObjectType({ description: 'What is shown of a stored certificate: never the certificate nor its key.' })
export class CertificateInfo {
  @Field(() => String)
  subject!: string;

  @Field(() => String)
  issuer!: string;

  @Field(() => String)
  serialNumber!: string;

  @Field(() => Date)
  validFrom!: Date;

  @Field(() => Date)
  validTo!: Date;

  @Field(() => String)
  fingerprintSha256!: string;
}

@ObjectType({ description: 'An error ARCA’s web service answered (WSFEv1 Errors/Err).' })
export class AfipError {
  @Field(() => Int)
  code!: number;

  @Field(() => String)
  message!: string;
}

@ObjectType({ description: 'The outcome of a delegation check.' })
export class DelegationCheck {
  @Field(() => String, { description: 'The CUIT checked.' })
  cuit!: string;

  @Field(() => Boolean)
  delegated!: boolean;

  @Field(() => String)
  reason!: string;

  @Field(() => [AfipError])
  afipErrors!: AfipError[];

  @Field(() => Date)
  checkedAt!: Date;
}

@ObjectType({ description: 'The outcome of a point-of-sale check.' })
export class PointOfSaleCheck {
  @Field(() => String)
  cuit!: string;

  @Field(() => Int)
  puntoVenta!: number;

  @Field(() => Boolean, { description: 'true only when status is enabled.' })
  valid!: boolean;

  @Field(() => String, { description: 'enabled, blocked, dropped, not_listed, not_delegated, not_authorized or afip_error.' })
  status!: string;

  @Field(() => String)
  reason!: string;

  @Field(() => Date)
  checkedAt!: Date;
}

@ObjectType({ description: 'A way the account issues vouchers to ARCA, identified by its name (afip_wsfe).' })
export class BillingSystem {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  description!: string;

  @Field(() => String, { description: 'testing (homologación) or production.' })
  environment!: string;

  @Field(() => String, { description: 'The CUIT vouchers are issued for (11 digits).' })
  representedCuit!: string;

  @Field(() => [Int])
  pointsOfSale!: number[];

  @Field(() => CertificateInfo, { nullable: true, description: 'null until a certificate is loaded.' })
  certificate!: CertificateInfo | null;

  @Field(() => Boolean)
  isActive!: boolean;

  @Field(() => DelegationCheck, { nullable: true })
  lastDelegationCheck!: DelegationCheck | null;

  @Field(() => PointOfSaleCheck, { nullable: true })
  lastPointOfSaleCheck!: PointOfSaleCheck | null;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date)
  updatedAt!: Date;

  @Field(() => Int, { description: REVISION_DESCRIPTION })
  revision!: number;

  @Field(() => String, { description: ETAG_DESCRIPTION })
  etag!: string;
}

@ObjectType({ description: 'A delegation check just made against ARCA.' })
export class DelegationVerification extends DelegationCheck {
  // A plain property: named like the guarded query `billingSystem`, it would otherwise be taken for a guarded field.
  @Field(() => String, { simple: true })
  billingSystem!: string;

  @Field(() => String)
  environment!: string;

  @Field(() => Boolean, { nullable: true, description: 'Whether the access ticket’s token lists the CUIT among its relations (null: it lists none).' })
  inTicketRelations!: boolean | null;
}

@ObjectType({ description: 'A point of sale as WSFEv1 FEParamGetPtosVenta lists it.' })
export class ListedPointOfSale {
  @Field(() => Int)
  number!: number;

  @Field(() => String, { description: 'EmisionTipo, e.g. "CAE - Ri Iva" or "CAEA".' })
  emissionType!: string;

  @Field(() => Boolean)
  blocked!: boolean;

  @Field(() => String, { nullable: true, description: 'Drop date (FchBaja, yyyymmdd); null while in use.' })
  droppedOn!: string | null;
}

@ObjectType({ description: 'A point-of-sale check just made against ARCA.' })
export class PointOfSaleVerification extends PointOfSaleCheck {
  // A plain property: named like the guarded query `billingSystem`, it would otherwise be taken for a guarded field.
  @Field(() => String, { simple: true })
  billingSystem!: string;

  @Field(() => String)
  environment!: string;

  @Field(() => String, { nullable: true })
  emissionType!: string | null;

  @Field(() => [ListedPointOfSale], { description: 'Every point of sale WSFEv1 listed for the CUIT.' })
  pointsOfSale!: ListedPointOfSale[];
}

@InputType({ description: 'A billing system’s settings; on update only the given fields change (null: unchanged).' })
export class BillingSystemInput {
  @Field(() => String, { nullable: true, description: 'testing or production; default: the primary taxpayer’s environment.' })
  environment?: string | null;

  @Field(() => String, { nullable: true, description: 'CUIT vouchers are issued for; default: the primary taxpayer’s.' })
  representedCuit?: string | null;

  @Field(() => [Int], { nullable: true, description: 'Points of sale (1 to 99999, at most 100); replaces the list.' })
  pointsOfSale?: number[] | null;

  @Field(() => String, { nullable: true, description: 'PEM certificate issued by ARCA (write-only; with privateKey).' })
  certificate?: string | null;

  @Field(() => String, { nullable: true, description: 'PEM RSA private key of the certificate, no passphrase (write-only, stored encrypted).' })
  privateKey?: string | null;
}

@InputType({ description: 'A fiscal address.' })
export class FiscalAddressInput {
  @Field(() => String, { nullable: true })
  street?: string | null;

  @Field(() => String, { nullable: true })
  city?: string | null;

  @Field(() => String, { nullable: true })
  province?: string | null;

  @Field(() => String, { nullable: true })
  postalCode?: string | null;
}

@InputType({ description: 'An economic activity.' })
export class TaxActivityInput {
  @Field(() => String)
  code!: string;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => Boolean, { nullable: true })
  main?: boolean | null;
}

@InputType({ description: 'Changes to the primary taxpayer; absent fields stay, null clears an optional one. The CUIT is the account’s.' })
export class PrimaryTaxpayerInput {
  @Field(() => String, { nullable: true })
  legalName?: string | null;

  @Field(() => String, { nullable: true, description: 'responsable_inscripto, monotributo, exento or no_alcanzado.' })
  vatCondition?: string | null;

  @Field(() => String, { nullable: true, description: 'testing or production.' })
  afipEnvironment?: string | null;

  @Field(() => FiscalAddressInput, { nullable: true })
  fiscalAddress?: FiscalAddressInput | null;

  @Field(() => [TaxActivityInput], { nullable: true, description: 'Replaces the list.' })
  activities?: TaxActivityInput[] | null;

  @Field(() => String, { nullable: true })
  grossIncomeNumber?: string | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD.' })
  activityStartDate?: string | null;
}

@InputType({ description: 'What to verify against ARCA; defaults: the active billing system and its represented CUIT.' })
export class VerifyDelegationInput {
  @Field(() => String, { nullable: true })
  billingSystem?: string | null;

  @Field(() => String, { nullable: true })
  cuit?: string | null;
}

@InputType({ description: 'The point of sale to verify; defaults: the active billing system and its represented CUIT.' })
export class VerifyPointOfSaleInput {
  @Field(() => Int)
  puntoVenta!: number;

  @Field(() => String, { nullable: true })
  billingSystem?: string | null;

  @Field(() => String, { nullable: true })
  cuit?: string | null;
}
