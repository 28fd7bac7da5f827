import { DomainError } from '../../errors/domain-error';
import { PlaylistCreatedData, PlaylistEvent, PlaylistVideoRef } from '../../events/app-events';
import { Decider, StoredEvent } from '../shared/decider';

export type PlaylistCommand =
  | ({ readonly type: 'CreatePlaylist' } & PlaylistCreatedData)
  | { readonly type: 'DeletePlaylist'; readonly userId: string; readonly playlistId: string }
  | { readonly type: 'AddVideoToPlaylist'; readonly userId: string; readonly playlistId: string; readonly videoId: string }
  | { readonly type: 'RemoveVideoFromPlaylist'; readonly userId: string; readonly playlistId: string; readonly videoId: string };

export interface PlaylistState {
  readonly status: 'absent' | 'active' | 'deleted';
  readonly ownerId?: string;
  readonly videoIds: ReadonlySet<string>;
}

const initialState = (): PlaylistState => ({ status: 'absent', videoIds: new Set() });

function evolve(state: PlaylistState, event: StoredEvent): PlaylistState {
  const e = event as PlaylistEvent;
  switch (e.type) {
    case 'PlaylistCreated':
      return { status: 'active', ownerId: e.data.userId, videoIds: new Set() };
    case 'PlaylistDeleted':
      return { ...state, status: 'deleted', videoIds: new Set() };
    case 'VideoAddedToPlaylist':
      return { ...state, videoIds: new Set(state.videoIds).add(e.data.videoId) };
    case 'VideoRemovedFromPlaylist': {
      const videoIds = new Set(state.videoIds);
      videoIds.delete(e.data.videoId);
      return { ...state, videoIds };
    }
    default:
      return state;
  }
}

/** Another user's playlist answers exactly like a missing one: its existence is not revealed. */
function requireOwnActive(state: PlaylistState, userId: string): void {
  if (state.status !== 'active' || state.ownerId !== userId) throw new DomainError('PLAYLIST_NOT_FOUND');
}

function decide(command: PlaylistCommand, state: PlaylistState): PlaylistEvent[] {
  switch (command.type) {
    case 'CreatePlaylist': {
      // Ids are fresh UUIDs; reuse would be a bug, never a user error.
      if (state.status !== 'absent') throw new Error(`Playlist ${command.playlistId} already exists`);
      const { type: _type, ...data } = command;
      return [{ type: 'PlaylistCreated', data }];
    }
    case 'DeletePlaylist':
      requireOwnActive(state, command.userId);
      return [{ type: 'PlaylistDeleted', data: { playlistId: command.playlistId, userId: command.userId } }];
    case 'AddVideoToPlaylist': {
      requireOwnActive(state, command.userId);
      if (state.videoIds.has(command.videoId)) throw new DomainError('ALREADY_IN_PLAYLIST');
      return [{ type: 'VideoAddedToPlaylist', data: videoRef(command) }];
    }
    case 'RemoveVideoFromPlaylist':
      requireOwnActive(state, command.userId);
      if (!state.videoIds.has(command.videoId)) return [];
      return [{ type: 'VideoRemovedFromPlaylist', data: videoRef(command) }];
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

const videoRef = ({ userId, playlistId, videoId }: PlaylistVideoRef): PlaylistVideoRef => ({ userId, playlistId, videoId });

export const playlistDecider: Decider<PlaylistCommand, PlaylistEvent, PlaylistState> = {
  name: 'playlist',
  initialState,
  evolve,
  decide,
};
