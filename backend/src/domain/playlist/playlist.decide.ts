import { CapReached } from '../../errors/cap-reached';
import { DomainError } from '../../errors/domain-error';
import { PlaylistCreatedData, PlaylistEvent, PlaylistRestoredData, PlaylistVisibility } from '../../events/app-events';
import type { LibraryCaps } from '../capped';
import { PlaylistState, orderedVideoIds } from './playlist.state';

type Owned = { readonly userId: string; readonly playlistId: string };
type Undoing = { readonly undoes?: string };

/**
 * The caps a command that grows the user's playlists is held to. Filled in on the write side for
 * every such command (created, added, imported or restored by an undo); absent, nothing is capped.
 */
type Capped = { readonly caps?: LibraryCaps };

export type PlaylistCommand =
  | ({ readonly type: 'CreatePlaylist' } & PlaylistCreatedData & Capped)
  | ({ readonly type: 'DeletePlaylist' } & Owned & Undoing)
  /** `order`: an undo putting a removed video back in its place. */
  | ({ readonly type: 'AddVideoToPlaylist'; readonly videoId: string; readonly order?: string } & Owned & Undoing & Capped)
  | ({ readonly type: 'RemoveVideoFromPlaylist'; readonly videoId: string } & Owned & Undoing)
  /** Absent fields keep their value; at least one is given (the API checks). */
  | ({
      readonly type: 'ChangeDetails';
      readonly title?: string;
      readonly description?: string;
      readonly visibility?: PlaylistVisibility;
    } & Owned)
  /** Undo of a visibility change: exactly this one again. */
  | ({ readonly type: 'RestoreVisibility'; readonly visibility: PlaylistVisibility; readonly undoes: string } & Owned)
  /** `toIndex`: a non-negative integer (the API checks); it must also be a place in this playlist. */
  | ({ readonly type: 'Reorder'; readonly videoId: string; readonly toIndex: number } & Owned)
  /** Undo of a details change: exactly these (an absent description is none). */
  | ({ readonly type: 'RestoreDetails'; readonly title: string; readonly description?: string; readonly undoes: string } & Owned)
  /** Undo of a reorder: the previous order with its exact sort keys. */
  | ({
      readonly type: 'RestoreOrder';
      readonly videoId: string;
      readonly videoIds: readonly string[];
      readonly orders: readonly string[];
      readonly undoes: string;
    } & Owned)
  /** Undo of a deletion: the playlist as it was, in its place. */
  | ({ readonly type: 'RestorePlaylist' } & PlaylistRestoredData & Capped)
  /** An import: creates the playlist if it is new, then adds the videos not already in it, in order. */
  | ({ readonly type: 'ImportPlaylist'; readonly videoIds: readonly string[] } & PlaylistCreatedData & Capped);

/** A playlist that is not active yet may become one only under the user's playlist cap. */
function requireRoomForPlaylist(caps: LibraryCaps | undefined): void {
  if (caps && caps.activePlaylists >= caps.playlistsPerUser) throw new CapReached('PLAYLIST_CAP_REACHED', caps.playlistsPerUser);
}

/** A playlist may hold `count` videos only under the cap. */
function requireRoomForVideos(caps: LibraryCaps | undefined, count: number): void {
  if (caps && count > caps.videosPerPlaylist) throw new CapReached('PLAYLIST_VIDEO_CAP_REACHED', caps.videosPerPlaylist);
}

/** Another user's playlist answers exactly like a missing one: its existence is not revealed. */
function requireOwnActive(state: PlaylistState, userId: string): void {
  if (state.status !== 'active' || state.ownerId !== userId) throw new DomainError('PLAYLIST_NOT_FOUND');
}

const undoing = (undoes: string | undefined) => (undoes === undefined ? {} : { undoes });

