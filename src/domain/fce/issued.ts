import { requirePrincipal, type RequestContext } from '../context';
import { ValidationError } from '../errors';
import { FCE_STATUSES, type FceStatus, type FceVoucher } from './events';

export const MAX_ISSUED_PER_PAGE = 100;

export interface IssuedPage {
  items: FceVoucher[];
  total: number;
  page: number;
  perPage: number;
}

/**
 * The account's issued FCE vouchers, newest first, optionally of one status: served by the account_fce_status_issued
 * index, since only FCE vouchers carry fce_status.
 */
export async function listIssuedFce(
  context: RequestContext,
  { page = 1, perPage = 20, status }: { page?: number; perPage?: number; status?: string | null },
): Promise<IssuedPage> {
  const problems = [];
  if (!Number.isInteger(page) || page < 1 || page > 1_000_000) problems.push({ path: 'page', message: 'must be an integer from 1' });
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_ISSUED_PER_PAGE)
    problems.push({ path: 'per_page', message: `must be an integer from 1 to ${MAX_ISSUED_PER_PAGE}` });
  if (status !== undefined && status !== null && !(FCE_STATUSES as readonly string[]).includes(status))
    problems.push({ path: 'status', message: `one of ${FCE_STATUSES.join(', ')}` });
  if (problems.length) throw new ValidationError('invalid FCE list parameters', problems);
  const filter = {
    account_id: requirePrincipal(context).accountId,
    fce_status: status ? (status as FceStatus) : { $in: [...FCE_STATUSES] },
  };
  const vouchers = context.store.collection<FceVoucher>('issued_vouchers');
  const [items, total] = await Promise.all([
    vouchers
      .find(filter)
      .sort({ issue_date: -1, _id: -1 })
      .skip((page - 1) * perPage)
      .limit(perPage)
      .toArray(),
    vouchers.countDocuments(filter),
  ]);
  return { items, total, page, perPage };
}
