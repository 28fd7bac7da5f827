import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { WriteResult } from '../shared/write-result';
import { VideoListWriter } from '../video-lists/video-list-writer';
import { HISTORY } from '../video-lists/video-lists';

export class ClearHistory extends Command<WriteResult> {
  constructor(readonly userId: string) {
    super();
  }
}

@CommandHandler(ClearHistory)
export class ClearHistoryHandler implements ICommandHandler<ClearHistory> {
  constructor(private readonly lists: VideoListWriter) {}

  execute({ userId }: ClearHistory): Promise<WriteResult> {
    return this.lists.execute(HISTORY, { type: 'ClearList', userId });
  }
}
