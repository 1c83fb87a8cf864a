import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Authorized, Ctx, Info, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../domain/context';
import { dashboard } from '../domain/stats/dashboard';
import { transactionSeries } from '../domain/stats/series';
import { StatsDashboard } from '../schema/stats.types';
import { fieldSelection } from './selection';
import { TransactionSeries, TransactionSeriesInput } from '../schema/stats-series';

@Resolver()
export class StatsResolver {
  @Authorized('stats:read')
  @Query(() => StatsDashboard, { description: 'The month (`period` YYYY-MM, default the current one in Argentina) beside the month before.' })
  async statsDashboard(
    @Ctx() context: RequestContext,
    @Info() info: GraphQLResolveInfo,
    @Arg('period', () => String, { nullable: true }) period?: string,
  ): Promise<StatsDashboard> {
    // The stock value only when asked for: the dashboard's 12-month chart asks six months' pairs without it.
    return (await dashboard(context, period ?? undefined, undefined, 'stock' in fieldSelection(info))) as StatsDashboard;
  }

  @Authorized('stats:read')
  @Query(() => TransactionSeries, {
    description: 'A time series of purchases, expenses or sales by day, ISO week or month, bucketed on Argentine days (UTC−3).',
  })
  async transactionSeries(
    @Ctx() context: RequestContext,
    @Arg('input', () => TransactionSeriesInput) input: TransactionSeriesInput,
  ): Promise<TransactionSeries> {
    // GraphQL gives absent fields as undefined and explicit nulls as null: both mean "no filter".
    const given = Object.fromEntries(Object.entries({ ...input }).filter(([, value]) => value !== null && value !== undefined));
    return transactionSeries(context, given);
  }
}
