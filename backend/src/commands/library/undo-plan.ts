import type { LibraryEvent } from '../../event-store/user-events.reader';
import { PlannedCommand, listOf } from '../../lists/all-lists';

export interface UndoPlan {
  /** The event being reverted. */
  readonly target: LibraryEvent;
  readonly stream: string;
  /** The revision of `stream` the plan was made on: a concurrent change makes the command a conflict. */
  readonly expectedRevision: number;
  /** The compensation, for the target list's decider to decide like any other command. */
  readonly command: PlannedCommand;
}

const undoesOf = ({ data }: LibraryEvent): string | undefined =>
  typeof data === 'object' && data !== null && 'undoes' in data && typeof data.undoes === 'string' ? data.undoes : undefined;

/**
 * The user's most recent list action that is still in effect, newest first: a compensation (an
 * event with `undoes`) is skipped together with the event it reverted, so repeated undos walk back
 * through the user's actions like a stack, and an undo is never itself undone. Events no list can
 * revert (pausing, signing up, a type newer than this code) are walked past.
 */
export function findUndoTarget(events: readonly LibraryEvent[]): number {
  const reverted = new Set<string>();
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    const undoes = undoesOf(event);
    if (undoes !== undefined) reverted.add(undoes);
    else if (!reverted.has(event.position.toString()) && listOf(event.type)?.undoable(event)) return i;
  }
  return -1;
}

/** The compensation of the user's most recent list action, or undefined when there is none. */
export function planUndo(events: readonly LibraryEvent[]): UndoPlan | undefined {
  const index = findUndoTarget(events);
  if (index < 0) return undefined;
  const target = events[index]!;
  const stream = events.filter((e) => e.streamId === target.streamId);
  const before = stream.filter((e) => e.position < target.position);
  const command = listOf(target.type)!.compensation(target, before);
  return { target, stream: target.streamId, expectedRevision: stream[stream.length - 1]!.revision, command };
}
