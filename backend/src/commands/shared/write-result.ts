import type { NewEvent } from '../../events/event';

/**
 * What a command hands back to the API: the global position that covers its effect, so that
 * the response can wait until the read model has applied it (read-your-writes). Undefined
 * when the stream is empty and nothing was written.
 */
export interface WriteResult {
  readonly position: bigint | undefined;
}

/** A decided command's result: its position and the events its decider decided (none: nothing to do). */
export interface Decided extends WriteResult {
  readonly events: readonly NewEvent[];
}
