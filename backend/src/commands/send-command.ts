import { Command, CommandBus } from '@nestjs/cqrs';
import type { NewEvent } from '../events/event';
import { asCommand } from '../tracing/correlation';
import { inSpan } from '../tracing/traces';
import { ListCommand } from './list-command';

/**
 * A command's readable name (docs/design/operating.md, "Correlation and causation"): a list command's as
 * its list names it (`LikeVideo`), else its `type`; any other command's class (`SignUp`, `UndoLastAction`).
 */
export function commandName(command: object): string {
  if (command instanceof ListCommand) {
    const { list, command: listCommand } = command as ListCommand<{ type: string }, NewEvent, unknown>;
    return list.commandName?.(listCommand) ?? listCommand.type;
  }
  return command.constructor.name;
}

/**
 * Runs `work` as the command `name`: the events it appends carry its name and a fresh command id as their
 * cause (correlation.ts), inside a `command <name>` span when tracing is on.
 */
export function runAsCommand<T>(name: string, work: () => Promise<T>): Promise<T> {
  return asCommand(name, () => inSpan(`command ${name}`, work, { 'techtube.command': name }));
}

/** Sends a command through the CommandBus as its sender: the one way the app's code sends one. */
export function sendCommand<R>(bus: CommandBus, command: Command<R>): Promise<R> {
  return runAsCommand(commandName(command), () => bus.execute(command));
}
