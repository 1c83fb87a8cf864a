import type { RequestContext } from '../context';
import { argentineDay } from '../dates';
import { closedPeriods } from '../iva/periods';
import type { ImportPlan, RowResult } from './import-loop';
import { reason } from './row';

/**
 * A row reader that turns a voucher dated in a closed VAT period into a row error: the closed books must not change
 * under the accountant, whichever export (Recibidos or Emitidos) the voucher comes from. The closed months are read
 * once per import.
 */
export async function refusingClosedPeriods<V extends { issue_date: Date }>(
  context: RequestContext,
  readRow: ImportPlan<V>['readRow'],
): Promise<ImportPlan<V>['readRow']> {
  const closed = await closedPeriods(context);
  return (cells, layout, owners): RowResult<V> => {
    const result = readRow(cells, layout, owners);
    if (!closed.size || !('voucher' in result)) return result;
    const period = argentineDay(result.voucher.issue_date).slice(0, 7);
    return closed.has(period)
      ? { problems: [reason('PERIOD_CLOSED', `issue date: the VAT period ${period} is closed (PERIOD_CLOSED); reopen it to import this voucher`)] }
      : result;
  };
}
