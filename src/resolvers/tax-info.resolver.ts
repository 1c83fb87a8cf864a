import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../domain/context';
import { conditionalWrite, entityTag, revisionOf } from '../domain/preconditions';
import {
  type BillingSystemView,
  createBillingSystem,
  deleteBillingSystem,
  getBillingSystem,
  listBillingSystems,
  setActiveBillingSystem,
  updateBillingSystem,
} from '../domain/taxpayer-data/billing-systems';
import { BILLING_SYSTEMS } from '../domain/taxpayer-data/catalogue';
import { type PrimaryTaxpayerData, primaryTaxpayerData, updatePrimaryTaxpayer } from '../domain/taxpayer-data/primary';
import { verifyDelegation, verifyPointOfSale } from '../domain/taxpayer-data/taxpayer-data.verify';
import type { DelegationCheckDocument, PointOfSaleCheckDocument } from '../domain/stored';
import {
  BillingSystem,
  BillingSystemInput,
  DelegationVerification,
  PointOfSaleVerification,
  PrimaryTaxpayerInput,
  TaxpayerData,
  VerifyDelegationInput,
  VerifyPointOfSaleInput,
} from '../schema/tax-info.types';
import { IF_MATCH_DESCRIPTION } from '../schema/common';

/** An input object as plain JSON: the domain validates it (absent fields dropped, nulls kept). */
const plain = (input: unknown): Record<string, unknown> => JSON.parse(JSON.stringify(input ?? {}));
/** Billing-system and verification inputs: null means "not given". */
const given = (input: unknown) => Object.fromEntries(Object.entries(plain(input)).filter(([, value]) => value !== null));

const toTaxpayerData = (data: PrimaryTaxpayerData): TaxpayerData => ({
  ...data,
  fiscalAddress: data.fiscalAddress
    ? { street: data.fiscalAddress.street, city: data.fiscalAddress.city, province: data.fiscalAddress.province, postalCode: data.fiscalAddress.postal_code }
    : null,
});

const delegationCheck = (check: DelegationCheckDocument) => ({
  cuit: check.cuit,
  delegated: check.delegated,
  reason: check.reason,
  afipErrors: check.afip_errors,
  checkedAt: check.checked_at,
});

const pointOfSaleCheck = (check: PointOfSaleCheckDocument) => ({
  cuit: check.cuit,
  puntoVenta: check.punto_venta,
  valid: check.valid,
  status: check.status,
  reason: check.reason,
  checkedAt: check.checked_at,
});

/** A billing system is named by its name in its routes (`/taxpayer/{billing_system}/`), one per account. */
const SYSTEM_RECORD = { collection: 'billing_systems', label: 'billing system', key: 'name' };

export function toBillingSystem({ system, isActive }: BillingSystemView): BillingSystem {
  const certificate = system.certificate;
  return {
    name: system.name,
    description: BILLING_SYSTEMS[system.name as keyof typeof BILLING_SYSTEMS]?.description ?? system.name,
    environment: system.environment,
    representedCuit: system.represented_cuit,
    pointsOfSale: system.points_of_sale,
    certificate: certificate
      ? {
          subject: certificate.subject,
          issuer: certificate.issuer,
          serialNumber: certificate.serial_number,
          validFrom: certificate.valid_from,
          validTo: certificate.valid_to,
          fingerprintSha256: certificate.fingerprint_sha256,
        }
      : null,
    isActive,
    revision: revisionOf(system),
    etag: entityTag(revisionOf(system)),
    lastDelegationCheck: system.last_delegation_check ? delegationCheck(system.last_delegation_check) : null,
    lastPointOfSaleCheck: system.last_point_of_sale_check ? pointOfSaleCheck(system.last_point_of_sale_check) : null,
    createdAt: system.created_at,
    updatedAt: system.updated_at,
  };
}

/** The primary taxpayer, its billing systems and the checks made against ARCA's web services. */
@Resolver()
export class TaxInfoResolver {
  @Authorized('accounting:read')
  @Query(() => TaxpayerData, { description: 'The account’s primary taxpayer with its active billing system and points of sale.' })
  async taxpayerData(@Ctx() context: RequestContext): Promise<TaxpayerData> {
    return toTaxpayerData(await primaryTaxpayerData(context));
  }

