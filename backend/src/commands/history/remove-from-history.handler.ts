import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { WriteResult } from '../shared/write-result';
import { VideoListWriter } from '../video-lists/video-list-writer';
import { HISTORY } from '../video-lists/video-lists';

export class RemoveFromHistory extends Command<WriteResult> {
  constructor(
    readonly userId: string,
    readonly videoId: string,
  ) {
    super();
  }
}

@CommandHandler(RemoveFromHistory)
export class RemoveFromHistoryHandler implements ICommandHandler<RemoveFromHistory> {
  constructor(private readonly lists: VideoListWriter) {}

  execute({ userId, videoId }: RemoveFromHistory): Promise<WriteResult> {
    return this.lists.execute(HISTORY, { type: 'RemoveVideo', userId, videoId });
  }
}
