import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Authorized, Ctx, Float, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../domain/context';
import { checkEligibility, type EligibilityInput } from '../domain/fce/eligibility';
import { effectiveThreshold, setThreshold, THRESHOLD_KEY } from '../domain/fce/threshold';
import { FceEligibility, FceThreshold, FceThresholdSetting } from '../schema/fce';

/** FCE MiPyME: eligibility and the account's minimum amount (contract §2.3, §4.4). */
@Resolver()
export class FceResolver {
  // Write scope although it changes nothing: the contract (§5.4) reserves it to keys that issue vouchers.
  @Authorized('invoices:write')
  @Mutation(() => FceEligibility, { description: 'Checks a voucher against the FCE MiPyME rules; never fails on the voucher’s content.' })
  async checkFceEligibility(
    @Ctx() context: RequestContext,
    @Arg('input', () => GraphQLJSONObject, { description: 'Fields of contract §2.3, all optional.' }) input: EligibilityInput,
  ): Promise<FceEligibility> {
    return checkEligibility(input, await effectiveThreshold(context));
  }

  @Authorized('invoices:read')
  @Query(() => FceThreshold, { description: 'The FCE MiPyME minimum amount in force: the account’s own, else the platform default.' })
  async fceThreshold(@Ctx() context: RequestContext): Promise<FceThreshold> {
    return { value: await effectiveThreshold(context), currency: 'ARS' };
  }

  @Authorized('invoices:write')
  @Mutation(() => FceThresholdSetting, { description: 'Sets the account’s own FCE MiPyME minimum amount (ARS, greater than 0).' })
  async setFceThreshold(@Ctx() context: RequestContext, @Arg('value', () => Float) value: number): Promise<FceThresholdSetting> {
    return { key: THRESHOLD_KEY, value: await setThreshold(context, value) };
  }
}
