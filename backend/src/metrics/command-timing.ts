import type { CommandBus, ICommand } from '@nestjs/cqrs';
import { commandName } from '../commands/send-command';
import { DomainError } from '../errors/domain-error';
import { ERRORS } from '../errors/error-catalogue';
import { WrongExpectedRevisionError } from '../event-store/event-store.port';
import { AppMetrics, secondsSince } from './app-metrics';

type Outcome = 'ok' | 'refused' | 'conflict' | 'error';

/**
 * `refused`: a rule said no (a domain error answered with a 4xx); `conflict`: decided again and still
 * lost to another writer (BUSY, or a conflict handed back to the caller); `error`: anything else.
 */
export function commandOutcome(error: unknown): Outcome {
  if (error instanceof WrongExpectedRevisionError) return 'conflict';
  if (error instanceof DomainError) {
    if (error.code === 'BUSY') return 'conflict';
    return ERRORS[error.code].status < 500 ? 'refused' : 'error';
  }
  return 'error';
}

/**
 * Times every command sent through the CommandBus, where all our commands go (README "Layout"): one
 * wrapper of the bus's `execute` rather than a line in each handler. Installed only with METRICS_PORT set.
 */
export function timeCommands(bus: CommandBus, metrics: AppMetrics): void {
  const execute = bus.execute.bind(bus);
  const observe = (command: string, outcome: Outcome, start: bigint) => {
    const labels = { command, outcome };
    metrics.commandsTotal.inc(labels);
    metrics.commandDuration.observe(labels, secondsSince(start));
  };
  bus.execute = (async (command: ICommand, ...context: unknown[]) => {
    const start = process.hrtime.bigint();
    // The readable name its events' `causedBy` carries (`LikeVideo`, `SignUp`): bounded by the code.
    const label = commandName(command);
    try {
      const result: unknown = await (execute as (...args: unknown[]) => Promise<unknown>)(command, ...context);
      observe(label, 'ok', start);
      return result;
    } catch (error) {
      observe(label, commandOutcome(error), start);
      throw error;
    }
  }) as CommandBus['execute'];
}
