import { ACTIVITY } from '../domain/activity/activity.declaration';
import { STATS_DASHBOARD, TRANSACTION_SERIES } from '../domain/stats/stats.declaration';
import { operationRoute } from './operation.routes';
import type { RestRoute } from './route';

export const STATS_ROUTES: RestRoute[] = [operationRoute(STATS_DASHBOARD), operationRoute(ACTIVITY), operationRoute(TRANSACTION_SERIES)];
