import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { WriteResult } from '../shared/write-result';
import { HistoryWriter } from './history-writer';

export class ClearHistory extends Command<WriteResult> {
  constructor(readonly userId: string) {
    super();
  }
}

@CommandHandler(ClearHistory)
export class ClearHistoryHandler implements ICommandHandler<ClearHistory> {
  constructor(private readonly history: HistoryWriter) {}

  execute({ userId }: ClearHistory): Promise<WriteResult> {
    return this.history.execute({ type: 'ClearList', userId });
  }
}
