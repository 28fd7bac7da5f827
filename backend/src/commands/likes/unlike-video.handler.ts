import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { WriteResult } from '../shared/write-result';
import { VideoListWriter } from '../video-lists/video-list-writer';
import { LIKES } from '../video-lists/video-lists';

export class UnlikeVideo extends Command<WriteResult> {
  constructor(
    readonly userId: string,
    readonly videoId: string,
  ) {
    super();
  }
}

@CommandHandler(UnlikeVideo)
export class UnlikeVideoHandler implements ICommandHandler<UnlikeVideo> {
  constructor(private readonly lists: VideoListWriter) {}

  execute({ userId, videoId }: UnlikeVideo): Promise<WriteResult> {
    return this.lists.execute(LIKES, { type: 'RemoveVideo', userId, videoId });
  }
}
