import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { streams } from '../../events/app-events';
import { CommandRunner } from '../shared/command-runner';
import { WriteResult } from '../shared/write-result';
import { playlistDecider } from './playlist.decider';

export class DeletePlaylist extends Command<WriteResult> {
  constructor(
    readonly userId: string,
    readonly playlistId: string,
  ) {
    super();
  }
}

@CommandHandler(DeletePlaylist)
export class DeletePlaylistHandler implements ICommandHandler<DeletePlaylist> {
  constructor(private readonly runner: CommandRunner) {}

  execute({ userId, playlistId }: DeletePlaylist): Promise<WriteResult> {
    return this.runner.run(streams.playlist(playlistId), playlistDecider, { type: 'DeletePlaylist', userId, playlistId });
  }
}
