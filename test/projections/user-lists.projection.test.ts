import type { StoredEvent } from '../../backend/src/events/event';
import { LIST_NAMES, ReadModel } from '../../backend/src/read-model/read-model.port';
import { MemoryReadModel } from '../../backend/src/read-model/memory/memory-read-model';
import { RedisReadModel } from '../../backend/src/read-model/redis/redis-read-model';
import { projectEvent } from '../../backend/src/projections/user-lists.projection';
import { startRedis, TestRedis } from '../support/redis-server';

const A = 'user-a';
const B = 'user-b';
const P = 'pl-1';
let position = 0n;
const ev = (type: string, data: object): StoredEvent => {
  position++;
  return { id: `e${position}`, streamId: 's', revision: 0, position, type, data, metadata: {}, createdAt: '2026-11-21T10:00:00.000Z' };
};

/** A realistic history of two users: every event type, re-adds, removals, a clear and a deletion. */
const history: StoredEvent[] = [
  ev('UserSignedUp', {
    userId: A,
    email: 'a@example.com',
    passwordHash: 'scrypt$secret',
    firstName: 'A',
    lastName: 'One',
    createdAt: '2026-11-21T10:00:00+00:00',
  }),
  ev('UserSignedUp', {
    userId: B,
    email: 'b@example.com',
    passwordHash: 'scrypt$secret',
    firstName: 'B',
    lastName: 'Two',
    createdAt: '2026-11-21T10:00:00+00:00',
  }),
  ev('VideoLiked', { userId: A, videoId: 'v1' }),
  ev('VideoLiked', { userId: A, videoId: 'v2' }),
  ev('VideoUnliked', { userId: A, videoId: 'v1' }),
  ev('VideoLiked', { userId: A, videoId: 'v1' }),
  ev('VideoLiked', { userId: B, videoId: 'v1' }),
  ev('VideoAddedToWatchLater', { userId: A, videoId: 'v3' }),
  ev('VideoRemovedFromWatchLater', { userId: A, videoId: 'v3' }),
  ev('VideoAddedToWatchLater', { userId: B, videoId: 'v3' }),
  ev('VideoWatched', { userId: A, videoId: 'v4' }),
  ev('VideoWatched', { userId: A, videoId: 'v5' }),
  ev('HistoryCleared', { userId: A }),
  ev('VideoWatched', { userId: A, videoId: 'v5' }),
  ev('VideoRemovedFromHistory', { userId: B, videoId: 'nothing' }),
  ev('PlaylistCreated', { playlistId: P, userId: A, title: 'Screens', playlistImg: 'https://example.com/x.png' }),
  ev('VideoAddedToPlaylist', { playlistId: P, userId: A, videoId: 'v6' }),
  ev('VideoAddedToPlaylist', { playlistId: P, userId: A, videoId: 'v7' }),
  ev('VideoRemovedFromPlaylist', { playlistId: P, userId: A, videoId: 'v6' }),
  ev('PlaylistCreated', { playlistId: 'pl-2', userId: B, title: 'Gone' }),
  ev('PlaylistDeleted', { playlistId: 'pl-2', userId: B }),
  ev('SomethingFromTheFuture', { userId: A }),
];

/**
 * The library controls' events after that history, all of user A: pause, removal by date and its undo, an
 * undone unlike (back in its place), renaming, reordering, and a deleted playlist restored.
 */
