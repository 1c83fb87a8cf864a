import { EventEmitter } from 'node:events';
import { Repeater } from '@graphql-yoga/subscription';
import type { PubSub } from 'type-graphql';
import type { FceEventDocument } from '../domain/fce/events';
import { RateLimitedError } from '../domain/errors';

/**
 * FCE events as they are recorded, for the fceEventRecorded subscription. Events reach a gateway's subscribers
 * through that gateway's change feed on the store (see src/gateway.ts), whichever gateway process recorded them: so
 * each gateway has a topic of its own per account, named by `fceTopic`, and a gateway's feed publishes to its own.
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

/** Each gateway's feed, by the store handle its requests share (a request's handle derives from it). */
const feeds = new WeakMap<object, number>();
let nextFeed = 0;

/**
 * The topic id of `key` as one gateway delivers it from its own feed. `gateway` is anything a gateway's requests all
 * share: its store's event emitter.
 */
export function gatewayTopic(gateway: object, key: string): string {
  let feed = feeds.get(gateway);
  if (feed === undefined) {
    feed = nextFeed++;
    feeds.set(gateway, feed);
  }
  return `${feed}:${key}`;
}

/** The topic id of an account's FCE events as one gateway delivers them. */
export const fceTopic = (gateway: object, accountId: string): string => gatewayTopic(gateway, accountId);

// Topics are routed per account (the topic id): a subscriber is only ever handed its own account's events.
const channel = (topic: string, topicId: unknown) => `${topic}:${String(topicId)}`;

/** TypeGraphQL's pubSub: `@Subscription({ topics, topicId })` subscribes to one account's channel of a topic. */
export const pubSub: PubSub = {
  publish(topic, topicId, payload) {
    bus.emit(channel(topic, topicId), payload);
  },
  subscribe(topic, topicId) {
    if (topicId === undefined) throw new Error(`subscriptions to ${topic} are per account: give the account as topicId`);
    const name = channel(topic, topicId);
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

/** Hands an event read from the store's change feed to this gateway's subscribers of its account. */
export function publishFceEvent(gateway: object, event: FceEventDocument): void {
  pubSub.publish(FCE_EVENT_RECORDED, fceTopic(gateway, event.account_id.toHexString()), event);
}

/** Subscribers currently listening to one topic id (tests wait for a subscription to be in place). */
export function subscriberCount(topic: string, topicId: string): number {
  return bus.listenerCount(channel(topic, topicId));
}
