import { Field, Float, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'Whether a voucher must (and can) be issued as an FCE MiPyME; every failed rule is a reason.' })
export class FceEligibility {
  @Field(() => Boolean)
  eligible!: boolean;

  @Field(() => [String], { description: 'One per failed rule; empty when eligible.' })
  reasons!: string[];

  @Field(() => Int, { nullable: true, description: 'The FCE voucher code (201–213) the sent type maps to; null when it has none.' })
  suggestedType!: number | null;

  @Field(() => Float, { description: 'The minimum amount applied: the account’s own, else the platform default.' })
  thresholdArs!: number;
}

@ObjectType({ description: 'The FCE MiPyME minimum amount in force for the account.' })
export class FceThreshold {
  @Field(() => Float)
  value!: number;

  @Field(() => String)
  currency!: string;
}

@ObjectType({ description: 'The account setting written by setFceThreshold.' })
export class FceThresholdSetting {
  @Field(() => String)
  key!: string;

  @Field(() => Float)
  value!: number;
}
