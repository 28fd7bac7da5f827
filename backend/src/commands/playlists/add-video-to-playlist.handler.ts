import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CatalogueService } from '../../catalogue/catalogue.service';
import { streams } from '../../events/app-events';
import { CommandRunner } from '../shared/command-runner';
import { WriteResult } from '../shared/write-result';
import { playlistDecider } from './playlist.decider';

export class AddVideoToPlaylist extends Command<WriteResult> {
  constructor(
    readonly userId: string,
    readonly playlistId: string,
    readonly videoId: string,
  ) {
    super();
  }
}

@CommandHandler(AddVideoToPlaylist)
export class AddVideoToPlaylistHandler implements ICommandHandler<AddVideoToPlaylist> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly catalogue: CatalogueService,
  ) {}

  execute({ userId, playlistId, videoId }: AddVideoToPlaylist): Promise<WriteResult> {
    this.catalogue.video(videoId);
    return this.runner.run(streams.playlist(playlistId), playlistDecider, { type: 'AddVideoToPlaylist', userId, playlistId, videoId });
  }
}