const P3 = 'pl-3';
const controls: StoredEvent[] = [
  ev('HistoryPaused', { userId: A }),
  ev('HistoryResumed', { userId: A }),
  ev('VideoWatched', { userId: A, videoId: 'v8', watchedAt: '2026-11-01T10:00:00.000Z' }),
  ev('VideoWatched', { userId: A, videoId: 'v9', watchedAt: '2026-11-21T10:00:00.000Z' }),
  ev('HistoryRemovedBefore', { userId: A, before: '2026-11-20T00:00:00.000Z', videoIds: ['v5', 'v8'] }),
  ev('HistoryRestored', { userId: A, entries: [{ videoId: 'v5', watchedAt: '2026-11-21T10:00:00.000Z', order: '14' }], undoes: '27' }),
  ev('VideoUnliked', { userId: A, videoId: 'v2' }),
  ev('VideoLiked', { userId: A, videoId: 'v2', order: '4', undoes: '29' }),
  ev('PlaylistDetailsChanged', { playlistId: P, userId: A, title: 'Displays', description: 'for the desk' }),
  ev('VideoAddedToPlaylist', { playlistId: P, userId: A, videoId: 'v8' }),
  ev('PlaylistReordered', { playlistId: P, userId: A, videoId: 'v8', toIndex: 0, videoIds: ['v8', 'v7'] }),
  ev('VideoAddedToPlaylist', { playlistId: P, userId: A, videoId: 'v6' }),
  ev('PlaylistCreated', { playlistId: P3, userId: A, title: 'Temp' }),
  ev('VideoAddedToPlaylist', { playlistId: P3, userId: A, videoId: 'v1' }),
  ev('PlaylistDeleted', { playlistId: P3, userId: A }),
  ev('PlaylistRestored', { playlistId: P3, userId: A, title: 'Temp', order: '35', videos: [{ videoId: 'v1', order: '36' }], undoes: '37' }),
  ev('HistoryPaused', { userId: A }),
];
const withControls = [...history, ...controls];

const json = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

async function snapshot(model: ReadModel) {
  const users = await Promise.all(
    [A, B].map(async (id) => ({
      user: await model.user(id),
      lists: Object.fromEntries(await Promise.all(LIST_NAMES.map(async (l) => [l, await model.list(id, l)]))),
      playlists: await model.playlists(id),
      activity: await model.activity(id, { limit: 100 }),
      settings: await model.settings(id),
    })),
  );
  return { checkpoint: await model.checkpoint(), users };
}

async function project(model: ReadModel, events: StoredEvent[], batchSize: number) {
  for (let i = 0; i < events.length; i += batchSize) {
    const batch = events.slice(i, i + batchSize);
    await model.apply(batch.flatMap(projectEvent), batch[batch.length - 1]!.position);
  }
}

