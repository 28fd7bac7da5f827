import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { WriteResult } from '../shared/write-result';
import { VideoListWriter } from '../video-lists/video-list-writer';
import { WATCH_LATER } from '../video-lists/video-lists';

export class AddToWatchLater extends Command<WriteResult> {
  constructor(
    readonly userId: string,
    readonly videoId: string,
  ) {
    super();
  }
}

@CommandHandler(AddToWatchLater)
export class AddToWatchLaterHandler implements ICommandHandler<AddToWatchLater> {
  constructor(private readonly lists: VideoListWriter) {}

  execute({ userId, videoId }: AddToWatchLater): Promise<WriteResult> {
    return this.lists.execute(WATCH_LATER, { type: 'AddVideo', userId, videoId });
  }
}
