import type { ObjectId } from 'mongodb';
import type { ActivityAction } from '../../store/activity.store';
import type { ActivityInput } from './record';
import { describeRecord } from './activity.summary';

type Stored = { _id: ObjectId } & object;

/** A domain action on one record (posting, an FCE event, a match), with what it led to after the record's summary. */
export function actionOn(collection: string, label: string, action: ActivityAction, doc: Stored, outcome?: string): ActivityInput {
  const summary = describeRecord(label, action, doc as Record<string, unknown>);
  return { collection, label, action, id: doc._id, doc: doc as Record<string, unknown>, summary: outcome ? `${summary}: ${outcome}` : summary };
}

/** `asiento 12/2026`: a journal entry as the books number it. */
export const entryNumber = (entry: { number?: number | null; fiscal_year?: number | null }) =>
  entry.number ? `asiento ${entry.number}/${entry.fiscal_year}` : 'asiento sin número';
