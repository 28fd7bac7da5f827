import { ProfilesReadModel, ProjectionTarget, ReadModel, ReadModelChange } from '../../backend/src/read-model/read-model.port';
import { OpenModel, addToPlaylist, eachFresh, entry, meta, newId, putPlaylist, recordActivity } from './read-model-fixtures';

type Model = ProjectionTarget & ProfilesReadModel & Pick<ReadModel, 'playlist' | 'sharedPlaylist' | 'publicPlaylists' | 'progress'>;

/** The port's parts for sharing, resuming and the account: shared playlists across users, playback progress, profile changes. */
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
      // Unlisted: readable by id, in no listing, so without a listing position (on every adapter).
      expect(await model().sharedPlaylist(p2)).toEqual({
        ownerId: owner,
        playlist: { _id: p2, title: 'Two', visibility: 'unlisted', videoIds: [] },
      });
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

    it('events of different users may come out of global order, as partitions apply them: each lands in the index and the listing', async () => {
      // Two partitions read the same log; the one holding `ahead` applies its later events first.
      const [ahead, lagging] = [newId('user'), newId('user')];
      const [pO, pA, pB, pU, pA2] = [newId('pl'), newId('pl'), newId('pl'), newId('pl'), newId('pl')];
      const at = (position: bigint, ...changes: ReadModelChange[]) => ({ position, changes });
      // A playlist's creation as the projection writes it: with its timeline line, which an erasure finds it by.
      const created = (position: bigint, userId: string, id: string, title: string) =>
        at(
          position,
          putPlaylist(userId, meta(id, title), position),
          recordActivity(userId, entry(position, 'PlaylistCreated', { playlistId: id, playlistTitle: title })),
        );
      await model().applyEvents(
        [
          created(1n, ahead, pO, 'Oldest'),
          at(2n, visibility(ahead, pO, 'public', 2n)),
          created(10n, ahead, pA, 'Ahead'),
          at(11n, visibility(ahead, pA, 'public', 11n)),
        ],
        11n,
      );
      await model().applyEvents(
        [
          created(3n, lagging, pB, 'Behind'),
          created(4n, lagging, pU, 'By link'),
          at(5n, visibility(lagging, pB, 'public', 5n)),
          at(6n, visibility(lagging, pU, 'unlisted', 6n)),
        ],
        11n,
      );
      expect(await model().sharedPlaylist(pB)).toMatchObject({ ownerId: lagging, playlist: { visibility: 'public' }, position: 5n });
      expect(await model().sharedPlaylist(pU)).toMatchObject({ ownerId: lagging, playlist: { visibility: 'unlisted' } });
      expect(await model().sharedPlaylist(pU)).not.toHaveProperty('position');
      const ids = async (query: { limit: number; before?: bigint }) => (await model().publicPlaylists(query)).map((s) => s.playlist._id);
      expect(await ids({ limit: 10 })).toEqual([pA, pB, pO]);
      expect(await ids({ limit: 1, before: 11n })).toEqual([pB]);

      // Again: the ahead one hides its playlist, the lagging one hides and shares its own before that.
      await model().applyEvents([at(20n, visibility(ahead, pA, 'private', 20n))], 20n);
      await model().applyEvents([at(12n, visibility(lagging, pB, 'private', 12n)), at(13n, visibility(lagging, pB, 'public', 13n))], 20n);
      expect(await ids({ limit: 10 })).toEqual([pB, pO]);
      expect(await model().sharedPlaylist(pA)).toBeUndefined();
      expect((await model().sharedPlaylist(pB))?.position).toBe(13n);

      // An erasure applied late takes the erased user's playlists out of the index and the listing all the same.
      await model().applyEvents([created(30n, ahead, pA2, 'Newest'), at(31n, visibility(ahead, pA2, 'public', 31n))], 31n);
      await model().applyEvents([at(25n, { op: 'eraseUser', userId: lagging })], 31n);
      expect(await model().sharedPlaylist(pB)).toBeUndefined();
      expect(await model().sharedPlaylist(pU)).toBeUndefined();
      // Full pages: no entry of the erased user is left to take a place (and be dropped when read).
      expect(await ids({ limit: 2 })).toEqual([pA2, pO]);
      expect(await ids({ limit: 1, before: 31n })).toEqual([pO]);
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
