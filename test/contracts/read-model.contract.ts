import { randomUUID } from 'node:crypto';
import {
  ActivityEntry,
  LIST_NAMES,
  ListName,
  PlaylistMeta,
  ReadModel,
  ReadModelChange,
  UserProfile,
} from '../../backend/src/read-model/read-model.port';

/** What every ReadModel adapter must do; each adapter's test file runs it against a fresh model. */
export function describeReadModelContract(name: string, open: () => Promise<{ model: ReadModel; dispose: () => Promise<void> }>): void {
  describe(`ReadModel contract: ${name}`, () => {
    let model: ReadModel;
    let dispose: () => Promise<void>;

    beforeEach(async () => {
      ({ model, dispose } = await open());
    });
    afterEach(async () => {
      await dispose();
    });

    it('an unknown user has no profile, empty lists and no playlists', async () => {
      const userId = newId('user');
      expect(await model.user(userId)).toBeUndefined();
      for (const list of LIST_NAMES) expect(await model.list(userId, list)).toEqual([]);
      expect(await model.playlists(userId)).toEqual([]);
      expect(await model.playlist(userId, newId('pl'))).toBeUndefined();
    });

    it('a fenced apply needs the checkpoint it expects, and otherwise applies nothing', async () => {
      const userId = newId('user');
      await model.apply([add(userId, 'likes', 'a', 1n)], 1n, { expected: undefined });
      await model.apply([add(userId, 'likes', 'b', 2n)], 2n, { expected: 1n });
      await expect(model.apply([add(userId, 'likes', 'c', 3n)], 3n, { expected: 1n })).rejects.toMatchObject({ code: 'CHECKPOINT_MOVED' });
      await expect(model.apply([add(userId, 'likes', 'c', 3n)], 3n, { expected: undefined })).rejects.toMatchObject({
        code: 'CHECKPOINT_MOVED',
      });
      expect(await model.list(userId, 'likes')).toEqual(['a', 'b']);
      expect(await model.checkpoint()).toBe(2n);
    });

    it('checkpoint is undefined at first, then the last one applied', async () => {
      expect(await model.checkpoint()).toBeUndefined();
      await model.apply([], 5n);
      expect(await model.checkpoint()).toBe(5n);
      await model.apply([add(newId('user'), 'likes', 'v1', 6n)], 7n);
      expect(await model.checkpoint()).toBe(7n);
    });

    it('putUser round-trips the profile, and a later putUser replaces it', async () => {
      const user = profile(newId('user'));
      await model.apply([{ op: 'putUser', user }], 1n);
      expect(await model.user(user._id)).toEqual(user);
      const renamed = { ...user, firstName: 'Grace', updatedAt: '2024-02-01T00:00:00.000Z' };
      await model.apply([{ op: 'putUser', user: renamed }], 2n);
      expect(await model.user(user._id)).toEqual(renamed);
    });

    it('lists are oldest first by position, whatever the order of changes within one batch', async () => {
      const userId = newId('user');
      await model.apply([add(userId, 'likes', 'c', 30n), add(userId, 'likes', 'a', 10n), add(userId, 'likes', 'b', 20n)], 30n);
      expect(await model.list(userId, 'likes')).toEqual(['a', 'b', 'c']);
      await model.apply([add(userId, 'likes', 'z', 31n)], 31n);
      expect(await model.list(userId, 'likes')).toEqual(['a', 'b', 'c', 'z']);
    });

    it('adding a video already in the list moves it to the new position', async () => {
      const userId = newId('user');
      await model.apply([add(userId, 'history', 'a', 1n), add(userId, 'history', 'b', 2n)], 2n);
      await model.apply([add(userId, 'history', 'a', 3n)], 3n);
      expect(await model.list(userId, 'history')).toEqual(['b', 'a']);
    });

    it('re-adding after removal puts the video last', async () => {
      const userId = newId('user');
      await model.apply([add(userId, 'watchlater', 'a', 1n), add(userId, 'watchlater', 'b', 2n)], 2n);
      await model.apply([remove(userId, 'watchlater', 'a')], 3n);
      expect(await model.list(userId, 'watchlater')).toEqual(['b']);
      await model.apply([add(userId, 'watchlater', 'a', 4n)], 4n);
      expect(await model.list(userId, 'watchlater')).toEqual(['b', 'a']);
    });

    it('removing an absent video is a no-op', async () => {
      const userId = newId('user');
      await model.apply([add(userId, 'likes', 'a', 1n)], 1n);
      await model.apply([remove(userId, 'likes', 'missing'), remove(newId('user'), 'likes', 'a')], 2n);
      expect(await model.list(userId, 'likes')).toEqual(['a']);
      expect(await model.checkpoint()).toBe(2n);
    });

    it('clearList empties that list and no other', async () => {
      const userId = newId('user');
      await model.apply([add(userId, 'history', 'a', 1n), add(userId, 'history', 'b', 2n), add(userId, 'likes', 'a', 3n)], 3n);
      await model.apply([{ op: 'clearList', userId, list: 'history' }], 4n);
      expect(await model.list(userId, 'history')).toEqual([]);
      expect(await model.list(userId, 'likes')).toEqual(['a']);
      await model.apply([add(userId, 'history', 'c', 5n)], 5n);
      expect(await model.list(userId, 'history')).toEqual(['c']);
    });

    it('the three lists are independent', async () => {
      const userId = newId('user');
      await model.apply(
        [add(userId, 'likes', 'l', 1n), add(userId, 'watchlater', 'w', 2n), add(userId, 'history', 'h', 3n), add(userId, 'likes', 'x', 4n)],
        4n,
      );
      await model.apply([remove(userId, 'watchlater', 'x')], 5n);
      expect(await model.list(userId, 'likes')).toEqual(['l', 'x']);
      expect(await model.list(userId, 'watchlater')).toEqual(['w']);
      expect(await model.list(userId, 'history')).toEqual(['h']);
    });

    it('two users never see each other’s profile, lists or playlists', async () => {
      const [alice, bob] = [profile(newId('user')), profile(newId('user'))];
      const pid = newId('pl');
      await model.apply(
        [
          { op: 'putUser', user: alice },
          add(alice._id, 'likes', 'a1', 1n),
          add(alice._id, 'history', 'a2', 2n),
          putPlaylist(alice._id, meta(pid, 'Alice’s'), 3n),
          addToPlaylist(alice._id, pid, 'a3', 4n),
        ],
        4n,
      );
      expect(await model.user(bob._id)).toBeUndefined();
      for (const list of LIST_NAMES) expect(await model.list(bob._id, list)).toEqual([]);
      expect(await model.playlists(bob._id)).toEqual([]);
      expect(await model.playlist(bob._id, pid)).toBeUndefined();

      await model.apply(
        [{ op: 'putUser', user: bob }, add(bob._id, 'likes', 'b1', 5n), { op: 'clearList', userId: bob._id, list: 'history' }],
        5n,
      );
      expect(await model.user(alice._id)).toEqual(alice);
      expect(await model.list(alice._id, 'likes')).toEqual(['a1']);
      expect(await model.list(alice._id, 'history')).toEqual(['a2']);
      expect(await model.list(bob._id, 'likes')).toEqual(['b1']);
      expect(await model.playlist(alice._id, pid)).toEqual({ ...meta(pid, 'Alice’s'), videoIds: ['a3'] });
    });

    it('playlists are oldest first, each with its videos oldest first', async () => {
      const userId = newId('user');
      const [p1, p2] = [newId('pl'), newId('pl')];
      await model.apply(
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
      expect(await model.playlists(userId)).toEqual([
        { _id: p1, title: 'First', videoIds: ['a', 'b'] },
        { _id: p2, title: 'Second', description: 'two', playlistImg: 'https://img/2.jpg', videoIds: ['x', 'y'] },
      ]);
      expect(await model.playlist(userId, p2)).toEqual({
        _id: p2,
        title: 'Second',
        description: 'two',
        playlistImg: 'https://img/2.jpg',
        videoIds: ['x', 'y'],
      });
      await model.apply(
        [
          { op: 'removeFromPlaylist', userId, playlistId: p1, videoId: 'a' },
          { op: 'removeFromPlaylist', userId, playlistId: p1, videoId: 'gone' },
        ],
        23n,
      );
      expect((await model.playlist(userId, p1))?.videoIds).toEqual(['b']);
    });

    it('putPlaylist of an existing id replaces its meta, keeps its videos and takes the new position', async () => {
      const userId = newId('user');
      const [p1, p2] = [newId('pl'), newId('pl')];
      await model.apply(
        [
          putPlaylist(userId, meta(p1, 'Old', { description: 'd' }), 1n),
          addToPlaylist(userId, p1, 'v', 2n),
          putPlaylist(userId, meta(p2, 'Other'), 3n),
        ],
        3n,
      );
      await model.apply([putPlaylist(userId, meta(p1, 'New'), 4n)], 4n);
      expect(await model.playlists(userId)).toEqual([
        { _id: p2, title: 'Other', videoIds: [] },
        { _id: p1, title: 'New', videoIds: ['v'] },
      ]);
    });

    it('deletePlaylist removes it and its videos; the same id put again starts empty', async () => {
      const userId = newId('user');
      const [p1, p2] = [newId('pl'), newId('pl')];
      await model.apply(
        [putPlaylist(userId, meta(p1, 'Gone'), 1n), addToPlaylist(userId, p1, 'v', 2n), putPlaylist(userId, meta(p2, 'Kept'), 3n)],
        3n,
      );
      await model.apply([{ op: 'deletePlaylist', userId, playlistId: p1 }], 4n);
      expect(await model.playlist(userId, p1)).toBeUndefined();
      expect((await model.playlists(userId)).map((p) => p._id)).toEqual([p2]);
      await model.apply([putPlaylist(userId, meta(p1, 'Back'), 5n)], 5n);
      expect(await model.playlist(userId, p1)).toEqual({ _id: p1, title: 'Back', videoIds: [] });
      expect((await model.playlists(userId)).map((p) => p._id)).toEqual([p2, p1]);
    });

    it('videos added to a playlist that was never put do not make it visible', async () => {
      const userId = newId('user');
      const pid = newId('pl');
      await model.apply([addToPlaylist(userId, pid, 'v', 1n)], 1n);
      expect(await model.playlist(userId, pid)).toBeUndefined();
      expect(await model.playlists(userId)).toEqual([]);
    });

    it('ids holding key separators never collide', async () => {
      const [u1, u2] = ['a:b', 'a}:{b'];
      await model.apply(
        [
          putPlaylist(u1, meta('p', 'P'), 1n),
          putPlaylist(u1, meta('p:videos', 'Q'), 2n),
          addToPlaylist(u1, 'p', 'v', 3n),
          add(u2, 'likes', 'w', 4n),
          add('a', 'likes', 'x', 5n),
        ],
        5n,
      );
      expect(await model.playlists(u1)).toEqual([
        { _id: 'p', title: 'P', videoIds: ['v'] },
        { _id: 'p:videos', title: 'Q', videoIds: [] },
      ]);
      expect(await model.list(u2, 'likes')).toEqual(['w']);
      expect(await model.list('a', 'likes')).toEqual(['x']);
      expect(await model.list('a:b', 'likes')).toEqual([]);
    });

    it('a batch holding an invalid change applies nothing, not even its checkpoint', async () => {
      const userId = newId('user');
      await model.apply([add(userId, 'likes', 'a', 1n)], 1n);
      const invalid = { op: 'addToList', userId, list: 'favourites', videoId: 'c', position: 3n } as unknown as ReadModelChange;
      await expect(model.apply([add(userId, 'likes', 'b', 2n), remove(userId, 'likes', 'a'), invalid], 3n)).rejects.toThrow();
      expect(await model.list(userId, 'likes')).toEqual(['a']);
      expect(await model.checkpoint()).toBe(1n);
    });

    it('applying the same batch twice gives an identical model', async () => {
      const { users, batches } = history();
      for (const [changes, checkpoint] of batches.slice(0, -1)) await model.apply(changes, checkpoint);
      const [lastChanges, lastCheckpoint] = batches[batches.length - 1];
      await model.apply(lastChanges, lastCheckpoint);
      const once = await snapshot(model, users);
      await model.apply(lastChanges, lastCheckpoint);
      expect(await snapshot(model, users)).toEqual(once);
    });

    it('replaying any suffix of the applied batches gives an identical model', async () => {
      const { users, batches } = history();
      for (const [changes, checkpoint] of batches) await model.apply(changes, checkpoint);
      const expected = await snapshot(model, users);
      expect(expected.users.some((u) => u.playlists.length > 0 && u.lists.history.length > 0)).toBe(true);
      for (let from = batches.length - 1; from >= 0; from--) {
        for (const [changes, checkpoint] of batches.slice(from)) await model.apply(changes, checkpoint);
        expect(await snapshot(model, users)).toEqual(expected);
      }
    });

    it('returned arrays and objects cannot change the model', async () => {
      const user = profile(newId('user'));
      const pid = newId('pl');
      await model.apply(
        [
          { op: 'putUser', user },
          add(user._id, 'likes', 'a', 1n),
          putPlaylist(user._id, meta(pid, 'T'), 2n),
          addToPlaylist(user._id, pid, 'v', 3n),
        ],
        3n,
      );
      (await model.list(user._id, 'likes')).push('intruder');
      const playlists = await model.playlists(user._id);
      playlists[0].videoIds.push('intruder');
      (playlists[0] as { title: string }).title = 'changed';
      playlists.pop();
      (await model.playlist(user._id, pid))!.videoIds.length = 0;
      ((await model.user(user._id)) as { email: string }).email = 'changed@example.com';
      expect(await model.list(user._id, 'likes')).toEqual(['a']);
      expect(await model.playlists(user._id)).toEqual([{ _id: pid, title: 'T', videoIds: ['v'] }]);
      expect(await model.user(user._id)).toEqual(user);
    });

    describe('library controls (issue 8)', () => {
      it('settings are the defaults until put; a later putSettings replaces them; users are apart', async () => {
        const [userId, other] = [newId('user'), newId('user')];
        expect(await model.settings(userId)).toEqual({ historyPaused: false });
        await model.apply([{ op: 'putSettings', userId, settings: { historyPaused: true } }], 1n);
        expect(await model.settings(userId)).toEqual({ historyPaused: true });
        expect(await model.settings(other)).toEqual({ historyPaused: false });
        await model.apply([{ op: 'putSettings', userId, settings: { historyPaused: false } }], 2n);
        expect(await model.settings(userId)).toEqual({ historyPaused: false });
      });

      it('settings keep only the declared field, and a batch with a malformed one applies nothing', async () => {
        const userId = newId('user');
        const extra = { historyPaused: true, passwordHash: 'secret' } as unknown as { historyPaused: boolean };
        await model.apply([{ op: 'putSettings', userId, settings: extra }], 1n);
        expect(await model.settings(userId)).toEqual({ historyPaused: true });
        const malformed = { op: 'putSettings', userId, settings: { historyPaused: 'no' } } as unknown as ReadModelChange;
        await expect(model.apply([add(userId, 'likes', 'a', 2n), malformed], 2n)).rejects.toThrow();
        expect(await model.settings(userId)).toEqual({ historyPaused: true });
        expect(await model.list(userId, 'likes')).toEqual([]);
        expect(await model.checkpoint()).toBe(1n);
      });

      it('updatePlaylistMeta assigns title and description, keeping the image, the place and the videos', async () => {
        const userId = newId('user');
        const [p1, p2] = [newId('pl'), newId('pl')];
        await model.apply(
          [
            putPlaylist(userId, meta(p1, 'Old', { description: 'old', playlistImg: 'https://img/1.jpg' }), 1n),
            addToPlaylist(userId, p1, 'v', 2n),
            putPlaylist(userId, meta(p2, 'Second'), 3n),
          ],
          3n,
        );
        await model.apply(
          [{ op: 'updatePlaylistMeta', userId, playlist: { _id: p1, title: 'New "quoted" / ünïcode', description: '' } }],
          4n,
        );
        const renamed = { _id: p1, title: 'New "quoted" / ünïcode', description: '', playlistImg: 'https://img/1.jpg', videoIds: ['v'] };
        expect(await model.playlists(userId)).toEqual([renamed, { _id: p2, title: 'Second', videoIds: [] }]);
        await model.apply([{ op: 'updatePlaylistMeta', userId, playlist: { _id: p1, title: 'No description' } }], 5n);
        expect(await model.playlist(userId, p1)).toEqual({
          _id: p1,
          title: 'No description',
          playlistImg: 'https://img/1.jpg',
          videoIds: ['v'],
        });
      });

      it('updatePlaylistMeta of a missing or deleted playlist leaves it absent', async () => {
        const userId = newId('user');
        const [gone, never] = [newId('pl'), newId('pl')];
        await model.apply([putPlaylist(userId, meta(gone, 'Gone'), 1n), { op: 'deletePlaylist', userId, playlistId: gone }], 2n);
        await model.apply(
          [
            { op: 'updatePlaylistMeta', userId, playlist: { _id: gone, title: 'Back?' } },
            { op: 'updatePlaylistMeta', userId, playlist: { _id: never, title: 'Never' } },
          ],
          3n,
        );
        expect(await model.playlist(userId, gone)).toBeUndefined();
        expect(await model.playlist(userId, never)).toBeUndefined();
        expect(await model.playlists(userId)).toEqual([]);
      });

      it('setPlaylistOrder replaces the videos with exactly these keys; later additions still go last', async () => {
        const userId = newId('user');
        const pid = newId('pl');
        await model.apply(
          [putPlaylist(userId, meta(pid, 'P'), 1n), addToPlaylist(userId, pid, 'a', 2n), addToPlaylist(userId, pid, 'b', 3n)],
          3n,
        );
        const entries = [
          { videoId: 'b', order: 0n },
          { videoId: 'a', order: 1n },
        ];
        await model.apply([{ op: 'setPlaylistOrder', userId, playlistId: pid, entries }], 4n);
        expect((await model.playlist(userId, pid))?.videoIds).toEqual(['b', 'a']);
        await model.apply([addToPlaylist(userId, pid, 'c', 5n), addToPlaylist(userId, pid, 'd', 1n)], 5n);
        expect((await model.playlist(userId, pid))?.videoIds).toEqual(['b', 'a', 'd', 'c']);
        await model.apply([{ op: 'setPlaylistOrder', userId, playlistId: pid, entries: [{ videoId: 'c', order: 7n }] }], 6n);
        expect((await model.playlist(userId, pid))?.videoIds).toEqual(['c']);
        await model.apply([{ op: 'setPlaylistOrder', userId, playlistId: pid, entries: [] }], 7n);
        expect((await model.playlist(userId, pid))?.videoIds).toEqual([]);
      });

      it('playlistIdsEver lists every playlist whose title was recorded, deleted ones included, sorted, per user', async () => {
        const [userId, other] = [newId('user'), newId('user')];
        const [p1, p2, p3] = [newId('pl-b'), newId('pl-a'), newId('pl-c')];
        expect(await model.playlistIdsEver(userId)).toEqual([]);
        await model.apply(
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
        expect(await model.playlistIdsEver(userId)).toEqual([p1, p2].sort());
        expect(await model.playlistIdsEver(other)).toEqual([p3]);
      });
    });

    describe('activity', () => {
      const all = (userId: string) => model.activity(userId, { limit: 1000 });
      const positions = (entries: ActivityEntry[]) => entries.map((e) => e.position);

      it('an unknown user has no activity', async () => {
        expect(await all(newId('user'))).toEqual([]);
      });

      it('is newest first by position, whatever the order within a batch, and keeps every field', async () => {
        const userId = newId('user');
        const pid = newId('pl');
        await model.apply(
          [
            recordActivity(userId, entry(3n, 'VideoAddedToPlaylist', { playlistId: pid, videoId: 'v2' })),
            recordActivity(userId, entry(1n, 'UserSignedUp')),
            recordActivity(userId, entry(2n, 'PlaylistCreated', { playlistId: pid, playlistTitle: 'Screens' })),
          ],
          3n,
        );
        await model.apply(
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
          await model.apply(batch, p * 10n);
        }
        expect(positions(await model.activity(userId, { limit: 3 }))).toEqual([120n, 110n, 100n]);
        expect(positions(await model.activity(userId, { limit: 3, before: 100n }))).toEqual([90n, 80n, 70n]);
        expect(positions(await model.activity(userId, { limit: 3, before: 95n }))).toEqual([90n, 80n, 70n]);
        expect(positions(await model.activity(userId, { limit: 50, before: 30n }))).toEqual([20n, 10n]);
        expect(await model.activity(userId, { limit: 5, before: 10n })).toEqual([]);
        const seen: bigint[] = [];
        let before: bigint | undefined;
        for (;;) {
          const page = await model.activity(userId, { limit: 5, before });
          if (page.length === 0) break;
          expect(page.length).toBeLessThanOrEqual(5);
          seen.push(...positions(page));
          before = page[page.length - 1]!.position;
        }
        expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => BigInt(120 - i * 10)));
      });

      it('two users never see each other’s activity or playlist titles', async () => {
        const [alice, bob] = [newId('user'), newId('user')];
        const pid = newId('pl');
        await model.apply(
          [
            recordActivity(alice, entry(1n, 'PlaylistCreated', { playlistId: pid, playlistTitle: 'Alice’s' })),
            recordActivity(bob, entry(2n, 'VideoLiked', { videoId: 'b1' })),
            recordActivity(alice, entry(3n, 'VideoLiked', { videoId: 'a1' })),
          ],
          3n,
        );
        // Bob names Alice's playlist id (as a forged event might): he still never learns its title.
        await model.apply([recordActivity(bob, entry(4n, 'PlaylistDeleted', { playlistId: pid }))], 4n);
        expect(positions(await all(alice))).toEqual([3n, 1n]);
        expect(await all(bob)).toEqual([entry(4n, 'PlaylistDeleted', { playlistId: pid }), entry(2n, 'VideoLiked', { videoId: 'b1' })]);
      });

      it('a playlist’s title stays readable on later entries after the playlist is deleted', async () => {
        const userId = newId('user');
        const pid = newId('pl');
        await model.apply(
          [
            putPlaylist(userId, meta(pid, 'Talks'), 1n),
            recordActivity(userId, entry(1n, 'PlaylistCreated', { playlistId: pid, playlistTitle: 'Talks' })),
          ],
          1n,
        );
        await model.apply(
          [
            addToPlaylist(userId, pid, 'v', 2n),
            recordActivity(userId, entry(2n, 'VideoAddedToPlaylist', { playlistId: pid, videoId: 'v' })),
          ],
          2n,
        );
        await model.apply(
          [{ op: 'deletePlaylist', userId, playlistId: pid }, recordActivity(userId, entry(3n, 'PlaylistDeleted', { playlistId: pid }))],
          3n,
        );
        expect(await model.playlist(userId, pid)).toBeUndefined();
        expect(await all(userId)).toEqual([
          entry(3n, 'PlaylistDeleted', { playlistId: pid, playlistTitle: 'Talks' }),
          entry(2n, 'VideoAddedToPlaylist', { playlistId: pid, videoId: 'v', playlistTitle: 'Talks' }),
          entry(1n, 'PlaylistCreated', { playlistId: pid, playlistTitle: 'Talks' }),
        ]);
        // A playlist never created in this model has no title to show, and is not an error.
        const unknown = newId('pl');
        await model.apply([recordActivity(userId, entry(4n, 'VideoRemovedFromPlaylist', { playlistId: unknown, videoId: 'v' }))], 4n);
        expect((await model.activity(userId, { limit: 1 }))[0]).toEqual(
          entry(4n, 'VideoRemovedFromPlaylist', { playlistId: unknown, videoId: 'v' }),
        );
      });

      it('re-recording an entry at the same position replaces it: never a duplicate', async () => {
        const userId = newId('user');
        const batch = [
          recordActivity(userId, entry(1n, 'VideoLiked', { videoId: 'a' })),
          recordActivity(userId, entry(2n, 'VideoUnliked', { videoId: 'a' })),
        ];
        await model.apply(batch, 2n);
        await model.apply(batch, 2n);
        await model.apply([recordActivity(userId, entry(2n, 'VideoUnliked', { videoId: 'a', at: '2024-01-01T00:00:09.000Z' }))], 2n);
        expect(await all(userId)).toEqual([
          entry(2n, 'VideoUnliked', { videoId: 'a', at: '2024-01-01T00:00:09.000Z' }),
          entry(1n, 'VideoLiked', { videoId: 'a' }),
        ]);
        // Identical-looking entries at two positions (one millisecond, same video) stay two.
        await model.apply([recordActivity(userId, entry(3n, 'VideoLiked', { videoId: 'a' }))], 3n);
        expect(positions(await all(userId))).toEqual([3n, 2n, 1n]);
      });

      it('replaying any suffix of the applied batches leaves the timeline as it was', async () => {
        const { users, batches } = activityHistory();
        for (const [changes, checkpoint] of batches) await model.apply(changes, checkpoint);
        const timelines = () => Promise.all(users.map(all));
        const expected = await timelines();
        expect(expected.map((t) => t.length)).toEqual([7, 3]);
        for (let from = batches.length - 1; from >= 0; from--) {
          for (const [changes, checkpoint] of batches.slice(from)) await model.apply(changes, checkpoint);
          expect(await timelines()).toEqual(expected);
        }
      });

      it('serves only the declared fields, and returned entries cannot change the model', async () => {
        const userId = newId('user');
        const leaky = { ...entry(1n, 'UserSignedUp'), passwordHash: 'scrypt$secret', email: 'x@example.com' } as ActivityEntry;
        await model.apply([recordActivity(userId, leaky)], 1n);
        const [read] = await all(userId);
        expect(read).toEqual(entry(1n, 'UserSignedUp'));
        (read as { type: string }).type = 'changed';
        expect(await all(userId)).toEqual([entry(1n, 'UserSignedUp')]);
      });

      it('a batch holding an invalid activity entry applies nothing', async () => {
        const userId = newId('user');
        await model.apply([recordActivity(userId, entry(1n, 'VideoLiked', { videoId: 'a' }))], 1n);
        const invalid = recordActivity(userId, { ...entry(3n, 'VideoLiked'), position: 3 as unknown as bigint });
        await expect(
          model.apply([add(userId, 'likes', 'b', 2n), recordActivity(userId, entry(2n, 'VideoLiked', { videoId: 'b' })), invalid], 3n),
        ).rejects.toThrow();
        expect(positions(await all(userId))).toEqual([1n]);
        expect(await model.list(userId, 'likes')).toEqual([]);
        expect(await model.checkpoint()).toBe(1n);
      });
    });
  });
}

