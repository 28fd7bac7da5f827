import { APP_EVENT_TYPES } from '../events/app-events';
import { MAX_NAMED_VIDEOS, changeOf, coalesced } from './live-change';

const event = (streamId: string, type: string, data: object, position = 7n) => ({ streamId, type, data, position });
const user = 'u-1';

describe('changeOf: a stored event as the change a stream is told of', () => {
  test.each([
    ['likes-u-1', 'VideoLiked', 'likes'],
    ['watchlater-u-1', 'VideoRemovedFromWatchLater', 'watchlater'],
    ['history-u-1', 'VideoWatched', 'history'],
    ['history-u-1', 'HistoryEntriesExpired', 'history'],
    ['history-u-1', 'HistoryPaused', 'settings'],
    ['history-u-1', 'HistoryResumed', 'settings'],
    ['history-u-1', 'HistoryRetentionChanged', 'settings'],
    ['subscriptions-u-1', 'ChannelSubscribed', 'subscriptions'],
    ['progress-u-1', 'PlaybackProgressRecorded', 'progress'],
    ['user-u-1', 'PasswordChanged', 'account'],
    ['user-u-1', 'OperatorGranted', 'account'],
    ['user-u-1', 'AccountDeleted', 'account'],
  ])('%s %s is the user’s %s', (streamId, type, what) => {
    expect(changeOf(event(streamId, type, { userId: user, videoId: 'v' }))).toEqual({
      audience: { kind: 'user', userId: user },
      change: { what, type, position: '7' },
    });
  });

  test('a playlist’s change names the playlist', () => {
    expect(changeOf(event('playlist-p-9', 'PlaylistReordered', { userId: user, playlistId: 'p-9', videoId: 'v' }, 12n))).toEqual({
      audience: { kind: 'user', userId: user },
      change: { what: 'playlist', playlistId: 'p-9', type: 'PlaylistReordered', position: '12' },
    });
  });

  test('the catalogue’s videos name the video; categories are one change', () => {
    expect(changeOf(event('video-abc', 'VideoRetired', { userId: 'op', videoId: 'abc' }))).toEqual({
      audience: { kind: 'catalogue' },
      change: { what: 'video', videoId: 'abc', type: 'VideoRetired', position: '7' },
    });
    expect(changeOf(event('category-c', 'CategoryRenamed', { userId: 'op', categoryId: 'c' }))?.change).toEqual({
      what: 'categories',
      type: 'CategoryRenamed',
      position: '7',
    });
  });

  test('playlist slots, email reservations, views and unknown streams are no change', () => {
    expect(changeOf(event('playlistslots-u-1', 'PlaylistSlotsClaimed', { userId: user, playlists: [] }))).toBeUndefined();
    expect(changeOf(event('emailres-abc', 'EmailReserved', { userId: user }))).toBeUndefined();
    expect(changeOf(event('views-u-1', 'VideoViewed', { userId: user, videoId: 'v' }))).toBeUndefined();
    expect(changeOf(event('constructor-x', 'VideoLiked', { userId: user }))).toBeUndefined();
    expect(changeOf(event('nodash', 'VideoLiked', { userId: user }))).toBeUndefined();
  });

  test('every event type of a user list or the catalogue maps to a change (none falls through unnoticed)', () => {
    const streamOf: Record<string, string> = {
      VideoLiked: 'likes',
      VideoUnliked: 'likes',
      VideoAddedToWatchLater: 'watchlater',
      VideoRemovedFromWatchLater: 'watchlater',
      ChannelSubscribed: 'subscriptions',
      ChannelUnsubscribed: 'subscriptions',
      PlaybackProgressRecorded: 'progress',
      PlaybackProgressCleared: 'progress',
      VideoViewed: 'views',
    };
    for (const type of APP_EVENT_TYPES) {
      const category =
        streamOf[type] ??
        (/^(History|VideoWatched|VideoRemovedFromHistory)/.test(type)
          ? 'history'
          : /Playlist/.test(type)
            ? 'playlist'
            : /^Video(Published|Edited|Retired|Restored)$/.test(type)
              ? 'video'
              : /^Category/.test(type)
                ? 'category'
                : 'user');
      const routed = changeOf(event(`${category}-x`, type, { userId: user, playlistId: 'p', videoId: 'v' }));
      expect({ type, mapped: routed !== undefined }).toEqual({ type, mapped: type !== 'VideoViewed' });
    }
  });
});

describe('coalesced: the catalogue changes of one log batch as one message', () => {
  const video = (id: string, position: number, type = 'VideoPublished') => ({
    what: 'video' as const,
    videoId: id,
    type,
    position: String(position),
  });

  test('one change is sent as it is', () => {
    expect(coalesced([video('a', 3)])).toEqual(video('a', 3));
  });

  test('a few name their videos, once each, at the last position; a category among them says so; mixed types say CatalogueChanged', () => {
    expect(
      coalesced([
        video('a', 3),
        video('b', 4, 'VideoEdited'),
        video('a', 5),
        { what: 'categories', type: 'CategoryRenamed', position: '6' },
      ]),
    ).toEqual({
      what: 'catalogue',
      videoIds: ['a', 'b'],
      categories: true,
      count: 4,
      type: 'CatalogueChanged',
      position: '6',
    });
  });

  test(`past ${MAX_NAMED_VIDEOS} videos it names none: every catalogue answer is read again`, () => {
    const many = Array.from({ length: MAX_NAMED_VIDEOS + 1 }, (_, i) => video(`v${i}`, i + 1));
    expect(coalesced(many)).toEqual({
      what: 'catalogue',
      count: MAX_NAMED_VIDEOS + 1,
      type: 'VideoPublished',
      position: String(MAX_NAMED_VIDEOS + 1),
    });
  });
});
