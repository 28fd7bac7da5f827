import type { StoredEvent } from '../../events/event';
import { PlannedCommand, listOf } from '../../domain/all-lists';
import { Library, foldLibraryFrom } from '../../domain/library/library';
import { playlistList } from '../../domain/playlist/playlist.list';

export interface UndoPlan {
  /** The event being reverted. */
  readonly target: StoredEvent;
  readonly stream: string;
  /** The revision of `stream` the plan was made on: a concurrent change makes the command a conflict. */
  readonly expectedRevision: number;
  /** The compensation, for the target list's decider to decide like any other command. */
  readonly command: PlannedCommand;
}

const undoesOf = ({ data }: StoredEvent): string | undefined =>
  typeof data === 'object' && data !== null && 'undoes' in data && typeof data.undoes === 'string' ? data.undoes : undefined;

/**
 * The user's most recent list action that is still in effect, newest first: a compensation (an
 * event with `undoes`) is skipped together with the event it reverted, so repeated undos walk back
 * through the user's actions like a stack, and an undo is never itself undone. Events no list can
 * revert (pausing, signing up, a type newer than this code) are walked past. `reverted` carries the
 * compensations already seen when the walk goes on through older events.
 */
export function findUndoTarget(events: readonly StoredEvent[], reverted = new Set<string>()): number {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    const undoes = undoesOf(event);
    if (undoes !== undefined) reverted.add(undoes);
    else if (!reverted.has(event.position.toString()) && listOf(event.type)?.undoable(event)) return i;
  }
  return -1;
}

/** The compensation of the user's most recent list action, or undefined when there is none. */
export function planUndo(events: readonly StoredEvent[]): UndoPlan | undefined {
  const index = findUndoTarget(events);
  if (index < 0) return undefined;
  const target = events[index]!;
  const stream = events.filter((e) => e.streamId === target.streamId);
  const before = stream.filter((e) => e.position < target.position);
  const command = listOf(target.type)!.compensation(target, before);
  return { target, stream: target.streamId, expectedRevision: stream[stream.length - 1]!.revision, command };
}

/**
 * The plan for `events[index]`, given the library just before `events[0]` (a checkpoint's): the
 * target's list state just before it is that library with the target stream's earlier events
 * folded in. `expectedRevision`: the target stream's newest revision.
 */
export function planUndoAt(start: Library, events: readonly StoredEvent[], index: number, expectedRevision: number): UndoPlan {
  const target = events[index]!;
  const list = listOf(target.type)!;
  const before = foldLibraryFrom(
    start,
    events.slice(0, index).filter((e) => e.streamId === target.streamId),
  );
  const command = list.compensationOn(target, listStateOf(before, list.name, target));
  return { target, stream: target.streamId, expectedRevision, command };
}

function listStateOf(library: Library, list: string, target: StoredEvent): unknown {
  switch (list) {
    case 'likes':
      return library.likes;
    case 'watchlater':
      return library.watchlater;
    case 'history':
      return library.history;
    case 'subscriptions':
      return library.subscriptions;
    case 'playlist':
      return library.playlists.get((target.data as { playlistId: string }).playlistId) ?? playlistList.initialState();
    default:
      throw new Error(`${target.type}: not a library list's event`);
  }
}
