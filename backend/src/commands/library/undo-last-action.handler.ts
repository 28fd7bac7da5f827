import type { StoredEvent } from '../../events/event';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../errors/domain-error';
import { LibraryCheckpoints } from '../../library-checkpoints/library-checkpoints';
import { CappedRunner } from '../shared/capped-runner';
import { decideAgainOnConflict } from '../shared/decide-again';
import { WriteResult } from '../shared/write-result';
import { undoing } from '../../tracing/correlation';
import { findUndoTarget, planUndoAt } from './undo-plan';

type Undone = WriteResult & { readonly target: StoredEvent };

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
/**
 * The event an undo would revert now, without reverting it: what "Undo my last action" names
 * before it is pressed. The same walk as the handler's, so the two always agree.
 */
export async function nextUndoTarget(checkpoints: LibraryCheckpoints, userId: string): Promise<StoredEvent | undefined> {
  const reverted = new Set<string>();
  const { found } = await checkpoints.walkBack(userId, ({ events }) => {
    const index = findUndoTarget(events, reverted);
    return index < 0 ? undefined : events[index];
  });
  return found;
}

@CommandHandler(UndoLastAction)
export class UndoLastActionHandler implements ICommandHandler<UndoLastAction> {
  constructor(
    private readonly checkpoints: LibraryCheckpoints,
    private readonly runner: CappedRunner,
  ) {}

  execute({ userId }: UndoLastAction): Promise<Undone> {
    return decideAgainOnConflict(async () => {
      // Newest first from the user's library checkpoints: a segment of at most N events at a time,
      // never the whole history (unless the walk has to go back that far).
      const reverted = new Set<string>();
      const { found: plan } = await this.checkpoints.walkBack(userId, ({ start, events }, marks) => {
        const index = findUndoTarget(events, reverted);
        return index < 0 ? undefined : planUndoAt(start, events, index, marks.get(events[index]!.streamId)!.revision);
      });
      if (!plan) throw new DomainError('NOTHING_TO_UNDO');
      // Its events carry `undoes`: the id of the event reverted (docs/design/operating.md).
      const { position } = await undoing(plan.target.id, () => plan.command.run(this.runner, plan.stream, plan.expectedRevision));
      return { target: plan.target, position };
    });
  }
}
