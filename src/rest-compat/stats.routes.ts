import { ACTIVITY } from '../domain/activity/activity.declaration';
import { STATS_DASHBOARD } from '../domain/stats/stats.declaration';
import { operationRoute } from './operation.routes';
import type { RestRoute } from './route';
import { TRANSACTIONS } from './stats-transactions';

export const STATS_ROUTES: RestRoute[] = [operationRoute(STATS_DASHBOARD), operationRoute(ACTIVITY), TRANSACTIONS];
