import { randomUUID } from 'node:crypto';
import {
  ActivityEntry,
  ListName,
  PlaylistMeta,
  ReadModel,
  ReadModelChange,
  UserProfile,
} from '../../backend/src/read-model/read-model.port';

/** Opens a fresh, empty model of one adapter for one test, and disposes of it afterwards. */
export type OpenModel<Model> = () => Promise<{ model: Model; dispose: () => Promise<void> }>;

/** The model a part's suite drives: a fresh one per test, from `open`. */
export function eachFresh<Model>(open: OpenModel<Model>): () => Model {
  let model: Model | undefined;
  let dispose: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    ({ model, dispose } = await open());
  });
  afterEach(async () => {
    await dispose?.();
    model = dispose = undefined;
  });
  return () => {
    if (model === undefined) throw new Error('the model is opened per test');
    return model;
  };
}

export function entry(
  position: bigint,
  type: ActivityEntry['type'],
  extra: Partial<Omit<ActivityEntry, 'position' | 'type'>> = {},
): ActivityEntry {
  return { position, type, at: `2024-01-01T00:00:${String(Number(position % 60n)).padStart(2, '0')}.000Z`, ...extra };
}

export function recordActivity(userId: string, activity: ActivityEntry): ReadModelChange {
  return { op: 'recordActivity', userId, entry: activity };
}

/** Two users' timelines as a projection records them, in uneven batches. */
export function activityHistory(): { users: string[]; batches: [ReadModelChange[], bigint][] } {
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

export function newId(kind: string): string {
  return `${kind}-${randomUUID()}`;
}

export function profile(_id: string): UserProfile {
  return {
    _id,
    email: `${_id}@example.com`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
  };
}

export function meta(_id: string, title: string, extra: Partial<PlaylistMeta> = {}): PlaylistMeta {
  return { _id, title, ...extra };
}

export function add(userId: string, list: ListName, videoId: string, position: bigint): ReadModelChange {
  return { op: 'addToList', userId, list, videoId, position };
}

export function remove(userId: string, list: ListName, videoId: string): ReadModelChange {
  return { op: 'removeFromList', userId, list, videoId };
}

export function putPlaylist(userId: string, playlist: PlaylistMeta, position: bigint): ReadModelChange {
  return { op: 'putPlaylist', userId, playlist, position };
}

export function addToPlaylist(userId: string, playlistId: string, videoId: string, position: bigint): ReadModelChange {
  return { op: 'addToPlaylist', userId, playlistId, videoId, position };
}

/**
 * A realistic event history as a projection would turn it into batches: one change per event,
 * the change's position being the event's, the batch's checkpoint its last event's position.
 */
export function history(): { users: string[]; batches: [ReadModelChange[], bigint][] } {
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
    () => ({ op: 'putSettings', userId: u1, settings: { historyRetention: 18 } }),
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
    () => ({ op: 'putSettings', userId: u2, settings: { historyRetention: 3 } }),
    () => ({ op: 'putSettings', userId: u2, settings: { historyRetention: 'off' } }),
  ];
  const changes = events.map((event, i) => event(BigInt(i + 1)));
  // Uneven batches, so that suffixes start both at small and at large batches.
  const sizes = [1, 4, 2, 5, 3, 1, 6, 4, 3, 3, 2, 2];
  const batches: [ReadModelChange[], bigint][] = [];
  let start = 0;
  for (const size of sizes) {
    batches.push([changes.slice(start, start + size), BigInt(Math.min(start + size, changes.length))]);
    start += size;
  }
  if (start !== changes.length) throw new Error('history(): batch sizes must cover every event');
  return { users, batches };
}

export async function snapshot(model: ReadModel, userIds: string[]) {
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
