import type { RequestContext } from '../context';
import { argentineDay } from '../dates';
import { closedPeriods } from '../iva/periods';
import type { ImportPlan, RowResult } from './import-loop';
import { reason } from './row';

/**
 * A row's result, or a row error when its voucher is dated (Argentine day) in one of the `closed` VAT periods
 * (YYYY-MM): the closed books must not change under the accountant, whichever export (Recibidos or Emitidos) the
 * voucher comes from. A row already refused keeps its own problems.
 */
export function refusedWhenClosed<V extends { issue_date: Date }>(result: RowResult<V>, closed: ReadonlySet<string>): RowResult<V> {
  if (!('voucher' in result)) return result;
  const period = argentineDay(result.voucher.issue_date).slice(0, 7);
  return closed.has(period)
    ? { problems: [reason('PERIOD_CLOSED', `issue date: the VAT period ${period} is closed (PERIOD_CLOSED); reopen it to import this voucher`)] }
    : result;
}

/** A row reader that refuses vouchers of the account's closed VAT periods (see refusedWhenClosed), read once per import. */
export async function refusingClosedPeriods<V extends { issue_date: Date }>(
  context: RequestContext,
  readRow: ImportPlan<V>['readRow'],
): Promise<ImportPlan<V>['readRow']> {
  const closed = await closedPeriods(context);
  return (cells, layout, owners): RowResult<V> => refusedWhenClosed(readRow(cells, layout, owners), closed);
}
