import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { streams } from '../../events/app-events';
import { CommandRunner } from '../shared/command-runner';
import { WriteResult } from '../shared/write-result';
import { playlistDecider } from './playlist.decider';

/** A field left undefined keeps its value. */
export interface PlaylistDetailsChange {
  readonly title?: string;
  readonly description?: string;
}

export class ChangePlaylistDetails extends Command<WriteResult> {
  constructor(
    readonly userId: string,
    readonly playlistId: string,
    readonly change: PlaylistDetailsChange,
  ) {
    super();
  }
}

@CommandHandler(ChangePlaylistDetails)
export class ChangePlaylistDetailsHandler implements ICommandHandler<ChangePlaylistDetails> {
  constructor(private readonly runner: CommandRunner) {}

  execute({ userId, playlistId, change }: ChangePlaylistDetails): Promise<WriteResult> {
    const { title, description } = change;
    return this.runner.run(streams.playlist(playlistId), playlistDecider, {
      type: 'ChangeDetails',
      userId,
      playlistId,
      ...(title !== undefined && { title }),
      ...(description !== undefined && { description }),
    });
  }
}
