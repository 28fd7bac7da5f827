import { ProfilesReadModel, ProjectionTarget, ReadModel } from '../../backend/src/read-model/read-model.port';
import { OpenModel, addToPlaylist, eachFresh, meta, newId, putPlaylist } from './read-model-fixtures';

type Model = ProjectionTarget & ProfilesReadModel & Pick<ReadModel, 'playlist' | 'sharedPlaylist' | 'publicPlaylists' | 'progress'>;

/** Issue 17's parts of the port: shared playlists across users, playback progress, profile changes. */
export function describeSharingContract(open: OpenModel<Model>): void {
  describe('shared playlists, progress and profile changes', () => {
    const model = eachFresh(open);
    const visibility = (userId: string, playlistId: string, v: 'private' | 'unlisted' | 'public', position: bigint) =>
      ({ op: 'setPlaylistVisibility', userId, playlistId, visibility: v, position }) as const;

    it('an unlisted or public playlist is read by id alone; only public ones are listed, newest first, paged by position', async () => {
      const [owner, other] = [newId('user'), newId('user')];
      const [p1, p2, p3] = [newId('pl'), newId('pl'), newId('pl')];
      await model().apply(
        [
          putPlaylist(owner, meta(p1, 'One'), 1n),
          addToPlaylist(owner, p1, 'v', 2n),
          putPlaylist(owner, meta(p2, 'Two'), 3n),
          putPlaylist(other, meta(p3, 'Three'), 4n),
          visibility(owner, p1, 'public', 5n),
          visibility(owner, p2, 'unlisted', 6n),
          visibility(other, p3, 'public', 7n),
        ],
        7n,
      );
      expect(await model().sharedPlaylist(p1)).toEqual({
        ownerId: owner,
        playlist: { _id: p1, title: 'One', visibility: 'public', videoIds: ['v'] },
        position: 5n,
      });
      expect(await model().sharedPlaylist(p2)).toMatchObject({ ownerId: owner, playlist: { visibility: 'unlisted' } });
      expect(await model().playlist(owner, p2)).toEqual({ _id: p2, title: 'Two', visibility: 'unlisted', videoIds: [] });
      const listed = await model().publicPlaylists({ limit: 10 });
      expect(listed.map((s) => s.playlist._id)).toEqual([p3, p1]);
      expect((await model().publicPlaylists({ limit: 1, before: 7n })).map((s) => s.playlist._id)).toEqual([p1]);
      expect(await model().publicPlaylists({ limit: 10, before: 5n })).toEqual([]);

      // Back to private: gone from both; deleted: gone too. Re-applying a change is harmless.
      await model().apply(
        [
          visibility(owner, p1, 'private', 8n),
          visibility(owner, p1, 'private', 8n),
          { op: 'deletePlaylist', userId: other, playlistId: p3 },
        ],
        9n,
      );
      expect(await model().sharedPlaylist(p1)).toBeUndefined();
      expect(await model().sharedPlaylist(p3)).toBeUndefined();
      expect(await model().playlist(owner, p1)).toEqual({ _id: p1, title: 'One', videoIds: ['v'] });
      expect(await model().publicPlaylists({ limit: 10 })).toEqual([]);
      expect(await model().sharedPlaylist(newId('pl'))).toBeUndefined();
    });

    it('a renamed shared playlist keeps its visibility', async () => {
      const owner = newId('user');
      const p = newId('pl');
      await model().apply([putPlaylist(owner, meta(p, 'Old'), 1n), visibility(owner, p, 'unlisted', 2n)], 2n);
      await model().apply([{ op: 'updatePlaylistMeta', userId: owner, playlist: { _id: p, title: 'New' } }], 3n);
      expect((await model().sharedPlaylist(p))?.playlist).toEqual({ _id: p, title: 'New', visibility: 'unlisted', videoIds: [] });
    });

    it('progress: one entry per video, the latest assignment wins, most recent first; removal; per user', async () => {
      const [u1, u2] = [newId('user'), newId('user')];
      const at = '2026-11-24T10:00:00+00:00';
      await model().apply(
        [
          { op: 'putProgress', userId: u1, entry: { videoId: 'a', seconds: 10, updatedAt: at, position: 1n } },
          { op: 'putProgress', userId: u1, entry: { videoId: 'b', seconds: 20, updatedAt: at, position: 2n } },
          { op: 'putProgress', userId: u1, entry: { videoId: 'a', seconds: 70, updatedAt: at, position: 3n } },
        ],
        3n,
      );
      expect(await model().progress(u1)).toEqual([
        { videoId: 'a', seconds: 70, updatedAt: at, position: 3n },
        { videoId: 'b', seconds: 20, updatedAt: at, position: 2n },
      ]);
      expect(await model().progress(u2)).toEqual([]);
      await model().apply([{ op: 'removeProgress', userId: u1, videoId: 'a' }], 4n);
      expect((await model().progress(u1)).map((p) => p.videoId)).toEqual(['b']);
      await expect(
        model().apply([{ op: 'putProgress', userId: u1, entry: { videoId: 'c', seconds: -1, updatedAt: at, position: 5n } }], 5n),
      ).rejects.toThrow();
      expect((await model().progress(u1)).map((p) => p.videoId)).toEqual(['b']);
    });

    it('updateUser assigns the given profile fields only; a missing profile stays missing', async () => {
      const userId = newId('user');
      const profile = { _id: userId, email: 'x@example.com', firstName: 'A', lastName: 'B', createdAt: 't', updatedAt: 't' };
      await model().apply([{ op: 'putUser', user: profile }], 1n);
      await model().apply([{ op: 'updateUser', userId, fields: { firstName: 'C', updatedAt: 'u' } }], 2n);
      await model().apply([{ op: 'updateUser', userId, fields: { sessionGeneration: 2 } }], 3n);
      expect(await model().user(userId)).toEqual({ ...profile, firstName: 'C', updatedAt: 'u', sessionGeneration: 2 });
      const ghost = newId('user');
      await model().apply([{ op: 'updateUser', userId: ghost, fields: { firstName: 'Nobody' } }], 4n);
      expect(await model().user(ghost)).toBeUndefined();
    });
  });
}
