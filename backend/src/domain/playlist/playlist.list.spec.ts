import { given } from '../given-when-then.spec-helper';
import { playlistList as playlistDecider } from './playlist.list';

const owner = 'owner';
const p = 'playlist-1';
const created = { type: 'PlaylistCreated' as const, data: { playlistId: p, userId: owner, title: 'Monitors' } };
const added = (videoId: string) => ({ type: 'VideoAddedToPlaylist' as const, data: { userId: owner, playlistId: p, videoId } });
const removed = (videoId: string) => ({ type: 'VideoRemovedFromPlaylist' as const, data: { userId: owner, playlistId: p, videoId } });
const deleted = { type: 'PlaylistDeleted' as const, data: { playlistId: p, userId: owner } };
const abc = [created, added('a'), added('b'), added('c')];
const reorder = (videoId: string, toIndex: number, userId = owner) => ({
  type: 'Reorder' as const,
  userId,
  playlistId: p,
  videoId,
  toIndex,
});
const reordered = (videoId: string, toIndex: number, videoIds: string[]) => ({
  type: 'PlaylistReordered' as const,
  data: { playlistId: p, userId: owner, videoId, toIndex, videoIds },
});

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

  test('adding a video already in the playlist fails with the duplicate error (docs/api.md, POST /api/user/playlists/{playlistId})', () => {
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

  describe('details', () => {
    const change = (fields: { title?: string; description?: string }, userId = owner) => ({
      type: 'ChangeDetails' as const,
      userId,
      playlistId: p,
      ...fields,
    });
    const changed = (title: string, description?: string) => ({
      type: 'PlaylistDetailsChanged' as const,
      data: { playlistId: p, userId: owner, title, ...(description !== undefined && { description }) },
    });

    test('the event carries the resulting title and description: a field not given keeps its value', () => {
      given(playlistDecider, [created])
        .when(change({ title: 'Screens' }))
        .then([changed('Screens')]);
      given(playlistDecider, [created])
        .when(change({ description: 'for the office' }))
        .then([changed('Monitors', 'for the office')]);
      given(playlistDecider, [created, changed('Screens', 'old')])
        .when(change({ description: 'new' }))
        .then([changed('Screens', 'new')]);
      given(playlistDecider, [created, changed('Screens', 'old')])
        .when(change({ title: 'Desks' }))
        .then([changed('Desks', 'old')]);
    });

    test('details as they already are emit nothing', () => {
      given(playlistDecider, [created])
        .when(change({ title: 'Monitors' }))
        .then([]);
      given(playlistDecider, [created, changed('Screens', 'x')])
        .when(change({ title: 'Screens', description: 'x' }))
        .then([]);
    });

    test('another user’s, a deleted or a missing playlist is not found', () => {
      given(playlistDecider, [created])
        .when(change({ title: 'Mine' }, 'intruder'))
        .thenFails('PLAYLIST_NOT_FOUND');
      given(playlistDecider, [created, deleted])
        .when(change({ title: 'Back' }))
        .thenFails('PLAYLIST_NOT_FOUND');
      given(playlistDecider, [])
        .when(change({ title: 'Nothing' }))
        .thenFails('PLAYLIST_NOT_FOUND');
    });
  });

  describe('reorder', () => {
    test('moving a video to the first, a middle or the last place emits the resulting order', () => {
      given(playlistDecider, abc)
        .when(reorder('c', 0))
        .then([reordered('c', 0, ['c', 'a', 'b'])]);
      given(playlistDecider, abc)
        .when(reorder('a', 1))
        .then([reordered('a', 1, ['b', 'a', 'c'])]);
      given(playlistDecider, abc)
        .when(reorder('a', 2))
        .then([reordered('a', 2, ['b', 'c', 'a'])]);
    });

    test('moving a video to the place it has emits nothing', () => {
      given(playlistDecider, abc).when(reorder('b', 1)).then([]);
    });

    test('indexes are counted in the current order: after a reorder, after removals, and additions go last', () => {
      given(playlistDecider, [...abc, reordered('c', 0, ['c', 'a', 'b'])])
        .when(reorder('b', 0))
        .then([reordered('b', 0, ['b', 'c', 'a'])]);
      given(playlistDecider, [...abc, reordered('c', 0, ['c', 'a', 'b']), added('d')])
        .when(reorder('a', 3))
        .then([reordered('a', 3, ['c', 'b', 'd', 'a'])]);
      given(playlistDecider, [...abc, removed('a')])
        .when(reorder('c', 0))
        .then([reordered('c', 0, ['c', 'b'])]);
    });

    test('an index outside the playlist is refused, whichever way it is out', () => {
      for (const toIndex of [3, -1, 1.5, Number.NaN])
        given(playlistDecider, abc).when(reorder('a', toIndex)).thenFails('PLAYLIST_INDEX_OUT_OF_RANGE');
    });

    test('a video not in the playlist is its own not found', () => {
      given(playlistDecider, abc).when(reorder('z', 0)).thenFails('VIDEO_NOT_IN_PLAYLIST');
      given(playlistDecider, [...abc, removed('b')])
        .when(reorder('b', 0))
        .thenFails('VIDEO_NOT_IN_PLAYLIST');
    });

    test('another user’s or a deleted playlist is not found, before its videos are looked at', () => {
      given(playlistDecider, abc)
        .when(reorder('a', 1, 'intruder'))
        .thenFails('PLAYLIST_NOT_FOUND');
      given(playlistDecider, abc)
        .when(reorder('z', 9, 'intruder'))
        .thenFails('PLAYLIST_NOT_FOUND');
      given(playlistDecider, [...abc, deleted])
        .when(reorder('a', 1))
        .thenFails('PLAYLIST_NOT_FOUND');
    });
  });

  describe('an undo’s compensations', () => {
    test('an addition with an order goes back to that place, not to the end', () => {
      const stored = (videoId: string, position: bigint) => ({ ...added(videoId), position });
      given(playlistDecider, [
        created,
        stored('a', 10n),
        stored('b', 11n),
        stored('c', 12n),
        removed('b'),
        { type: 'VideoAddedToPlaylist', data: { userId: owner, playlistId: p, videoId: 'b', order: '11', undoes: '13' } },
      ])
        .when(reorder('a', 2))
        .then([reordered('a', 2, ['b', 'c', 'a'])]);
    });

    test('a reorder with orders restores exactly those sort keys', () => {
      const undone = {
        type: 'PlaylistReordered',
        data: {
          playlistId: p,
          userId: owner,
          videoId: 'c',
          toIndex: 0,
          videoIds: ['a', 'b', 'c'],
          orders: ['10', '11', '12'],
          undoes: '20',
        },
      };
      given(playlistDecider, [...abc, reordered('c', 0, ['c', 'a', 'b']), undone])
        .when(reorder('c', 1))
        .then([reordered('c', 1, ['a', 'c', 'b'])]);
    });

    test('PlaylistRestored makes a deleted playlist active again with its details and videos in order', () => {
      const restored = {
        type: 'PlaylistRestored',
        data: {
          playlistId: p,
          userId: owner,
          title: 'Monitors',
          description: 'back',
          order: '1',
          videos: [
            { videoId: 'b', order: '0' },
            { videoId: 'a', order: '1' },
          ],
          undoes: '9',
        },
      };
      given(playlistDecider, [...abc, deleted, restored])
        .when({ type: 'AddVideoToPlaylist', userId: owner, playlistId: p, videoId: 'a' })
        .thenFails('ALREADY_IN_PLAYLIST');
      given(playlistDecider, [...abc, deleted, restored])
        .when(reorder('a', 0))
        .then([reordered('a', 0, ['a', 'b'])]);
      given(playlistDecider, [...abc, deleted, restored])
        .when({ type: 'ChangeDetails', userId: owner, playlistId: p, description: 'back' })
        .then([]);
      given(playlistDecider, [...abc, deleted, restored])
        .when(reorder('a', 0, 'intruder'))
        .thenFails('PLAYLIST_NOT_FOUND');
    });

    test('a PlaylistDeleted that undoes the creation deletes it', () => {
      given(playlistDecider, [created, { type: 'PlaylistDeleted', data: { playlistId: p, userId: owner, undoes: '1' } }])
        .when({ type: 'AddVideoToPlaylist', userId: owner, playlistId: p, videoId: 'a' })
        .thenFails('PLAYLIST_NOT_FOUND');
    });
  });

  describe('caps (settings carried by the command): refused before anything is decided', () => {
    const caps = (activePlaylists: number) => ({ playlistsPerUser: 2, videosPerPlaylist: 3, activePlaylists });
    const restore = (videos: string[], activePlaylists: number) => ({
      type: 'RestorePlaylist' as const,
      userId: owner,
      playlistId: p,
      title: 'Monitors',
      order: '1',
      videos: videos.map((videoId, i) => ({ videoId, order: String(i) })),
      undoes: '9',
      caps: caps(activePlaylists),
    });

    test('creating a playlist with the user at the playlist cap fails; under it, the event carries no caps', () => {
      const create = { type: 'CreatePlaylist' as const, playlistId: p, userId: owner, title: 'Monitors' };
      given(playlistDecider, [])
        .when({ ...create, caps: caps(2) })
        .thenFails('PLAYLIST_CAP_REACHED');
      given(playlistDecider, [])
        .when({ ...create, caps: caps(1) })
        .then([created]);
    });

    test('adding a video to a playlist at the video cap fails, also for an undo putting one back', () => {
      const add = { type: 'AddVideoToPlaylist' as const, userId: owner, playlistId: p, videoId: 'd', caps: caps(0) };
      given(playlistDecider, abc).when(add).thenFails('PLAYLIST_VIDEO_CAP_REACHED');
      given(playlistDecider, abc)
        .when({ ...add, order: '1', undoes: '5' })
        .thenFails('PLAYLIST_VIDEO_CAP_REACHED');
      given(playlistDecider, [created, added('a'), added('b')])
        .when(add)
        .then([{ type: 'VideoAddedToPlaylist', data: { userId: owner, playlistId: p, videoId: 'd' } }]);
    });

    test('an undo restoring a deleted playlist fails at the playlist cap, or with more videos than the video cap', () => {
      given(playlistDecider, [created, deleted])
        .when(restore(['a'], 2))
        .thenFails('PLAYLIST_CAP_REACHED');
      given(playlistDecider, [created, deleted])
        .when(restore(['a', 'b', 'c', 'd'], 0))
        .thenFails('PLAYLIST_VIDEO_CAP_REACHED');
      const { caps: _caps, type: _type, ...data } = restore(['a'], 1);
      given(playlistDecider, [created, deleted])
        .when(restore(['a'], 1))
        .then([{ type: 'PlaylistRestored', data }]);
    });

    test('an import creating a playlist counts against the playlist cap, and its new videos against the video cap', () => {
      const imported = (videoIds: string[], activePlaylists: number) => ({
        type: 'ImportPlaylist' as const,
        playlistId: p,
        userId: owner,
        title: 'Monitors',
        videoIds,
        caps: caps(activePlaylists),
      });
      given(playlistDecider, []).when(imported([], 2)).thenFails('PLAYLIST_CAP_REACHED');
      given(playlistDecider, abc)
        .when(imported(['a', 'd'], 2))
        .thenFails('PLAYLIST_VIDEO_CAP_REACHED');
      given(playlistDecider, abc)
        .when(imported(['a', 'b'], 2))
        .then([]);
    });
  });
});
