import { describe, expect, test } from 'vitest';
import { LIST_TAGS } from '../api';
import { CATALOGUE_TAGS, tagsOf, USER_TAGS } from './live-tags';

describe('what a live change reads again', () => {
  test.each([
    ['likes', ['Likes']],
    ['watchlater', ['WatchLater']],
    ['history', ['History', 'HistorySearch']],
    ['progress', ['Progress']],
    ['subscriptions', ['Subscriptions']],
    ['settings', ['Settings']],
    ['account', ['Profile']],
    ['categories', ['Categories']],
  ])('%s: exactly %j', (what, tags) => {
    expect(tagsOf({ what, type: 'Whatever', position: '1' })).toEqual(tags);
  });

  test('a playlist: the list of playlists and that playlist, not every playlist cached', () => {
    expect(tagsOf({ what: 'playlist', playlistId: 'p-1', type: 'PlaylistReordered', position: '9' })).toEqual([
      { type: 'Playlists', id: 'LIST' },
      { type: 'Playlists', id: 'p-1' },
    ]);
    // Without an id (not sent by the contract): every playlist, to stay correct.
    expect(tagsOf({ what: 'playlist' })).toEqual(['Playlists']);
  });

  test("the catalogue's video: that video and the pages of videos", () => {
    expect(tagsOf({ what: 'video', videoId: 'abc', type: 'VideoRetired' })).toEqual([
      { type: 'Videos', id: 'LIST' },
      { type: 'Videos', id: 'abc' },
    ]);
    expect(tagsOf({ what: 'video' })).toEqual(['Videos']);
  });

  test("the catalogue's batch of changes (an import): the videos it names and the pages, or every page of videos; the categories when one changed", () => {
    expect(tagsOf({ what: 'catalogue', videoIds: ['a', 'b'], count: 2 })).toEqual([
      { type: 'Videos', id: 'LIST' },
      { type: 'Videos', id: 'a' },
      { type: 'Videos', id: 'b' },
    ]);
    expect(tagsOf({ what: 'catalogue', categories: true, count: 600 })).toEqual(['Videos', 'Categories']);
  });

  test('a change this client does not know reads nothing again', () => {
    expect(tagsOf({ what: 'somethingNew' })).toEqual([]);
  });

  test('a reset reads everything of the user: the lists, progress and the profile, not the catalogue', () => {
    expect(new Set(USER_TAGS)).toEqual(new Set([...LIST_TAGS, 'Progress', 'Profile']));
    expect(USER_TAGS).not.toContain('Videos');
  });

  test("the catalogue's reset reads the catalogue again, not the user's lists", () => {
    expect(CATALOGUE_TAGS).toEqual(['Videos', 'Categories']);
  });
});
