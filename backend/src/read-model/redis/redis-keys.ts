import { keySlot, slotTag } from './redis-slots';

/**
 * Where the Redis read model keeps what. Every key of one user carries the `{userId}` hash tag so that a
 * user's keys share one Redis Cluster slot; ids are URI-encoded inside keys so that an id holding `:`,
 * `{` or `}` can neither collide with another key nor move the hash tag. `base` is
 * `<prefix>:<namespace>`, the start of every key of one model.
 */

/** The namespace readers use until a replay names another. */
export const DEFAULT_NAMESPACE = 'main';

export function activeNamespaceKey(prefix: string): string {
  return `${prefix}:active`;
}

export function key(base: string, userId: string, suffix: string): string {
  return `${base}:{${encodeURIComponent(userId)}}:${suffix}`;
}

export function playlistKey(base: string, userId: string, playlistId: string, suffix = ''): string {
  return key(base, userId, `playlist:${encodeURIComponent(playlistId)}${suffix}`);
}

/**
 * A user's history auto-delete setting, when it is on ('3', '18' or '36'); absent when off. A key of its
 * own beside the `settings` JSON, so that each setting is assigned alone, and the daily sweep finds the
 * users to visit by SCAN MATCH on this suffix (redis-retention-users.ts).
 */
export const HISTORY_RETENTION_SUFFIX = 'settings:history-retention';

export function checkpointKey(base: string): string {
  return `${base}:checkpoint`;
}

/** The id of the event store the namespace was built from (EventStore.storeId). */
export function storeIdKey(base: string): string {
  return `${base}:store-id`;
}

export const MAX_SCORE = BigInt(Number.MAX_SAFE_INTEGER);

/** ZSET scores are doubles: beyond 2^53 two positions could share a score and reorder. */
export function score(position: bigint): string {
  if (typeof position !== 'bigint') throw new TypeError('position must be a bigint');
  if (position > MAX_SCORE || position < -MAX_SCORE) {
    throw new RangeError(`position ${position} exceeds Number.MAX_SAFE_INTEGER and cannot be a Redis score exactly`);
  }
  return position.toString();
}

/**
 * A sharded model's checkpoint of one slot: the last batch applied to that slot's keys. It carries a hash
 * tag of the slot itself, so it lives (and migrates) with the slot's data and is fenced in the same script.
 */
export function slotCheckpointKey(base: string, slot: number): string {
  return `${base}:slot-checkpoint:{${slotTag(slot)}}`;
}

/**
 * A sharded model's progress: a hash with one field per partition, `<partitions>:<partition>` → the
 * position up to which that partition's events are all applied.
 */
export function progressKey(base: string): string {
  return `${base}:progress`;
}

export function progressField(partitions: number, partition: number): string {
  return `${partitions}:${partition}`;
}

/** Unlisted and public playlists of every user: HASH playlist id → owner id (not per user: read by id alone). */
export function sharedPlaylistsKey(base: string): string {
  return `${base}:shared-playlists`;
}

/** Public playlists: ZSET playlist id by the position of the event that made it public. */
export function publicPlaylistsKey(base: string): string {
  return `${base}:public-playlists`;
}

/**
 * Operators (docs/design/catalogue.md): HASH user id → "1", so that listing them reads the operators
 * only, never every user. Written like the indexes above, by whichever partition projects the user.
 */
export function operatorsKey(base: string): string {
  return `${base}:operators`;
}

/**
 * The cross-user indexes above are written by every projection partition, so no slot checkpoint can
 * order their writes (redis-slotted-batch.ts): each member's last writing event is kept here instead,
 * a HASH member → position, removals included (so that a late older write cannot bring a member back).
 * It carries the hash tag of its index's slot, so a per-slot script may touch both.
 */
export function indexPositionsKey(indexKey: string): string {
  return `${indexKey}:positions:{${slotTag(keySlot(indexKey))}}`;
}

/**
 * Pub/sub channel on which a batch that changes profiles names their keys, so that every instance
 * forgets its cached copy at once (a revoked session must not live on in another process's cache).
 */
export function profileChangesChannel(prefix: string): string {
  return `${prefix}:profile-changes`;
}
