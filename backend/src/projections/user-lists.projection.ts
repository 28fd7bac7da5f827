import { AppEvent, PlaylistCreatedData } from '../events/app-events';
import { reorderedKeys, sortKey } from '../events/sort-keys';
import { ActivityEntry, ListName, PlaylistMeta, ReadModelChange } from '../read-model/read-model.port';

export interface ProjectableEvent {
  readonly type: string;
  readonly data: unknown;
  readonly position: bigint;
  readonly createdAt: string;
}

/** See events/sort-keys.ts: an undone removal goes back to its place (docs/design/library-controls.md). */
const entryKey = (e: ProjectableEvent & { data: { order?: string } }): bigint => sortKey(e.data.order, e.position);

const add = (list: ListName, e: ProjectableEvent & { data: { userId: string; videoId: string; order?: string } }): ReadModelChange => ({
  op: 'addToList',
  userId: e.data.userId,
  list,
  videoId: e.data.videoId,
  position: entryKey(e),
});

const remove = (list: ListName, data: { userId: string; videoId: string }): ReadModelChange => ({
  op: 'removeFromList',
  userId: data.userId,
  list,
  videoId: data.videoId,
});

/**
 * The event as a line of its user's timeline. Only ids and a playlist's title are copied from
 * the data: never the profile, never the password hash.
 */
function activity(e: ProjectableEvent & AppEvent): ReadModelChange {
  const data = e.data as { userId: string; videoId?: string; playlistId?: string; title?: string };
  const entry: ActivityEntry = {
    position: e.position,
    type: e.type,
    at: e.createdAt,
    ...(typeof data.videoId === 'string' && { videoId: data.videoId }),
    ...(typeof data.playlistId === 'string' && { playlistId: data.playlistId }),
    // The title as of this event: later entries naming the playlist are read back with the newest.
    ...((e.type === 'PlaylistCreated' || e.type === 'PlaylistDetailsChanged' || e.type === 'PlaylistRestored') && {
      playlistTitle: e.data.title,
    }),
  };
  return { op: 'recordActivity', userId: data.userId, entry };
}

/**
 * Turns one stored event into read-model changes: the list changes, then the event's line in
 * the user's activity timeline (applied in the same batch, so both land together). Pure: the same event always yields the same
 * changes, and each change is an assignment, so re-applying events is harmless. The event's
 * global position orders the lists (oldest first), so the order survives any replay.
 */
export function projectEvent(event: ProjectableEvent): ReadModelChange[] {
  const e = event as ProjectableEvent & AppEvent;
  const changes = listChanges(e);
  return changes === undefined ? [] : [...changes, activity(e)];
}

/** The list changes of one event; undefined for an event this projection does not know. */
function listChanges(e: ProjectableEvent & AppEvent): ReadModelChange[] | undefined {
  switch (e.type) {
    case 'UserSignedUp': {
      const { userId, email, firstName, lastName, name, username, createdAt } = e.data;
      // The password hash stays in the event store: the read model serves profiles to clients.
      return [{ op: 'putUser', user: { _id: userId, email, firstName, lastName, name, username, createdAt, updatedAt: createdAt } }];
    }
    case 'VideoLiked':
      return [add('likes', e)];
    case 'VideoUnliked':
      return [remove('likes', e.data)];
    case 'VideoAddedToWatchLater':
      return [add('watchlater', e)];
    case 'VideoRemovedFromWatchLater':
      return [remove('watchlater', e.data)];
    case 'VideoWatched':
      return [add('history', e)];
    case 'VideoRemovedFromHistory':
      return [remove('history', e.data)];
    case 'HistoryCleared':
      return [{ op: 'clearList', userId: e.data.userId, list: 'history' }];
    case 'HistoryPaused':
    case 'HistoryResumed':
      return [{ op: 'putSettings', userId: e.data.userId, settings: { historyPaused: e.type === 'HistoryPaused' } }];
    case 'HistoryRemovedBefore':
      return e.data.videoIds.map((videoId) => remove('history', { userId: e.data.userId, videoId }));
    case 'HistoryRestored':
      return e.data.entries.map(({ videoId, order }) => ({
        op: 'addToList',
        userId: e.data.userId,
        list: 'history',
        videoId,
        position: BigInt(order),
      }));
    case 'PlaylistCreated':
      return [{ op: 'putPlaylist', userId: e.data.userId, playlist: playlistMeta(e.data), position: e.position }];
    case 'PlaylistRestored': {
      const { userId, playlistId, order, videos } = e.data;
      return [
        { op: 'putPlaylist', userId, playlist: playlistMeta(e.data), position: BigInt(order) },
        ...videos.map((v): ReadModelChange => ({ op: 'addToPlaylist', userId, playlistId, videoId: v.videoId, position: BigInt(v.order) })),
      ];
    }
    case 'PlaylistDetailsChanged': {
      const { userId, playlistId, title, description } = e.data;
      return [
        { op: 'updatePlaylistMeta', userId, playlist: { _id: playlistId, title, ...(description !== undefined && { description }) } },
      ];
    }
    case 'PlaylistReordered': {
      const { userId, playlistId } = e.data;
      const entries = reorderedKeys(e.data).map(([videoId, order]) => ({ videoId, order }));
      return [{ op: 'setPlaylistOrder', userId, playlistId, entries }];
    }
    case 'PlaylistDeleted':
      return [{ op: 'deletePlaylist', userId: e.data.userId, playlistId: e.data.playlistId }];
    case 'VideoAddedToPlaylist':
      return [
        { op: 'addToPlaylist', userId: e.data.userId, playlistId: e.data.playlistId, videoId: e.data.videoId, position: entryKey(e) },
      ];
    case 'VideoRemovedFromPlaylist':
      return [{ op: 'removeFromPlaylist', userId: e.data.userId, playlistId: e.data.playlistId, videoId: e.data.videoId }];
    default: {
      // Events of other kinds (or a future version) are not this projection's business.
      const _ignored: never = e;
      return undefined;
    }
  }
}

function playlistMeta({ playlistId, title, description, playlistImg }: PlaylistCreatedData): PlaylistMeta {
  return {
    _id: playlistId,
    title,
    ...(description !== undefined && { description }),
    ...(playlistImg !== undefined && { playlistImg }),
  };
}
