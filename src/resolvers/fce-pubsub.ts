import { EventEmitter } from 'node:events';
import { Repeater } from '@graphql-yoga/subscription';
import type { PubSub } from 'type-graphql';
import type { FceEventDocument } from '../domain/fce/events';
import { RateLimitedError } from '../domain/errors';

/**
 * FCE events as they are recorded, for the fceEventRecorded subscription. In-process: a deployment of several gateway
 * processes would need a shared bus (MongoDB change streams, Redis pub/sub) so that a subscriber on one process sees
 * events recorded on another.
 */
export const FCE_EVENT_RECORDED = 'FCE_EVENT_RECORDED';

/**
 * Events a subscriber may leave unread before its subscription is ended. Delivery waits for each message to reach the
 * socket, so a client that stops reading would otherwise make its queue grow without bound.
 */
export const MAX_UNREAD_EVENTS = 100;

const tooSlow = () =>
  new RateLimitedError(`more than ${MAX_UNREAD_EVENTS} events were left unread: subscribe again and re-read the state you need`, [], 'SUBSCRIBER_TOO_SLOW');

const bus = new EventEmitter();
bus.setMaxListeners(0);

// Topics are routed per account (the topic id): a subscriber is only ever handed its own account's events.
const channel = (topic: string, accountId: unknown) => `${topic}:${String(accountId)}`;

/** TypeGraphQL's pubSub: `@Subscription({ topics, topicId })` subscribes to one account's channel of a topic. */
export const pubSub: PubSub = {
  publish(topic, accountId, payload) {
    bus.emit(channel(topic, accountId), payload);
  },
  subscribe(topic, accountId) {
    if (accountId === undefined) throw new Error(`subscriptions to ${topic} are per account: give the account as topicId`);
    const name = channel(topic, accountId);
    return new Repeater<unknown>(async (push, stop) => {
      let unread = 0;
      const listener = (payload: unknown) => {
        if (unread >= MAX_UNREAD_EVENTS) return stop(tooSlow());
        unread++;
        // push() settles once the value is taken (or the repeater stops); a rejection here would only repeat stop's.
        push(payload).then(
          () => unread--,
          () => undefined,
        );
      };
      bus.on(name, listener);
      await stop;
      bus.off(name, listener);
    });
  },
};

export function publishFceEvent(event: FceEventDocument): void {
  pubSub.publish(FCE_EVENT_RECORDED, event.account_id.toHexString(), event);
}

/** Subscribers currently listening to one account's topic (tests wait for a subscription to be in place). */
export function subscriberCount(topic: string, accountId: string): number {
  return bus.listenerCount(channel(topic, accountId));
}