export function decidePlaylist(command: PlaylistCommand, state: PlaylistState): PlaylistEvent[] {
  const { userId, playlistId } = command;
  switch (command.type) {
    case 'CreatePlaylist': {
      // Ids are fresh UUIDs; reuse would be a bug, never a user error.
      if (state.status !== 'absent') throw new Error(`Playlist ${playlistId} already exists`);
      const { type: _type, caps, ...data } = command;
      requireRoomForPlaylist(caps);
      return [{ type: 'PlaylistCreated', data }];
    }
    case 'DeletePlaylist':
      requireOwnActive(state, userId);
      return [{ type: 'PlaylistDeleted', data: { playlistId, userId, ...undoing(command.undoes) } }];
    case 'AddVideoToPlaylist': {
      requireOwnActive(state, userId);
      const { videoId, order, undoes } = command;
      if (state.videos.has(videoId)) throw new DomainError('ALREADY_IN_PLAYLIST');
      requireRoomForVideos(command.caps, state.videos.size + 1);
      return [
        { type: 'VideoAddedToPlaylist', data: { userId, playlistId, videoId, ...(order !== undefined && { order }), ...undoing(undoes) } },
      ];
    }
    case 'RemoveVideoFromPlaylist':
      requireOwnActive(state, userId);
      if (!state.videos.has(command.videoId)) return [];
      return [{ type: 'VideoRemovedFromPlaylist', data: { userId, playlistId, videoId: command.videoId, ...undoing(command.undoes) } }];
    case 'ChangeDetails':
      // One append for both: a PATCH of title and visibility is all or nothing.
      return [...changeDetails(command, state), ...changeVisibility(command, state)];
    case 'RestoreDetails':
      return changeDetails(command, state);
    case 'RestoreVisibility': {
      requireOwnActive(state, userId);
      return [{ type: 'PlaylistVisibilityChanged', data: { playlistId, userId, visibility: command.visibility, undoes: command.undoes } }];
    }
    case 'Reorder':
      return reorder(command, state);
    case 'RestoreOrder': {
      requireOwnActive(state, userId);
      const { videoId, videoIds, orders, undoes } = command;
      return [
        { type: 'PlaylistReordered', data: { playlistId, userId, videoId, toIndex: videoIds.indexOf(videoId), videoIds, orders, undoes } },
      ];
    }
    case 'RestorePlaylist': {
      if (state.status !== 'deleted' || state.ownerId !== userId) throw new DomainError('PLAYLIST_NOT_FOUND');
      const { type: _type, caps, ...data } = command;
      requireRoomForPlaylist(caps);
      requireRoomForVideos(caps, data.videos.length);
      return [{ type: 'PlaylistRestored', data }];
    }
    case 'ImportPlaylist':
      return importPlaylist(command, state);
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

/** The event carries the resulting title and description, so the projection only assigns them. */
function changeDetails(
  command: Extract<PlaylistCommand, { type: 'ChangeDetails' | 'RestoreDetails' }>,
  state: PlaylistState,
): PlaylistEvent[] {
  requireOwnActive(state, command.userId);
  const restoring = command.type === 'RestoreDetails';
  const title = command.title ?? state.title!;
  const description = restoring ? command.description : (command.description ?? state.description);
  if (!restoring && title === state.title && description === state.description) return [];
  const { userId, playlistId } = command;
  const undoes = restoring ? { undoes: command.undoes } : {};
  return [
    { type: 'PlaylistDetailsChanged', data: { playlistId, userId, title, ...(description !== undefined && { description }), ...undoes } },
  ];
}

function changeVisibility(command: Extract<PlaylistCommand, { type: 'ChangeDetails' }>, state: PlaylistState): PlaylistEvent[] {
  const { userId, playlistId, visibility } = command;
  requireOwnActive(state, userId);
  if (visibility === undefined || visibility === (state.visibility ?? 'private')) return [];
  return [{ type: 'PlaylistVisibilityChanged', data: { playlistId, userId, visibility } }];
}

function reorder(command: Extract<PlaylistCommand, { type: 'Reorder' }>, state: PlaylistState): PlaylistEvent[] {
  requireOwnActive(state, command.userId);
  const videoIds = orderedVideoIds(state);
  const from = videoIds.indexOf(command.videoId);
  if (from === -1) throw new DomainError('VIDEO_NOT_IN_PLAYLIST');
  const { toIndex } = command;
  if (!Number.isInteger(toIndex) || toIndex < 0 || toIndex >= videoIds.length) throw new DomainError('PLAYLIST_INDEX_OUT_OF_RANGE');
  if (toIndex === from) return [];
  videoIds.splice(from, 1);
  videoIds.splice(toIndex, 0, command.videoId);
  const { userId, playlistId, videoId } = command;
  return [{ type: 'PlaylistReordered', data: { playlistId, userId, videoId, toIndex, videoIds } }];
}

function importPlaylist(command: Extract<PlaylistCommand, { type: 'ImportPlaylist' }>, state: PlaylistState): PlaylistEvent[] {
  const { type: _type, videoIds, caps, ...created } = command;
  const { userId, playlistId } = created;
  if (state.status !== 'absent') requireOwnActive(state, userId);
  else requireRoomForPlaylist(caps);
  const additions = [...new Set(videoIds)]
    .filter((videoId) => !state.videos.has(videoId))
    .map((videoId): PlaylistEvent => ({ type: 'VideoAddedToPlaylist', data: { userId, playlistId, videoId } }));
  if (additions.length > 0) requireRoomForVideos(caps, state.videos.size + additions.length);
  return state.status === 'absent' ? [{ type: 'PlaylistCreated', data: created }, ...additions] : additions;
}
