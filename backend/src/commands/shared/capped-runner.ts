import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { LibraryCheckpoints } from '../../library-checkpoints/library-checkpoints';
import type { ListDefinition, ListEvent } from '../../lists/decider';
import { activePlaylists } from '../../lists/library';
import { PlaylistCommand } from '../../lists/playlist.decide';
import { playlistList } from '../../lists/playlist.list';
import { KeyedMutex } from '../../shared/keyed-mutex';
import { CommandRunner } from './command-runner';
import { Decided } from './write-result';

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
    return this.creating.runExclusive(playlistCommand.userId, async () => {
      const activeCount = activePlaylists(await this.checkpoints.current(playlistCommand.userId)).length;
      const caps = { playlistsPerUser, videosPerPlaylist, activePlaylists: activeCount };
      return this.runner.run(stream, playlistList, { ...playlistCommand, caps }, expectedRevision);
    });
  }
}
