import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { WriteResult } from '../shared/write-result';
import { VideoListWriter } from '../video-lists/video-list-writer';
import { HISTORY } from '../video-lists/video-lists';

export class RecordWatch extends Command<WriteResult> {
  constructor(
    readonly userId: string,
    readonly videoId: string,
  ) {
    super();
  }
}

@CommandHandler(RecordWatch)
export class RecordWatchHandler implements ICommandHandler<RecordWatch> {
  constructor(private readonly lists: VideoListWriter) {}

  execute({ userId, videoId }: RecordWatch): Promise<WriteResult> {
    return this.lists.execute(HISTORY, { type: 'AddVideo', userId, videoId });
  }
}
