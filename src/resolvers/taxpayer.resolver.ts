import { Authorized, Ctx, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../domain/context';
import { outputOf } from '../domain/declare/mapping';
import { ADDITIONAL_TAXPAYER } from '../domain/taxpayers/taxpayers.declaration';
import { allTaxpayers, type AdditionalTaxpayerRecord } from '../domain/taxpayers/taxpayers.service';
import { type AdditionalTaxpayer, TaxpayerIdentity, TaxpayerIdentityList } from '../schema/taxpayer.types';

export const toAdditionalTaxpayer = (doc: AdditionalTaxpayerRecord): AdditionalTaxpayer => outputOf(ADDITIONAL_TAXPAYER, doc) as AdditionalTaxpayer;

/** The widget's combined list of identities. */
@Resolver(() => TaxpayerIdentity)
export class TaxpayerIdentitiesResolver {
  @Authorized('accounting:read')
  @Query(() => TaxpayerIdentityList, {
    description: 'The primary taxpayer and every additional identity (403 WIDGET_INACTIVE while the multi-taxpayer widget is off).',
  })
  async allTaxpayers(@Ctx() context: RequestContext): Promise<TaxpayerIdentityList> {
    const { primary, additional } = await allTaxpayers(context);
    const items: TaxpayerIdentity[] = [
      { id: null, isPrimary: true, firstName: null, lastName: null, puntoVenta: null, ...primary },
      ...additional.map((doc) => ({
        id: doc._id.toHexString(),
        isPrimary: false,
        taxId: doc.tax_id,
        taxCondition: doc.tax_condition,
        businessName: doc.business_name ?? null,
        firstName: doc.first_name ?? null,
        lastName: doc.last_name ?? null,
        puntoVenta: doc.punto_venta ?? null,
        afipEnvironment: doc.afip_environment,
      })),
    ];
    return { items, count: items.length };
  }
}
