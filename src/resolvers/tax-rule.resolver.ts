import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../domain/context';
import { outputOf } from '../domain/declare/mapping';
import { TAX_RULE } from '../domain/tax-rules/tax-rules.declaration';
import { activeRulesOf, BY_COUNTRY_LIMIT, seedTaxRules, type TaxRuleRecord } from '../domain/tax-rules/tax-rules.service';
import { TaxRule, TaxRuleSeedResult } from '../schema/tax-rule.types';

export const toTaxRule = (doc: TaxRuleRecord): TaxRule => outputOf(TAX_RULE, doc) as TaxRule;

/** A country's rules as a table, and loading a country's default rates. */
@Resolver(() => TaxRule)
export class TaxRuleCountryResolver {
  @Authorized('accounting:read')
  @Query(() => [TaxRule], {
    description: `The active rules of a country (2-letter code, any case), by category and display order (at most ${BY_COUNTRY_LIMIT}).`,
  })
  async taxRulesByCountry(@Ctx() context: RequestContext, @Arg('country', () => String) country: string): Promise<TaxRule[]> {
    return (await activeRulesOf(context, country)).map(toTaxRule);
  }

  @Authorized('accounting:write')
  @Mutation(() => TaxRuleSeedResult, {
    description:
      'Loads the default rates of AR, UY, MX, CO, BR, BO or PE, all or nothing: a country that already has rules (active or not) is left alone (seeded 0).',
  })
  seedTaxRules(@Ctx() context: RequestContext, @Arg('country', () => String) country: string): Promise<TaxRuleSeedResult> {
    return seedTaxRules(context, country);
  }
}
