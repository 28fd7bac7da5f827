import { PlaylistEvent, streams } from '../../events/app-events';
import type { CappedCommands } from '../capped';
import { overAnyEvent } from '../decider';
import { playlistSlots } from '../playlist-slots/playlist-slots';
import type { PlaylistCommand } from './playlist.decide';
import type { PlaylistState } from './playlist.state';

/**
 * The playlist cap, as the playlist list's hook for the write side: creating, importing and restoring
 * a playlist may make one active, and are decided under the user's cap on active playlists (claimed on
 * their playlist slots stream); adding a video is held to the cap on videos per playlist.
 */
/** What the playlist cap reads of a user's library: their playlists, by id. */
export interface PlaylistsInLibrary {
  readonly playlists: ReadonlyMap<string, PlaylistState>;
}

export const playlistCap: CappedCommands<PlaylistCommand, PlaylistEvent, PlaylistState, PlaylistsInLibrary> = {
  growth: (command) => {
    switch (command.type) {
      case 'CreatePlaylist':
      case 'ImportPlaylist':
      case 'RestorePlaylist':
        return { activates: { userId: command.userId, id: command.playlistId } };
      case 'AddVideoToPlaylist':
        return {};
      default:
        return undefined;
    }
  },
  withCaps: (command, { playlistsPerUser, videosPerPlaylist }, activePlaylists) => {
    switch (command.type) {
      case 'CreatePlaylist':
      case 'ImportPlaylist':
      case 'RestorePlaylist':
      case 'AddVideoToPlaylist':
        return { ...command, caps: { playlistsPerUser, videosPerPlaylist, activePlaylists } };
      default:
        return command;
    }
  },
  activates: (event) => event.type === 'PlaylistCreated' || event.type === 'PlaylistRestored',
  cap: {
    limit: ({ playlistsPerUser }) => playlistsPerUser,
    claimsStream: streams.playlistSlots,
    claims: overAnyEvent(playlistSlots),
    streamOf: streams.playlist,
    inLibrary: (library) => library.playlists,
    withInLibrary: (library, playlists) => ({ ...library, playlists }),
    isActive: (playlist) => playlist.status === 'active',
  },
};
