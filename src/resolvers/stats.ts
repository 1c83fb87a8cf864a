import { Arg, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../domain/context';
import { dashboard } from '../domain/stats/dashboard';
import { StatsDashboard } from '../schema/stats';

@Resolver()
export class StatsResolver {
  @Authorized('stats:read')
  @Query(() => StatsDashboard, { description: 'The month (`period` YYYY-MM, default the current one in Argentina) beside the month before.' })
  async statsDashboard(@Ctx() context: RequestContext, @Arg('period', () => String, { nullable: true }) period?: string): Promise<StatsDashboard> {
    return dashboard(context, period ?? undefined);
  }
}
