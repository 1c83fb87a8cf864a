import { Field, Int, ObjectType } from 'type-graphql';
import { TAX_RULE } from '../domain/tax-rules/tax-rules.declaration';
import { typesOf } from './declared.types';

export const TaxRule = typesOf(TAX_RULE).Record;
export type TaxRule = Record<string, unknown> & { id: string };

@ObjectType({ description: "What loading a country's default rates did." })
export class TaxRuleSeedResult {
  @Field(() => String, { description: 'The country, upper-case.' })
  country!: string;

  @Field(() => Int, { description: 'Rules created: 0 when the country already had rules (nothing is changed then).' })
  seeded!: number;

  @Field(() => String)
  message!: string;
}
