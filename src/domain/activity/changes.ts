import type { ClientSession } from 'mongodb';
import type { RequestContext } from '../context';
import { refreshTouchedBooks } from '../iva/touched';
import { refreshTouchedDays } from '../stats/touch';
import { type ActivityInput, recordActivity } from './record';

/**
 * What every write does besides its own: records its activity, recomputes the statistics' daily totals of the days
 * it touched and rewrites the VAT book lines of the sources it touched, in the write's session when it has one.
 */
export async function recordChanges(context: RequestContext, changes: ActivityInput[], session?: ClientSession): Promise<void> {
  await recordActivity(context, changes, session);
  await refreshTouchedDays(context, changes, session);
  await refreshTouchedBooks(context, changes, session);
}
