import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { WriteResult } from '../shared/write-result';
import { VideoListWriter } from '../video-lists/video-list-writer';
import { LIKES } from '../video-lists/video-lists';

export class LikeVideo extends Command<WriteResult> {
  constructor(
    readonly userId: string,
    readonly videoId: string,
  ) {
    super();
  }
}

@CommandHandler(LikeVideo)
export class LikeVideoHandler implements ICommandHandler<LikeVideo> {
  constructor(private readonly lists: VideoListWriter) {}

  execute({ userId, videoId }: LikeVideo): Promise<WriteResult> {
    return this.lists.execute(LIKES, { type: 'AddVideo', userId, videoId });
  }
}
