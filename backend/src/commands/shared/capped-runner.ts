import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { LibraryCheckpoints } from '../../library-checkpoints/library-checkpoints';
import type { ListDefinition, ListEvent } from '../../lists/decider';
import { Library, activePlaylists } from '../../lists/library';
import { PlaylistCommand } from '../../lists/playlist.decide';
import { playlistList } from '../../lists/playlist.list';
import { KeyedMutex } from '../../shared/keyed-mutex';
import { CommandRunner } from './command-runner';
import { Decided } from './write-result';

/** How long a playlist this process made active is counted while the library does not show it yet. */
const PENDING_MS = 60_000;

/** Commands that may make a playlist active: they need the user's count of active playlists. */
const ACTIVATING = new Set<PlaylistCommand['type']>(['CreatePlaylist', 'ImportPlaylist', 'RestorePlaylist']);
/** Commands that may add videos to a playlist. */
const GROWING = new Set<PlaylistCommand['type']>([...ACTIVATING, 'AddVideoToPlaylist']);

/**
 * The command runner with the library caps (settings) added to every playlist command that grows
 * the user's playlists, whoever sends it: the playlist routes, an import, an undo. The playlist
 * decider decides them; this only supplies what it cannot see in its own stream (the user's count
 * of active playlists, from their library checkpoints). Commands of one user that may create a
 * playlist are taken one at a time in this process, so that two at once are not both counted under
 * the cap.
 */
@Injectable()
export class CappedRunner {
  private readonly creating = new KeyedMutex();
  /** Per user: playlists made active here lately, counted until the library shows them. */
  private readonly activated = new Map<string, { readonly playlistId: string; readonly at: number }[]>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly runner: CommandRunner,
    private readonly checkpoints: LibraryCheckpoints,
  ) {}

  run<C, E extends ListEvent, S>(stream: string, list: ListDefinition<C, E, S>, command: C, expectedRevision?: number): Promise<Decided> {
    if (list.name !== playlistList.name) return this.runner.run(stream, list, command, expectedRevision);
    // The playlist list's own command type: `list` is playlistList, so C is PlaylistCommand.
    const playlistCommand = command as unknown as PlaylistCommand;
    // Not growing, or capped already (an import plans its caps with the library it has read).
    if (!GROWING.has(playlistCommand.type) || ('caps' in playlistCommand && playlistCommand.caps)) {
      return this.runner.run(stream, playlistList, playlistCommand, expectedRevision);
    }
    const { playlistsPerUser, videosPerPlaylist } = this.config.libraryCaps;
    if (!ACTIVATING.has(playlistCommand.type)) {
      const caps = { playlistsPerUser, videosPerPlaylist, activePlaylists: 0 };
      return this.runner.run(stream, playlistList, { ...playlistCommand, caps }, expectedRevision);
    }
    const { userId } = playlistCommand;
    return this.creating.runExclusive(userId, async () => {
      const library = await this.checkpoints.current(userId);
      const caps = {
        playlistsPerUser,
        videosPerPlaylist,
        activePlaylists: activePlaylists(library).length + this.pending(userId, library),
      };
      const decided = await this.runner.run(stream, playlistList, { ...playlistCommand, caps }, expectedRevision);
      if (decided.events.some(({ type }) => type === 'PlaylistCreated' || type === 'PlaylistRestored')) {
        this.activated.set(userId, [...(this.activated.get(userId) ?? []), { playlistId: playlistCommand.playlistId, at: Date.now() }]);
      }
      return decided;
    });
  }

  /**
   * Playlists this process made active for the user that their library does not show yet (the
   * library finds a user's playlists through the read model, which may not have projected them).
   */
  private pending(userId: string, library: Library): number {
    const recent = (this.activated.get(userId) ?? []).filter(
      ({ playlistId, at }) => at > Date.now() - PENDING_MS && library.playlists.get(playlistId)?.status !== 'active',
    );
    if (recent.length > 0) this.activated.set(userId, recent);
    else this.activated.delete(userId);
    return recent.length;
  }
}