  @Authorized('accounting:write')
  @Mutation(() => TaxpayerData, { description: 'Changes the primary taxpayer’s fiscal data (its CUIT stays the account’s).' })
  async updatePrimaryTaxpayer(@Ctx() context: RequestContext, @Arg('input', () => PrimaryTaxpayerInput) input: PrimaryTaxpayerInput): Promise<TaxpayerData> {
    return toTaxpayerData(await updatePrimaryTaxpayer(context, plain(input)));
  }

  @Authorized('accounting:read')
  @Query(() => [BillingSystem], { description: 'The configured billing systems, by name.' })
  async billingSystems(@Ctx() context: RequestContext): Promise<BillingSystem[]> {
    return (await listBillingSystems(context)).map(toBillingSystem);
  }

  @Authorized('accounting:read')
  @Query(() => BillingSystem, { description: 'One configured billing system (NOT_FOUND when unknown or not configured).' })
  async billingSystem(@Ctx() context: RequestContext, @Arg('name', () => String) name: string): Promise<BillingSystem> {
    return toBillingSystem(await getBillingSystem(context, name));
  }

  @Authorized('accounting:write')
  @Mutation(() => BillingSystem, { description: 'Configures a billing system (409 ALREADY_EXISTS when it is); the first one becomes the active one.' })
  async createBillingSystem(
    @Ctx() context: RequestContext,
    @Arg('name', () => String) name: string,
    @Arg('input', () => BillingSystemInput) input: BillingSystemInput,
  ): Promise<BillingSystem> {
    return toBillingSystem(await createBillingSystem(context, name, given(input)));
  }

  @Authorized('accounting:write')
  @Mutation(() => BillingSystem, { description: 'Changes a billing system’s given fields; a certificate comes with its private key.' })
  async updateBillingSystem(
    @Ctx() context: RequestContext,
    @Arg('name', () => String) name: string,
    @Arg('input', () => BillingSystemInput) input: BillingSystemInput,
    @Arg('ifMatch', () => String, { nullable: true, description: IF_MATCH_DESCRIPTION }) ifMatch?: string,
  ): Promise<BillingSystem> {
    return toBillingSystem(await conditionalWrite(context, SYSTEM_RECORD, name, ifMatch, () => updateBillingSystem(context, name, given(input))));
  }

  @Authorized('accounting:write')
  @Mutation(() => String, { description: 'Removes a billing system (its name is returned); if it was active, none is.' })
  deleteBillingSystem(
    @Ctx() context: RequestContext,
    @Arg('name', () => String) name: string,
    @Arg('ifMatch', () => String, { nullable: true, description: IF_MATCH_DESCRIPTION }) ifMatch?: string,
  ): Promise<string> {
    return conditionalWrite(context, SYSTEM_RECORD, name, ifMatch, () => deleteBillingSystem(context, name));
  }

  @Authorized('accounting:write')
  @Mutation(() => BillingSystem, { description: 'Makes a configured billing system the active one (400 UNKNOWN_BILLING_SYSTEM otherwise).' })
  async setActiveBillingSystem(@Ctx() context: RequestContext, @Arg('name', () => String) name: string): Promise<BillingSystem> {
    return toBillingSystem(await setActiveBillingSystem(context, name));
  }

  @Authorized('accounting:write')
  @Mutation(() => DelegationVerification, {
    description: 'Asks ARCA (WSAA, then WSFEv1) whether the billing system’s certificate may act for the CUIT; 503 AFIP_UNAVAILABLE when ARCA does not answer.',
  })
  async verifyDelegation(
    @Ctx() context: RequestContext,
    @Arg('input', () => VerifyDelegationInput, { nullable: true }) input?: VerifyDelegationInput,
  ): Promise<DelegationVerification> {
    const result = await verifyDelegation(context, given(input));
    return { ...delegationCheck(result), billingSystem: result.billing_system, environment: result.environment, inTicketRelations: result.in_ticket_relations };
  }

  @Authorized('accounting:write')
  @Mutation(() => PointOfSaleVerification, {
    description:
      'Asks ARCA (WSFEv1 FEParamGetPtosVenta) whether the point of sale is enabled for web services; 503 AFIP_UNAVAILABLE when ARCA does not answer.',
  })
  async verifyPointOfSale(
    @Ctx() context: RequestContext,
    @Arg('input', () => VerifyPointOfSaleInput) input: VerifyPointOfSaleInput,
  ): Promise<PointOfSaleVerification> {
    const result = await verifyPointOfSale(context, given(input));
    return {
      ...pointOfSaleCheck(result),
      billingSystem: result.billing_system,
      environment: result.environment,
      emissionType: result.emission_type,
      pointsOfSale: result.points_of_sale,
    };
  }
}
