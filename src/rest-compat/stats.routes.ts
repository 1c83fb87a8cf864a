import { STATS_DASHBOARD } from '../domain/stats/stats.declaration';
import { operationRoute } from './operation.routes';
import type { RestRoute } from './route';
import { ACTIVITY } from './stats-activity';
import { TRANSACTIONS } from './stats-transactions';

export const STATS_ROUTES: RestRoute[] = [operationRoute(STATS_DASHBOARD), ACTIVITY, TRANSACTIONS];
