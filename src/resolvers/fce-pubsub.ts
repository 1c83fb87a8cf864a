import { EventEmitter } from 'node:events';
import type { FceEventDocument } from '../domain/fce/events';

/**
 * FCE events as they are recorded, for the fceEventRecorded subscription. In-process: a deployment of several gateway
 * processes would need a shared bus (MongoDB change streams, Redis pub/sub) so that a subscriber on one process sees
 * events recorded on another.
 */
const bus = new EventEmitter();
bus.setMaxListeners(0);

export function publishFceEvent(event: FceEventDocument): void {
  bus.emit('event', event);
}

export function onFceEvent(listener: (event: FceEventDocument) => void): () => void {
  bus.on('event', listener);
  return () => bus.off('event', listener);
}
