import type { ChangeStream, ChangeStreamInsertDocument, ChangeStreamUpdateDocument, Document, ResumeToken, Timestamp } from 'mongodb';
import type { Logger } from '../logger';
import type { CollectionName } from './catalog';
import type { Store } from './store';

/** How long a feed waits before opening its stream again after an error the driver did not resume from itself. */
const REOPEN_DELAY_MS = 1000;
/** Named on every command a feed sends (server logs and profilers show it; command counts can leave them out). */
export const CHANGE_FEED_COMMENT = 'change feed';
/** MongoDB's answer when a stream's resume point has left the oplog (the embedded engine's change log). */
const HISTORY_LOST = 286;

export interface ChangeFeed {
  close(): Promise<void>;
}

/**
 * The documents inserted into a collection from now on, through whichever process inserts them: a change stream
 * (MongoDB's, or the embedded engine's), so that every gateway over one store sees every insert. It starts at the
 * store's current cluster time, read before this resolves, so nothing inserted after that is missed while the stream
 * opens. An error the driver does not resume from by itself reopens the stream after the last event seen; a resume
 * point the store no longer holds is logged, and the stream reopens from that moment.
 */
export function followInserts<T extends Document>(store: Store, collection: CollectionName, onInsert: (doc: T) => void, log: Logger): Promise<ChangeFeed> {
  return followChanges(store, collection, 'insert', onInsert, log);
}

/**
 * The documents of a collection as each insert or update leaves them, as followInserts follows inserts: an update is
 * delivered with the document as the store holds it when the feed reads the change (MongoDB's `updateLookup`), so
 * two quick updates may both deliver the later state, and none delivers a state older than one delivered before it.
 */
export function followWrites<T extends Document>(store: Store, collection: CollectionName, onWrite: (doc: T) => void, log: Logger): Promise<ChangeFeed> {
  return followChanges(store, collection, 'write', onWrite, log);
}

async function followChanges<T extends Document>(
  store: Store,
  collection: CollectionName,
  changes: 'insert' | 'write',
  onInsert: (doc: T) => void,
  log: Logger,
): Promise<ChangeFeed> {
  let start: { startAtOperationTime: Timestamp } | { startAfter: ResumeToken } = await now(store);
  let stream: ChangeStream<T, ChangeStreamInsertDocument<T> | ChangeStreamUpdateDocument<T>> | undefined;
  const match = changes === 'insert' ? { operationType: 'insert' } : { operationType: { $in: ['insert', 'update'] } };
  let closed = false;
  let wake: (() => void) | undefined;

  const follow = async () => {
    while (!closed) {
      stream = store.collection<T>(collection).watch<T, ChangeStreamInsertDocument<T> | ChangeStreamUpdateDocument<T>>([{ $match: match }], {
        ...start,
        ...(changes === 'write' ? { fullDocument: 'updateLookup' } : {}),
        comment: CHANGE_FEED_COMMENT,
      });
      try {
        for await (const change of stream) {
          start = { startAfter: change._id };
          // An updated document deleted before the feed read the change has no state to deliver.
          if (change.fullDocument) onInsert(change.fullDocument);
        }
        // Ended without an error: the collection was dropped (the stream's invalidate). Follow it from now on.
        if (!closed) start = await now(store);
      } catch (error) {
        if (closed) return;
        const code = (error as { code?: unknown }).code;
        if (code === HISTORY_LOST) {
          log.error({ err: error, collection }, 'change feed lost its place: inserts made while it was away are not delivered');
          start = await now(store);
        } else log.warn({ err: error, collection }, 'change feed interrupted; reopening it');
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, REOPEN_DELAY_MS).unref();
        });
      } finally {
        await stream.close().catch(() => undefined);
      }
    }
  };
  const following = follow().catch((error: unknown) => log.error({ err: error, collection }, 'change feed stopped'));
  return {
    async close() {
      closed = true;
      wake?.();
      await stream?.close().catch(() => undefined);
      await following;
    },
  };
}

/** Where a stream opened now starts: the store's cluster time, as its reply to a ping gives it. */
async function now(store: Store): Promise<{ startAtOperationTime: Timestamp }> {
  const reply = await store.db.command({ ping: 1, comment: CHANGE_FEED_COMMENT });
  return { startAtOperationTime: reply.operationTime as Timestamp };
}
