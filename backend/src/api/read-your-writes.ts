import { Inject, Injectable, Optional } from '@nestjs/common';
import { Command, CommandBus } from '@nestjs/cqrs';
import { WriteResult } from '../commands/shared/write-result';
import { sendCommand } from '../commands/send-command';
import { Projector } from '../projections/projector';
import { recordCommittedWrite } from '../errors/committed-writes';
import { AppMetrics, METRICS, secondsSince } from '../metrics/app-metrics';

/**
 * Executes a command and returns once the read model shows its effect, so that the list a write
 * answers with, and every GET after it, already include the change (read-your-writes). Once the
 * command is committed, a failure to show it is no failure of the write: the API answers 202
 * (committed-writes.ts) "saved, still updating" then.
 */
@Injectable()
export class ReadYourWrites {
  constructor(
    private readonly commands: CommandBus,
    private readonly projector: Projector,
    @Optional() @Inject(METRICS) private readonly metrics?: AppMetrics | null,
  ) {}

  async execute<R extends WriteResult>(command: Command<R>): Promise<R> {
    const result = await sendCommand(this.commands, command);
    recordCommittedWrite(result.position);
    const wait = this.projector.waitFor(result.position, userOf(command, result));
    await (this.metrics ? this.timed(wait, this.metrics) : wait);
    return result;
  }

  /** techtube_read_your_writes_wait_seconds: `shown`, or `timeout` when the write answers 202 (READ_MODEL_LAGGING). */
  private async timed(wait: Promise<void>, metrics: AppMetrics): Promise<void> {
    const start = process.hrtime.bigint();
    try {
      await wait;
      metrics.readYourWritesWait.observe({ outcome: 'shown' }, secondsSince(start));
    } catch (error) {
      metrics.readYourWritesWait.observe({ outcome: 'timeout' }, secondsSince(start));
      throw error;
    }
  }
}

/**
 * The user a command writes for, so that its answer waits on that user's projection partition only: every
 * command of ours names it (`userId`, or a list command's `command.userId`; sign-up answers it).
 */
function userOf(command: object, result: object): string | undefined {
  const named = (value: unknown): string | undefined =>
    typeof value === 'object' && value !== null && typeof (value as { userId?: unknown }).userId === 'string'
      ? (value as { userId: string }).userId
      : undefined;
  return named(result) ?? named(command) ?? named((command as { command?: unknown }).command);
}
