import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { WriteResult } from '../shared/write-result';
import { HistoryWriter } from './history-writer';

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
  constructor(private readonly history: HistoryWriter) {}

  execute({ userId, videoId }: RemoveFromHistory): Promise<WriteResult> {
    return this.history.execute({ type: 'RemoveVideo', userId, videoId });
  }
}
