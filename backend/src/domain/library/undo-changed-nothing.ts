import type { UndoChangedNothingEvent } from '../../events/app-events';
import type { Decider } from '../decider';

interface RecordUndoChangedNothing {
  readonly userId: string;
  /** The reverted event's global position (decimal), as every compensation names it. */
  readonly undoes: string;
  /** The videos it would have put back, each retired since. */
  readonly skipped: readonly string[];
}

/**
 * What an undo appends when its compensation changes nothing (docs/design/library-controls.md, "Undo"): one
 * `UndoChangedNothing` on the reverted event's stream, appended with the revision the undo was planned on.
 * It depends on no state of the stream; the empty snapshot spares a long list's next undo of this kind, on
 * another instance or after a restart, reading the whole stream again.
 */
export const undoChangedNothing: Decider<RecordUndoChangedNothing, UndoChangedNothingEvent, null> = {
  name: 'undo-changed-nothing',
  eventTypes: ['UndoChangedNothing'],
  initialState: () => null,
  evolve: () => null,
  decide: ({ userId, undoes, skipped }) => [{ type: 'UndoChangedNothing', data: { userId, undoes, skipped } }],
  snapshot: { version: 1, encode: () => null, decode: () => null },
};
