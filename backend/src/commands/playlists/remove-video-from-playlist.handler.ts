import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CatalogueService } from '../../catalogue/catalogue.service';
import { streams } from '../../events/app-events';
import { CommandRunner } from '../shared/command-runner';
import { WriteResult } from '../shared/write-result';
import { playlistDecider } from './playlist.decider';

export class RemoveVideoFromPlaylist extends Command<WriteResult> {
  constructor(
    readonly userId: string,
    readonly playlistId: string,
    readonly videoId: string,
  ) {
    super();
  }
}

@CommandHandler(RemoveVideoFromPlaylist)
export class RemoveVideoFromPlaylistHandler implements ICommandHandler<RemoveVideoFromPlaylist> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly catalogue: CatalogueService,
  ) {}

  execute({ userId, playlistId, videoId }: RemoveVideoFromPlaylist): Promise<WriteResult> {
    this.catalogue.video(videoId);
    return this.runner.run(streams.playlist(playlistId), playlistDecider, { type: 'RemoveVideoFromPlaylist', userId, playlistId, videoId });
  }
}
