import { AppEvent } from '../events/app-events';
import { ListName, ReadModelChange } from '../read-model/read-model.port';

export interface ProjectableEvent {
  readonly type: string;
  readonly data: unknown;
  readonly position: bigint;
  readonly createdAt: string;
}

const add = (list: ListName, e: ProjectableEvent & { data: { userId: string; videoId: string } }): ReadModelChange => ({
  op: 'addToList',
  userId: e.data.userId,
  list,
  videoId: e.data.videoId,
  position: e.position,
});

const remove = (list: ListName, data: { userId: string; videoId: string }): ReadModelChange => ({
  op: 'removeFromList',
  userId: data.userId,
  list,
  videoId: data.videoId,
});

/**
 * Turns one stored event into read-model changes. Pure: the same event always yields the same
 * changes, and each change is an assignment, so re-applying events is harmless. The event's
 * global position orders the lists (oldest first), so the order survives any replay.
 */
export function projectEvent(event: ProjectableEvent): ReadModelChange[] {
  const e = event as ProjectableEvent & AppEvent;
  switch (e.type) {
    case 'UserSignedUp': {
      const { userId, email, firstName, lastName, createdAt } = e.data;
      // The password hash stays in the event store: the read model serves profiles to clients.
      return [{ op: 'putUser', user: { _id: userId, email, firstName, lastName, createdAt, updatedAt: createdAt } }];
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
    case 'PlaylistCreated': {
      const { userId, playlistId, title, description, playlistImg } = e.data;
      const playlist = { _id: playlistId, title, ...(description !== undefined && { description }), ...(playlistImg !== undefined && { playlistImg }) };
      return [{ op: 'putPlaylist', userId, playlist, position: e.position }];
    }
    case 'PlaylistDeleted':
      return [{ op: 'deletePlaylist', userId: e.data.userId, playlistId: e.data.playlistId }];
    case 'VideoAddedToPlaylist':
      return [{ op: 'addToPlaylist', userId: e.data.userId, playlistId: e.data.playlistId, videoId: e.data.videoId, position: e.position }];
    case 'VideoRemovedFromPlaylist':
      return [{ op: 'removeFromPlaylist', userId: e.data.userId, playlistId: e.data.playlistId, videoId: e.data.videoId }];
    default: {
      // Events of other kinds (or a future version) are not this projection's business.
      const _ignored: never = e;
      return [];
    }
  }
}
