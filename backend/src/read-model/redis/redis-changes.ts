import { LIST_NAMES, ReadModelChange } from '../read-model.port';
import {
  checkedListName,
  checkedVisibility,
  pickDetails,
  pickMeta,
  pickProfile,
  pickProfileChange,
  pickProgress,
  pickSettings,
} from '../read-model-values';
import { ActivityWrites } from './redis-activity';
import { BatchWriter, CommandBatch, IndexWrite } from './redis-batch';
import { HISTORY_RETENTION_SUFFIX, key, operatorsKey, playlistKey, publicPlaylistsKey, score, sharedPlaylistsKey } from './redis-keys';

/**
 * A batch of read-model changes as Redis commands, built client-side: a bad change throws here,
 * before anything reaches Redis. Every command is an assignment (SET, DEL, ZADD, ZREM, HSET), so
 * applying the batch again converges to the same keys.
 */
export function toCommandBatch(
  base: string,
  changes: readonly ReadModelChange[],
  playlistIdsEver: ReadonlyMap<string, readonly string[]> = new Map(),
  profileChannel?: string,
): CommandBatch {
  const batch = new CommandBatch();
  const activity = new ActivityWrites();
  const erased = new Set<string>();
  for (const change of changes) {
    if (change.op === 'recordActivity') activity.add(change.userId, change.entry);
    else if (change.op === 'eraseUser') erased.add(change.userId);
    else queueChange(batch, base, change);
    // Published inside the script, with the change: no instance can read the new profile and then be told late.
    if (profileChannel && changesProfile(change)) batch.call('PUBLISH', profileChannel, key(base, change.userId, 'user'));
  }
  activity.queue(batch, base);
  // Last, so that nothing else of the batch brings the user back (their own timeline line included).
  for (const userId of erased) queueErasure(batch, base, userId, changes, playlistIdsEver.get(userId) ?? []);
  return batch;
}

/** A change after which other instances must forget their cached copy of the profile (a revoked session, an erasure). */
export function changesProfile(change: ReadModelChange): change is ReadModelChange & { op: 'updateUser' | 'eraseUser' } {
  return change.op === 'updateUser' || change.op === 'eraseUser';
}

/**
 * Erasure: deletes every key of the user, and takes their playlists out of the shared index and the
 * public listing (an erased person's playlists are nobody's to read, by link or listed).
 */
export function queueErasure(
  tx: BatchWriter,
  base: string,
  userId: string,
  changes: readonly ReadModelChange[],
  stored: readonly string[],
): void {
  const { keys, playlistIds } = userKeys(base, userId, changes, stored);
  tx.del(...keys);
  for (const id of playlistIds) unshare(tx, base, id);
  tx.indexMember({ command: 'HDEL' }, operatorsKey(base), userId);
}

/** Every key of one user: the fixed ones, and both keys of each playlist stored (`stored`) or named in this batch. */
function userKeys(
  base: string,
  userId: string,
  changes: readonly ReadModelChange[],
  stored: readonly string[],
): { keys: string[]; playlistIds: string[] } {
  if (typeof userId !== 'string') throw new TypeError('eraseUser needs a userId');
  const playlistIds = new Set(stored);
  for (const change of changes) {
    if (!('userId' in change) || change.userId !== userId) continue;
    if ('playlistId' in change) playlistIds.add(change.playlistId);
    if (change.op === 'putPlaylist') playlistIds.add(change.playlist._id);
  }
  const fixed = [
    'user',
    'settings',
    HISTORY_RETENTION_SUFFIX,
    'playlists',
    'progress',
    'progress:entries',
    'activity',
    'activity:entries',
    'activity:titles',
    ...LIST_NAMES.map((l) => `list:${l}`),
  ];
  return {
    keys: [
      ...fixed.map((suffix) => key(base, userId, suffix)),
      ...[...playlistIds].flatMap((id) => [playlistKey(base, userId, id), playlistKey(base, userId, id, ':videos')]),
    ],
    playlistIds: [...playlistIds],
  };
}

/** Out of the shared index and the public listing. */
function unshare(tx: BatchWriter, base: string, playlistId: string): void {
  tx.indexMember({ command: 'HDEL' }, sharedPlaylistsKey(base), playlistId);
  tx.indexMember({ command: 'ZREM' }, publicPlaylistsKey(base), playlistId);
}

