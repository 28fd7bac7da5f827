import { LIST_NAMES, ReadModel, ReadModelChange } from '../../backend/src/read-model/read-model.port';
import {
  OpenModel,
  eachFresh,
  newId,
  profile,
  meta,
  add,
  remove,
  putPlaylist,
  addToPlaylist,
  history,
  snapshot,
} from './read-model-fixtures';

/**
 * What ProjectionTarget promises: a batch and its checkpoint land all or nothing, fenced, and applying
 * one again changes nothing. Seen through every read part, so this suite drives a whole ReadModel.
 */
export function describeProjectionTargetContract(open: OpenModel<ReadModel>): void {
  describe('projection target: every batch lands whole with its checkpoint (read back through every part)', () => {
    const model = eachFresh(open);

    it('records the event store it follows (the first id recorded stays), and starts afresh: empty, no checkpoint, no store', async () => {
      const userId = newId('user');
      expect(await model().followedStoreId()).toBeUndefined();
      await model().recordStoreId('store-a');
      await model().recordStoreId('store-b');
      expect(await model().followedStoreId()).toBe('store-a');
      await model().apply([add(userId, 'likes', 'a', 1n)], 1n);
      const { switched } = await model().startAfresh();
      expect(switched).toBe(true);
      expect(await model().checkpoint()).toBeUndefined();
      expect(await model().followedStoreId()).toBeUndefined();
      expect(await model().list(userId, 'likes')).toEqual([]);
      await model().apply([add(userId, 'likes', 'b', 1n)], 1n, { expected: undefined });
      expect(await model().list(userId, 'likes')).toEqual(['b']);
    });

    it('an unknown user has no profile, empty lists and no playlists', async () => {
      const userId = newId('user');
      expect(await model().user(userId)).toBeUndefined();
      for (const list of LIST_NAMES) expect(await model().list(userId, list)).toEqual([]);
      expect(await model().playlists(userId)).toEqual([]);
      expect(await model().playlist(userId, newId('pl'))).toBeUndefined();
    });

    it('a fenced apply needs the checkpoint it expects, and otherwise applies nothing', async () => {
      const userId = newId('user');
      await model().apply([add(userId, 'likes', 'a', 1n)], 1n, { expected: undefined });
      await model().apply([add(userId, 'likes', 'b', 2n)], 2n, { expected: 1n });
      await expect(model().apply([add(userId, 'likes', 'c', 3n)], 3n, { expected: 1n })).rejects.toMatchObject({
        code: 'CHECKPOINT_MOVED',
      });
      await expect(model().apply([add(userId, 'likes', 'c', 3n)], 3n, { expected: undefined })).rejects.toMatchObject({
        code: 'CHECKPOINT_MOVED',
      });
      expect(await model().list(userId, 'likes')).toEqual(['a', 'b']);
      expect(await model().checkpoint()).toBe(2n);
    });

    it('checkpoint is undefined at first, then the last one applied', async () => {
      expect(await model().checkpoint()).toBeUndefined();
      await model().apply([], 5n);
      expect(await model().checkpoint()).toBe(5n);
      await model().apply([add(newId('user'), 'likes', 'v1', 6n)], 7n);
      expect(await model().checkpoint()).toBe(7n);
    });

    it('two users never see each other’s profile, lists or playlists', async () => {
      const [alice, bob] = [profile(newId('user')), profile(newId('user'))];
      const pid = newId('pl');
      await model().apply(
        [
          { op: 'putUser', user: alice },
          add(alice._id, 'likes', 'a1', 1n),
          add(alice._id, 'history', 'a2', 2n),
          putPlaylist(alice._id, meta(pid, 'Alice’s'), 3n),
          addToPlaylist(alice._id, pid, 'a3', 4n),
        ],
        4n,
      );
      expect(await model().user(bob._id)).toBeUndefined();
      for (const list of LIST_NAMES) expect(await model().list(bob._id, list)).toEqual([]);
      expect(await model().playlists(bob._id)).toEqual([]);
      expect(await model().playlist(bob._id, pid)).toBeUndefined();

      await model().apply(
        [{ op: 'putUser', user: bob }, add(bob._id, 'likes', 'b1', 5n), { op: 'clearList', userId: bob._id, list: 'history' }],
        5n,
      );
      expect(await model().user(alice._id)).toEqual(alice);
      expect(await model().list(alice._id, 'likes')).toEqual(['a1']);
      expect(await model().list(alice._id, 'history')).toEqual(['a2']);
      expect(await model().list(bob._id, 'likes')).toEqual(['b1']);
      expect(await model().playlist(alice._id, pid)).toEqual({ ...meta(pid, 'Alice’s'), videoIds: ['a3'] });
    });

    it('ids holding key separators never collide', async () => {
      const [u1, u2] = ['a:b', 'a}:{b'];
      await model().apply(
        [
          putPlaylist(u1, meta('p', 'P'), 1n),
          putPlaylist(u1, meta('p:videos', 'Q'), 2n),
          addToPlaylist(u1, 'p', 'v', 3n),
          add(u2, 'likes', 'w', 4n),
          add('a', 'likes', 'x', 5n),
        ],
        5n,
      );
      expect(await model().playlists(u1)).toEqual([
        { _id: 'p', title: 'P', videoIds: ['v'] },
        { _id: 'p:videos', title: 'Q', videoIds: [] },
      ]);
      expect(await model().list(u2, 'likes')).toEqual(['w']);
      expect(await model().list('a', 'likes')).toEqual(['x']);
      expect(await model().list('a:b', 'likes')).toEqual([]);
    });

    it('a batch holding an invalid change applies nothing, not even its checkpoint', async () => {
      const userId = newId('user');
      await model().apply([add(userId, 'likes', 'a', 1n)], 1n);
      const invalid = { op: 'addToList', userId, list: 'favourites', videoId: 'c', position: 3n } as unknown as ReadModelChange;
      await expect(model().apply([add(userId, 'likes', 'b', 2n), remove(userId, 'likes', 'a'), invalid], 3n)).rejects.toThrow();
      expect(await model().list(userId, 'likes')).toEqual(['a']);
      expect(await model().checkpoint()).toBe(1n);
    });

    it('applying the same batch twice gives an identical model', async () => {
      const { users, batches } = history();
      for (const [changes, checkpoint] of batches.slice(0, -1)) await model().apply(changes, checkpoint);
      const [lastChanges, lastCheckpoint] = batches[batches.length - 1];
      await model().apply(lastChanges, lastCheckpoint);
      const once = await snapshot(model(), users);
      await model().apply(lastChanges, lastCheckpoint);
      expect(await snapshot(model(), users)).toEqual(once);
    });

    it('replaying any suffix of the applied batches gives an identical model', async () => {
      const { users, batches } = history();
      for (const [changes, checkpoint] of batches) await model().apply(changes, checkpoint);
      const expected = await snapshot(model(), users);
      expect(expected.users.some((u) => u.playlists.length > 0 && u.lists.history.length > 0)).toBe(true);
      for (let from = batches.length - 1; from >= 0; from--) {
        for (const [changes, checkpoint] of batches.slice(from)) await model().apply(changes, checkpoint);
        expect(await snapshot(model(), users)).toEqual(expected);
      }
    });

    it('returned arrays and objects cannot change the model', async () => {
      const user = profile(newId('user'));
      const pid = newId('pl');
      await model().apply(
        [
          { op: 'putUser', user },
          add(user._id, 'likes', 'a', 1n),
          putPlaylist(user._id, meta(pid, 'T'), 2n),
          addToPlaylist(user._id, pid, 'v', 3n),
        ],
        3n,
      );
      (await model().list(user._id, 'likes')).push('intruder');
      const playlists = await model().playlists(user._id);
      playlists[0].videoIds.push('intruder');
      (playlists[0] as { title: string }).title = 'changed';
      playlists.pop();
      (await model().playlist(user._id, pid))!.videoIds.length = 0;
      ((await model().user(user._id)) as { email: string }).email = 'changed@example.com';
      expect(await model().list(user._id, 'likes')).toEqual(['a']);
      expect(await model().playlists(user._id)).toEqual([{ _id: pid, title: 'T', videoIds: ['v'] }]);
      expect(await model().user(user._id)).toEqual(user);
    });
  });
}
