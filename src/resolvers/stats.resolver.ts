import type { RequestContext } from '../domain/context';
import { dashboard } from '../domain/stats/dashboard';
import { transactionSeries } from '../domain/stats/series';
import { STATS_DASHBOARD, TRANSACTION_SERIES } from '../domain/stats/stats.declaration';
import { operationResolver } from './operation.resolver';
import { fieldSelection } from './selection';

// The stock value only when asked for: the dashboard's 12-month chart asks six months' pairs without it.
export const StatsDashboardResolver = operationResolver(STATS_DASHBOARD, (context, { period }, info) =>
  dashboard(context, period ?? undefined, undefined, 'stock' in fieldSelection(info)),
);

export const StatsResolver = operationResolver(TRANSACTION_SERIES, (context: RequestContext, { input }) => {
  // GraphQL gives absent fields as undefined and explicit nulls as null: both mean "no filter".
  const given = Object.fromEntries(Object.entries({ ...input }).filter(([, value]) => value !== null && value !== undefined));
  return transactionSeries(context, given);
});
