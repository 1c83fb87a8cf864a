import { AsyncLocalStorage } from 'node:async_hooks';
import type { ClientSession, ObjectId } from 'mongodb';
import type { ActivityAction } from '../../store/activity.store';
import type { RequestContext } from '../context';
import { recordChanges } from './changes';
import type { ActivityInput } from './record';

/**
 * A resource's create, update or remove recording its activity. Several resources open their own transaction when
 * called without one and then call themselves again inside it: the innermost call of one resource and action (the
 * one holding the session) records, and the calls around it, seeing it did, record nothing more.
 */
interface Frame {
  owner: object;
  action: ActivityAction;
  recorded: boolean;
  parent?: Frame;
}

const frames = new AsyncLocalStorage<Frame>();

export async function journaled<R>(
  owner: object,
  action: ActivityAction,
  context: RequestContext,
  session: ClientSession | undefined,
  write: () => Promise<R>,
  changes: (result: R) => ActivityInput[],
): Promise<R> {
  const frame: Frame = { owner, action, recorded: false, parent: frames.getStore() };
  const result = await frames.run(frame, write);
  if (frame.recorded) return result;
  await recordChanges(context, changes(result), session);
  for (let outer: Frame | undefined = frame; outer; outer = outer.parent) if (outer.owner === owner && outer.action === action) outer.recorded = true;
  return result;
}

/** The activity of records of one collection. */
export const changesOf = (
  collection: string,
  label: string,
  action: ActivityAction,
  docs: Array<{ _id: ObjectId } & object>,
  before: Array<object | null | undefined> = [],
): ActivityInput[] =>
  docs.map((doc, at) => ({
    collection,
    label,
    action,
    id: doc._id,
    doc: doc as Record<string, unknown>,
    before: before[at] as Record<string, unknown> | undefined,
  }));
