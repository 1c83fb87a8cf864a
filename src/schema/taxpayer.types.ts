import { Field, ID, Int, ObjectType } from 'type-graphql';
import { ADDITIONAL_TAXPAYER } from '../domain/taxpayers/taxpayers.declaration';
import { typesOf } from './declared.types';

export const AdditionalTaxpayer = typesOf(ADDITIONAL_TAXPAYER).Record;
export type AdditionalTaxpayer = Record<string, unknown> & { id: string };

@ObjectType({ description: 'One taxpayer identity of the account: the primary one or an additional one.' })
export class TaxpayerIdentity {
  @Field(() => ID, { nullable: true, description: 'The additional identity’s id; null for the primary taxpayer (it is the account itself).' })
  id!: string | null;

  @Field(() => Boolean)
  isPrimary!: boolean;

  @Field(() => String, { description: 'CUIT/CUIL, 11 digits.' })
  taxId!: string;

  @Field(() => String)
  taxCondition!: string;

  @Field(() => String, { nullable: true })
  businessName!: string | null;

  @Field(() => String, { nullable: true })
  firstName!: string | null;

  @Field(() => String, { nullable: true })
  lastName!: string | null;

  @Field(() => String, { nullable: true })
  puntoVenta!: string | null;

  @Field(() => String)
  afipEnvironment!: string;
}

@ObjectType({ description: 'The primary taxpayer first, then every additional identity in tax-id order.' })
export class TaxpayerIdentityList {
  @Field(() => [TaxpayerIdentity])
  items!: TaxpayerIdentity[];

  @Field(() => Int)
  count!: number;
}