function entry(
  position: bigint,
  type: ActivityEntry['type'],
  extra: Partial<Omit<ActivityEntry, 'position' | 'type'>> = {},
): ActivityEntry {
  return { position, type, at: `2024-01-01T00:00:${String(Number(position % 60n)).padStart(2, '0')}.000Z`, ...extra };
}

function recordActivity(userId: string, activity: ActivityEntry): ReadModelChange {
  return { op: 'recordActivity', userId, entry: activity };
}

/** Two users' timelines as a projection records them, in uneven batches. */
function activityHistory(): { users: string[]; batches: [ReadModelChange[], bigint][] } {
  const [u1, u2] = [newId('user'), newId('user')];
  const pid = newId('pl');
  const lines: [string, Omit<ActivityEntry, 'position' | 'at'>][] = [
    [u1, { type: 'UserSignedUp' }],
    [u2, { type: 'UserSignedUp' }],
    [u1, { type: 'PlaylistCreated', playlistId: pid, playlistTitle: 'Talks' }],
    [u1, { type: 'VideoAddedToPlaylist', playlistId: pid, videoId: 'v1' }],
    [u2, { type: 'VideoLiked', videoId: 'v1' }],
    [u1, { type: 'PlaylistDeleted', playlistId: pid }],
    [u1, { type: 'VideoWatched', videoId: 'v2' }],
    [u1, { type: 'HistoryCleared' }],
    [u2, { type: 'VideoUnliked', videoId: 'v1' }],
    [u1, { type: 'VideoAddedToWatchLater', videoId: 'v3' }],
  ];
  const changes = lines.map(([userId, line], i) => recordActivity(userId, { ...entry(BigInt(i + 1), line.type), ...line }));
  const sizes = [1, 3, 2, 4];
  const batches: [ReadModelChange[], bigint][] = [];
  let start = 0;
  for (const size of sizes) {
    batches.push([changes.slice(start, start + size), BigInt(start + size)]);
    start += size;
  }
  return { users: [u1, u2], batches };
}

