import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { WriteResult } from '../shared/write-result';
import { VideoListWriter } from '../video-lists/video-list-writer';
import { WATCH_LATER } from '../video-lists/video-lists';

export class RemoveFromWatchLater extends Command<WriteResult> {
  constructor(
    readonly userId: string,
    readonly videoId: string,
  ) {
    super();
  }
}

@CommandHandler(RemoveFromWatchLater)
export class RemoveFromWatchLaterHandler implements ICommandHandler<RemoveFromWatchLater> {
  constructor(private readonly lists: VideoListWriter) {}

  execute({ userId, videoId }: RemoveFromWatchLater): Promise<WriteResult> {
    return this.lists.execute(WATCH_LATER, { type: 'RemoveVideo', userId, videoId });
  }
}
