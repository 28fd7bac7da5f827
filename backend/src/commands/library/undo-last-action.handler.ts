import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../errors/domain-error';
import { LibraryEvent, UserEventsReader } from '../../event-store/user-events.reader';
import { CommandRunner } from '../shared/command-runner';
import { decideAgainOnConflict } from '../shared/decide-again';
import { WriteResult } from '../shared/write-result';
import { planUndo } from './undo-plan';

type Undone = WriteResult & { readonly target: LibraryEvent };

export class UndoLastAction extends Command<Undone> {
  constructor(readonly userId: string) {
    super();
  }
}

/**
 * Reverts the user's most recent list action with its compensation (never by deleting an event):
 * a command its list's decider decides on the stream as it is, like any other. The plan reads
 * several streams; if the target's stream moved meanwhile, it is made again.
 */
@CommandHandler(UndoLastAction)
export class UndoLastActionHandler implements ICommandHandler<UndoLastAction> {
  constructor(
    private readonly userEvents: UserEventsReader,
    private readonly runner: CommandRunner,
  ) {}

  execute({ userId }: UndoLastAction): Promise<Undone> {
    return decideAgainOnConflict(async () => {
      const plan = planUndo((await this.userEvents.read(userId)).events);
      if (!plan) throw new DomainError('NOTHING_TO_UNDO');
      const { position } = await plan.command.run(this.runner, plan.stream, plan.expectedRevision);
      return { target: plan.target, position };
    });
  }
}