function newId(kind: string): string {
  return `${kind}-${randomUUID()}`;
}

function profile(_id: string): UserProfile {
  return {
    _id,
    email: `${_id}@example.com`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
  };
}

function meta(_id: string, title: string, extra: Partial<PlaylistMeta> = {}): PlaylistMeta {
  return { _id, title, ...extra };
}

function add(userId: string, list: ListName, videoId: string, position: bigint): ReadModelChange {
  return { op: 'addToList', userId, list, videoId, position };
}

function remove(userId: string, list: ListName, videoId: string): ReadModelChange {
  return { op: 'removeFromList', userId, list, videoId };
}

function putPlaylist(userId: string, playlist: PlaylistMeta, position: bigint): ReadModelChange {
  return { op: 'putPlaylist', userId, playlist, position };
}

function addToPlaylist(userId: string, playlistId: string, videoId: string, position: bigint): ReadModelChange {
  return { op: 'addToPlaylist', userId, playlistId, videoId, position };
}

/**
 * A realistic event history as a projection would turn it into batches: one change per event,
 * the change's position being the event's, the batch's checkpoint its last event's position.
 */
function history(): { users: string[]; batches: [ReadModelChange[], bigint][] } {
  const users = [newId('user'), newId('user'), newId('user')];
  const [u1, u2, u3] = users;
  const [p1, p2, p3] = [newId('pl'), newId('pl'), newId('pl')];
  const events: ((position: bigint) => ReadModelChange)[] = [
    () => ({ op: 'putUser', user: profile(u1) }),
    () => ({ op: 'putUser', user: profile(u2) }),
    (p) => add(u1, 'likes', 'v1', p),
    (p) => add(u1, 'likes', 'v2', p),
    (p) => add(u2, 'likes', 'v1', p),
    () => remove(u1, 'likes', 'v1'),
    (p) => add(u1, 'history', 'v3', p),
    (p) => add(u1, 'history', 'v4', p),
    (p) => add(u1, 'history', 'v3', p),
    (p) => putPlaylist(u1, meta(p1, 'Talks', { description: 'conference talks' }), p),
    (p) => addToPlaylist(u1, p1, 'v5', p),
    (p) => addToPlaylist(u1, p1, 'v6', p),
    (p) => putPlaylist(u2, meta(p2, 'Later'), p),
    (p) => addToPlaylist(u2, p2, 'v1', p),
    () => ({ op: 'removeFromPlaylist', userId: u1, playlistId: p1, videoId: 'v5' }),
    () => ({ op: 'clearList', userId: u1, list: 'history' }),
    (p) => add(u1, 'history', 'v7', p),
    (p) => add(u1, 'likes', 'v1', p),
    (p) => putPlaylist(u3, meta(p3, 'Short-lived'), p),
    (p) => addToPlaylist(u3, p3, 'v2', p),
    () => ({ op: 'deletePlaylist', userId: u3, playlistId: p3 }),
    (p) => putPlaylist(u3, meta(p3, 'Reborn'), p),
    (p) => addToPlaylist(u3, p3, 'v8', p),
    () => ({ op: 'putUser', user: { ...profile(u2), lastName: 'Hopper' } }),
    (p) => add(u3, 'watchlater', 'v9', p),
    (p) => add(u2, 'history', 'v9', p),
    () => ({ op: 'putSettings', userId: u1, settings: { historyPaused: true } }),
    () => ({ op: 'updatePlaylistMeta', userId: u1, playlist: { _id: p1, title: 'Renamed' } }),
    (p) => addToPlaylist(u1, p1, 'v2', p),
    () => ({
      op: 'setPlaylistOrder',
      userId: u1,
      playlistId: p1,
      entries: [
        { videoId: 'v2', order: 0n },
        { videoId: 'v6', order: 1n },
      ],
    }),
    (p) => addToPlaylist(u1, p1, 'v3', p),
    () => ({ op: 'putSettings', userId: u2, settings: { historyPaused: true } }),
    () => ({ op: 'putSettings', userId: u2, settings: { historyPaused: false } }),
  ];
  const changes = events.map((event, i) => event(BigInt(i + 1)));
  // Uneven batches, so that suffixes start both at small and at large batches.
  const sizes = [1, 4, 2, 5, 3, 1, 6, 4, 3, 2, 2];
  const batches: [ReadModelChange[], bigint][] = [];
  let start = 0;
  for (const size of sizes) {
    batches.push([changes.slice(start, start + size), BigInt(Math.min(start + size, changes.length))]);
    start += size;
  }
  if (start !== changes.length) throw new Error('history(): batch sizes must cover every event');
  return { users, batches };
}

async function snapshot(model: ReadModel, userIds: string[]) {
  return {
    checkpoint: await model.checkpoint(),
    users: await Promise.all(
      userIds.map(async (userId) => ({
        user: await model.user(userId),
        lists: {
          likes: await model.list(userId, 'likes'),
          watchlater: await model.list(userId, 'watchlater'),
          history: await model.list(userId, 'history'),
        },
        playlists: await model.playlists(userId),
        settings: await model.settings(userId),
      })),
    ),
  };
}
