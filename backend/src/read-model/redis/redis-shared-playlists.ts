import type { RedisClient } from '../../shared/redis-connection';
import { ProgressEntry, SharedPlaylist } from '../read-model.port';
import { key, publicPlaylistsKey, sharedPlaylistsKey } from './redis-keys';
import { readPlaylist } from './redis-playlists';

/**
 * Reads across users: a shared playlist by id through the `shared-playlists` hash (id →
 * owner), and the public listing through the `public-playlists` ZSET (newest first). A playlist is
 * answered only if its own meta still says it is shared: the index alone never reveals one.
 */
export async function readSharedPlaylist(redis: RedisClient, base: string, playlistId: string): Promise<SharedPlaylist | undefined> {
  const ownerId = await redis.hget(sharedPlaylistsKey(base), playlistId);
  if (ownerId === null) return undefined;
  const [playlist, score] = await Promise.all([
    readPlaylist(redis, base, ownerId, playlistId),
    redis.zscore(publicPlaylistsKey(base), playlistId),
  ]);
  if (!playlist?.visibility) return undefined;
  return { ownerId, playlist, ...(score !== null && { position: BigInt(score) }) };
}

export async function readPublicPlaylists(
  redis: RedisClient,
  base: string,
  { limit, before }: { readonly limit: number; readonly before?: bigint },
): Promise<SharedPlaylist[]> {
  if (limit <= 0) return [];
  const max = before === undefined ? '+inf' : `(${before}`;
  const ids = await redis.zrevrangebyscore(publicPlaylistsKey(base), max, '-inf', 'LIMIT', 0, limit);
  const found = await Promise.all(ids.map((id) => readSharedPlaylist(redis, base, id)));
  return found.filter((p): p is SharedPlaylist => p !== undefined);
}

/** `progress` (ZSET video id by position) and `progress:entries` (hash video id → {seconds, updatedAt, position}). */
export async function readProgress(redis: RedisClient, base: string, userId: string): Promise<ProgressEntry[]> {
  const videoIds = await redis.zrevrange(key(base, userId, 'progress'), 0, -1);
  if (videoIds.length === 0) return [];
  const values = await redis.hmget(key(base, userId, 'progress:entries'), ...videoIds);
  return videoIds.flatMap((videoId, i) => {
    const json = values[i];
    if (json == null) return [];
    const { seconds, updatedAt, position } = JSON.parse(json) as { seconds: number; updatedAt: string; position: string };
    return [{ videoId, seconds, updatedAt, position: BigInt(position) }];
  });
}
