import { DomainError } from '../../errors/domain-error';
import { SubscriptionEvent, streams } from '../../events/app-events';
import { ListDefinition, SnapshotCodec } from '../decider';
import type { StoredEvent } from '../../events/event';
import { asObject, asStringPairs } from '../snapshot-json';
import { keysFromJson, keysToJson, sortKey } from '../sort-keys';
import { keyBefore } from '../video-set/video-set.list';

/**
 * Channels a user follows: a set like likes, of channel ids instead of video ids. The
 * controller checks that a channel exists (the catalogue's channels) before a command is sent.
 */
export type SubscriptionCommand =
  /** `order` and `undoes`: an undo putting an unsubscribed channel back in its place. */
  | { readonly type: 'Subscribe'; readonly userId: string; readonly channelId: string; readonly order?: string; readonly undoes?: string }
  | { readonly type: 'Unsubscribe'; readonly userId: string; readonly channelId: string; readonly undoes?: string }
  /** An import: subscribes to the channels not already followed, in this order. */
  | { readonly type: 'ImportSubscriptions'; readonly userId: string; readonly channelIds: readonly string[] };

export interface SubscriptionsState {
  /** Channel id → sort key (`order ?? position`), as the read model orders them. */
  readonly channels: ReadonlyMap<string, bigint>;
}

const extras = (order: string | undefined, undoes: string | undefined) => ({
  ...(order !== undefined && { order }),
  ...(undoes !== undefined && { undoes }),
});

function evolve(state: SubscriptionsState, event: StoredEvent<SubscriptionEvent>): SubscriptionsState {
  const channels = new Map(state.channels);
  if (event.type === 'ChannelSubscribed') channels.set(event.data.channelId, sortKey(event.data.order, event.position));
  else channels.delete(event.data.channelId);
  return { channels };
}

function decide(command: SubscriptionCommand, { channels }: SubscriptionsState): SubscriptionEvent[] {
  const { userId } = command;
  switch (command.type) {
    case 'Subscribe':
      if (channels.has(command.channelId)) throw new DomainError('ALREADY_SUBSCRIBED');
      return [{ type: 'ChannelSubscribed', data: { userId, channelId: command.channelId, ...extras(command.order, command.undoes) } }];
    case 'Unsubscribe':
      // Like removing a video that is not in a list: nothing to do, answered with the list as it is.
      if (!channels.has(command.channelId)) return [];
      return [{ type: 'ChannelUnsubscribed', data: { userId, channelId: command.channelId, ...extras(undefined, command.undoes) } }];
    case 'ImportSubscriptions':
      return [...new Set(command.channelIds)]
        .filter((channelId) => !channels.has(channelId))
        .map((channelId): SubscriptionEvent => ({ type: 'ChannelSubscribed', data: { userId, channelId } }));
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

const subscriptionsSnapshot: SnapshotCodec<SubscriptionsState> = {
  version: 1,
  encode: (state) => ({ channels: keysToJson(state.channels) }),
  decode: (json) => ({ channels: keysFromJson(asStringPairs(asObject(json).channels)) }),
};

/** The read model keeps it as the list `subscriptions` (members are channel ids). */
export const subscriptionsList: ListDefinition<SubscriptionCommand, SubscriptionEvent, SubscriptionsState> = {
  name: 'subscriptions',
  eventTypes: ['ChannelSubscribed', 'ChannelUnsubscribed'],
  initialState: () => ({ channels: new Map() }),
  evolve,
  decide,
  snapshot: subscriptionsSnapshot,
  streamOf: (command) => streams.subscriptions(command.userId),
  project: ({ type, data: { userId, channelId, order }, position }) =>
    type === 'ChannelSubscribed'
      ? [{ op: 'addToList', userId, list: 'subscriptions', videoId: channelId, position: sortKey(order, position) }]
      : [{ op: 'removeFromList', userId, list: 'subscriptions', videoId: channelId }],
  // Following a channel is a user's own choice, like a like: undo reverts it.
  compensate: (event) => {
    const { userId, channelId } = event.data;
    const undoes = event.position.toString();
    if (event.type === 'ChannelSubscribed') return () => ({ type: 'Unsubscribe', userId, channelId, undoes });
    return (before) => ({ type: 'Subscribe', userId, channelId, order: keyBefore(before.channels, channelId, event).toString(), undoes });
  },
};
