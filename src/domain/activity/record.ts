import { type ClientSession, ObjectId } from 'mongodb';
import type { ActivityAction, ActivityActor, ActivityDocument } from '../../store/activity.store';
import { requirePrincipal, type RequestContext } from '../context';
import { describeRecord } from './activity.summary';

/** A change to record: which record (its collection, label and, when known, its stored fields) and what happened. */
export interface ActivityInput {
  collection: string;
  label: string;
  id: ObjectId;
  action: ActivityAction;
  /** The record as it stands after the change (before it, for a deletion), for the summary; absent: the id only. */
  doc?: Record<string, unknown> | null;
  /** A summary of the caller's own, instead of the one made from `doc`. */
  summary?: string;
  /** An updated record as it stood before (its old day counts in the statistics too). */
  before?: Record<string, unknown> | null;
}

function actorOf(context: RequestContext): ActivityActor | null {
  const principal = requirePrincipal(context);
  if (principal.apiKey) return { kind: 'api_key', id: principal.apiKey.id, name: principal.apiKey.name };
  if (principal.userId) return { kind: 'user', id: principal.userId };
  return null;
}

/**
 * Records changes with one insert, inside the change's own session when it has one: a write that is rolled back
 * takes its activity with it. Without a session (a single-document write), it follows the write, so a refused
 * write records nothing.
 */
export async function recordActivity(context: RequestContext, changes: ActivityInput[], session?: ClientSession): Promise<void> {
  if (!changes.length) return;
  const accountId = requirePrincipal(context).accountId;
  const actor = actorOf(context);
  const at = context.now();
  const docs: ActivityDocument[] = changes.map((change) => ({
    _id: new ObjectId(),
    account_id: accountId,
    resource_type: change.collection,
    resource_id: change.id,
    action: change.action,
    actor,
    at,
    summary: (change.summary ?? describeRecord(change.label, change.action, change.doc)).slice(0, 300),
  }));
  await context.store.collection<ActivityDocument>('activity').insertMany(docs, { session, ordered: true });
}
