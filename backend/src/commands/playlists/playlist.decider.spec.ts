import { given } from '../shared/given-when-then.spec-helper';
import { playlistDecider } from './playlist.decider';

const owner = 'owner';
const p = 'playlist-1';
const created = { type: 'PlaylistCreated' as const, data: { playlistId: p, userId: owner, title: 'Monitors' } };
const added = (videoId: string) => ({ type: 'VideoAddedToPlaylist' as const, data: { userId: owner, playlistId: p, videoId } });
const removed = (videoId: string) => ({ type: 'VideoRemovedFromPlaylist' as const, data: { userId: owner, playlistId: p, videoId } });
const deleted = { type: 'PlaylistDeleted' as const, data: { playlistId: p, userId: owner } };

describe('playlist decider', () => {
  test('creating a playlist emits PlaylistCreated with its title and optional fields', () => {
    given(playlistDecider, [])
      .when({ type: 'CreatePlaylist', playlistId: p, userId: owner, title: 'Monitors', playlistImg: 'https://example.com/a.png' })
      .then([
        {
          type: 'PlaylistCreated' as const,
          data: { playlistId: p, userId: owner, title: 'Monitors', playlistImg: 'https://example.com/a.png' },
        },
      ]);
  });

  test('a new playlist is empty; adding a video emits VideoAddedToPlaylist', () => {
    given(playlistDecider, [created])
      .when({ type: 'AddVideoToPlaylist', userId: owner, playlistId: p, videoId: 'a' })
      .then([added('a')]);
  });

  test('adding a video already in the playlist fails with the §8 duplicate', () => {
    given(playlistDecider, [created, added('a')])
      .when({ type: 'AddVideoToPlaylist', userId: owner, playlistId: p, videoId: 'a' })
      .thenFails('ALREADY_IN_PLAYLIST');
  });

  test('removing a video emits VideoRemovedFromPlaylist; removing an absent one emits nothing', () => {
    given(playlistDecider, [created, added('a')])
      .when({ type: 'RemoveVideoFromPlaylist', userId: owner, playlistId: p, videoId: 'a' })
      .then([removed('a')]);
    given(playlistDecider, [created, added('a'), removed('a')])
      .when({ type: 'RemoveVideoFromPlaylist', userId: owner, playlistId: p, videoId: 'a' })
      .then([]);
  });

  test('another user cannot touch the playlist: it answers as not found', () => {
    for (const command of [
      { type: 'AddVideoToPlaylist' as const, userId: 'intruder', playlistId: p, videoId: 'a' },
      { type: 'RemoveVideoFromPlaylist' as const, userId: 'intruder', playlistId: p, videoId: 'a' },
      { type: 'DeletePlaylist' as const, userId: 'intruder', playlistId: p },
    ]) {
      given(playlistDecider, [created, added('a')])
        .when(command)
        .thenFails('PLAYLIST_NOT_FOUND');
    }
  });

  test('a playlist that never existed, or was deleted, is not found', () => {
    given(playlistDecider, []).when({ type: 'DeletePlaylist', userId: owner, playlistId: p }).thenFails('PLAYLIST_NOT_FOUND');
    given(playlistDecider, [created, deleted])
      .when({ type: 'AddVideoToPlaylist', userId: owner, playlistId: p, videoId: 'a' })
      .thenFails('PLAYLIST_NOT_FOUND');
    given(playlistDecider, [created, deleted])
      .when({ type: 'DeletePlaylist', userId: owner, playlistId: p })
      .thenFails('PLAYLIST_NOT_FOUND');
  });

  test('the owner deletes the playlist with PlaylistDeleted', () => {
    given(playlistDecider, [created, added('a')])
      .when({ type: 'DeletePlaylist', userId: owner, playlistId: p })
      .then([deleted]);
  });
});
