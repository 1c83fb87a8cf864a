import { requirePrincipal, type RequestContext } from '../context';
import { ValidationError } from '../errors';
import { FCE_STATUSES, type FceStatus, type FceVoucher, fceView } from './events';
import { type IssueSpan, issueSpansAt } from './term';

export const MAX_ISSUED_PER_PAGE = 100;

export interface IssuedPage {
  items: FceVoucher[];
  total: number;
  page: number;
  perPage: number;
}

const issuedWithin = (span: IssueSpan) => ({ issue_date: { ...(span.from ? { $gte: span.from } : {}), ...(span.to ? { $lt: span.to } : {}) } });

/**
 * The store filter of one status as vouchers read at `now`: a voucher stored as pending whose term has run out reads
 * as accepted (tacitly), so `pending` and `accepted` split the stored pending ones by issue date. Both span lists are
 * never empty: the term table's first row reaches back to the calendar's start and its last one is open-ended.
 */
export function statusFilter(status: FceStatus | undefined, now: Date): Record<string, unknown> {
  if (status === undefined) return { fce_status: { $in: [...FCE_STATUSES] } };
  if (status !== 'pending' && status !== 'accepted') return { fce_status: status };
  const { passed, open } = issueSpansAt(now);
  if (status === 'pending') return { fce_status: 'pending', $or: open.map(issuedWithin) };
  // The status bound comes first so the store walks the status index, not every voucher of the account by date.
  return {
    fce_status: { $in: ['accepted', 'pending'] },
    $or: [{ fce_status: 'accepted' }, ...passed.map((span) => ({ fce_status: 'pending', ...issuedWithin(span) }))],
  };
}

/**
 * The account's issued FCE vouchers, newest first, optionally of one status: served by the account_fce_status_issued
 * index, since only FCE vouchers carry fce_status. Each reads as at the request's time (tacit acceptance, fceView).
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
  const now = context.now();
  const filter = { account_id: requirePrincipal(context).accountId, ...statusFilter(status ? (status as FceStatus) : undefined, now) };
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
  return { items: items.map((item) => fceView(item, now)), total, page, perPage };
}
