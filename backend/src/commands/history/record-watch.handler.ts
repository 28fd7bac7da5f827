import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { WriteResult } from '../shared/write-result';
import { HistoryWriter } from './history-writer';

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
  constructor(private readonly history: HistoryWriter) {}

  execute({ userId, videoId }: RecordWatch): Promise<WriteResult> {
    // The event says when it was watched, so removal by date never depends on the store's clock.
    return this.history.execute({ type: 'AddVideo', userId, videoId, watchedAt: new Date().toISOString() });
  }
}
