import type { RedisClient } from '../../shared/redis-connection';
import { ActivityEntry, ActivityQuery, TimelineQuery } from '../read-model.port';
import { checkedPosition, pickActivityFields } from '../read-model-values';
import type { BatchWriter } from './redis-batch';
import { MAX_SCORE, key, score } from './redis-keys';

/**
 * A user's timeline in Redis: `activity` (ZSET of positions), `activity:entries` (hash position → entry
 * JSON) and `activity:titles` (hash playlist id → title, which deleting the playlist leaves in place).
 */

/**
 * A batch's activity, grouped per user: a replay batch holds thousands of events, and three
 * commands per user cost far less than three per event. Each entry is keyed by its position
 * (the ZSET member and the hash field), so recording it again replaces it: never a duplicate.
 */
export class ActivityWrites {
  private readonly users = new Map<string, { index: string[]; entries: string[]; titles: string[] }>();

  add(userId: string, entry: ActivityEntry): void {
    if (typeof userId !== 'string') throw new TypeError('recordActivity needs a userId');
    const rest = pickActivityFields(entry);
    const at = score(checkedPosition(entry.position));
    let writes = this.users.get(userId);
    if (!writes) this.users.set(userId, (writes = { index: [], entries: [], titles: [] }));
    writes.index.push(at, at);
    writes.entries.push(at, JSON.stringify(rest));
    // Deleting the playlist leaves its title here: later entries name it by id.
    if (rest.playlistId !== undefined && rest.playlistTitle !== undefined) writes.titles.push(rest.playlistId, rest.playlistTitle);
  }

  queue(tx: BatchWriter, base: string): void {
    for (const [userId, { index, entries, titles }] of this.users) {
      tx.zadd(key(base, userId, 'activity'), ...index);
      tx.hset(key(base, userId, 'activity:entries'), ...entries);
      if (titles.length > 0) tx.hset(key(base, userId, 'activity:titles'), ...titles);
    }
  }
}

export async function readActivity(
  redis: RedisClient,
  base: string,
  userId: string,
  { limit, before }: ActivityQuery,
): Promise<ActivityEntry[]> {
  if (!(limit > 0) || (before !== undefined && before <= -MAX_SCORE)) return [];
  // Every stored score fits in MAX_SCORE, so a larger cursor means "from the newest".
  const max = before === undefined || before > MAX_SCORE ? '+inf' : `(${before}`;
  const positions = await redis.zrevrangebyscore(key(base, userId, 'activity'), max, '-inf', 'LIMIT', 0, Math.floor(limit));
  return entriesAt(redis, base, userId, positions);
}

/** The same timeline read forwards, oldest first, from just after `after`. */
export async function readTimeline(
  redis: RedisClient,
  base: string,
  userId: string,
  { limit, after }: TimelineQuery,
): Promise<ActivityEntry[]> {
  if (!(limit > 0) || (after !== undefined && after >= MAX_SCORE)) return [];
  const min = after === undefined || after < -MAX_SCORE ? '-inf' : `(${after}`;
  const positions = await redis.zrangebyscore(key(base, userId, 'activity'), min, '+inf', 'LIMIT', 0, Math.floor(limit));
  return entriesAt(redis, base, userId, positions);
}

/** The entries at these positions, in the same order, with playlist titles filled in. */
async function entriesAt(redis: RedisClient, base: string, userId: string, positions: string[]): Promise<ActivityEntry[]> {
  if (positions.length === 0) return [];
  const stored = await redis.hmget(key(base, userId, 'activity:entries'), ...positions);
  // The index and the entries are written in one transaction; a missing entry is skipped defensively.
  const entries = stored.flatMap((json, i) => (json === null ? [] : [parseActivity(positions[i]!, json)]));
  // Titles are looked up at read time: an entry that names a playlist may have been recorded
  // in a later batch (or replay) than the playlist's creation.
  const untitled = [
    ...new Set(entries.flatMap((e) => (e.playlistId !== undefined && e.playlistTitle === undefined ? [e.playlistId] : []))),
  ];
  if (untitled.length === 0) return entries;
  const found = await redis.hmget(key(base, userId, 'activity:titles'), ...untitled);
  const titles = new Map(untitled.flatMap((id, i) => (found[i] === null ? [] : [[id, found[i]!] as const])));
  return entries.map((e) => {
    const title = e.playlistId !== undefined && e.playlistTitle === undefined ? titles.get(e.playlistId) : undefined;
    return title === undefined ? e : { ...e, playlistTitle: title };
  });
}

/** Every playlist ever created left its title in the timeline's titles, deletion included. */
export async function readPlaylistIdsEver(redis: RedisClient, base: string, userId: string): Promise<string[]> {
  return (await redis.hkeys(key(base, userId, 'activity:titles'))).sort();
}

function parseActivity(position: string, json: string): ActivityEntry {
  return { position: BigInt(position), ...(JSON.parse(json) as Omit<ActivityEntry, 'position'>) };
}
