import { ACCOUNTING_REPORTS } from '../domain/accounting/reports/reports.declaration';
import { operationRoute } from './operation.routes';
import type { RestRoute } from './route';

/** The accounting reports (`/accounting/reports`, all GET, scope accounting:read), derived from their declarations. */
export const ACCOUNTING_REPORT_ROUTES: RestRoute[] = ACCOUNTING_REPORTS.map(operationRoute);
