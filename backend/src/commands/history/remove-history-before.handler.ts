import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { WriteResult } from '../shared/write-result';
import { HistoryWriter } from './history-writer';

export class RemoveHistoryBefore extends Command<WriteResult> {
  constructor(
    readonly userId: string,
    /** Entries watched strictly before this moment go. */
    readonly before: Date,
  ) {
    super();
  }
}

@CommandHandler(RemoveHistoryBefore)
export class RemoveHistoryBeforeHandler implements ICommandHandler<RemoveHistoryBefore> {
  constructor(private readonly history: HistoryWriter) {}

  execute({ userId, before }: RemoveHistoryBefore): Promise<WriteResult> {
    return this.history.execute({ type: 'RemoveBefore', userId, before: before.toISOString() });
  }
}
