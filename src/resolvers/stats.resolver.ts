import { Arg, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../domain/context';
import { dashboard } from '../domain/stats/dashboard';
import { transactionSeries } from '../domain/stats/series';
import { STATS_DASHBOARD } from '../domain/stats/stats.declaration';
import { TransactionSeries, TransactionSeriesInput } from '../schema/stats-series';
import { operationResolver } from './operation.resolver';
import { fieldSelection } from './selection';

// The stock value only when asked for: the dashboard's 12-month chart asks six months' pairs without it.
export const StatsDashboardResolver = operationResolver(STATS_DASHBOARD, (context, { period }, info) =>
  dashboard(context, period ?? undefined, undefined, 'stock' in fieldSelection(info)),
);

@Resolver()
export class StatsResolver {
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
