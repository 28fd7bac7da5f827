import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { WriteResult } from '../shared/write-result';
import { HistoryWriter } from './history-writer';

/** Pause lives in the history stream, so "while paused nothing is recorded" is decided atomically. */
export class SetHistoryPaused extends Command<WriteResult> {
  constructor(
    readonly userId: string,
    readonly paused: boolean,
  ) {
    super();
  }
}

@CommandHandler(SetHistoryPaused)
export class SetHistoryPausedHandler implements ICommandHandler<SetHistoryPaused> {
  constructor(private readonly history: HistoryWriter) {}

  execute({ userId, paused }: SetHistoryPaused): Promise<WriteResult> {
    return this.history.execute({ type: 'SetPaused', userId, paused });
  }
}
