import { given, stored } from '../given-when-then.spec-helper';
import { subscriptionsList } from './subscriptions.list';

const subscribed = (channelId: string) => ({ type: 'ChannelSubscribed', data: { userId: 'u', channelId } });

describe('subscriptions decider', () => {
  test('subscribing twice is a 409; unsubscribing what is not followed decides nothing', () => {
    given(subscriptionsList, [])
      .when({ type: 'Subscribe', userId: 'u', channelId: 'c' })
      .then([subscribed('c')]);
    given(subscriptionsList, [subscribed('c')])
      .when({ type: 'Subscribe', userId: 'u', channelId: 'c' })
      .thenFails('ALREADY_SUBSCRIBED');
    given(subscriptionsList, []).when({ type: 'Unsubscribe', userId: 'u', channelId: 'c' }).then([]);
  });

  test('an import adds only the channels not followed yet, once each', () => {
    given(subscriptionsList, [subscribed('a')])
      .when({ type: 'ImportSubscriptions', userId: 'u', channelIds: ['a', 'b', 'b', 'c'] })
      .then([subscribed('b'), subscribed('c')]);
  });

  test('undo of an unsubscribe puts the channel back in its place', () => {
    const unsubscribed = stored({ type: 'ChannelUnsubscribed' as const, data: { userId: 'u', channelId: 'a' } }, 9n);
    const revert = subscriptionsList.compensate(unsubscribed)!;
    expect(revert({ channels: new Map([['a', 3n]]) })).toEqual({ type: 'Subscribe', userId: 'u', channelId: 'a', order: '3', undoes: '9' });
  });
});
