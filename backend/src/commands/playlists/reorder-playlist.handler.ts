import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { streams } from '../../events/app-events';
import { CommandRunner } from '../shared/command-runner';
import { WriteResult } from '../shared/write-result';
import { playlistDecider } from './playlist.decider';

export class ReorderPlaylist extends Command<WriteResult> {
  constructor(
    readonly userId: string,
    readonly playlistId: string,
    readonly videoId: string,
    /** The place the video moves to, 0 = first. */
    readonly toIndex: number,
  ) {
    super();
  }
}

@CommandHandler(ReorderPlaylist)
export class ReorderPlaylistHandler implements ICommandHandler<ReorderPlaylist> {
  constructor(private readonly runner: CommandRunner) {}

  /** No catalogue check: the decider only moves ids already in the playlist, even one that left the catalogue. */
  execute({ userId, playlistId, videoId, toIndex }: ReorderPlaylist): Promise<WriteResult> {
    return this.runner.run(streams.playlist(playlistId), playlistDecider, { type: 'Reorder', userId, playlistId, videoId, toIndex });
  }
}
