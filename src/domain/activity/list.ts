import type { Filter } from 'mongodb';
import { ACTIVITY_ACTIONS, type ActivityAction, type ActivityDocument } from '../../store/activity.store';
import { requirePrincipal, type RequestContext } from '../context';
import { type ErrorDetail, ValidationError } from '../errors';
import { argentineDayRange } from '../stats/argentine-time';

export { ACTIVITY_ACTIONS } from '../../store/activity.store';

export const MAX_ACTIVITY_PER_PAGE = 100;

export interface ActivityQuery {
  page?: number | null;
  perPage?: number | null;
  resourceType?: string | null;
  action?: string | null;
  /** Argentine calendar days, both included. */
  from?: string | null;
  to?: string | null;
}

export interface ActivityPage {
  items: ActivityDocument[];
  total: number;
  page: number;
  perPage: number;
}

const RESOURCE_TYPE = /^[a-z][a-z_]{0,59}$/;

/** The query's filter on the account's activity, or every problem of its parameters. */
export function activityFilter(accountId: ActivityDocument['account_id'], query: ActivityQuery): Filter<ActivityDocument> {
  const problems: ErrorDetail[] = [];
  const filter: Filter<ActivityDocument> = { account_id: accountId };
  if (query.resourceType !== undefined && query.resourceType !== null) {
    if (RESOURCE_TYPE.test(query.resourceType)) filter.resource_type = query.resourceType;
    else problems.push({ path: 'resource_type', message: 'must be a resource type such as suppliers or received_invoices' });
  }
  if (query.action !== undefined && query.action !== null) {
    if ((ACTIVITY_ACTIONS as readonly string[]).includes(query.action)) filter.action = query.action as ActivityAction;
    else problems.push({ path: 'action', message: `one of ${ACTIVITY_ACTIONS.join(', ')}` });
  }
  const range = argentineDayRange(query.from, query.to, problems);
  if (range) filter.at = range;
  if (problems.length) throw new ValidationError('invalid activity parameters', problems);
  return filter;
}

/**
 * The account's latest changes, newest first (ties of one instant by id), a page at a time: every filter is the
 * equality prefix or the range of one of the activity indexes, and the order is the index's own.
 */
export async function listActivity(context: RequestContext, query: ActivityQuery): Promise<ActivityPage> {
  const page = query.page ?? 1;
  const perPage = query.perPage ?? 20;
  const problems: ErrorDetail[] = [];
  if (!Number.isInteger(page) || page < 1 || page > 1_000_000) problems.push({ path: 'page', message: 'must be an integer from 1' });
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_ACTIVITY_PER_PAGE)
    problems.push({ path: 'per_page', message: `must be an integer from 1 to ${MAX_ACTIVITY_PER_PAGE}` });
  if (problems.length) throw new ValidationError('invalid activity parameters', problems);
  const filter = activityFilter(requirePrincipal(context).accountId, query);
  const activity = context.store.collection<ActivityDocument>('activity');
  const [items, total] = await Promise.all([
    activity
      .find(filter)
      .sort({ at: -1, _id: -1 })
      .skip((page - 1) * perPage)
      .limit(perPage)
      .toArray(),
    activity.countDocuments(filter),
  ]);
  return { items, total, page, perPage };
}