export function queueChange(tx: BatchWriter, base: string, change: ReadModelChange): void {
  switch (change.op) {
    case 'putUser':
      tx.set(key(base, change.user._id, 'user'), JSON.stringify(pickProfile(change.user)));
      return;
    case 'addToList':
      tx.zadd(key(base, change.userId, `list:${checkedListName(change.list)}`), score(change.position), change.videoId);
      return;
    case 'removeFromList':
      tx.zrem(key(base, change.userId, `list:${checkedListName(change.list)}`), change.videoId);
      return;
    case 'clearList':
      tx.del(key(base, change.userId, `list:${checkedListName(change.list)}`));
      return;
    case 'putPlaylist':
      tx.set(playlistKey(base, change.userId, change.playlist._id), JSON.stringify(pickMeta(change.playlist)));
      tx.zadd(key(base, change.userId, 'playlists'), score(change.position), change.playlist._id);
      return;
    case 'deletePlaylist':
      tx.zrem(key(base, change.userId, 'playlists'), change.playlistId);
      tx.del(playlistKey(base, change.userId, change.playlistId), playlistKey(base, change.userId, change.playlistId, ':videos'));
      unshare(tx, base, change.playlistId);
      return;
    case 'setPlaylistVisibility': {
      const visibility = checkedVisibility(change.visibility);
      const at = score(change.position);
      tx.mergeJson(playlistKey(base, change.userId, change.playlistId), { visibility: visibility === 'private' ? null : visibility });
      const shared: IndexWrite = visibility === 'private' ? { command: 'HDEL' } : { command: 'HSET', value: change.userId };
      tx.indexMember(shared, sharedPlaylistsKey(base), change.playlistId);
      tx.indexMember(
        visibility === 'public' ? { command: 'ZADD', value: at } : { command: 'ZREM' },
        publicPlaylistsKey(base),
        change.playlistId,
      );
      return;
    }
    case 'updateUser': {
      const { operator, ...fields } = pickProfileChange(change.fields);
      // The profile holds `operator: true` or nothing, as the memory model's does (pickProfile).
      tx.mergeJson(key(base, change.userId, 'user'), { ...fields, ...(operator !== undefined && { operator: operator || null }) });
      if (operator !== undefined)
        tx.indexMember(operator ? { command: 'HSET', value: '1' } : { command: 'HDEL' }, operatorsKey(base), change.userId);
      return;
    }
    case 'putProgress': {
      const { videoId, seconds, updatedAt, position } = pickProgress(change.entry);
      tx.zadd(key(base, change.userId, 'progress'), score(position), videoId);
      tx.hset(key(base, change.userId, 'progress:entries'), videoId, JSON.stringify({ seconds, updatedAt, position: position.toString() }));
      return;
    }
    case 'removeProgress':
      tx.zrem(key(base, change.userId, 'progress'), change.videoId);
      tx.hdel(key(base, change.userId, 'progress:entries'), change.videoId);
      return;
    case 'addToPlaylist':
      tx.zadd(playlistKey(base, change.userId, change.playlistId, ':videos'), score(change.position), change.videoId);
      return;
    case 'removeFromPlaylist':
      tx.zrem(playlistKey(base, change.userId, change.playlistId, ':videos'), change.videoId);
      return;
    case 'putSettings': {
      const { historyPaused, historyRetention } = pickSettings(change.settings);
      if (historyPaused !== undefined) tx.set(key(base, change.userId, 'settings'), JSON.stringify({ historyPaused }));
      const retentionKey = key(base, change.userId, HISTORY_RETENTION_SUFFIX);
      if (historyRetention === 'off') tx.del(retentionKey);
      else if (historyRetention !== undefined) tx.set(retentionKey, String(historyRetention));
      return;
    }
    case 'updatePlaylistMeta': {
      const { _id, title, description } = pickDetails(change.playlist);
      // A missing playlist stays missing; the image, place and videos stay as they are.
      tx.mergeJson(playlistKey(base, change.userId, _id), { title, description: description ?? null });
      return;
    }
    case 'setPlaylistOrder': {
      const videosKey = playlistKey(base, change.userId, change.playlistId, ':videos');
      const members = change.entries.flatMap(({ videoId, order }) => [score(order), videoId]);
      tx.del(videosKey);
      if (members.length > 0) tx.zadd(videosKey, ...members);
      return;
    }
    case 'recordActivity':
    case 'eraseUser':
      throw new Error(`${change.op} is queued by toCommandBatch itself`);
    default: {
      const unknown: never = change;
      throw new Error(`Unknown read model change: ${JSON.stringify((unknown as { op?: unknown }).op)}`);
    }
  }
}
