import {
  ActivityEntry,
  ActivityReadModel,
  ListsReadModel,
  PlaylistsReadModel,
  ProjectionTarget,
} from '../../backend/src/read-model/read-model.port';
import {
  OpenModel,
  eachFresh,
  entry,
  recordActivity,
  activityHistory,
  newId,
  meta,
  add,
  putPlaylist,
  addToPlaylist,
} from './read-model-fixtures';

/** What ActivityReadModel promises, fed through ProjectionTarget; a deleted playlist and an aborted batch are checked through the playlists and lists they touch. */
export function describeActivityContract(
  open: OpenModel<ProjectionTarget & ActivityReadModel & PlaylistsReadModel & ListsReadModel>,
): void {
  describe('activity (ActivityReadModel)', () => {
    const model = eachFresh(open);

    const all = (userId: string) => model().activity(userId, { limit: 1000 });
    const positions = (entries: ActivityEntry[]) => entries.map((e) => e.position);

    it('an unknown user has no activity', async () => {
      expect(await all(newId('user'))).toEqual([]);
    });

    it('is newest first by position, whatever the order within a batch, and keeps every field', async () => {
      const userId = newId('user');
      const pid = newId('pl');
      await model().apply(
        [
          recordActivity(userId, entry(3n, 'VideoAddedToPlaylist', { playlistId: pid, videoId: 'v2' })),
          recordActivity(userId, entry(1n, 'UserSignedUp')),
          recordActivity(userId, entry(2n, 'PlaylistCreated', { playlistId: pid, playlistTitle: 'Screens' })),
        ],
        3n,
      );
      await model().apply(
        [recordActivity(userId, entry(4n, 'VideoLiked', { videoId: 'v1' })), recordActivity(userId, entry(5n, 'HistoryCleared'))],
        5n,
      );
      expect(await all(userId)).toEqual([
        entry(5n, 'HistoryCleared'),
        entry(4n, 'VideoLiked', { videoId: 'v1' }),
        entry(3n, 'VideoAddedToPlaylist', { playlistId: pid, videoId: 'v2', playlistTitle: 'Screens' }),
        entry(2n, 'PlaylistCreated', { playlistId: pid, playlistTitle: 'Screens' }),
        entry(1n, 'UserSignedUp'),
      ]);
    });

    it('pages with limit and before: every entry exactly once, newest first', async () => {
      const userId = newId('user');
      const sizes = [1, 4, 2, 5];
      let p = 0n;
      for (const size of sizes) {
        const batch = Array.from({ length: size }, () => recordActivity(userId, entry(++p * 10n, 'VideoWatched', { videoId: `v${p}` })));
        await model().apply(batch, p * 10n);
      }
      expect(positions(await model().activity(userId, { limit: 3 }))).toEqual([120n, 110n, 100n]);
      expect(positions(await model().activity(userId, { limit: 3, before: 100n }))).toEqual([90n, 80n, 70n]);
      expect(positions(await model().activity(userId, { limit: 3, before: 95n }))).toEqual([90n, 80n, 70n]);
      expect(positions(await model().activity(userId, { limit: 50, before: 30n }))).toEqual([20n, 10n]);
      expect(await model().activity(userId, { limit: 5, before: 10n })).toEqual([]);
      const seen: bigint[] = [];
      let before: bigint | undefined;
      for (;;) {
        const page = await model().activity(userId, { limit: 5, before });
        if (page.length === 0) break;
        expect(page.length).toBeLessThanOrEqual(5);
        seen.push(...positions(page));
        before = page[page.length - 1]!.position;
      }
      expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => BigInt(120 - i * 10)));
    });

    it('reads forwards with limit and after (the export): every entry exactly once, oldest first, titles filled in', async () => {
      const userId = newId('user');
      const pid = newId('pl');
      await model().apply([recordActivity(userId, entry(5n, 'PlaylistCreated', { playlistId: pid, playlistTitle: 'Desk' }))], 5n);
      let p = 0n;
      for (const size of [3, 1, 4]) {
        const batch = Array.from({ length: size }, () =>
          recordActivity(userId, entry((++p + 1n) * 10n, 'VideoAddedToPlaylist', { playlistId: pid, videoId: `v${p}` })),
        );
        await model().apply(batch, (p + 1n) * 10n);
      }
      expect(positions(await model().timeline(userId, { limit: 3 }))).toEqual([5n, 20n, 30n]);
      expect(positions(await model().timeline(userId, { limit: 2, after: 30n }))).toEqual([40n, 50n]);
      expect(positions(await model().timeline(userId, { limit: 2, after: 35n }))).toEqual([40n, 50n]);
      expect(await model().timeline(userId, { limit: 5, after: 90n })).toEqual([]);
      expect((await model().timeline(userId, { limit: 1, after: 80n }))[0]).toEqual(
        entry(90n, 'VideoAddedToPlaylist', { playlistId: pid, videoId: 'v8', playlistTitle: 'Desk' }),
      );
      const seen: bigint[] = [];
      let after: bigint | undefined;
      for (;;) {
        const page = await model().timeline(userId, { limit: 3, after });
        if (page.length === 0) break;
        expect(page.length).toBeLessThanOrEqual(3);
        seen.push(...positions(page));
        after = page[page.length - 1]!.position;
      }
      expect(seen).toEqual([...positions(await all(userId))].reverse());
      expect(seen).toHaveLength(9);
      expect(await model().timeline(newId('user'), { limit: 5 })).toEqual([]);
    });

    it('two users never see each other’s activity or playlist titles', async () => {
      const [alice, bob] = [newId('user'), newId('user')];
      const pid = newId('pl');
      await model().apply(
        [
          recordActivity(alice, entry(1n, 'PlaylistCreated', { playlistId: pid, playlistTitle: 'Alice’s' })),
          recordActivity(bob, entry(2n, 'VideoLiked', { videoId: 'b1' })),
          recordActivity(alice, entry(3n, 'VideoLiked', { videoId: 'a1' })),
        ],
        3n,
      );
      // Bob names Alice's playlist id (as a forged event might): he still never learns its title.
      await model().apply([recordActivity(bob, entry(4n, 'PlaylistDeleted', { playlistId: pid }))], 4n);
      expect(positions(await all(alice))).toEqual([3n, 1n]);
      expect(await all(bob)).toEqual([entry(4n, 'PlaylistDeleted', { playlistId: pid }), entry(2n, 'VideoLiked', { videoId: 'b1' })]);
    });

    it('a playlist’s title stays readable on later entries after the playlist is deleted', async () => {
      const userId = newId('user');
      const pid = newId('pl');
      await model().apply(
        [
          putPlaylist(userId, meta(pid, 'Talks'), 1n),
          recordActivity(userId, entry(1n, 'PlaylistCreated', { playlistId: pid, playlistTitle: 'Talks' })),
        ],
        1n,
      );
      await model().apply(
        [addToPlaylist(userId, pid, 'v', 2n), recordActivity(userId, entry(2n, 'VideoAddedToPlaylist', { playlistId: pid, videoId: 'v' }))],
        2n,
      );
      await model().apply(
        [{ op: 'deletePlaylist', userId, playlistId: pid }, recordActivity(userId, entry(3n, 'PlaylistDeleted', { playlistId: pid }))],
        3n,
      );
      expect(await model().playlist(userId, pid)).toBeUndefined();
      expect(await all(userId)).toEqual([
        entry(3n, 'PlaylistDeleted', { playlistId: pid, playlistTitle: 'Talks' }),
        entry(2n, 'VideoAddedToPlaylist', { playlistId: pid, videoId: 'v', playlistTitle: 'Talks' }),
        entry(1n, 'PlaylistCreated', { playlistId: pid, playlistTitle: 'Talks' }),
      ]);
      // A playlist never created in this model has no title to show, and is not an error.
      const unknown = newId('pl');
      await model().apply([recordActivity(userId, entry(4n, 'VideoRemovedFromPlaylist', { playlistId: unknown, videoId: 'v' }))], 4n);
      expect((await model().activity(userId, { limit: 1 }))[0]).toEqual(
        entry(4n, 'VideoRemovedFromPlaylist', { playlistId: unknown, videoId: 'v' }),
      );
    });

    it('re-recording an entry at the same position replaces it: never a duplicate', async () => {
      const userId = newId('user');
      const batch = [
        recordActivity(userId, entry(1n, 'VideoLiked', { videoId: 'a' })),
        recordActivity(userId, entry(2n, 'VideoUnliked', { videoId: 'a' })),
      ];
      await model().apply(batch, 2n);
      await model().apply(batch, 2n);
      await model().apply([recordActivity(userId, entry(2n, 'VideoUnliked', { videoId: 'a', at: '2024-01-01T00:00:09.000Z' }))], 2n);
      expect(await all(userId)).toEqual([
        entry(2n, 'VideoUnliked', { videoId: 'a', at: '2024-01-01T00:00:09.000Z' }),
        entry(1n, 'VideoLiked', { videoId: 'a' }),
      ]);
      // Identical-looking entries at two positions (one millisecond, same video) stay two.
      await model().apply([recordActivity(userId, entry(3n, 'VideoLiked', { videoId: 'a' }))], 3n);
      expect(positions(await all(userId))).toEqual([3n, 2n, 1n]);
    });

    it('replaying any suffix of the applied batches leaves the timeline as it was', async () => {
      const { users, batches } = activityHistory();
      for (const [changes, checkpoint] of batches) await model().apply(changes, checkpoint);
      const timelines = () => Promise.all(users.map(all));
      const expected = await timelines();
      expect(expected.map((t) => t.length)).toEqual([7, 3]);
      for (let from = batches.length - 1; from >= 0; from--) {
        for (const [changes, checkpoint] of batches.slice(from)) await model().apply(changes, checkpoint);
        expect(await timelines()).toEqual(expected);
      }
    });

    it('serves only the declared fields, and returned entries cannot change the model', async () => {
      const userId = newId('user');
      const leaky = { ...entry(1n, 'UserSignedUp'), passwordHash: 'scrypt$secret', email: 'x@example.com' } as ActivityEntry;
      await model().apply([recordActivity(userId, leaky)], 1n);
      const [read] = await all(userId);
      expect(read).toEqual(entry(1n, 'UserSignedUp'));
      (read as { type: string }).type = 'changed';
      expect(await all(userId)).toEqual([entry(1n, 'UserSignedUp')]);
    });

    it('a batch holding an invalid activity entry applies nothing', async () => {
      const userId = newId('user');
      await model().apply([recordActivity(userId, entry(1n, 'VideoLiked', { videoId: 'a' }))], 1n);
      const invalid = recordActivity(userId, { ...entry(3n, 'VideoLiked'), position: 3 as unknown as bigint });
      await expect(
        model().apply([add(userId, 'likes', 'b', 2n), recordActivity(userId, entry(2n, 'VideoLiked', { videoId: 'b' })), invalid], 3n),
      ).rejects.toThrow();
      expect(positions(await all(userId))).toEqual([1n]);
      expect(await model().list(userId, 'likes')).toEqual([]);
      expect(await model().checkpoint()).toBe(1n);
    });
  });
}
