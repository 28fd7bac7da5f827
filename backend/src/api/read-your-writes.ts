import { Injectable } from '@nestjs/common';
import { Command, CommandBus } from '@nestjs/cqrs';
import { WriteResult } from '../commands/shared/write-result';
import { Projector } from '../projections/projector';

/**
 * Executes a command and returns once the read model shows its effect, so that the list a write
 * answers with, and every GET after it, already include the change (read-your-writes).
 */
@Injectable()
export class ReadYourWrites {
  constructor(
    private readonly commands: CommandBus,
    private readonly projector: Projector,
  ) {}

  async execute<R extends WriteResult>(command: Command<R>): Promise<R> {
    const result = await this.commands.execute(command);
    await this.projector.waitFor(result.position);
    return result;
  }
}
