import type { RequestContext } from '../domain/context';
import { ended, IMPORT_SILENCE_MS, importAsOf, progressOf } from '../domain/mis-comprobantes/import-record';
import { findImport, type ImportHistory } from '../domain/mis-comprobantes/import-lookup';
import type { ImportDocument } from '../domain/stored';
import { gatewayTopic, pubSub } from './fce-pubsub';

/**
 * An import's record as each write leaves it, for the voucherImportProgress subscription. Like FCE events, writes
 * reach a gateway's subscribers through that gateway's change feed on the store (see src/gateway.ts), whichever
 * gateway runs the import: the topic id names the gateway, the account and the import.
 */
export const IMPORT_WRITTEN = 'IMPORT_WRITTEN';

export const importTopic = (gateway: object, accountId: string, importId: string): string => gatewayTopic(gateway, `${accountId}:${importId}`);

/** Hands an import record read from the store's change feed to this gateway's subscribers of that import. */
export function publishImportWrite(gateway: object, doc: ImportDocument): void {
  pubSub.publish(IMPORT_WRITTEN, importTopic(gateway, doc.account_id.toHexString(), doc._id.toHexString()), doc);
}

const counts = (doc: ImportDocument) => ({ ...progressOf(doc as never), status: doc.status });

/** Whether `next` says something `last` did not, and nothing older: its counts never below, one of them or the status changed. */
function advances(next: ImportDocument, last: ImportDocument): boolean {
  const [now, before] = [counts(next), counts(last)];
  const keys = Object.keys(now) as Array<keyof typeof now>;
  const behind = keys.some((key) => key !== 'status' && ((now[key] as number | undefined) ?? 0) < ((before[key] as number | undefined) ?? 0));
  return !behind && keys.some((key) => now[key] !== before[key]);
}

/**
 * The import as it stands, then as each of its writes leaves it, until it has ended (completed, failed, or
 * interrupted: silent for IMPORT_SILENCE_MS, which a subscriber learns by reading it again after that long without
 * news). The caller has found the import in the account (`first`); the subscription is in place before it is read
 * again, so no write between the two is missed.
 */
export async function* importProgress(context: RequestContext, history: ImportHistory, first: ImportDocument): AsyncGenerator<ImportDocument> {
  const id = first._id.toHexString();
  const updates = pubSub.subscribe(IMPORT_WRITTEN, importTopic(context.store.events, first.account_id.toHexString(), id)) as AsyncIterable<ImportDocument>;
  const iterator = updates[Symbol.asyncIterator]();
  // Asked before it is awaited (a stop while an event is being sent must not be an unhandled rejection).
  const ask = () => {
    const next = iterator.next();
    next.catch(() => undefined);
    return next;
  };
  // A repeater listens from its first next(): asked now, so that it listens before the import is read again.
  let pending = ask();
  try {
    let last = await findImport(context, history, id);
    yield last;
    while (!ended(last)) {
      let timer: NodeJS.Timeout | undefined;
      const silence = new Promise<'silence'>((resolve) => {
        timer = setTimeout(() => resolve('silence'), IMPORT_SILENCE_MS);
      });
      const got = await Promise.race([pending, silence]).finally(() => clearTimeout(timer));
      let next: ImportDocument;
      if (got === 'silence') next = await findImport(context, history, id);
      else if (got.done) return;
      else {
        pending = ask();
        next = importAsOf(got.value, context.now());
      }
      if (!advances(next, last)) continue;
      last = next;
      yield last;
    }
  } finally {
    await iterator.return?.();
  }
}
