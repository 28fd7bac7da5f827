import { PlaylistsReadModel, ProjectionTarget } from '../../backend/src/read-model/read-model.port';
import { OpenModel, eachFresh, entry, recordActivity, newId, meta, putPlaylist, addToPlaylist } from './read-model-fixtures';

/** What PlaylistsReadModel promises, fed through ProjectionTarget. */
export function describePlaylistsContract(open: OpenModel<ProjectionTarget & PlaylistsReadModel>): void {
  describe('playlists (PlaylistsReadModel)', () => {
    const model = eachFresh(open);

    it('playlists are oldest first, each with its videos oldest first', async () => {
      const userId = newId('user');
      const [p1, p2] = [newId('pl'), newId('pl')];
      await model().apply(
        [
          putPlaylist(userId, meta(p2, 'Second', { description: 'two', playlistImg: 'https://img/2.jpg' }), 20n),
          addToPlaylist(userId, p2, 'y', 22n),
          addToPlaylist(userId, p2, 'x', 21n),
          putPlaylist(userId, meta(p1, 'First'), 10n),
          addToPlaylist(userId, p1, 'b', 12n),
          addToPlaylist(userId, p1, 'a', 11n),
        ],
        22n,
      );
      expect(await model().playlists(userId)).toEqual([
        { _id: p1, title: 'First', videoIds: ['a', 'b'] },
        { _id: p2, title: 'Second', description: 'two', playlistImg: 'https://img/2.jpg', videoIds: ['x', 'y'] },
      ]);
      expect(await model().playlist(userId, p2)).toEqual({
        _id: p2,
        title: 'Second',
        description: 'two',
        playlistImg: 'https://img/2.jpg',
        videoIds: ['x', 'y'],
      });
      await model().apply(
        [
          { op: 'removeFromPlaylist', userId, playlistId: p1, videoId: 'a' },
          { op: 'removeFromPlaylist', userId, playlistId: p1, videoId: 'gone' },
        ],
        23n,
      );
      expect((await model().playlist(userId, p1))?.videoIds).toEqual(['b']);
    });

    it('putPlaylist of an existing id replaces its meta, keeps its videos and takes the new position', async () => {
      const userId = newId('user');
      const [p1, p2] = [newId('pl'), newId('pl')];
      await model().apply(
        [
          putPlaylist(userId, meta(p1, 'Old', { description: 'd' }), 1n),
          addToPlaylist(userId, p1, 'v', 2n),
          putPlaylist(userId, meta(p2, 'Other'), 3n),
        ],
        3n,
      );
      await model().apply([putPlaylist(userId, meta(p1, 'New'), 4n)], 4n);
      expect(await model().playlists(userId)).toEqual([
        { _id: p2, title: 'Other', videoIds: [] },
        { _id: p1, title: 'New', videoIds: ['v'] },
      ]);
    });

    it('deletePlaylist removes it and its videos; the same id put again starts empty', async () => {
      const userId = newId('user');
      const [p1, p2] = [newId('pl'), newId('pl')];
      await model().apply(
        [putPlaylist(userId, meta(p1, 'Gone'), 1n), addToPlaylist(userId, p1, 'v', 2n), putPlaylist(userId, meta(p2, 'Kept'), 3n)],
        3n,
      );
      await model().apply([{ op: 'deletePlaylist', userId, playlistId: p1 }], 4n);
      expect(await model().playlist(userId, p1)).toBeUndefined();
      expect((await model().playlists(userId)).map((p) => p._id)).toEqual([p2]);
      await model().apply([putPlaylist(userId, meta(p1, 'Back'), 5n)], 5n);
      expect(await model().playlist(userId, p1)).toEqual({ _id: p1, title: 'Back', videoIds: [] });
      expect((await model().playlists(userId)).map((p) => p._id)).toEqual([p2, p1]);
    });

    it('videos added to a playlist that was never put do not make it visible', async () => {
      const userId = newId('user');
      const pid = newId('pl');
      await model().apply([addToPlaylist(userId, pid, 'v', 1n)], 1n);
      expect(await model().playlist(userId, pid)).toBeUndefined();
      expect(await model().playlists(userId)).toEqual([]);
    });

    it('updatePlaylistMeta assigns title and description, keeping the image, the place and the videos', async () => {
      const userId = newId('user');
      const [p1, p2] = [newId('pl'), newId('pl')];
      await model().apply(
        [
          putPlaylist(userId, meta(p1, 'Old', { description: 'old', playlistImg: 'https://img/1.jpg' }), 1n),
          addToPlaylist(userId, p1, 'v', 2n),
          putPlaylist(userId, meta(p2, 'Second'), 3n),
        ],
        3n,
      );
      await model().apply(
        [{ op: 'updatePlaylistMeta', userId, playlist: { _id: p1, title: 'New "quoted" / ünïcode', description: '' } }],
        4n,
      );
      const renamed = { _id: p1, title: 'New "quoted" / ünïcode', description: '', playlistImg: 'https://img/1.jpg', videoIds: ['v'] };
      expect(await model().playlists(userId)).toEqual([renamed, { _id: p2, title: 'Second', videoIds: [] }]);
      await model().apply([{ op: 'updatePlaylistMeta', userId, playlist: { _id: p1, title: 'No description' } }], 5n);
      expect(await model().playlist(userId, p1)).toEqual({
        _id: p1,
        title: 'No description',
        playlistImg: 'https://img/1.jpg',
        videoIds: ['v'],
      });
    });

    it('updatePlaylistMeta of a missing or deleted playlist leaves it absent', async () => {
      const userId = newId('user');
      const [gone, never] = [newId('pl'), newId('pl')];
      await model().apply([putPlaylist(userId, meta(gone, 'Gone'), 1n), { op: 'deletePlaylist', userId, playlistId: gone }], 2n);
      await model().apply(
        [
          { op: 'updatePlaylistMeta', userId, playlist: { _id: gone, title: 'Back?' } },
          { op: 'updatePlaylistMeta', userId, playlist: { _id: never, title: 'Never' } },
        ],
        3n,
      );
      expect(await model().playlist(userId, gone)).toBeUndefined();
      expect(await model().playlist(userId, never)).toBeUndefined();
      expect(await model().playlists(userId)).toEqual([]);
    });

    it('setPlaylistOrder replaces the videos with exactly these keys; later additions still go last', async () => {
      const userId = newId('user');
      const pid = newId('pl');
      await model().apply(
        [putPlaylist(userId, meta(pid, 'P'), 1n), addToPlaylist(userId, pid, 'a', 2n), addToPlaylist(userId, pid, 'b', 3n)],
        3n,
      );
      const entries = [
        { videoId: 'b', order: 0n },
        { videoId: 'a', order: 1n },
      ];
      await model().apply([{ op: 'setPlaylistOrder', userId, playlistId: pid, entries }], 4n);
      expect((await model().playlist(userId, pid))?.videoIds).toEqual(['b', 'a']);
      await model().apply([addToPlaylist(userId, pid, 'c', 5n), addToPlaylist(userId, pid, 'd', 1n)], 5n);
      expect((await model().playlist(userId, pid))?.videoIds).toEqual(['b', 'a', 'd', 'c']);
      await model().apply([{ op: 'setPlaylistOrder', userId, playlistId: pid, entries: [{ videoId: 'c', order: 7n }] }], 6n);
      expect((await model().playlist(userId, pid))?.videoIds).toEqual(['c']);
      await model().apply([{ op: 'setPlaylistOrder', userId, playlistId: pid, entries: [] }], 7n);
      expect((await model().playlist(userId, pid))?.videoIds).toEqual([]);
    });

    it('playlistIdsEver lists every playlist whose title was recorded, deleted ones included, sorted, per user', async () => {
      const [userId, other] = [newId('user'), newId('user')];
      const [p1, p2, p3] = [newId('pl-b'), newId('pl-a'), newId('pl-c')];
      expect(await model().playlistIdsEver(userId)).toEqual([]);
      await model().apply(
        [
          putPlaylist(userId, meta(p1, 'One'), 1n),
          recordActivity(userId, entry(1n, 'PlaylistCreated', { playlistId: p1, playlistTitle: 'One' })),
          putPlaylist(userId, meta(p2, 'Two'), 2n),
          recordActivity(userId, entry(2n, 'PlaylistCreated', { playlistId: p2, playlistTitle: 'Two' })),
          { op: 'deletePlaylist', userId, playlistId: p2 },
          recordActivity(userId, entry(3n, 'PlaylistDeleted', { playlistId: p2 })),
          recordActivity(other, entry(4n, 'PlaylistCreated', { playlistId: p3, playlistTitle: 'Theirs' })),
        ],
        4n,
      );
      expect(await model().playlistIdsEver(userId)).toEqual([p1, p2].sort());
      expect(await model().playlistIdsEver(other)).toEqual([p3]);
    });
  });
}
