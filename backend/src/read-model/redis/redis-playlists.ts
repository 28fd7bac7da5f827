import type { RedisClient } from '../../shared/redis-connection';
import { PlaylistMeta, PlaylistView } from '../read-model.port';
import { pickMeta } from '../read-model-values';
import { key, playlistKey } from './redis-keys';

/**
 * A user's playlists in Redis: `playlists` (ZSET of ids by creation position), and per playlist its
 * meta (`playlist:<id>`, JSON) and its videos (`playlist:<id>:videos`, ZSET by sort key).
 */

export async function readPlaylists(redis: RedisClient, base: string, userId: string): Promise<PlaylistView[]> {
  const ids = await redis.zrange(key(base, userId, 'playlists'), 0, -1);
  if (ids.length === 0) return [];
  // One round trip for every playlist's meta and videos, however many playlists there are.
  const pipeline = redis.pipeline();
  for (const id of ids) {
    pipeline.get(playlistKey(base, userId, id));
    pipeline.zrange(playlistKey(base, userId, id, ':videos'), 0, -1);
  }
  const results = (await pipeline.exec()) ?? [];
  const views: PlaylistView[] = [];
  for (let i = 0; i < ids.length; i++) {
    const [[metaError, meta], [videosError, videos]] = [results[2 * i], results[2 * i + 1]];
    if (metaError || videosError) throw metaError ?? videosError;
    // The index and the meta are written in one transaction; a missing meta is skipped defensively.
    if (typeof meta === 'string') views.push(toView(meta, videos as string[]));
  }
  return views;
}

export async function readPlaylist(
  redis: RedisClient,
  base: string,
  userId: string,
  playlistId: string,
): Promise<PlaylistView | undefined> {
  const [[metaError, meta], [videosError, videos]] = ((await redis
    .pipeline()
    .get(playlistKey(base, userId, playlistId))
    .zrange(playlistKey(base, userId, playlistId, ':videos'), 0, -1)
    .exec()) ?? []) as [Error | null, unknown][];
  if (metaError || videosError) throw metaError ?? videosError;
  return typeof meta === 'string' ? toView(meta, videos as string[]) : undefined;
}

/** pickMeta: a meta merged by the batch script (MERGEJSON) comes back with its keys in cjson's order. */
function toView(metaJson: string, videoIds: string[]): PlaylistView {
  return { ...pickMeta(JSON.parse(metaJson) as PlaylistMeta), videoIds };
}
