import type { StoredEvent } from '../../events/event';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CatalogueService } from '../../catalogue/catalogue.service';
import { undoChangedNothing } from '../../domain/library/undo-changed-nothing';
import { DomainError } from '../../errors/domain-error';
import { LibraryCheckpoints } from '../../library-checkpoints/library-checkpoints';
import { CappedRunner } from '../shared/capped-runner';
import { CommandRunner } from '../shared/command-runner';
import { decideAgainOnConflict } from '../shared/decide-again';
import { WriteResult } from '../shared/write-result';
import { undoing } from '../../tracing/correlation';
import { findUndoTarget, planUndoAt } from './undo-plan';

/** `skipped`: the videos the reverted action took out that were not put back, each retired since. */
type Undone = WriteResult & { readonly target: StoredEvent; readonly skipped: readonly string[] };

export class UndoLastAction extends Command<Undone> {
  constructor(readonly userId: string) {
    super();
  }
}

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

/**
 * Reverts the user's most recent list action with its compensation (never by deleting an event):
 * a command its list's decider decides on the stream as it is, like any other. The plan reads
 * several streams; if the target's stream moved meanwhile, it is made again. A video retired since the
 * action is not put back (adding it directly is refused with 410): it is left out and reported. An undo
 * that changes nothing is recorded as UndoChangedNothing, so that the next one goes on to the action before
 * (docs/design/library-controls.md, "Undo").
 */
@CommandHandler(UndoLastAction)
export class UndoLastActionHandler implements ICommandHandler<UndoLastAction> {
  constructor(
    private readonly checkpoints: LibraryCheckpoints,
    private readonly runner: CappedRunner,
    private readonly commands: CommandRunner,
    private readonly catalogue: CatalogueService,
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
      const { command, skipped } = plan.command.keeping((videoId) => this.catalogue.hasVideo(videoId));
      // Its events carry `undoes`: the id of the event reverted (docs/design/operating.md).
      const { position } = await undoing(plan.target.id, async () => {
        const decided = command && (await command.run(this.runner, plan.stream, plan.expectedRevision));
        if (decided && decided.events.length > 0) return decided;
        // Nothing appended yet, so the stream is still at the revision the plan was made on.
        const changedNothing = { userId, undoes: plan.target.position.toString(), skipped };
        return this.commands.run(plan.stream, undoChangedNothing, changedNothing, plan.expectedRevision);
      });
      return { target: plan.target, position, skipped };
    });
  }
}
