import { randomUUID } from 'node:crypto';
import {
  LIST_NAMES,
  ListName,
  PlaylistMeta,
  ReadModel,
  ReadModelChange,
  UserProfile,
} from '../../backend/src/read-model/read-model.port';

/** What every ReadModel adapter must do; each adapter's test file runs it against a fresh model. */
export function describeReadModelContract(
  name: string,
  open: () => Promise<{ model: ReadModel; dispose: () => Promise<void> }>,
): void {
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
      await expect(model.apply([add(userId, 'likes', 'c', 3n)], 3n, { expected: undefined })).rejects.toMatchObject({ code: 'CHECKPOINT_MOVED' });
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

      await model.apply([{ op: 'putUser', user: bob }, add(bob._id, 'likes', 'b1', 5n), { op: 'clearList', userId: bob._id, list: 'history' }], 5n);
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
        _id: p2, title: 'Second', description: 'two', playlistImg: 'https://img/2.jpg', videoIds: ['x', 'y'],
      });
      await model.apply([{ op: 'removeFromPlaylist', userId, playlistId: p1, videoId: 'a' }, { op: 'removeFromPlaylist', userId, playlistId: p1, videoId: 'gone' }], 23n);
      expect((await model.playlist(userId, p1))?.videoIds).toEqual(['b']);
    });

    it('putPlaylist of an existing id replaces its meta, keeps its videos and takes the new position', async () => {
      const userId = newId('user');
      const [p1, p2] = [newId('pl'), newId('pl')];
      await model.apply([putPlaylist(userId, meta(p1, 'Old', { description: 'd' }), 1n), addToPlaylist(userId, p1, 'v', 2n), putPlaylist(userId, meta(p2, 'Other'), 3n)], 3n);
      await model.apply([putPlaylist(userId, meta(p1, 'New'), 4n)], 4n);
      expect(await model.playlists(userId)).toEqual([
        { _id: p2, title: 'Other', videoIds: [] },
        { _id: p1, title: 'New', videoIds: ['v'] },
      ]);
    });

    it('deletePlaylist removes it and its videos; the same id put again starts empty', async () => {
      const userId = newId('user');
      const [p1, p2] = [newId('pl'), newId('pl')];
      await model.apply([putPlaylist(userId, meta(p1, 'Gone'), 1n), addToPlaylist(userId, p1, 'v', 2n), putPlaylist(userId, meta(p2, 'Kept'), 3n)], 3n);
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
      await model.apply([{ op: 'putUser', user }, add(user._id, 'likes', 'a', 1n), putPlaylist(user._id, meta(pid, 'T'), 2n), addToPlaylist(user._id, pid, 'v', 3n)], 3n);
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
  });
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
  ];
  const changes = events.map((event, i) => event(BigInt(i + 1)));
  // Uneven batches, so that suffixes start both at small and at large batches.
  const sizes = [1, 4, 2, 5, 3, 1, 6, 4];
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
      })),
    ),
  };
}