describe.each(['memory', 'redis'] as const)('user-lists projection on the %s read model', (kind) => {
  let redis: TestRedis | undefined;
  const models: ReadModel[] = [];

  beforeAll(async () => {
    if (kind === 'redis') redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(models.map((m) => m.close()));
    await redis?.stop();
  });

  const fresh = (): ReadModel => {
    const model =
      kind === 'memory' ? new MemoryReadModel() : RedisReadModel.connect(redis!.url, { prefix: `${redis!.prefix}-${models.length}` });
    models.push(model);
    return model;
  };

  test('builds the expected lists: oldest first, re-adds last, clears and deletions applied, no password hash', async () => {
    const model = fresh();
    await project(model, history, 5);
    const snap = await snapshot(model);
    expect(snap.checkpoint).toBe(history[history.length - 1]!.position);
    expect(snap.users[0]!.lists).toEqual({ likes: ['v2', 'v1'], watchlater: [], history: ['v5'], subscriptions: [] });
    expect(snap.users[1]!.lists).toEqual({ likes: ['v1'], watchlater: ['v3'], history: [], subscriptions: [] });
    expect(snap.users[0]!.playlists).toEqual([{ _id: P, title: 'Screens', playlistImg: 'https://example.com/x.png', videoIds: ['v7'] }]);
    expect(snap.users[1]!.playlists).toEqual([]);
    expect(json(snap.users)).not.toContain('scrypt');
  });

  test('records every event of a user as a line of their timeline, newest first, titles kept, no password hash', async () => {
    const model = fresh();
    await project(model, history, 5);
    const [a, b] = (await snapshot(model)).users.map((u) => u.activity);
    const at = '2026-11-21T10:00:00.000Z';
    const line = (event: StoredEvent, extra: object = {}) => ({ position: event.position, type: event.type, at, ...extra });
    const byType = (userId: string) =>
      history.filter((e) => (e.data as { userId: string }).userId === userId && e.type !== 'SomethingFromTheFuture');
    expect(a!.map((e) => e.type)).toEqual(
      byType(A)
        .map((e) => e.type)
        .reverse(),
    );
    expect(b!.map((e) => e.position)).toEqual(
      byType(B)
        .map((e) => e.position)
        .reverse(),
    );
    expect(a!.at(-1)).toEqual(line(history[0]!));
    expect(a!.find((e) => e.type === 'VideoRemovedFromPlaylist')).toEqual(
      line(history[18]!, { playlistId: P, videoId: 'v6', playlistTitle: 'Screens' }),
    );
    expect(a!.find((e) => e.type === 'VideoLiked')).toEqual(line(history[5]!, { videoId: 'v1' }));
    expect(b![0]).toEqual(line(history[20]!, { playlistId: 'pl-2', playlistTitle: 'Gone' }));
    expect(json([a, b])).not.toMatch(/scrypt|email|passwordHash/);
  });

  test('replaying the same event sequence twice gives the same read model', async () => {
    const once = fresh();
    await project(once, history, 4);
    const twice = fresh();
    await project(twice, history, 4);
    await project(twice, history, 7);
    expect(await snapshot(twice)).toEqual(await snapshot(once));
  });

  test('re-applying any suffix after a crash before the checkpoint leaves the model unchanged', async () => {
    const reference = fresh();
    await project(reference, history, 1);
    const expected = await snapshot(reference);
    for (const from of [1, 6, 12, 17]) {
      const model = fresh();
      await project(model, history, 3);
      await project(model, history.slice(from), 2);
      expect(await snapshot(model)).toEqual(expected);
    }
  });

  describe('issue 8 events', () => {
    test('build the expected model: pause, removal by date, entries back in their place, renamed, reordered, restored', async () => {
      const model = fresh();
      await project(model, withControls, 5);
      const [a, b] = (await snapshot(model)).users;
      expect(a!.settings).toEqual({ historyPaused: true, historyRetention: 'off' });
      expect(b!.settings).toEqual({ historyPaused: false, historyRetention: 'off' });
      expect(a!.lists).toEqual({ likes: ['v2', 'v1'], watchlater: [], history: ['v5', 'v9'], subscriptions: [] });
      expect(a!.playlists).toEqual([
        { _id: P, title: 'Displays', description: 'for the desk', playlistImg: 'https://example.com/x.png', videoIds: ['v8', 'v7', 'v6'] },
        { _id: P3, title: 'Temp', videoIds: ['v1'] },
      ]);
      expect(await model.playlistIdsEver(A)).toEqual([P, P3]);
    });

    test('each is a line of the timeline; renaming retitles later lines but not the creation’s', async () => {
      const model = fresh();
      await project(model, withControls, 5);
      const timeline = await model.activity(A, { limit: 100 });
      const at = '2026-11-21T10:00:00.000Z';
      const line = (event: StoredEvent, extra: object = {}) => ({ position: event.position, type: event.type, at, ...extra });
      expect(timeline.slice(0, controls.length)).toEqual(
        [
          line(controls[0]!),
          line(controls[1]!),
          line(controls[2]!, { videoId: 'v8' }),
          line(controls[3]!, { videoId: 'v9' }),
          line(controls[4]!),
          line(controls[5]!),
          line(controls[6]!, { videoId: 'v2' }),
          line(controls[7]!, { videoId: 'v2' }),
          line(controls[8]!, { playlistId: P, playlistTitle: 'Displays' }),
          line(controls[9]!, { playlistId: P, videoId: 'v8', playlistTitle: 'Displays' }),
          line(controls[10]!, { playlistId: P, videoId: 'v8', playlistTitle: 'Displays' }),
          line(controls[11]!, { playlistId: P, videoId: 'v6', playlistTitle: 'Displays' }),
          line(controls[12]!, { playlistId: P3, playlistTitle: 'Temp' }),
          line(controls[13]!, { playlistId: P3, videoId: 'v1', playlistTitle: 'Temp' }),
          line(controls[14]!, { playlistId: P3, playlistTitle: 'Temp' }),
          line(controls[15]!, { playlistId: P3, playlistTitle: 'Temp' }),
          line(controls[16]!),
        ].reverse(),
      );
      expect(timeline.find((e) => e.type === 'PlaylistCreated' && e.playlistId === P)?.playlistTitle).toBe('Screens');
    });

    test('re-applying any suffix leaves the model unchanged', async () => {
      const reference = fresh();
      await project(reference, withControls, 1);
      const expected = await snapshot(reference);
      for (const from of [history.length, history.length + 4, history.length + 8, history.length + 11, history.length + 14]) {
        const model = fresh();
        await project(model, withControls, 3);
        await project(model, withControls.slice(from), 2);
        expect(await snapshot(model)).toEqual(expected);
      }
    });
  });
});
