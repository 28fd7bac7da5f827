import { Injectable } from '@nestjs/common';
import { CommandRunner } from '../commands/shared/command-runner';
import { DomainError } from '../errors/domain-error';
import { Projector } from '../projections/projector';
import { ActivityItem, UserListsReader } from '../queries/user-lists.reader';
import { decideAgainOnConflict } from '../commands/shared/decide-again';
import { planUndo } from './undo-planner';
import { UserEventsReader } from './user-events.reader';

/**
 * Reverts the user's most recent list action by appending its compensation (never by deleting
 * an event), then answers with that action as the activity timeline shows it.
 */
@Injectable()
export class UndoService {
  constructor(
    private readonly userEvents: UserEventsReader,
    private readonly runner: CommandRunner,
    private readonly projector: Projector,
    private readonly lists: UserListsReader,
  ) {}

  async undo(userId: string): Promise<{ undone: ActivityItem }> {
    const { target, position } = await decideAgainOnConflict(async () => {
      const plan = planUndo((await this.userEvents.read(userId)).events);
      if (!plan) throw new DomainError('NOTHING_TO_UNDO');
      const written = await this.runner.append(plan.stream, plan.events, plan.expectedRevision);
      return { target: plan.target, position: written.position };
    });
    // Read-your-writes: the lists the client fetches next already show the undo.
    await this.projector.waitFor(position);
    const [undone] = (await this.lists.activity(userId, 1, target.position + 1n)).activity;
    if (undone?.position !== target.position.toString()) throw new Error(`No activity entry for the undone event at ${target.position}`);
    return { undone };
  }
}
