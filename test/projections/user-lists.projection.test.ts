import { LIST_NAMES, ReadModel } from '../../backend/src/read-model/read-model.port';
import { MemoryReadModel } from '../../backend/src/read-model/memory-read-model';
import { RedisReadModel } from '../../backend/src/read-model/redis-read-model';
import { ProjectableEvent, projectEvent } from '../../backend/src/projections/user-lists.projection';
import { startRedis, TestRedis } from '../support/redis-server';

const A = 'user-a';
const B = 'user-b';
const P = 'pl-1';
let position = 0n;
const ev = (type: string, data: object): ProjectableEvent => ({ type, data, position: ++position, createdAt: '2026-11-21T10:00:00.000Z' });

/** A realistic history of two users: every event type, re-adds, removals, a clear and a deletion. */
const history: ProjectableEvent[] = [
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

const json = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

async function snapshot(model: ReadModel) {
  const users = await Promise.all(
    [A, B].map(async (id) => ({
      user: await model.user(id),
      lists: Object.fromEntries(await Promise.all(LIST_NAMES.map(async (l) => [l, await model.list(id, l)]))),
      playlists: await model.playlists(id),
      activity: await model.activity(id, { limit: 100 }),
    })),
  );
  return { checkpoint: await model.checkpoint(), users };
}

async function project(model: ReadModel, events: ProjectableEvent[], batchSize: number) {
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
    expect(snap.users[0]!.lists).toEqual({ likes: ['v2', 'v1'], watchlater: [], history: ['v5'] });
    expect(snap.users[1]!.lists).toEqual({ likes: ['v1'], watchlater: ['v3'], history: [] });
    expect(snap.users[0]!.playlists).toEqual([{ _id: P, title: 'Screens', playlistImg: 'https://example.com/x.png', videoIds: ['v7'] }]);
    expect(snap.users[1]!.playlists).toEqual([]);
    expect(json(snap.users)).not.toContain('scrypt');
  });

  test('records every event of a user as a line of their timeline, newest first, titles kept, no password hash', async () => {
    const model = fresh();
    await project(model, history, 5);
    const [a, b] = (await snapshot(model)).users.map((u) => u.activity);
    const at = '2026-11-21T10:00:00.000Z';
    const line = (event: ProjectableEvent, extra: object = {}) => ({ position: event.position, type: event.type, at, ...extra });
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
});
